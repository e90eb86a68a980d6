import Foundation
import SQLKit
import WorldLayerCore
import WorldLayerGeo

extension NotificationStore {
    /// Tells the people who follow a newly published sticker's author or one of its tags, and whose
    /// home is near it, in the transaction that published it. Only those the one visibility rule lets
    /// see it are told (and a private account's only its approved followers), so a notification never
    /// says more than the map would.
    static func stickerPublished(_ sticker: Sticker, audience: StickerAudience, on db: any SQLDatabase, engine: Store.Engine, now: Date)
        async throws
    {
        let here = sticker.anchor.coordinate
        // Read from the author's followers and the tags' followers (both indexed), not from every account:
        // this runs in every publishing transaction. A box holds the widest "near" anyone may choose;
        // the exact distance is judged per person.
        let degrees = NotificationSettings.nearbyRange.upperBound / 111_000 + 0.01
        let longitudeDegrees = min(180, degrees / max(cos(here.latitude * .pi / 180), 0.01))
        let tags = Set(sticker.tags)
        let tagList = tags.isEmpty ? SQLList([SQLLiteral.null]) : SQLList(tags.map { SQLBind($0) })
        let rows = try await db.raw(
            """
            SELECT a.id, a.home_latitude, a.home_longitude,
              (SELECT private_account FROM accounts WHERE id = \(bind: sticker.author.id.text)) AS private_author
            FROM accounts a
            WHERE a.id IN (SELECT follower_id FROM follows WHERE followee_id = \(bind: sticker.author.id.text)
                           UNION SELECT account_id FROM tag_follows WHERE tag IN (\(tagList)))
              AND a.id <> \(bind: sticker.author.id.text) AND a.home_latitude IS NOT NULL
              AND a.home_latitude BETWEEN \(bind: here.latitude - degrees) AND \(bind: here.latitude + degrees)
            """
        ).all()
        for row in rows {
            let home = Coordinate(
                latitude: try row.decode(column: "home_latitude", as: Double.self),
                longitude: try row.decode(column: "home_longitude", as: Double.self))
            guard abs(home.longitude - here.longitude) <= longitudeDegrees || longitudeDegrees >= 180 else { continue }
            let recipient: Account.ID = try row.decodeID(column: "id")
            let settings = try await settings(of: recipient, on: db)
            guard Geodesic.wgs84.inverse(home, here).distance <= settings.nearbyMeters else { continue }
            let viewer = try await AccountStore.viewer(recipient, on: db, now: now)
            let privateAuthor = try row.decode(column: "private_author", as: Int?.self) ?? 0 != 0
            guard viewer.canSee(audience, now: now),
                !privateAuthor || viewer.following.contains(sticker.author.id) || audience.sharedWith.contains(recipient)
            else { continue }
            try await notify(
                NotificationDraft(
                    recipient: recipient, kind: .sticker, actor: sticker.author.id, subject: sticker.id.text,
                    detail: sticker.text.isEmpty ? sticker.tags.map { "#\($0)" }.joined(separator: " ") : sticker.text),
                on: db, engine: engine, now: now)
        }
    }
}
