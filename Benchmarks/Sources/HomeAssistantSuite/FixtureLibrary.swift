import IntentModel
import Phrases

/// The Home Assistant library with one test's home filled in: each entity type of the `ha`
/// app holds the fixture names it stands for (a `{name}` type only the entities of its
/// domains), so a name is matched only against that test's fixtures, as hassil's slot lists are.
public enum FixtureLibrary {
    public static func make(_ base: PhraseLibrary, fixtures: HATestCase.Fixtures, map: HomeAssistantMap) throws -> PhraseLibrary {
        var library = base
        let appID = HomeAssistantMap.appID
        guard let appIndex = library.apps.firstIndex(where: { $0.id == appID }) else {
            throw YardstickFailure(description: "the phrases define no app '\(appID)'")
        }
        let home = HomeAssistantHome(
            areas: fixtures.areas, floors: fixtures.floors, entities: fixtures.entities.map { ($0.name, $0.domain) })
        for index in library.apps[appIndex].entityTypes.indices {
            let qualified = library.apps[appIndex].entityTypes[index].name
            guard let type = map.entityTypes[String(qualified.dropFirst(appID.count + 1))] else {
                throw YardstickFailure(description: "entity type '\(qualified)' is not one of Home Assistant's")
            }
            library.apps[appIndex].entityTypes[index].values = home.records(of: type)
        }
        return library
    }
}
