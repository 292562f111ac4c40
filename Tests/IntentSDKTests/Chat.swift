import DemoApps
import IntentModel
import IntentSDK
import IntentTesting
import Routing
import Wire

/// Drives an in-process host from utterances the way the daemon does: route with the
/// Phrases/ router, ask for missing values, confirm where the phrase file says so, call
/// `perform`, and answer the app's own questions by calling it again.
final class Chat: @unchecked Sendable {
    let host: IntentHost
    let router: Router
    private(set) var call = IntentCall(intent: "")
    private(set) var confirmed = false
    private(set) var pending: AppReply?

    init(host: IntentHost, router: Router = DemoRouter.shared) {
        self.host = host
        self.router = router
    }

    static func demo() async -> Chat { Chat(host: await IntentHost(apps: DemoApps.all)) }

    /// Routes and runs `utterance`; a missing required value comes back as `.needsValue`.
    func say(_ utterance: String) async -> AppReply {
        let route = router.route(utterance, now: DemoRouter.now)
        guard let intent = route.intent, route.status != .notUnderstood else { return .failure(message: "not understood: \(utterance)") }
        call = IntentCall(intent: intent.id, parameters: Dictionary(route.parameters.map { ($0.name, $0.value.json) }, uniquingKeysWith: { a, _ in a }))
        confirmed = false
        return await step()
    }

    /// Runs a named intent with values, as `perform` on the socket does.
    func perform(_ intent: String, _ parameters: [String: JSONValue] = [:]) async -> AppReply {
        call = IntentCall(intent: intent, parameters: parameters)
        confirmed = false
        return await step()
    }

    /// Answers a value or choice question with a value in its JSON form.
    func answer(_ value: JSONValue) async -> AppReply {
        switch pending {
        case .needsValue(let parameter, _)?, .disambiguate(let parameter, _, _)?: call.parameters[parameter] = value
        default: break
        }
        return await step()
    }

    /// Picks choice `index` (1-based) of a disambiguation.
    func choose(_ index: Int) async -> AppReply {
        guard case .disambiguate(let parameter, _, let choices)? = pending, let value = choices.first(where: { $0.index == index })?.value else {
            return .failure(message: "no such choice")
        }
        call.parameters[parameter] = value
        return await step()
    }

    /// Says yes to a confirmation.
    func confirm() async -> AppReply {
        confirmed = true
        return await step()
    }

    private func step() async -> AppReply {
        let definition = router.library.intent(call.intent)
        if let definition {
            if let missing = definition.parameters.first(where: { $0.isRequired && call.parameters[$0.name] == nil }) {
                return remember(.needsValue(parameter: missing.name, prompt: missing.requestValueDialog))
            }
            if let dialog = definition.confirmationDialog, !confirmed {
                return remember(.confirm(prompt: definition.interpolate(dialog) { self.call.parameters[$0] }, preview: nil))
            }
            for parameter in definition.parameters where call.parameters[parameter.name] == nil {
                if let value = parameter.defaultValue { call.parameters[parameter.name] = value.resolve(now: DemoRouter.now).json }
            }
        }
        let reply = await host.perform(call, confirmed: confirmed)
        if case .needsValue(let parameter, _) = reply { call.parameters[parameter] = nil }
        return remember(reply)
    }

    private func remember(_ reply: AppReply) -> AppReply {
        pending = reply
        return reply
    }
}

extension AppReply {
    /// The dialog of a result, the message of a failure, the prompt of a question.
    var text: String {
        switch self {
        case .result(let result): result.dialog ?? ""
        case .failure(let message): "error: \(message)"
        case .needsValue(let parameter, let prompt): "needsValue \(parameter): \(prompt ?? "")"
        case .disambiguate(let parameter, let prompt, let choices):
            "choose \(parameter): \(prompt ?? "") [\(choices.map(\.title).joined(separator: ", "))]"
        case .confirm(let prompt, let preview): "confirm: \(prompt)" + (preview.map { " (\($0))" } ?? "")
        }
    }
}
