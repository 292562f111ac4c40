import IntentModel

/// The slot texts that typical demo utterances capture, with their parameter types: what
/// the resolver chain reads after a match ("tomorrow at 5 pm" as a Date, "john and my wife"
/// as [Person]). Shared by the resolver benchmark and route-probe.
public let typicalSlots: [(text: String, type: ValueType)] = [
    ("milk", .string), ("twelve dollars", .currencyAmount), ("tomorrow at 5 pm", .date),
    ("two", .int), ("john", .person), ("john and my wife", .list(.person)), ("half an hour", .duration),
    ("twenty one degrees", .measurement(dimension: nil)), ("next friday", .date), ("yes", .bool),
]
