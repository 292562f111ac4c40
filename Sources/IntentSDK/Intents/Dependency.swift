import Synchronization

/// Shares your app's objects (stores, clients) with intents and queries, as App Intents'
/// `AppDependencyManager` does.
///
/// Register factories once, at start; each is called on first use and its value is kept.
/// A host may carry its own manager (tests give each host fresh state); otherwise
/// ``shared`` is used.
///
/// ```swift
/// AppDependencyManager.shared.add { TaskStore() }
/// struct CountTasks: AppIntent {
///     @Dependency var store: TaskStore
///     ...
/// }
/// ```
public final class AppDependencyManager: Sendable {
    /// The manager apps register with unless a host gives them their own.
    public static let shared = AppDependencyManager()

    private struct State {
        var factories: [ObjectIdentifier: @Sendable () -> any Sendable] = [:]
        var values: [ObjectIdentifier: any Sendable] = [:]
    }

    private let state = Mutex(State())

    /// An empty manager.
    public init() {}

    /// Registers how to make a `Dependency` (the factory's return type).
    public func add<Dependency: Sendable>(dependency factory: @escaping @Sendable () -> Dependency) {
        state.withLock { state in
            state.factories[ObjectIdentifier(Dependency.self)] = factory
            state.values[ObjectIdentifier(Dependency.self)] = nil
        }
    }

    /// Registers a value made once, now.
    public func add<Dependency: Sendable>(_ value: Dependency) {
        state.withLock { $0.values[ObjectIdentifier(Dependency.self)] = value }
    }

    /// The dependency of this type; nil when none was registered.
    public func resolve<Dependency: Sendable>(_ type: Dependency.Type = Dependency.self) -> Dependency? {
        state.withLock { state in
            let key = ObjectIdentifier(Dependency.self)
            if let value = state.values[key] as? Dependency { return value }
            guard let made = state.factories[key]?() as? Dependency else { return nil }
            state.values[key] = made
            return made
        }
    }

    /// The manager of the running intent or query.
    @TaskLocal static var current: AppDependencyManager?
}

/// A shared object of your app, registered with ``AppDependencyManager``.
///
/// ```swift
/// @Dependency var store: BookStore
/// ```
@propertyWrapper
public struct Dependency<Value: Sendable>: Sendable {
    /// A dependency resolved when first read.
    public init() {}

    /// The registered value; reading one that was never registered is a programming error.
    public var wrappedValue: Value {
        let manager = AppDependencyManager.current ?? .shared
        if let value = manager.resolve(Value.self) ?? AppDependencyManager.shared.resolve(Value.self) { return value }
        preconditionFailure("No dependency of type \(Value.self): register it with AppDependencyManager.add")
    }
}
