/// One answer of a nearby query as the results files hold it, `id:metres` to four decimals, written
/// alike for every engine. Not `String(format:)`: through Foundation's formatter it cost 15 % of a
/// query's time at 1 M, work of the harness, not of the engine it was measuring.
enum AnswerLine {
    static func line(_ id: String, _ metres: Double) -> String { id + ":" + fixed4(metres) }

    /// `metres` rounded to four decimals: metres × 10⁴ rounded half away from zero. It differs from
    /// "%.4f" only where that product falls within a rounding error of a half, as every engine's does alike.
    static func fixed4(_ metres: Double) -> String {
        let tenThousandths = Int64((abs(metres) * 10_000).rounded())
        let fraction = String(tenThousandths % 10_000)
        return (metres < 0 ? "-" : "") + String(tenThousandths / 10_000) + "." + String(repeating: "0", count: 4 - fraction.count)
            + fraction
    }
}
