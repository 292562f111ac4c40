import IntentModel

extension DateParser {
    /// "next week", "this month", "next year", "this weekend", "by the end of the month",
    /// "the beginning of next year", "the week after next": a week, month, year or weekend said where one day is
    /// wanted ("remind me next week to call mom") is its first day, a weekend its Saturday,
    /// and "the end of" one its last day (a week's Friday, its last working day). A period
    /// already under way ("this week", "this month") is today, not its first day, when the
    /// context looks ahead.
    func matchPeriod(at index: Int, _ parts: inout Parts) -> Int? {
        guard parts.day == nil, parts.instant == nil, parts.month == nil, parts.dayOfMonth == nil, parts.weekday == nil,
            parts.monthShift == nil, parts.year == nil
        else { return nil }
        var cursor = index
        if token(cursor) == "the" { cursor += 1 }
        var edge: Edge = .start
        if let named = Self.periodEdges[token(cursor)], token(cursor + 1) == "of" {
            edge = named
            cursor += 2
            if token(cursor) == "the" { cursor += 1 }
        }
        var shift: Int?
        if let named = Self.weekShifts[token(cursor)] {
            shift = named ?? 1
            cursor += 1
        }
        guard let period = Self.periodUnits[token(cursor)] else { return nil }
        // "the week after next", "the month after next"
        if shift == nil, cursor > index, token(cursor + 1) == "after", token(cursor + 2) == "next" {
            shift = 2
            cursor += 2
        }
        // "week" alone is no date; "the weekend", "the end of the month" and "end of month" are.
        if shift == nil, edge == .start, !(period == .weekend && cursor > index) { return nil }
        guard let day = day(of: period, shift: shift ?? 0, edge: edge) else { return nil }
        parts.day = day
        return cursor + 1
    }

    /// Where in a period a day is said to be.
    enum Edge { case start, end }

    enum Period { case week, weekend, month, year }

    static let periodUnits: [String: Period] = ["week": .week, "weekend": .weekend, "month": .month, "year": .year]
    static let periodEdges: [String: Edge] = ["end": .end, "beginning": .start, "start": .start]

    /// The day `edge` of the `period` `shift` periods from the current one.
    private func day(of period: Period, shift: Int, edge: Edge) -> LocalDateTime? {
        let day: LocalDateTime
        switch period {
        case .week:
            let monday = math.addingDays(7 * shift, to: math.monday(of: today))
            day = math.addingDays(edge == .end ? 4 : 0, to: monday)
        case .weekend:
            // This weekend, from Monday to Sunday, is the one of this week; next weekend the one after.
            let saturday = math.addingDays(5 + 7 * shift, to: math.monday(of: today))
            day = edge == .end ? math.addingDays(1, to: saturday) : saturday
        case .month:
            let first = math.addingMonths(shift, to: LocalDateTime(year: now.year, month: now.month, day: 1))
            day = edge == .end ? LocalDateTime(year: first.year, month: first.month, day: DateMath.daysIn(month: first.month, year: first.year)) : first
        case .year:
            day = edge == .end ? LocalDateTime(year: now.year + shift, month: 12, day: 31) : LocalDateTime(year: now.year + shift, month: 1, day: 1)
        }
        if shift == 0, edge == .start, day < today, context.prefersFuture { return today }
        return day
    }
}
