import WorldLayerCore

/// The account e-mails' words in one language; `{name}`, `{username}` and `{link}` are filled in.
struct AccountMailWords: LanguageTables {
    var resetSubject, reset, verifySubject, verify: String

    static let english = AccountMailWords(
        resetSubject: "Choose a new WorldLayer password",
        reset: """
            Hello {name},

            Someone (we hope you) asked to choose a new password for @{username} on WorldLayer.
            Open this link within an hour to choose one:

            {link}

            Choosing a new password signs you out everywhere. If it was not you, ignore this message:
            your password stays as it is.
            """,
        verifySubject: "Confirm your email for WorldLayer",
        verify: """
            Hello {name},

            Welcome to WorldLayer, @{username}. Open this link to confirm that this address is yours:

            {link}

            A confirmed address is where a forgotten password can be reset. If you did not sign up,
            ignore this message.
            """)

    static let finnish = AccountMailWords(
        resetSubject: "Valitse uusi WorldLayer-salasana",
        reset: """
            Hei {name},

            Joku (toivottavasti sinä) pyysi uutta salasanaa tilille @{username} WorldLayerissa.
            Avaa tämä linkki tunnin kuluessa ja valitse salasana:

            {link}

            Uuden salasanan valitseminen kirjaa sinut ulos kaikkialta. Jos se et ollut sinä, älä välitä
            tästä viestistä: salasanasi pysyy ennallaan.
            """,
        verifySubject: "Vahvista sähköpostiosoitteesi WorldLayeriin",
        verify: """
            Hei {name},

            Tervetuloa WorldLayeriin, @{username}. Avaa tämä linkki vahvistaaksesi, että osoite on sinun:

            {link}

            Vahvistettuun osoitteeseen voi palauttaa unohtuneen salasanan. Jos et luonut tiliä, älä välitä
            tästä viestistä.
            """)

    static let swedish = AccountMailWords(
        resetSubject: "Välj ett nytt lösenord för WorldLayer",
        reset: """
            Hej {name},

            Någon (förhoppningsvis du) bad om att få välja ett nytt lösenord för @{username} på WorldLayer.
            Öppna den här länken inom en timme för att välja ett:

            {link}

            Ett nytt lösenord loggar ut dig överallt. Om det inte var du kan du strunta i det här
            meddelandet: ditt lösenord förblir som det är.
            """,
        verifySubject: "Bekräfta din e-postadress för WorldLayer",
        verify: """
            Hej {name},

            Välkommen till WorldLayer, @{username}. Öppna den här länken för att bekräfta att adressen är din:

            {link}

            Till en bekräftad adress kan ett glömt lösenord återställas. Om du inte skapade något konto
            kan du strunta i det här meddelandet.
            """)
}
