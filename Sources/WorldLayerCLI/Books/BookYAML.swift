import Foundation
import WorldLayerCore
import Yams

/// `book.yaml`, the heart of a book bundle (format in docs/book-bundle.md). Written in one fixed
/// layout like `tour.yaml`, so exporting what was imported gives back the same bytes.
enum BookYAML {
    static let fileName = "book.yaml"
    static let format = "worldlayer-book/1"

    static func render(_ book: Book) -> String {
        let q = BundleYAML.quoted
        var out = "# A WorldLayer book bundle: this file and the pictures and media it names, relative to it.\n"
        out += "format: \(format)\n"
        out += "id: \(book.id.text)\n"
        out += "slug: \(q(book.slug))\n"
        out += "title: \(q(book.title))\n"
        out += "authors: [\(book.authors.map(q).joined(separator: ", "))]\n"
        out += "description: \(q(book.description))\n"
        out += "language: \(q(book.language))\n"
        if let cover = book.cover { out += "cover: \(q(cover.name))\n" }
        out += "targets:\n"
        for t in book.targets {
            out += "  - id: \(t.id.text)\n"
            out += "    name: \(q(t.name))\n"
            out += "    image: \(q(t.image.name))\n"
            out += "    width: \(t.physicalWidth)\n"
            if let media = t.content.media { out += "    \(t.content.kind.rawValue): \(q(media.name))\n" }
            if let url = t.content.url { out += "    link: \(q(url))\n" }
            out += "    loop: \(t.content.loop)\n"
            out += "    muted: \(t.content.muted)\n"
            if let credit = t.credit { out += "    credit: \(q(credit))\n" }
        }
        return out
    }

    static func parse(_ text: String) throws(BundleProblem) -> ParsedBundle<Book> {
        let root = try BundleYAML.root(text, file: fileName)
        var r = BundleReader(file: fileName)
        do {
            let top = try r.mapping(
                root, "", required: ["format", "id", "slug", "title", "authors", "language", "targets"], optional: ["description", "cover"])
            let format = try r.string(top["format"]!, "format")
            guard format == Self.format else {
                throw r.fail(top["format"], "format", "must be \(Self.format) (this WorldLayer reads no other)")
            }
            guard let authorNodes = top["authors"]!.sequence else { throw r.fail(top["authors"], "authors", "must be a list of names") }
            let authors = try authorNodes.enumerated().map { i, n in try r.string(n, "authors[\(i)]") }
            guard let targetNodes = top["targets"]!.sequence else { throw r.fail(top["targets"], "targets", "must be a list of targets") }
            let targets = try targetNodes.enumerated().map { i, n in try r.target(n, "targets[\(i)]") }
            let book = Book(
                id: Book.ID(try r.uuid(top["id"]!, "id")), slug: try r.string(top["slug"]!, "slug"),
                title: try r.string(top["title"]!, "title"),
                authors: authors, description: try top["description"].map { try r.string($0, "description") } ?? "",
                language: try r.string(top["language"]!, "language"),
                cover: try top["cover"].map { BookYAML.unread(try r.mediaPath($0, "cover")) },
                targets: targets)
            return ParsedBundle(value: book, file: fileName, lines: r.lines)
        } catch let p as BundleProblem {
            throw p
        } catch {
            throw BundleProblem(file: fileName, message: "\(error)")
        }
    }

    /// A file named by the bundle, identified once its bytes are read.
    static func unread(_ path: String) -> MediaRef { MediaRef(id: "", contentType: "", size: 0, name: path) }
}

extension BundleReader {
    func bool(_ node: Node, _ field: String) throws -> Bool {
        guard let b = node.bool else { throw fail(node, field, "must be true or false") }
        return b
    }

    mutating func target(_ node: Node, _ path: String) throws -> BookTarget {
        let kinds = ContentKind.allCases.map(\.rawValue)
        let t = try mapping(node, path, required: ["id", "name", "image", "width"], optional: Set(kinds + ["loop", "muted", "credit"]))
        let given = kinds.filter { t[$0] != nil }
        guard given.count == 1, let kind = ContentKind(rawValue: given[0]) else {
            throw fail(node, path, "needs exactly one of \(kinds.joined(separator: ", ")) (what the picture shows)")
        }
        let field = "\(path).\(kind.rawValue)"
        let content = TargetContent(
            kind: kind, media: kind == .link ? nil : BookYAML.unread(try mediaPath(t[kind.rawValue]!, field)),
            url: kind == .link ? try string(t["link"]!, field) : nil,
            loop: try t["loop"].map { try bool($0, "\(path).loop") } ?? true,
            muted: try t["muted"].map { try bool($0, "\(path).muted") } ?? false)
        return BookTarget(
            id: BookTarget.ID(try uuid(t["id"]!, "\(path).id")), name: try string(t["name"]!, "\(path).name"),
            image: BookYAML.unread(try mediaPath(t["image"]!, "\(path).image")), physicalWidth: try double(t["width"]!, "\(path).width"),
            content: content, credit: try t["credit"].map { try string($0, "\(path).credit") })
    }
}
