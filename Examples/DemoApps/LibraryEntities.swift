import Foundation
import IntentSDK

enum Shelf: String, AppEnum {
    case currentlyReading, wantToRead, read
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Shelf"
    static let caseDisplayRepresentations: [Shelf: DisplayRepresentation] = [
        .currentlyReading: DisplayRepresentation(title: "Currently Reading", synonyms: ["reading", "current"]),
        .wantToRead: DisplayRepresentation(title: "Want to Read", synonyms: ["to read", "wishlist"]),
        .read: DisplayRepresentation(title: "Read", synonyms: ["finished"]),
    ]
}

enum BookCategory: String, AppEnum {
    case fiction, nonFiction, scienceFiction
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Book Category"
    static let caseDisplayRepresentations: [BookCategory: DisplayRepresentation] = [
        .fiction: "Fiction", .nonFiction: "Non-fiction", .scienceFiction: DisplayRepresentation(title: "Science fiction", synonyms: ["sci-fi"]),
    ]
}

enum BookSort: String, AppEnum {
    case title, datePublished, dateRead, oldestFirst
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Sort Order"
    static let caseDisplayRepresentations: [BookSort: DisplayRepresentation] = [
        .title: "Title", .datePublished: DisplayRepresentation(title: "publishing date", synonyms: ["newest", "most recent"]),
        .dateRead: "read date", .oldestFirst: DisplayRepresentation(title: "oldest first", synonyms: ["oldest"]),
    ]
}

/// A book of the catalogue or the library (the storage model).
struct BookRecord: Sendable {
    var id: String
    var title: String
    var author: String
    var published: Date
    var shelf: Shelf = .wantToRead
    var read: Date?
    var recommendedBy: String?
    var category: BookCategory = .fiction
}

actor BookStore {
    static let catalogue: [BookRecord] = [
        BookRecord(id: "the-martian", title: "The Martian", author: "Andy Weir", published: DemoApps.date(2011, 2, 11), shelf: .read,
                   read: DemoApps.date(2023, 5, 2), category: .scienceFiction),
        BookRecord(id: "project-hail-mary", title: "Project Hail Mary", author: "Andy Weir", published: DemoApps.date(2021, 5, 4),
                   shelf: .currentlyReading, category: .scienceFiction),
        BookRecord(id: "artemis", title: "Artemis", author: "Andy Weir", published: DemoApps.date(2017, 11, 14), category: .scienceFiction),
        BookRecord(id: "dune", title: "Dune", author: "Frank Herbert", published: DemoApps.date(1965, 8, 1), shelf: .read,
                   read: DemoApps.date(2020, 1, 15), category: .scienceFiction),
        BookRecord(id: "crawdads", title: "Where the Crawdads Sing", author: "Delia Owens", published: DemoApps.date(2018, 8, 14), shelf: .read,
                   read: DemoApps.date(2022, 7, 1)),
        BookRecord(id: "the-hobbit", title: "The Hobbit", author: "J. R. R. Tolkien", published: DemoApps.date(1937, 9, 21)),
        BookRecord(id: "neuromancer", title: "Neuromancer", author: "William Gibson", published: DemoApps.date(1984, 7, 1), category: .scienceFiction),
        BookRecord(id: "the-lost-world-doyle", title: "The Lost World", author: "Arthur Conan Doyle", published: DemoApps.date(1912, 1, 1)),
        BookRecord(id: "the-lost-world-crichton", title: "The Lost World", author: "Michael Crichton", published: DemoApps.date(1995, 9, 8),
                   category: .scienceFiction),
    ]

    private(set) var books: [BookRecord] = Array(BookStore.catalogue.prefix(6))

    func add(_ record: BookRecord, recommendedBy: String?) -> BookRecord {
        if let existing = books.first(where: { $0.id == record.id }) { return existing }
        var book = record
        book.shelf = .wantToRead
        book.read = nil
        book.recommendedBy = recommendedBy
        books.append(book)
        return book
    }

    /// Puts the book `id` on `shelf` (read today when it goes to Read): the book as it is now,
    /// and the shelf it was on; nil when the library has no such book.
    func move(_ id: String, to shelf: Shelf) -> (book: BookRecord, from: Shelf)? {
        guard let index = books.firstIndex(where: { $0.id == id }) else { return nil }
        let from = books[index].shelf
        books[index].shelf = shelf
        if shelf == .read, from != .read { books[index].read = Date() }
        return (books[index], from)
    }
}

struct BookEntity: AppEntity {
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Book"
    static let defaultQuery = BookQuery()
    let id: String
    @Property(title: "Title") var title: String = ""
    @Property(title: "Author") var author: String = ""
    @Property(title: "Date Published") var datePublished: Date = Date(timeIntervalSince1970: 0)
    @Property(title: "Date Read") var dateRead: Date?
    @Property(title: "Recommended By") var recommendedBy: String?
    @Property(title: "Shelf") var shelf: Shelf = .wantToRead
    let category: BookCategory
    var displayRepresentation: DisplayRepresentation { DisplayRepresentation(title: "\(title)", subtitle: "\(author)") }

    init(_ record: BookRecord) {
        id = record.id
        category = record.category
        title = record.title
        author = record.author
        datePublished = record.published
        dateRead = record.read
        recommendedBy = record.recommendedBy
        shelf = record.shelf
    }
}

/// Finds books by id, by words of the title, and by property (author, dates), sorted and limited.
struct BookQuery: EntityPropertyQuery, EntityStringQuery {
    static let properties = [
        QueryProperty("title", [.equal, .contains]), QueryProperty("author", [.equal, .contains]),
        QueryProperty("datePublished", [.lessThan, .greaterThan]), QueryProperty("shelf", [.equal]),
    ]
    static let sortingOptions = ["title", "datePublished", "dateRead"]
    @Dependency var store: BookStore

    func entities(for identifiers: [String]) async throws -> [BookEntity] {
        await store.books.filter { identifiers.contains($0.id) }.map(BookEntity.init)
    }
    func suggestedEntities() async throws -> [BookEntity] { await store.books.map(BookEntity.init) }
    func entities(matching string: String) async throws -> [BookEntity] {
        await store.books.filter { $0.title.localizedCaseInsensitiveContains(string) }.map(BookEntity.init)
    }
    func entities(
        matching comparators: [EntityPropertyComparator], mode: ComparatorMode, sortedBy: [EntityQuerySort], limit: Int?
    ) async throws -> [BookEntity] {
        let books = await store.books.map(BookEntity.init).filter { mode.combine(comparators, $0) }
        return Array(books.sorted(by: sortedBy).prefix(limit ?? .max))
    }
}

enum LibraryError: Error, CustomLocalizedStringResourceConvertible {
    case notFound
    var localizedStringResource: LocalizedStringResource {
        switch self {
        case .notFound: "Book Not Found"
        }
    }
}
