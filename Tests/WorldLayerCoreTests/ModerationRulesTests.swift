import Testing
import WorldLayerCore

@Suite("What a report and a moderator's note may say")
struct ModerationRulesTests {
    @Test("a reason is 1 to 1,000 characters after trimming; a note at most 1,000, and none stays none")
    func words() {
        #expect((try? ModerationRules.reason("  spam ").get()) == "spam")
        #expect((try? ModerationRules.reason("   ").get()) == nil)
        #expect((try? ModerationRules.reason(String(repeating: "a", count: 1_001)).get()) == nil)
        #expect((try? ModerationRules.note(nil).get()) == .some(nil))
        #expect((try? ModerationRules.note(" thanks ").get()) == "thanks")
        #expect((try? ModerationRules.note(String(repeating: "a", count: 1_001)).get()) == nil)
    }
}
