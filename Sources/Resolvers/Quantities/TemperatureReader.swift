import IntentModel

/// Reads temperatures: "21 degrees", "70°F", "thirty seven celsius", "2 below zero", "-5 degree fahrenheit".
///
/// A temperature with no scale keeps the unit `degrees`; the app decides what its degrees are.
enum TemperatureReader {
    static let scales: [String: String] = [
        "c": "celsius", "celsius": "celsius", "celcius": "celsius", "centigrade": "celsius", "centigrate": "celsius",
        "f": "fahrenheit", "fahrenheit": "fahrenheit", "farenheit": "fahrenheit", "fahrenheight": "fahrenheit",
        "k": "kelvin", "kelvin": "kelvin", "kelvins": "kelvin",
    ]
    static let degreeWords: Set<String> = ["°", "degree", "degrees", "deg", "degs"]

    static func read(_ tokens: [String], numbers: [NumberSpan]) -> [TaggedSpan] {
        var spans: [TaggedSpan] = []
        for number in numbers where number.confidence > 0.5 && !number.isOrdinal {
            var end = number.range.upperBound
            var sawDegree = false
            if end < tokens.count, degreeWords.contains(tokens[end]) {
                sawDegree = true
                end += 1
            }
            var unit = "degrees"
            if end < tokens.count, let scale = scales[tokens[end]], sawDegree || tokens[end].count > 1 {
                unit = scale
                end += 1
            } else if !sawDegree {
                guard end + 1 < tokens.count, tokens[end] == "below", tokens[end + 1] == "zero" else { continue }
            }
            var value = number.value
            if end + 1 < tokens.count, tokens[end] == "below", tokens[end + 1] == "zero" {
                value = -abs(value)
                end += 2
            }
            var start = number.range.lowerBound
            if start > 0, ["minus", "negative"].contains(tokens[start - 1]) {
                value = -abs(value)
                start -= 1
            }
            let measurement = Measurement(value: value, unit: unit)
            spans.append(
                TaggedSpan(
                    range: start..<end, type: .measurement(dimension: "temperature"), value: .measurement(measurement)))
        }
        return spans
    }
}
