import Foundation
import WorldLayerCore
import WorldLayerStore

/// A guide's groups of a guided tour: made with passkeys drawn fresh, shown once and stored only as hashes.
public struct TourGroups: Sendable {
    let guidedTours: GuidedTourStore
    let clock: WallClock

    public init(guidedTours: GuidedTourStore, clock: WallClock) {
        self.guidedTours = guidedTours
        self.clock = clock
    }

    /// Makes the group and its passkeys (sorted, to print). Throws ``FieldErrors`` for the request; a
    /// drawn key that equals one of the tour's own is drawn again; after three draws
    /// ``GuidedTourError/passkeyTaken`` goes up (with 23⁸ keys, never seen).
    public func create(_ request: NewTourGroup, tour: Tour.ID, guide: Account.ID) async throws -> (TourGroup, passkeys: [String]) {
        let problems = request.problems
        guard problems.isEmpty else { throw FieldErrors(problems) }
        for _ in 1...3 {
            let keys = Set((0..<request.passkeys).map { _ in Passkey.make() })
            guard keys.count == request.passkeys else { continue }
            do {
                let group = try await guidedTours.createGroup(
                    tourID: tour, guideID: guide, name: request.trimmedName,
                    expiresAt: clock.now().addingTimeInterval(request.hours * 3600),
                    keys: keys.map { Passkey.normalize($0)! })
                return (group, keys.sorted())
            } catch GuidedTourError.passkeyTaken {
                continue
            }
        }
        throw GuidedTourError.passkeyTaken
    }
}
