import Foundation

/// A guide's group for one walk of a tour; visitors join it by redeeming one of its passkeys.
public struct TourGroup: Codable, Sendable, Equatable {
    public typealias ID = TypedID<TourGroup>

    public var id: ID
    public var tourId: Tour.ID
    public var guideId: Account.ID
    public var name: String
    /// After this, its passkeys no longer work.
    public var expiresAt: Date
    public var passkeys: Int
    public var redeemed: Int
    /// When the guide last exported its questions.
    public var exportedAt: Date?
    public var createdAt: Date

    public init(
        id: ID, tourId: Tour.ID, guideId: Account.ID, name: String, expiresAt: Date, passkeys: Int, redeemed: Int, exportedAt: Date?,
        createdAt: Date
    ) {
        self.id = id
        self.tourId = tourId
        self.guideId = guideId
        self.name = name
        self.expiresAt = expiresAt
        self.passkeys = passkeys
        self.redeemed = redeemed
        self.exportedAt = exportedAt
        self.createdAt = createdAt
    }
}

/// Someone who redeemed a passkey: they walk the tour and may ask questions.
public struct TourParticipant: Codable, Sendable, Equatable {
    public typealias ID = TypedID<TourParticipant>

    public var id: ID
    public var groupId: TourGroup.ID
    public var tourId: Tour.ID
    public var displayName: String?

    public init(id: ID, groupId: TourGroup.ID, tourId: Tour.ID, displayName: String?) {
        self.id = id
        self.groupId = groupId
        self.tourId = tourId
        self.displayName = displayName
    }
}

/// A participant's question to the guide, and the guide's answer.
public struct TourQuestion: Codable, Sendable, Equatable {
    public typealias ID = TypedID<TourQuestion>

    public var id: ID
    public var groupId: TourGroup.ID
    public var participantId: TourParticipant.ID
    public var participantName: String?
    public var text: String
    /// Where the answer may be sent after the tour, if the participant gave one.
    public var email: String?
    public var answer: String?
    public var answeredAt: Date?
    public var createdAt: Date
    /// The language the visitor asked in (BCP 47), for the mailed answer; nil: English.
    public var language: String?

    public init(
        id: ID, groupId: TourGroup.ID, participantId: TourParticipant.ID, participantName: String?, text: String, email: String?,
        answer: String?,
        answeredAt: Date?, createdAt: Date, language: String? = nil
    ) {
        self.id = id
        self.groupId = groupId
        self.participantId = participantId
        self.participantName = participantName
        self.text = text
        self.email = email
        self.answer = answer
        self.answeredAt = answeredAt
        self.createdAt = createdAt
        self.language = language
    }

    /// Problems with a new question's text and email.
    public static func problems(text: String, email: String?) -> [FieldError] {
        var p: [FieldError] = []
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty || trimmed.count > 2_000 { p.append(FieldError("text", "must be 1–2,000 characters")) }
        if let email, !email.isEmpty, let problem = AccountRules.validateEmail(email) { p.append(problem) }
        return p
    }
}

/// A visitor's progress on a tour: the stops stamped, in the order they were, and what remains.
public struct StampBook: Codable, Sendable, Equatable {
    public struct Stamp: Codable, Sendable, Equatable {
        public var stopId: TourStop.ID
        public var title: String
        public var stampedAt: Date

        public init(stopId: TourStop.ID, title: String, stampedAt: Date) {
            self.stopId = stopId
            self.title = title
            self.stampedAt = stampedAt
        }
    }

    public struct Remaining: Codable, Sendable, Equatable {
        public var stopId: TourStop.ID
        public var title: String

        public init(stopId: TourStop.ID, title: String) {
            self.stopId = stopId
            self.title = title
        }
    }

    public var tourId: Tour.ID
    public var visited: [Stamp]
    public var remaining: [Remaining]
    public var completedAt: Date?

    public init(tour: Tour, stamps: [(stopId: TourStop.ID, at: Date)], completedAt: Date?) {
        tourId = tour.id
        let byID = Dictionary(uniqueKeysWithValues: tour.stops.map { ($0.id, $0) })
        visited = stamps.sorted { $0.at < $1.at }.compactMap { s in
            byID[s.stopId].map { Stamp(stopId: s.stopId, title: $0.title, stampedAt: s.at) }
        }
        let done = Set(stamps.map(\.stopId))
        remaining = tour.stops.filter { !done.contains($0.id) }.map { Remaining(stopId: $0.id, title: $0.title) }
        self.completedAt = completedAt
    }
}
