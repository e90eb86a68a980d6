import Foundation
import WorldLayerGeo

/// A sponsored sticker: shown, labelled as an ad, to people inside its area during its schedule,
/// in the public world only, once a moderator approved it.
public struct Ad: Codable, Sendable, Equatable {
    public enum Status: String, Codable, Sendable, CaseIterable {
        /// Being written; only its advertiser sees it.
        case draft
        /// Submitted, waiting for a moderator.
        case pending
        case approved
        /// Refused, with a reason; editing makes it a draft again.
        case rejected
        /// Withdrawn by the advertiser; final.
        case pulled
    }

    public typealias ID = TypedID<Ad>

    public var id: ID
    public var advertiserId: Account.ID
    /// The advertiser's name, shown with the ad.
    public var advertiser: String
    public var status: Status
    public var draft: AdDraft
    public var rejectReason: String?
    public var createdAt: Date
    public var updatedAt: Date

    public init(
        id: ID, advertiserId: Account.ID, advertiser: String, status: Status, draft: AdDraft, rejectReason: String?, createdAt: Date,
        updatedAt: Date
    ) {
        self.id = id
        self.advertiserId = advertiserId
        self.advertiser = advertiser
        self.status = status
        self.draft = draft
        self.rejectReason = rejectReason
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    /// Whether someone at `position` sees it at `now`.
    public func isShowing(to position: Coordinate, at now: Date) -> Bool {
        status == .approved && draft.startsAt <= now && now < draft.endsAt && draft.area.contains(position)
    }
}

/// What an advertiser writes: the sticker (a 2D or 3D template, text, colour, size, where it stands),
/// the area whose visitors see it, and when.
public struct AdDraft: Codable, Sendable, Equatable, Validatable {
    public var templateId: String
    public var text: String
    public var color: String
    public var size: Double
    public var anchor: StickerAnchor
    public var area: GeoPolygon
    public var startsAt: Date
    public var endsAt: Date

    public init(
        templateId: String, text: String, color: String, size: Double, anchor: StickerAnchor, area: GeoPolygon, startsAt: Date, endsAt: Date
    ) {
        self.templateId = templateId
        self.text = text
        self.color = color
        self.size = size
        self.anchor = anchor
        self.area = area
        self.startsAt = startsAt
        self.endsAt = endsAt
    }

    public static let longestSchedule: TimeInterval = 366 * 86_400
    /// Larger areas would make one ad reach a whole region.
    public static let largestAreaSpan = 0.2

    /// Everything wrong with it, by field; the same sticker rules as any sticker for what it looks like.
    public func problems() -> [FieldError] {
        var p: [FieldError] = []
        if templateId.isEmpty { p.append(FieldError("templateId", "is required")) }
        if text.count > StickerRules.textMaximumLength {
            p.append(FieldError("text", "must be at most \(StickerRules.textMaximumLength) characters"))
        }
        if StickerRules.normalizeColor(color) == nil { p.append(FieldError("color", "must be #RRGGBB")) }
        if !(size.isFinite && StickerRules.sizeRange.contains(size)) {
            p.append(FieldError("size", "must be \(StickerRules.sizeRange.lowerBound) to \(StickerRules.sizeRange.upperBound) metres"))
        }
        p += StickerRules.validate(anchor)
        if !area.isValid {
            p.append(FieldError("area", "must be a polygon of at least 3 distinct points on Earth"))
        } else {
            let b = area.bounds
            if b.north - b.south > Self.largestAreaSpan || b.east - b.west > Self.largestAreaSpan {
                p.append(FieldError("area", "must span at most \(Self.largestAreaSpan)° each way"))
            }
            if !area.contains(anchor.coordinate) { p.append(FieldError("anchor", "must lie inside the area")) }
        }
        if endsAt <= startsAt { p.append(FieldError("endsAt", "must be after startsAt")) }
        if endsAt.timeIntervalSince(startsAt) > Self.longestSchedule { p.append(FieldError("endsAt", "must be within a year of startsAt")) }
        return p
    }
}
