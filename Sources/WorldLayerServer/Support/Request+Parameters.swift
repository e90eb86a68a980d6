import Foundation
import Hummingbird
import WorldLayerCore
import WorldLayerGeo

extension AppRequestContext {
    /// A UUID path parameter; a malformed one is a 400 naming it.
    func uuidParameter(_ name: String) throws -> UUID {
        guard let text = parameters.get(name), let id = UUID(uuidString: text) else {
            throw APIError.badRequest("'\(name)' in the path must be a UUID", code: .invalidId)
        }
        return id
    }

    /// A path parameter that names one kind of thing: `idParameter("id") as Sticker.ID`.
    func idParameter<Entity>(_ name: String) throws -> TypedID<Entity> { TypedID(try uuidParameter(name)) }
}

/// Reads query items, turning bad values into a 400 that names the item.
struct Query {
    let items: [String: String]

    init(_ request: Request) {
        var items: [String: String] = [:]
        for (key, value) in request.uri.queryParameters { items[String(key)] = String(value) }
        self.items = items
    }

    func double(_ name: String, in range: ClosedRange<Double>? = nil, default value: Double? = nil) throws -> Double {
        guard let text = items[name] else {
            if let value { return value }
            throw APIError.badRequest("the query needs '\(name)'", code: .missingParameter)
        }
        guard let d = Double(text), d.isFinite, range?.contains(d) ?? true else {
            guard let range else { throw APIError.badRequest("'\(name)' must be a number", code: .invalidParameter) }
            throw APIError.badRequest(
                "'\(name)' must be a number between \(range.lowerBound) and \(range.upperBound)", code: .invalidParameter)
        }
        return d
    }

    func int(_ name: String, in range: ClosedRange<Int>, default value: Int) throws -> Int {
        guard let text = items[name] else { return value }
        guard let i = Int(text), range.contains(i) else {
            throw APIError.badRequest(
                "'\(name)' must be an integer from \(range.lowerBound) to \(range.upperBound)", code: .invalidParameter)
        }
        return i
    }

    func bool(_ name: String, default value: Bool) throws -> Bool {
        switch items[name] {
        case nil: return value
        case "true": return true
        case "false": return false
        default: throw APIError.badRequest("'\(name)' must be true or false", code: .invalidParameter)
        }
    }

    /// The `q` of a search: 1 to 100 characters after trimming.
    func searchText() throws -> String {
        let text = (items["q"] ?? "").trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty, text.count <= 100 else {
            throw APIError.badRequest("the query needs 'q': 1 to 100 characters", code: .missingParameter)
        }
        return text
    }

    func coordinate() throws -> Coordinate {
        Coordinate(latitude: try double("latitude", in: -90...90), longitude: try double("longitude", in: -180...180))
    }

    /// A comma-separated list of cell ids.
    func cells(_ name: String = "cells", maximum: Int) throws -> [CellID] {
        let parts = (items[name] ?? "").split(separator: ",").map(String.init)
        guard !parts.isEmpty else {
            throw APIError.badRequest("the query needs '\(name)': comma-separated cell ids", code: .missingParameter)
        }
        guard parts.count <= maximum else { throw APIError.badRequest("at most \(maximum) cells at a time", code: .invalidParameter) }
        return try parts.map { text in
            guard let cell = CellID(text) else { throw APIError.badRequest("'\(text)' is not a cell id", code: .invalidParameter) }
            return cell
        }
    }
}
