import Foundation

extension PBFReader {
    /// Decodes one PrimitiveBlock: its string table, then each group's nodes, dense
    /// nodes, ways and relations. Elements are collected first and handed on only if
    /// the whole block decodes.
    static func decodePrimitiveBlock(_ reader: ProtobufReader, block: Int, element: (OSMElement) throws -> Void) throws {
        var r = reader
        var strings: [String] = []
        var groups: [Range<Int>] = []
        var granularity: Int64 = 100
        var latOffset: Int64 = 0
        var lonOffset: Int64 = 0
        while !r.isAtEnd {
            let (field, wire) = try r.key()
            switch (field, wire) {
            case (1, 2):
                var table = r.sub(try r.lengthDelimited())
                while !table.isAtEnd {
                    let (f, w) = try table.key()
                    if f == 1, w == 2 { strings.append(table.string(try table.lengthDelimited())) } else { try table.skip(wireType: w) }
                }
            case (2, 2): groups.append(try r.lengthDelimited())
            case (17, 0): granularity = Int64(clamping: try r.varint())
            case (19, 0): latOffset = Int64(bitPattern: try r.varint())
            case (20, 0): lonOffset = Int64(bitPattern: try r.varint())
            default: try r.skip(wireType: wire)
            }
        }
        let block = Block(strings: strings, granularity: granularity, latOffset: latOffset, lonOffset: lonOffset, number: block)
        var elements: [OSMElement] = []
        for group in groups {
            var g = r.sub(group)
            while !g.isAtEnd {
                let (field, wire) = try g.key()
                switch (field, wire) {
                case (1, 2): elements.append(.node(try block.node(g.sub(try g.lengthDelimited()))))
                case (2, 2): elements += try block.denseNodes(g.sub(try g.lengthDelimited())).map(OSMElement.node)
                case (3, 2): elements.append(.way(try block.way(g.sub(try g.lengthDelimited()))))
                case (4, 2): elements.append(.relation(try block.relation(g.sub(try g.lengthDelimited()))))
                default: try g.skip(wireType: wire)
                }
            }
        }
        for e in elements { try element(e) }
    }

    struct Block {
        let strings: [String]
        let granularity: Int64
        let latOffset: Int64
        let lonOffset: Int64
        let number: Int

        func string(_ index: UInt64) throws -> String {
            guard index < strings.count else { throw OSMReadError("block \(number): a string index is out of range") }
            return strings[Int(index)]
        }

        func tags(keys: [UInt64], values: [UInt64]) throws -> [String: String] {
            guard keys.count == values.count else { throw OSMReadError("block \(number): tag keys and values differ in number") }
            var tags: [String: String] = [:]
            for (k, v) in zip(keys, values) { tags[try string(k)] = try string(v) }
            return tags
        }

        func coordinate(_ lat: Int64, _ lon: Int64) throws -> (Double, Double) {
            // In floating point: a hostile file's offsets and granularity must not overflow (and trap).
            let latitude = 1e-9 * (Double(latOffset) + Double(granularity) * Double(lat))
            let longitude = 1e-9 * (Double(lonOffset) + Double(granularity) * Double(lon))
            guard abs(latitude) <= 90, abs(longitude) <= 180 else { throw OSMReadError("block \(number): a node lies outside the globe") }
            return (latitude, longitude)
        }

        func node(_ reader: ProtobufReader) throws -> OSMNode {
            var r = reader
            var id: Int64 = 0, lat: Int64 = 0, lon: Int64 = 0
            var keys: [UInt64] = [], values: [UInt64] = []
            while !r.isAtEnd {
                let (field, wire) = try r.key()
                switch (field, wire) {
                case (1, 0): id = try r.sint64()
                case (2, 2): keys = try r.packedVarints(try r.lengthDelimited())
                case (3, 2): values = try r.packedVarints(try r.lengthDelimited())
                case (8, 0): lat = try r.sint64()
                case (9, 0): lon = try r.sint64()
                default: try r.skip(wireType: wire)
                }
            }
            let (latitude, longitude) = try coordinate(lat, lon)
            return OSMNode(id: id, latitude: latitude, longitude: longitude, tags: try tags(keys: keys, values: values))
        }

        func denseNodes(_ reader: ProtobufReader) throws -> [OSMNode] {
            var r = reader
            var ids: [Int64] = [], lats: [Int64] = [], lons: [Int64] = [], keysVals: [UInt64] = []
            while !r.isAtEnd {
                let (field, wire) = try r.key()
                switch (field, wire) {
                case (1, 2): ids = try r.packedSInt64(try r.lengthDelimited())
                case (8, 2): lats = try r.packedSInt64(try r.lengthDelimited())
                case (9, 2): lons = try r.packedSInt64(try r.lengthDelimited())
                case (10, 2): keysVals = try r.packedVarints(try r.lengthDelimited())
                default: try r.skip(wireType: wire)
                }
            }
            guard ids.count == lats.count, ids.count == lons.count else {
                throw OSMReadError("block \(number): dense node arrays differ in length")
            }
            var nodes: [OSMNode] = []
            nodes.reserveCapacity(ids.count)
            var id: Int64 = 0, lat: Int64 = 0, lon: Int64 = 0, kv = 0
            for i in ids.indices {
                id &+= ids[i]
                lat &+= lats[i]
                lon &+= lons[i]
                var tags: [String: String] = [:]
                // keys_vals: key, value pairs for each node, each node's list ended by 0.
                while kv < keysVals.count, keysVals[kv] != 0 {
                    guard kv + 1 < keysVals.count else { throw OSMReadError("block \(number): a dense node's tags are cut off") }
                    tags[try string(keysVals[kv])] = try string(keysVals[kv + 1])
                    kv += 2
                }
                kv += 1
                let (latitude, longitude) = try coordinate(lat, lon)
                nodes.append(OSMNode(id: id, latitude: latitude, longitude: longitude, tags: tags))
            }
            return nodes
        }

        func way(_ reader: ProtobufReader) throws -> OSMWay {
            var r = reader
            var id: Int64 = 0
            var keys: [UInt64] = [], values: [UInt64] = [], refs: [Int64] = []
            while !r.isAtEnd {
                let (field, wire) = try r.key()
                switch (field, wire) {
                case (1, 0): id = Int64(bitPattern: try r.varint())
                case (2, 2): keys = try r.packedVarints(try r.lengthDelimited())
                case (3, 2): values = try r.packedVarints(try r.lengthDelimited())
                case (8, 2): refs = try r.packedSInt64(try r.lengthDelimited())
                default: try r.skip(wireType: wire)
                }
            }
            var node: Int64 = 0
            return OSMWay(
                id: id,
                nodes: refs.map {
                    node &+= $0; return node
                }, tags: try tags(keys: keys, values: values))
        }

        func relation(_ reader: ProtobufReader) throws -> OSMRelation {
            var r = reader
            var id: Int64 = 0
            var keys: [UInt64] = [], values: [UInt64] = [], roles: [UInt64] = [], memberIDs: [Int64] = [], types: [UInt64] = []
            while !r.isAtEnd {
                let (field, wire) = try r.key()
                switch (field, wire) {
                case (1, 0): id = Int64(bitPattern: try r.varint())
                case (2, 2): keys = try r.packedVarints(try r.lengthDelimited())
                case (3, 2): values = try r.packedVarints(try r.lengthDelimited())
                case (8, 2): roles = try r.packedVarints(try r.lengthDelimited())
                case (9, 2): memberIDs = try r.packedSInt64(try r.lengthDelimited())
                case (10, 2): types = try r.packedVarints(try r.lengthDelimited())
                default: try r.skip(wireType: wire)
                }
            }
            guard roles.count == memberIDs.count, types.count == memberIDs.count else {
                throw OSMReadError("block \(number): relation \(id)'s member arrays differ in length")
            }
            var ref: Int64 = 0
            var members: [OSMRelation.Member] = []
            for i in memberIDs.indices {
                ref &+= memberIDs[i]
                let kind: OSMRelation.Member.Kind
                switch types[i] {
                case 0: kind = .node
                case 1: kind = .way
                case 2: kind = .relation
                default: throw OSMReadError("block \(number): relation \(id) has a member of unknown type")
                }
                members.append(.init(kind: kind, ref: ref, role: try string(roles[i])))
            }
            return OSMRelation(id: id, members: members, tags: try tags(keys: keys, values: values))
        }
    }
}
