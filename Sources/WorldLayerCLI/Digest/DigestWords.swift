import WorldLayerCore

/// The weekly digest's words in one language; `{…}` are filled in.
struct DigestWords: LanguageTables {
    var hello, week, textless, item, away, nearby, nothing, popular, followed, underTag, inGroup: String
    var footer: [String]
    var subjectOne, subjectMany: String

    static let english = DigestWords(
        hello: "Hello {name},", week: "Here is your WorldLayer week ({week}).", textless: "a {template} sticker",
        item: "- {text} by @{author}{extra} — {link}", away: ", {metres} m away", nearby: "New near you ({count})",
        nothing: "- nothing new this week", popular: "Popular nearby",
        followed: "New from people, tags and groups you follow ({count})", underTag: " under #{tag}", inGroup: " in a group of yours",
        footer: [
            "You get this because you turned on the weekly digest. Turn it off in Me → Settings,",
            "or: PATCH {base}/v1/me/settings {\"weeklyDigest\": false}.",
        ],
        subjectOne: "Your WorldLayer week: 1 new sticker", subjectMany: "Your WorldLayer week: {count} new stickers")

    static let finnish = DigestWords(
        hello: "Hei {name},", week: "Tässä on WorldLayer-viikkosi ({week}).", textless: "tarra mallista {template}",
        item: "- {text}, tekijä @{author}{extra} — {link}", away: ", {metres} m päässä", nearby: "Uutta lähelläsi ({count})",
        nothing: "- ei mitään uutta tällä viikolla", popular: "Suosittua lähellä",
        followed: "Uutta seuraamiltasi ihmisiltä, tunnisteilta ja ryhmiltä ({count})", underTag: " tunnisteella #{tag}",
        inGroup: " ryhmässäsi",
        footer: [
            "Saat tämän, koska tilasit viikkokirjeen. Voit perua sen kohdassa Minä → Asetukset,",
            "tai: PATCH {base}/v1/me/settings {\"weeklyDigest\": false}.",
        ],
        subjectOne: "WorldLayer-viikkosi: 1 uusi tarra", subjectMany: "WorldLayer-viikkosi: {count} uutta tarraa")

    static let swedish = DigestWords(
        hello: "Hej {name},", week: "Här är din WorldLayer-vecka ({week}).", textless: "ett klistermärke av mallen {template}",
        item: "- {text} av @{author}{extra} — {link}", away: ", {metres} m bort", nearby: "Nytt nära dig ({count})",
        nothing: "- inget nytt den här veckan", popular: "Populärt i närheten",
        followed: "Nytt från personer, taggar och grupper du följer ({count})", underTag: " under #{tag}", inGroup: " i en av dina grupper",
        footer: [
            "Du får det här eftersom du slog på veckobrevet. Stäng av det under Jag → Inställningar,",
            "eller: PATCH {base}/v1/me/settings {\"weeklyDigest\": false}.",
        ],
        subjectOne: "Din WorldLayer-vecka: 1 nytt klistermärke", subjectMany: "Din WorldLayer-vecka: {count} nya klistermärken")
}
