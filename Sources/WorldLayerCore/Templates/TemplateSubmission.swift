import Foundation

/// A design submitted for the library, as its author sent it.
public struct TemplateSubmission: Sendable, Decodable {
    public var id: String
    public var name: String
    public var kind: StickerTemplate.Kind
    public var takesText: Bool
    /// A PNG/JPEG (image) or `.glb` (model); absent for a text card.
    public var asset: Data?
    /// The PNG shown in the library.
    public var preview: Data

    public init(id: String, name: String, kind: StickerTemplate.Kind, takesText: Bool, asset: Data?, preview: Data) {
        (self.id, self.name, self.kind, self.takesText, self.asset, self.preview) = (id, name, kind, takesText, asset, preview)
    }

    /// The submission checked for its author `username` (whose namespace its id must be in), or every problem at once.
    public func checked(by username: String) -> Result<NewTemplate, FieldErrors> {
        var problems: [FieldError] = []
        let namespace = TemplateRules.userNamespace(of: username)
        if !TemplateRules.isValidID(id) {
            problems.append(FieldError("id", "must be \(TemplateRules.idPattern)"))
        } else if !id.hasPrefix(namespace) {
            problems.append(FieldError("id", "must begin with '\(namespace)' (your username), e.g. '\(namespace)flag'"))
        }
        let name = name.trimmingCharacters(in: .whitespacesAndNewlines)
        if !TemplateRules.nameLength.contains(name.count) { problems.append(FieldError("name", "must be 1 to 40 characters")) }
        var checkedAsset: (data: Data, type: String)?
        switch (kind, asset) {
        case (.text, nil): break
        case (.text, .some): problems.append(FieldError("asset", "a text card has no asset"))
        case (_, nil): problems.append(FieldError("asset", "is required for an \(kind.rawValue) template"))
        case (let kind, .some(let data)):
            if data.count > TemplateRules.maximumAssetBytes {
                problems.append(FieldError("asset", "must be at most \(TemplateRules.maximumAssetBytes >> 20) MiB"))
            } else if let type = TemplateRules.assetType(of: data, for: kind) {
                checkedAsset = (data, type)
            } else {
                problems.append(FieldError("asset", kind == .model ? "must be a glTF binary (.glb)" : "must be a PNG or JPEG image"))
            }
        }
        if preview.count > TemplateRules.maximumPreviewBytes || MediaSniffer.imageType(preview) != "image/png" {
            problems.append(FieldError("preview", "must be a PNG of at most \(TemplateRules.maximumPreviewBytes >> 10) KiB"))
        }
        guard problems.isEmpty else { return .failure(FieldErrors(problems)) }
        return .success(NewTemplate(id: id, name: name, kind: kind, takesText: takesText, asset: checkedAsset, preview: preview))
    }
}

/// A template to add to the library, with its bytes (the asset with its media type).
public struct NewTemplate: Sendable {
    public var id: String
    public var name: String
    public var kind: StickerTemplate.Kind
    public var takesText: Bool
    public var asset: (data: Data, type: String)?
    public var preview: Data

    public init(id: String, name: String, kind: StickerTemplate.Kind, takesText: Bool, asset: (data: Data, type: String)?, preview: Data) {
        (self.id, self.name, self.kind, self.takesText, self.asset, self.preview) = (id, name, kind, takesText, asset, preview)
    }
}
