import Foundation

extension WireJSONWriter {
    /// A sticker as `JSONEncoder` writes it on the wire (its synthesized `Codable`: optionals left out
    /// when nil, keys sorted). `StickerJSONTests` compares the two on stickers of every shape.
    public mutating func sticker(_ s: Sticker) {
        object { w in
            w.key("anchor")
            w.object { w in
                w.key("accuracy", s.anchor.accuracy)
                w.key("altitude", s.anchor.altitude)
                w.key("latitude", s.anchor.latitude)
                w.key("longitude", s.anchor.longitude)
            }
            w.key("author")
            w.object { w in
                w.key("displayName", s.author.displayName)
                w.key("id", s.author.id.text)
                w.key("username", s.author.username)
            }
            w.key("cell", s.cell)
            w.key("color", s.color)
            if let warnings = s.contentWarnings {
                w.key("contentWarnings")
                w.array(warnings) { w, warning in w.string(warning.rawValue) }
            }
            w.key("createdAt", s.createdAt)
            if let expiry = s.expiresAt { w.key("expiresAt", expiry) }
            w.key("id", s.id.text)
            if let link = s.link { w.key("link", link) }
            if let media = s.media {
                w.key("media")
                w.object { w in
                    if let type = media.contentType { w.key("contentType", type) }
                    if let duration = media.duration { w.key("duration", duration) }
                    w.key("id", media.id)
                }
            }
            w.key("orientation")
            w.array([s.orientation.x, s.orientation.y, s.orientation.z, s.orientation.w]) { w, x in w.number(x) }
            if let pose = s.pose {
                w.key("pose")
                w.array(pose) { w, x in w.number(x) }
            }
            w.key("sharedWith")
            w.array(s.sharedWith) { w, name in w.string(name) }
            if let groups = s.sharedWithGroups {
                w.key("sharedWithGroups")
                w.array(groups) { w, group in w.string(group) }
            }
            w.key("size", s.size)
            w.key("state", s.state.rawValue)
            w.key("tags")
            w.array(s.tags) { w, tag in w.string(tag) }
            w.key("templateId", s.templateId)
            w.key("text", s.text)
            w.key("updatedAt", s.updatedAt)
            w.key("version", s.version)
            w.key("visibility", s.visibility.rawValue)
            w.key("worldmapId", s.worldmapId.text)
            w.key("worldmapIsPrivate", s.worldmapIsPrivate)
        }
    }
}
