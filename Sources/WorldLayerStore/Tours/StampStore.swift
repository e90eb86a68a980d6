import Foundation
import SQLKit
import WorldLayerCore

/// What one position report did: where the visitor is now, and what it stamped.
public struct ReportResult: Sendable {
    public var outcome: StampRule.Outcome
    public var book: StampBook
    /// True when this report stamped the tour's last unstamped stop.
    public var completed: Bool
}

extension TourStore {
    /// Applies a visitor's position report to their progress on a tour, in one transaction, so two
    /// reports racing from one phone cannot both stamp or lose each other's presence. `visitorSince`:
    /// when the visitor's account was made (no fix of theirs is older).
    public func report(
        _ report: PositionReport, visitor: UUID, visitorSince: Date? = nil, tour: Tour, rule: StampRule, now: Date? = nil
    ) async throws -> ReportResult {
        let now = now ?? clock.now()
        return try await transaction { db in
            let v = visitor.text, t = tour.id.text
            let row = try await db.raw("SELECT body FROM tour_presence WHERE visitor_id = \(bind: v) AND tour_id = \(bind: t)").first()
            let before =
                try row.map { try StoreJSON.decode(TourPresence.self, try $0.decode(column: "body", as: String.self)) } ?? TourPresence()
            var stamps = try await Self.stamps(db, visitor: v, tour: t)
            let outcome = rule.apply(
                report, to: before, stops: tour.stops, stamped: Set(stamps.map(\.stopId)), now: now, visitorSince: visitorSince)
            let body = try StoreJSON.string(outcome.presence)
            if row == nil {
                try await db.raw("INSERT INTO tour_presence (visitor_id, tour_id, body) VALUES (\(bind: v), \(bind: t), \(bind: body))")
                    .run()
            } else {
                try await db.raw("UPDATE tour_presence SET body = \(bind: body) WHERE visitor_id = \(bind: v) AND tour_id = \(bind: t)")
                    .run()
            }
            var completed = false
            if let stop = outcome.stamp {
                try await db.raw(
                    "INSERT INTO tour_stamps (visitor_id, tour_id, stop_id, stamped_at) VALUES (\(bind: v), \(bind: t), \(bind: stop.text), \(bind: millis(outcome.at)))"
                ).run()
                stamps.append((stop, date(millis: millis(outcome.at))))
                let done = Set(stamps.map(\.stopId))
                if tour.stops.allSatisfy({ done.contains($0.id) }),
                    try await db.raw("SELECT 1 AS yes FROM tour_completions WHERE visitor_id = \(bind: v) AND tour_id = \(bind: t)").first()
                        == nil
                {
                    try await db.raw(
                        "INSERT INTO tour_completions (visitor_id, tour_id, completed_at) VALUES (\(bind: v), \(bind: t), \(bind: millis(outcome.at)))"
                    ).run()
                    completed = true
                }
            }
            let completion = try await Self.completion(db, visitor: v, tour: t)
            return ReportResult(
                outcome: outcome, book: StampBook(tour: tour, stamps: stamps, completedAt: completion), completed: completed)
        }
    }

    public func stampBook(visitor: UUID, tour: Tour) async throws -> StampBook {
        try await withConnection { db in
            let stamps = try await Self.stamps(db, visitor: visitor.text, tour: tour.id.text)
            return StampBook(
                tour: tour, stamps: stamps, completedAt: try await Self.completion(db, visitor: visitor.text, tour: tour.id.text))
        }
    }

    private static func stamps(_ db: any SQLDatabase, visitor: String, tour: String) async throws -> [(stopId: TourStop.ID, at: Date)] {
        try await db.raw("SELECT stop_id, stamped_at FROM tour_stamps WHERE visitor_id = \(bind: visitor) AND tour_id = \(bind: tour)")
            .all().compactMap {
                guard let id = TourStop.ID(try $0.decode(column: "stop_id", as: String.self)) else { return nil }
                return (id, date(millis: try $0.decode(column: "stamped_at", as: Int64.self)))
            }
    }

    private static func completion(_ db: any SQLDatabase, visitor: String, tour: String) async throws -> Date? {
        try await db.raw("SELECT completed_at FROM tour_completions WHERE visitor_id = \(bind: visitor) AND tour_id = \(bind: tour)")
            .first()
            .map { date(millis: try $0.decode(column: "completed_at", as: Int64.self)) }
    }

    /// Removes every trace of visitors' progress (an account or a group's participants going away).
    static func deleteProgress(of visitors: [String], on db: any SQLDatabase) async throws {
        guard !visitors.isEmpty else { return }
        let list = SQLList(visitors.map { SQLBind($0) })
        for table in ["tour_presence", "tour_stamps", "tour_completions"] {
            try await db.raw("DELETE FROM \(unsafeRaw: table) WHERE visitor_id IN (\(list))").run()
        }
    }
}
