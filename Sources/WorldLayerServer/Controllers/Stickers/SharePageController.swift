import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import WorldLayerCore
import WorldLayerStore

/// `/s/{id}`: a sticker's share link. A page for people (template, text, tags, place on a
/// small map, creator, and a link that opens the app); JSON for apps that ask for it.
/// A sticker the visitor may not see is the same 404 as one that never existed.
struct SharePageController {
    let accounts: AccountStore
    let stickers: StickerStore
    let templates: TemplateStore

    func register(_ routes: Routes) {
        routes.on(.get, "/s/{id}", use: page)
    }

    @Sendable func page(_ request: Request, context: AppRequestContext) async throws -> Response {
        let wantsJSON = request.headers[.accept]?.contains("application/json") ?? false
        let sticker: Sticker?
        if let id = context.parameters.get("id").flatMap(Sticker.ID.init) {
            sticker = try await stickers.sticker(id: id, viewer: try await accounts.viewer(context.account?.id))
        } else {
            sticker = nil
        }
        if wantsJSON {
            guard let sticker else { throw APIError.notFound("no such sticker") }
            return try .json(sticker)
        }
        guard let sticker else {
            return html(SharePage.notFound(context.parameters.get("id").flatMap(Sticker.ID.init)), status: .notFound)
        }
        let template = try await templates.template(id: sticker.templateId)
        return html(SharePage.render(sticker, templateName: template?.name ?? sticker.templateId))
    }

    private func html(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status,
            headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store", .contentSecurityPolicy: SharePage.policy],
            body: .init(byteBuffer: ByteBuffer(string: text)))
    }
}

/// The share page's HTML. Everything from the sticker is escaped.
enum SharePage {
    /// No script at all; its own inline style (the sticker's checked colour) and OpenStreetMap's embedded map.
    static let policy =
        "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-src https://www.openstreetmap.org; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

    static func render(_ s: Sticker, templateName: String) -> String {
        let lat = s.anchor.latitude, lon = s.anchor.longitude
        let d = 0.002
        let bbox = "\(lon - d),\(lat - d / 2),\(lon + d),\(lat + d / 2)"
        let tags = s.tags.map { "<li>#\(escape($0))</li>" }.joined()
        // A sticker with a content warning stays folded behind it, and link previews name only the warning.
        let warning = s.contentWarnings.map { warnings in
            "Content warning: " + warnings.map { $0 == .graphic ? "graphic" : "adults only" }.joined(separator: ", ")
        }
        let title = warning ?? (s.text.isEmpty ? templateName : s.text)
        let (fold, unfold) = warning.map { ("<details class=\"warning\"><summary>\($0) (show)</summary>", "</details>") } ?? ("", "")
        return """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(escape(title)) · WorldLayer sticker</title><link rel="icon" href="/icon-192.png">
            <meta property="og:title" content="\(escape(title))">
            <style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:1rem auto;padding:0 1rem;color:#111}
            .card{border-radius:1rem;padding:1rem;background:\(s.color);color:#111}
            img.preview{width:6rem;height:6rem;float:right} .clear{clear:both} ul.tags{list-style:none;padding:0;display:flex;gap:.5rem;flex-wrap:wrap}
            iframe{width:100%;height:14rem;border:0;border-radius:.5rem} a.open{display:inline-block;margin-top:1rem;padding:.75rem 1.25rem;
            background:#0b57d0;color:#fff;border-radius:2rem;text-decoration:none}</style></head>
            <body><main>
            \(fold)<div class="card"><img class="preview" src="/v1/templates/\(escape(s.templateId))/preview" alt="\(escape(templateName)) template">
            <p class="template">\(escape(templateName))</p><h1 class="text">\(escape(s.text))</h1>
            <ul class="tags">\(tags)</ul><div class="clear"></div></div>\(unfold)
            <p class="creator">Placed by <strong>\(escape(s.author.displayName))</strong> (@\(escape(s.author.username)))</p>
            <p class="place">At <span class="latitude">\(String(format: "%.6f", lat))</span>, <span class="longitude">\(String(format: "%.6f", lon))</span></p>
            <iframe title="Map of where the sticker is" src="https://www.openstreetmap.org/export/embed.html?bbox=\(bbox)&amp;layer=mapnik&amp;marker=\(lat),\(lon)"></iframe>
            <a class="open" href="/#/map/sticker/\(s.id.text)">See it on the map</a>
            <p><a href="worldlayer://stickers/\(s.id.text)">Open in the WorldLayer app</a> (when it is installed)</p>
            </main></body></html>
            """
    }

    /// The same page whether the sticker never existed or is not the visitor's to see; a shared one
    /// opens in the app once they sign in there (the app holds the session, this page never does).
    static func notFound(_ id: Sticker.ID?) -> String {
        let signIn = id.map {
            """
            <p>If someone shared it with you, sign in to see it.</p>
            <a class="open" href="/#/map/sticker/\($0.text)">Sign in and open it</a>
            """
        }
        return """
            <!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
            <title>Sticker not found · WorldLayer</title><link rel="icon" href="/icon-192.png">
            <style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:1rem auto;padding:0 1rem;color:#111}
            a.open{display:inline-block;margin-top:1rem;padding:.75rem 1.25rem;background:#0b57d0;color:#fff;border-radius:2rem;text-decoration:none}</style>
            </head><body><main><h1>Sticker not found</h1>
            <p>This sticker does not exist, was removed, or is not shared with you.</p>\(signIn ?? "")</main></body></html>
            """
    }

    static func escape(_ text: String) -> String {
        var out = ""
        for c in text {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(c)
            }
        }
        return out
    }
}
