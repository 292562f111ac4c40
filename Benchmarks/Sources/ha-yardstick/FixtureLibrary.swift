import IntentModel
import Phrases

/// The converted phrase library with one test's home filled in: each entity type of the `ha`
/// app holds the fixture names it stands for (a `{name}` type only the entities of its
/// domains), so a name is matched only against that test's fixtures, as hassil's slot lists are.
enum FixtureLibrary {
    static func make(_ base: PhraseLibrary, fixtures: HATestCase.Fixtures, map: HAMap) throws -> PhraseLibrary {
        var library = base
        guard let appIndex = library.apps.firstIndex(where: { $0.id == map.app }) else {
            throw HAMap.Failure(description: "the phrases define no app '\(map.app)'")
        }
        for index in library.apps[appIndex].entityTypes.indices {
            let qualified = library.apps[appIndex].entityTypes[index].name
            let name = String(qualified.dropFirst(map.app.count + 1))
            guard let type = map.entityTypes[name] else {
                throw HAMap.Failure(description: "entity type '\(qualified)' is not in map.json")
            }
            library.apps[appIndex].entityTypes[index].values = records(of: type, in: fixtures)
        }
        return library
    }

    static func records(of type: HAMap.EntityType, in fixtures: HATestCase.Fixtures) -> [EntityRecord] {
        switch type.kind {
        case .area: return fixtures.areas.enumerated().map { EntityRecord(id: "area.\($0.offset)", title: $0.element) }
        case .floor: return fixtures.floors.enumerated().map { EntityRecord(id: "floor.\($0.offset)", title: $0.element) }
        case .name:
            return fixtures.entities.enumerated().compactMap { offset, entity in
                guard type.domains?.contains(entity.domain) ?? true else { return nil }
                return EntityRecord(id: "\(entity.domain).\(offset)", title: entity.name)
            }
        }
    }
}
