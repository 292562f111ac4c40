/// The words around a value said at the end of a free text ("lunch with sam tomorrow at
/// noon", "coffee for 4 dollars"): which join the two, and which leave the text hanging so that
/// the value stays part of it. Routing reads a route's text this way (``ParameterExtraction``),
/// the daemon an answer's.
public enum TextEnding {
    /// A meal read as its time of day ends many a title ("team lunch", "family dinner"): alone,
    /// it is no date said after the text.
    public static let mealWords: Set<String> = ["breakfast", "brunch", "lunch", "dinner", "supper"]
    /// Words that join a text to the value after it and belong to neither ("dinner at 7").
    public static let valueLinks: Set<String> = ["at", "on", "by", "due"]
    /// Words that join a text to an amount after it ("coffee for 4 dollars", "a lamp costing 20 euros").
    public static let amountLinks: Set<String> = ["for", "of", "costing", "was", "is", "worth"]
    /// Words a text does not end with: the value after them is part of it ("plan for next week").
    public static let hangingWords: Set<String> = [
        "for", "of", "until", "till", "before", "after", "from", "to", "since", "than", "about", "the", "a", "an", "and", "or",
        "with", "in", "this", "next", "last", "every",
    ]
}
