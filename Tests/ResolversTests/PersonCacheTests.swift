import IntentModel
@testable import Resolvers
import Testing

/// The contacts index cache must never hand one list's people to another list whose hash is
/// the same (issue 18: it was keyed by `hashValue` alone).
@Suite(.serialized) struct PersonCacheTests {
    @Test func aHashCollisionDoesNotReturnAnotherListsPeople() {
        let john = [Contact(person: Person(id: "john", name: "John Appleseed"))]
        let ada = [Contact(person: Person(id: "ada", name: "Ada Lovelace"))]
        // An entry that claims ada's hash but holds john's index: a collision, made by hand.
        PersonReader.cache.withLock { $0.insert((ada.hashValue, john, PersonReader.buildIndex(john)), at: 0) }
        let index = PersonReader.index(ada)
        #expect(index.byFirst["ada"] != nil)
        #expect(index.byFirst["john"] == nil)
    }
}
