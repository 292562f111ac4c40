import Foundation
import IntentModel

/// A date said in part, to change a date that was already there: a time said alone ("make it
/// 1 pm", "move the dentist to 4 pm") goes on the day the date had, and a day said alone ("no,
/// tomorrow", "move the dentist to friday") keeps its time of day. Corrections in a
/// conversation use it (docs/memory.md), and so does routing where an entity's own date is
/// moved (``ParameterExtraction``).
public enum DateKeeping {
    /// Whether the words say midnight (or 0:00), so that a date at 00:00 is meant as such.
    public static func saysMidnight(_ text: String) -> Bool {
        let words = " " + TextNormalizer().words(text).joined(separator: " ") + " "
        return [" midnight ", " 12 am ", " 12am ", " twelve am ", " 0:00 ", " 00:00 ", " 12:00 am "].contains { words.contains($0) }
    }

    /// `read`, said as `text` and read on today, on the day of `before` when the words name no
    /// day of their own: `reread` reads them again from a reference time, here 7 in the morning
    /// of that day, so that a bare "at 3" is 3 PM. "tomorrow at 1" is read from today, as said.
    ///
    /// An hour said without am, pm or a part of the day is the one of the two nearer the time
    /// it changes: "actually at 8" for dinner at 7 PM is 8 PM, "make it 11" for a 2 PM meeting
    /// 11 AM.
    public static func keepingDay(
        of before: LocalDateTime, in read: LocalDateTime, said text: String, reread: (LocalDateTime) -> LocalDateTime?
    ) -> LocalDateTime {
        var kept = read
        if !isSameDay(read, before),
            let again = reread(LocalDateTime(year: before.year, month: before.month, day: before.day, hour: 7)), isSameDay(again, before)
        {
            kept = again
        }
        guard isSameDay(kept, before), before.hour != 0 || before.minute != 0, kept.hour % 12 != 0, !saysHalfOfDay(text) else { return kept }
        var other = kept
        other.hour = kept.hour < 12 ? kept.hour + 12 : kept.hour - 12
        func distance(_ time: LocalDateTime) -> Int { abs((time.hour - before.hour) * 60 + time.minute - before.minute) }
        return distance(other) < distance(kept) ? other : kept
    }

    /// `before` moved as `read` moves `now`, when the words are an offset from the time they are
    /// said ("an hour later", "30 minutes earlier"): read again from `before` (`reread`), they
    /// move it by the same length. Nil for words that name a time or a day of their own.
    public static func offset(
        from before: LocalDateTime, read: LocalDateTime, now: LocalDateTime, reread: (LocalDateTime) -> LocalDateTime?
    ) -> LocalDateTime? {
        let utc = TimeZone(secondsFromGMT: 0) ?? .current
        guard let said = read.date(in: utc), let start = now.date(in: utc), let from = before.date(in: utc), said != start else { return nil }
        let shift = said.timeIntervalSince(start)
        // From `before`, and from another time of day: "tomorrow" said at the event's own time
        // of day moves it by as much, but not from any other.
        let elsewhere = from.addingTimeInterval(4_567)
        guard let moved = reread(before), let to = moved.date(in: utc), let other = reread(LocalDateTime(elsewhere, in: utc)) else {
            return nil
        }
        if abs(to.timeIntervalSince(from) - shift) < 1, let otherDate = other.date(in: utc), abs(otherDate.timeIntervalSince(elsewhere) - shift) < 1 {
            return moved
        }
        // Days and weeks keep the hour they are read from, not its minutes ("a day later" at
        // 9:30 is 9:00 the next day): a move by whole days keeps the event's time of day.
        guard let days = wholeDays(from: now, to: read), days != 0, wholeDays(from: before, to: moved) == days,
            wholeDays(from: LocalDateTime(elsewhere, in: utc), to: other) == days
        else { return nil }
        return before.adding(days: days)
    }

    /// How many days `later` is after `earlier`, when it is at the same hour, on the hour.
    static func wholeDays(from earlier: LocalDateTime, to later: LocalDateTime) -> Int? {
        guard later.hour == earlier.hour, later.minute == 0, later.second == 0 else { return nil }
        let utc = TimeZone(secondsFromGMT: 0) ?? .current
        var start = earlier
        (start.minute, start.second) = (0, 0)
        guard let from = start.date(in: utc), let to = later.date(in: utc) else { return nil }
        let days = to.timeIntervalSince(from) / 86_400
        return days == days.rounded() ? Int(days) : nil
    }

    /// Whether `text` says which half of the day its time is in: am or pm, a part of the day or
    /// a meal, or an hour past 12 on the 24-hour clock ("20:00").
    static func saysHalfOfDay(_ text: String) -> Bool {
        TextNormalizer().words(text).contains { word in
            if halfOfDayWords.contains(word) { return true }
            let digits = word.prefix { $0.isNumber }
            guard !digits.isEmpty else { return false }
            let after = word.dropFirst(digits.count)
            return after.hasPrefix("am") || after.hasPrefix("pm") || (Int(digits) ?? 0) >= 13 || (digits.count == 2 && digits.hasPrefix("0"))
        }
    }

    static let halfOfDayWords: Set<String> = [
        "am", "pm", "a.m.", "p.m.", "morning", "afternoon", "evening", "night", "tonight", "noon", "midday", "midnight",
        "breakfast", "brunch", "lunch", "lunchtime", "dinner", "dinnertime", "supper",
    ]

    /// `read` with the time of day of `before`, when it was read as a day alone (midnight,
    /// and `text` does not say midnight).
    public static func keepingTimeOfDay(of before: LocalDateTime, in read: LocalDateTime, said text: String) -> LocalDateTime {
        guard read.hour == 0, read.minute == 0, read.second == 0, !saysMidnight(text) else { return read }
        var kept = read
        (kept.hour, kept.minute, kept.second) = (before.hour, before.minute, before.second)
        return kept
    }

    static func isSameDay(_ one: LocalDateTime, _ other: LocalDateTime) -> Bool {
        (one.year, one.month, one.day) == (other.year, other.month, other.day)
    }
}
