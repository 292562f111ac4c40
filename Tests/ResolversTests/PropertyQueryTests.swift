import Foundation
import IntentModel
import Testing

@testable import Resolvers

@Suite struct PropertyQueryTests {
    static let book = EntityTypeDefinition(
        name: "library.Book", displayName: "Book",
        properties: [
            PropertyDefinition(name: "title", type: .string), PropertyDefinition(name: "author", type: .string),
            PropertyDefinition(name: "datePublished", type: .date),
            PropertyDefinition(name: "dateRead", type: .date, isOptional: true),
        ],
        values: [
            record("the-martian", "The Martian", "Andy Weir", "2011-02-11"),
            record("project-hail-mary", "Project Hail Mary", "Andy Weir", "2021-05-04"),
            record("artemis", "Artemis", "Andy Weir", "2017-11-14"),
            record("dune", "Dune", "Frank Herbert", "1965-08-01"),
        ])

    static func record(_ id: String, _ title: String, _ author: String, _ published: String) -> EntityRecord {
        EntityRecord(
            id: id, title: title,
            properties: [
                "title": .string(title), "author": .string(author),
                "datePublished": LocalDateTime(iso8601: published).map(Value.date) ?? .string(published),
            ])
    }

    @Test func mostRecentBooksByAnAuthorAfterAYear() throws {
        let chain = ResolverChain(entityTypes: [Self.book])
        let query = try #require(
            chain.propertyQuery(
                "the three most recent books by andy weir published after 2015", for: "library.Book",
                context: Fixtures.context))
        #expect(query.limit == 3)
        #expect(query.sort == [PropertyQuery.SortKey(property: "datePublished", ascending: false)])
        #expect(
            query.filters == [
                PropertyQuery.Filter(property: "author", comparator: .contains, value: .string("andy weir")),
                PropertyQuery.Filter(
                    property: "datePublished", comparator: .greaterThanOrEqual,
                    value: .date(LocalDateTime(year: 2016, month: 1, day: 1))),
            ])
        #expect(chain.entities(of: "library.Book", matching: query).map(\.id) == ["project-hail-mary", "artemis"])
    }

    @Test func oldestFirst() throws {
        let chain = ResolverChain(entityTypes: [Self.book])
        let query = try #require(chain.propertyQuery("the oldest book", for: "library.Book", context: Fixtures.context))
        #expect(chain.entities(of: "library.Book", matching: query).first?.id == "dune")
    }

    @Test func plainTitleIsNoPropertyQuery() {
        let chain = ResolverChain(entityTypes: [Self.book])
        #expect(chain.propertyQuery("dune", for: "library.Book", context: Fixtures.context) == nil)
    }

    /// An entity slot's text that names no entity is read as a description of one.
    @Test func anEntityDescribedByItsPropertiesResolvesThroughTheQuery() {
        let chain = ResolverChain(entityTypes: [Self.book])
        func ids(_ text: String) -> [String] {
            guard case .resolved(let candidates) = chain.resolve(text, as: .entity("library.Book"), context: Fixtures.context)
            else { return [] }
            return candidates.compactMap { if case .entity(let book) = $0.value { book.id } else { nil } }
        }
        // A superlative in the singular picks one; in the plural, all that match, in order.
        #expect(ids("the most recent book by andy weir") == ["project-hail-mary"])
        #expect(ids("the newest one") == ["project-hail-mary"])
        #expect(ids("the most recent books by andy weir") == ["project-hail-mary", "artemis", "the-martian"])
        #expect(ids("books by andy weir published after 2015") == ["project-hail-mary", "artemis"])
        // A name still wins, and a description that matches nothing fails with its reason.
        #expect(ids("artemis") == ["artemis"])
        #expect(
            chain.resolve("the most recent book by stephen king", as: .entity("library.Book"), context: Fixtures.context)
                == .failed(reason: "No book matches 'the most recent book by stephen king'."))
    }
}
