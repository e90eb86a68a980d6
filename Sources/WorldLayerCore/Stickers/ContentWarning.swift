import Foundation

/// What a sticker's author says it shows that not everyone wants to come upon (the StickARs seed's
/// "special tags for age-restricted or potentially graphic stickers"). Clients blur a sticker with
/// any warning until it is tapped; the visibility rule hides an age-restricted one from anyone who
/// is not known to be 18 or over.
public enum ContentWarning: String, Sendable, Hashable, Codable, CaseIterable {
    /// Violence, injury or other images that can shock.
    case graphic
    /// For adults only: hidden from accounts under 18 and from people not signed in.
    case ageRestricted = "age-restricted"

    /// A draft's warnings as stored: each once, in a fixed order, and none as nil (so a sticker
    /// without warnings keeps the body it had before warnings existed).
    static func canonical(_ warnings: [ContentWarning]?) -> [ContentWarning]? {
        let set = Set(warnings ?? [])
        return set.isEmpty ? nil : allCases.filter(set.contains)
    }
}

extension Viewer {
    /// The age from which age-restricted stickers are shown.
    public static let adultAge = 18

    /// Whether someone born on `birthday` (`YYYY-MM-DD`) is an adult on `now`'s date in UTC.
    public static func isAdult(birthday: String, now: Date) -> Bool {
        birthday <= adultBirthdayCutoff(now: now)
    }

    /// The latest birthday of an adult on `now`'s date (UTC) as `YYYY-MM-DD`: birthdays sort as
    /// text, so SQL compares a stored birthday with it directly.
    public static func adultBirthdayCutoff(now: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let today = calendar.dateComponents([.year, .month, .day], from: now)
        let (year, month) = (today.year! - adultAge, today.month!)
        // On 29 February the cutoff in a year without one is the 28th (born 1 March: not yet).
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let day = month == 2 && today.day! == 29 && !leap ? 28 : today.day!
        return String(format: "%04d-%02d-%02d", year, month, day)
    }
}
