import Foundation
import IntentSDK

/// Library (demo-apps.md, app 2).
public enum LibraryApp: IntentApp {
    public static let id = "library"
    public static let name = "Library"
    public static let synonyms = ["my library", "books"]
    public static let intents: [any AppIntent.Type] = [
        OpenCurrentlyReading.self, OpenShelf.self, OpenBook.self, AddBook.self, BuyBook.self, FindBooks.self, GetBookInfo.self,
        MoveBook.self,
    ]
    public static let shortcuts: (any AppShortcutsProvider.Type)? = LibraryShortcuts.self
    public static func registerDependencies(in manager: AppDependencyManager) { manager.add(dependency: { BookStore() }) }
}

struct OpenCurrentlyReading: AppIntent {
    static let title: LocalizedStringResource = "Open Currently Reading"
    static let effect: IntentSideEffect? = .readOnly
    static let description: IntentDescription? = "Opens the Currently Reading shelf."
    static let openAppWhenRun = true
    func perform() async throws -> some IntentResult { .result(dialog: "Opening Currently Reading") }
}

struct OpenShelf: AppIntent {
    static let title: LocalizedStringResource = "Open Shelf"
    static let examples = ["show me my reading shelf"]
    static let effect: IntentSideEffect? = .readOnly
    static let description: IntentDescription? = "Opens one of the shelves."
    static let openAppWhenRun = true
    static var parameterSummary: ParameterSummary<OpenShelf>? { Summary("Open \(\.$shelf)") }
    @Parameter(title: "Shelf", requestValueDialog: "Which shelf?") var shelf: Shelf
    func perform() async throws -> some IntentResult { .result(dialog: "Opening \(shelf.displayRepresentation.title)") }
}

struct OpenBook: AppIntent {
    static let title: LocalizedStringResource = "Open Book"
    static let effect: IntentSideEffect? = .readOnly
    static let description: IntentDescription? = "Opens a book."
    static let openAppWhenRun = true
    static var parameterSummary: ParameterSummary<OpenBook>? { Summary("Open \(\.$book)") }
    @Parameter(title: "Book", requestValueDialog: "Which book?") var book: BookEntity

    init() {}
    init(book: BookEntity) { self.book = book }

    func perform() async throws -> some IntentResult { .result(dialog: "Opening \(book.title)") }
}

struct AddBook: AppIntent {
    static let title: LocalizedStringResource = "Add Book"
    static let examples = ["add dune to my library"]
    static let description: IntentDescription? = "Adds a book from the catalogue to the library, then offers to open it."
    static var parameterSummary: ParameterSummary<AddBook>? { Summary("Add \(\.$title) by \(\.$authorName)") }
    @Parameter(title: "Title", requestValueDialog: "What's the title of the book?") var title: String
    @Parameter(title: "Author Name", requestValueDialog: "Who wrote the book?") var authorName: String?
    @Parameter(title: "Recommended By") var recommendedBy: String?
    @Dependency var store: BookStore

    func perform() async throws -> some IntentResult & ReturnsValue<BookEntity> & OpensIntent {
        var found = BookStore.catalogue.filter { $0.title.caseInsensitiveCompare(title) == .orderedSame }
        if found.isEmpty { found = BookStore.catalogue.filter { $0.title.localizedCaseInsensitiveContains(title) } }
        if let authorName {
            found = found.filter { $0.author.localizedCaseInsensitiveContains(authorName) || authorName.localizedCaseInsensitiveContains($0.author) }
        }
        guard let first = found.first else { throw LibraryError.notFound }
        guard found.count == 1 else { throw $authorName.needsValue("Who wrote the book?") }
        let book = BookEntity(await store.add(first, recommendedBy: recommendedBy))
        return .result(value: book, opensIntent: OpenBook(book: book), dialog: "Added \(book.title) to Library!")
    }
}

/// Added to demo-apps.md's contract: "put artemis on my want to read shelf" added a book
/// titled "artemis on my want".
struct MoveBook: AppIntent {
    static let title: LocalizedStringResource = "Move Book"
    static let examples = ["move dune to my read shelf"]
    static let description: IntentDescription? = "Puts a book of the library on another shelf."
    static let effect: IntentSideEffect? = .reversible(undo: MoveBook.self, parameters: ["book": "$result", "shelf": "$book.shelf"])
    static var parameterSummary: ParameterSummary<MoveBook>? { Summary("Move \(\.$book) to \(\.$shelf)") }
    @Parameter(title: "Book", requestValueDialog: "Which book?") var book: BookEntity
    @Parameter(title: "Shelf", requestValueDialog: "Which shelf should it go on?") var shelf: Shelf
    @Dependency var store: BookStore

    func perform() async throws -> some IntentResult & ReturnsValue<BookEntity> {
        guard let moved = await store.move(book.id, to: shelf) else { throw LibraryError.notFound }
        let shelfName = shelf.displayRepresentation.title
        if moved.from == shelf { return .result(value: BookEntity(moved.book), dialog: "\(book.title) is already on \(shelfName)") }
        return .result(value: BookEntity(moved.book), dialog: "Moved \(book.title) to \(shelfName)")
    }
}

struct BuyBook: AppIntent {
    static let title: LocalizedStringResource = "Buy Book"
    static let examples = ["buy two copies of the martian"]
    static let description: IntentDescription? = "Orders copies of a book, after a preview."
    static var parameterSummary: ParameterSummary<BuyBook>? { Summary("Buy \(\.$count) copies of \(\.$book)") }
    @Parameter(title: "Book", requestValueDialog: "Which book would you like to buy?") var book: BookEntity
    @Parameter(title: "Count", requestValueDialog: "How many copies?") var count: Int

    func perform() async throws -> some IntentResult {
        guard count > 0 else { throw $count.needsValue("How many copies?") }
        let preview = "\(count) × \(book.title) by \(book.author)"
        try await requestConfirmation(actionName: .order, dialog: "Are you ready to order?", preview: preview)
        return .result(dialog: "Thank you for your order!")
    }
}

struct FindBooks: AppIntent {
    static let title: LocalizedStringResource = "Find Books"
    static let examples = ["which books by andy weir do i have"]
    static let effect: IntentSideEffect? = .readOnly
    static let description: IntentDescription? = "Finds books by author and publishing date, sorted and limited."
    static var parameterSummary: ParameterSummary<FindBooks>? { Summary("Find books by \(\.$author)") }
    @Parameter(title: "Author") var author: String?
    @Parameter(title: "Published After") var publishedAfter: Date?
    @Parameter(title: "Published Before") var publishedBefore: Date?
    @Parameter(title: "Sort By") var sortBy: BookSort?
    @Parameter(title: "Limit") var limit: Int?

    func perform() async throws -> some IntentResult & ReturnsValue<[BookEntity]> {
        var filters: [EntityPropertyComparator] = []
        if let author { filters.append(EntityPropertyComparator(property: "author", kind: .contains, value: author.intentValue)) }
        if let publishedAfter {
            filters.append(EntityPropertyComparator(property: "datePublished", kind: .greaterThan, value: publishedAfter.intentValue))
        }
        if let publishedBefore {
            filters.append(EntityPropertyComparator(property: "datePublished", kind: .lessThan, value: publishedBefore.intentValue))
        }
        let sort: [EntityQuerySort] =
            switch sortBy {
            case .title: [EntityQuerySort("title")]
            case .datePublished: [EntityQuerySort("datePublished", ascending: false)]
            case .dateRead: [EntityQuerySort("dateRead", ascending: false)]
            case .oldestFirst: [EntityQuerySort("datePublished", ascending: true)]
            case nil: [EntityQuerySort("title")]
            }
        let books = try await BookEntity.defaultQuery.entities(matching: filters, mode: .and, sortedBy: sort, limit: limit)
        let snippet = books.map { "- \($0.title) (\($0.author))" }.joined(separator: "\n")
        let dialog: IntentDialog = books.isEmpty ? "I found no books" : "I found \(books.count) book\(books.count == 1 ? "" : "s")"
        return .result(value: books, dialog: dialog, snippet: snippet)
    }
}

struct GetBookInfo: AppIntent {
    static let title: LocalizedStringResource = "Get book info"
    static let examples = ["tell me about the martian"]
    static let effect: IntentSideEffect? = .readOnly
    static let description: IntentDescription? = "Tells one piece of information about a book."
    static var parameterSummary: ParameterSummary<GetBookInfo>? { Summary("Get \(\.$category) info for \(\.$book)") }
    @Parameter(title: "Book", requestValueDialog: "Which book?") var book: BookEntity
    @Parameter(title: "Category", requestValueDialog: "What would you like to know?") var category: BookCategory

    func perform() async throws -> some IntentResult & ReturnsValue<BookCategory> {
        let actual = book.category.displayRepresentation.title.text.lowercased()
        let dialog: IntentDialog =
            book.category == category
            ? "Yes, \(book.title) by \(book.author) is \(actual)."
            : "No, \(book.title) by \(book.author) is \(actual), not \(category.displayRepresentation.title.text.lowercased())."
        return .result(value: book.category, dialog: dialog)
    }
}

struct LibraryShortcuts: AppShortcutsProvider {
    static var appShortcuts: [AppShortcut] {
        AppShortcut(intent: OpenCurrentlyReading(), phrases: ["Open Currently Reading in \(.applicationName)"],
                    shortTitle: "Currently Reading", systemImageName: "book")
        AppShortcut(intent: OpenShelf(), phrases: ["open [my] \(\.$shelf) shelf"], shortTitle: "Open Shelf", systemImageName: "books.vertical")
        AppShortcut(intent: OpenBook(), phrases: ["open [the] book \(\.$book)"], shortTitle: "Open Book", systemImageName: "book")
        AppShortcut(intent: AddBook(), phrases: ["add [the] book \(\.$title) [by \(\.$authorName)]"], shortTitle: "Add Book", systemImageName: "plus")
        AppShortcut(intent: BuyBook(), phrases: ["buy \(\.$count) copies of \(\.$book)"], shortTitle: "Buy Book", systemImageName: "cart")
        AppShortcut(intent: FindBooks(), phrases: ["find books by \(\.$author)"], shortTitle: "Find Books", systemImageName: "magnifyingglass")
        AppShortcut(intent: GetBookInfo(), phrases: ["is \(\.$book) \(\.$category)"], shortTitle: "Book Info", systemImageName: "info")
        AppShortcut(intent: MoveBook(), phrases: ["move \(\.$book) to [my] \(\.$shelf) shelf"], shortTitle: "Move Book", systemImageName: "arrow.right")
    }
}
