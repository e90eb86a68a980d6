/// A 4-ary min-heap of vertices by priority (duplicates allowed; stale entries are skipped by
/// the caller). Four children per node halve the depth of a binary heap, and the priorities sit
/// in their own array so that sifting compares contiguous doubles.
struct MinHeap {
    private var priorities: [Double] = []
    private var vertices: [Int32] = []

    /// The smallest priority waiting, if any.
    var peekPriority: Double? { priorities.first }

    mutating func removeAll() {
        priorities.removeAll(keepingCapacity: true)
        vertices.removeAll(keepingCapacity: true)
    }

    mutating func push(_ vertex: Int32, priority: Double) {
        var i = priorities.count
        priorities.append(priority)
        vertices.append(vertex)
        while i > 0 {
            let parent = (i - 1) / 4
            guard priorities[parent] > priority else { break }
            priorities[i] = priorities[parent]
            vertices[i] = vertices[parent]
            i = parent
        }
        priorities[i] = priority
        vertices[i] = vertex
    }

    mutating func pop() -> (Int32, Double)? {
        guard let top = vertices.first else { return nil }
        let topPriority = priorities[0]
        let lastPriority = priorities.removeLast(), lastVertex = vertices.removeLast()
        let n = priorities.count
        if n > 0 {
            var i = 0
            while true {
                let first = 4 * i + 1
                if first >= n { break }
                var smallest = first
                for c in (first + 1)..<min(first + 4, n) where priorities[c] < priorities[smallest] { smallest = c }
                guard priorities[smallest] < lastPriority else { break }
                priorities[i] = priorities[smallest]
                vertices[i] = vertices[smallest]
                i = smallest
            }
            priorities[i] = lastPriority
            vertices[i] = lastVertex
        }
        return (top, topPriority)
    }
}
