import Foundation
import IntentModel
import Logging
import Wire

extension Conversation {
    /// Calls `intent.perform` on the app's connection, starting the app if it is declared with exec.
    func dispatch(_ call: PendingCall, session: String, client: Client) async throws(RPCError) -> AppReply {
        let appID = call.intent.appID
        if appID == AssistantApp.id, await !registry.isConnected(appID),
            let reply = AssistantApp.reply(to: call, library: registry.reachableLibrary)
        {
            return reply
        }
        let peer = try await registry.connection(for: appID)
        let params = Methods.PerformIntent.Parameters(
            call: IntentCall(intent: call.intent.id, parameters: Dictionary(call.parameters, uniquingKeysWith: { _, last in last })),
            session: session, confirmed: call.confirmed, clientUID: client.credentials.map { Int($0.uid) },
            now: call.now ?? LocalDateTime(Date(), in: .current))
        let raw = try await callApp(peer, appID: appID, Methods.PerformIntent.name, params.json)
        do {
            return try AppReply(json: raw)
        } catch {
            logger.warning("invalid reply from app", metadata: ["app": "\(appID)", "error": "\(error)"])
            throw RPCError(.invalidReply, "Invalid reply from the app", data: .object([("app", .string(appID)), ("reason", .string(error.sentence))]))
        }
    }

    /// Asks the app that owns the entity type.
    func query(_ query: EntityQuery) async throws(RPCError) -> EntityList {
        let appID = String(query.entityType.prefix { $0 != "." })
        guard registry.router.library.app(appID)?.entityType(query.entityType) != nil else {
            throw RPCError(.unknownName, "Unknown entity type", data: .object([("entityType", .string(query.entityType))]))
        }
        let peer = try await registry.connection(for: appID)
        let raw = try await callApp(peer, appID: appID, Methods.QueryEntities.name, query.json)
        do {
            return try EntityList(json: raw)
        } catch {
            throw RPCError(.invalidReply, "Invalid reply from the app", data: .object([("app", .string(appID)), ("reason", .string(error.sentence))]))
        }
    }

    private func callApp(_ peer: PeerConnection, appID: String, _ method: String, _ params: JSONValue) async throws(RPCError) -> JSONValue {
        do {
            return try await peer.call(method, params: params, timeout: configuration.appTimeout)
        } catch let error as RPCError {
            var error = error
            switch error.code {
            case .requestCancelled:
                throw error
            case .invalidReply:
                logger.warning("invalid reply from app", metadata: ["app": "\(appID)", "method": "\(method)", "error": "\(error)"])
                var data: [(String, JSONValue)] = [("app", .string(appID))]
                if case .object(let more)? = error.data { data += more }
                throw RPCError(.invalidReply, "Invalid reply from the app", data: .object(data))
            case .appTimeout, .appDisconnected:
                logger.warning("app call failed", metadata: ["app": "\(appID)", "method": "\(method)", "error": "\(error.message)"])
                var data: [(String, JSONValue)] = [("app", .string(appID))]
                if case .object(let more)? = error.data { data += more }
                error.data = .object(data)
                throw error
            default:
                logger.warning("app answered with an error", metadata: ["app": "\(appID)", "method": "\(method)", "error": "\(error)"])
                throw RPCError(.appFailed, "The app failed", data: .object([("app", .string(appID)), ("error", error.json)]))
            }
        } catch {
            throw RPCError(.internalError, "Internal error", data: .object([("reason", .string("\(error)"))]))
        }
    }
}
