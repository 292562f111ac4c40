import Logging
import Phrases
import ServiceLifecycle
import UnixSignals

extension Daemon {
    /// Reloads the phrase files. When they have errors the old ones stay, and why is logged.
    @discardableResult
    public func reloadPhrases() async -> Bool {
        // Files changed only in their apps: only those apps are compiled, beside the automaton held.
        let previous = await registry.filePhrases
        let (phrases, source) = CompiledPhrases.load(paths: configuration.phrasePaths, cache: configuration.phraseCache, previous: previous)
        logger.debug("phrase files \(source)")
        let errors = await registry.reload(phrases)
        if errors.isEmpty {
            logger.info("phrase files reloaded", metadata: ["apps": "\(phrases.library.apps.count)"])
            return true
        }
        logger.error("phrase files not reloaded: they have errors; keeping the old ones", metadata: ["errors": "\(errors.count)"])
        for error in errors { logger.error("\(error)") }
        return false
    }
}

/// Reloads the daemon's phrase files on SIGHUP.
public struct PhraseReloader: Service {
    let daemon: Daemon
    public init(daemon: Daemon) { self.daemon = daemon }

    public func run() async throws {
        let signals = await UnixSignalsSequence(trapping: .sighup)
        for await _ in signals.cancelOnGracefulShutdown() {
            await daemon.reloadPhrases()
        }
    }
}
