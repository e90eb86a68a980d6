/// The server's messages in Finnish, by the English template each is written from (see `MessageCatalogue`).
/// `{n}` is what the English `{n}` held; `{n!}` is that translated in turn.
let finnishMessages: [String: String] = [
    "'before' must be a time like 2026-05-01T12:00:00Z":
        "'before' on oltava aika muodossa 2026-05-01T12:00:00Z",
    "'cell' must be a cell id":
        "'cell' on oltava solun tunnus",
    "'cursor' is not one this server gave":
        "tämä palvelin ei antanut tätä 'cursor'-arvoa",
    "'cursor' is not one this server gave out":
        "tämä palvelin ei antanut tätä 'cursor'-arvoa",
    "'format' must be csv or json":
        "'format' on oltava csv tai json",
    "'id' must be a SHA-256 in hex":
        "'id' on oltava SHA-256 heksadesimaalina",
    "'kind' must be interior or exterior":
        "'kind' on oltava interior tai exterior",
    "'level' must be 1 to 10 letters, digits, '.' or '-', like 0, 1 or -1":
        "'level' on oltava 1–10 kirjainta, numeroa, '.' tai '-', kuten 0, 1 tai -1",
    "'since' must be a sequence number":
        "'since' on oltava järjestysnumero",
    "'version' must be a positive integer":
        "'version' on oltava positiivinen kokonaisluku",
    "'{0}' in the path must be a UUID":
        "polun '{0}' on oltava UUID",
    "'{0}' is not a cell id":
        "'{0}' ei ole solun tunnus",
    "'{0}' is not a position on Earth (latitude −90…90, longitude −180…180)":
        "'{0}' ei ole paikka maapallolla (leveysaste −90…90, pituusaste −180…180)",
    "'{0}' must be 1 to {1} letters, digits or '_'":
        "'{0}' on oltava 1–{1} kirjainta, numeroa tai '_'",
    "'{0}' must be a number":
        "'{0}' on oltava luku",
    "'{0}' must be a number between {1} and {2}":
        "'{0}' on oltava luku väliltä {1}–{2}",
    "'{0}' must be an integer from {1} to {2}":
        "'{0}' on oltava kokonaisluku väliltä {1}–{2}",
    "'{0}' must be true or false":
        "'{0}' on oltava true tai false",
    "@{0} does not follow you":
        "@{0} ei seuraa sinua",
    "@{0} has a private account; whom they follow and who follows them is theirs to see":
        "@{0} on yksityinen tili: vain hän näkee, ketä hän seuraa ja ketkä häntä seuraavat",
    "@{0} has not asked to follow you":
        "@{0} ei ole pyytänyt saada seurata sinua",
    "@{0} is in the group already":
        "@{0} on jo ryhmässä",
    "a camera frame":
        "kamerakuva",
    "a camera frame must be a JPEG or PNG image":
        "kamerakuvan on oltava JPEG- tai PNG-kuva",
    "a floor plan":
        "pohjapiirros",
    "a floor plan must be a PNG or JPEG image":
        "pohjapiirroksen on oltava PNG- tai JPEG-kuva",
    "a photo":
        "valokuva",
    "a photo must be a PNG or JPEG image":
        "valokuvan on oltava PNG- tai JPEG-kuva",
    "a public worldmap has no members":
        "julkisella maailmankartalla ei ole jäseniä",
    "a snapshot must be a PNG or JPEG image":
        "tilannekuvan on oltava PNG- tai JPEG-kuva",
    "a sticker carries a sound (MP3, M4A, Ogg) or a video (MP4, WebM)":
        "tarrassa voi olla ääni (MP3, M4A, Ogg) tai video (MP4, WebM)",
    "a sticker's {0} must be at most {1} MiB":
        "tarran {0!} saa olla enintään {1} MiB",
    "a tag is 1–{0} letters, digits or underscores":
        "tunniste on 1–{0} kirjainta, numeroa tai alaviivaa",
    "a template with this id exists":
        "tällä tunnuksella on jo malli",
    "a text card has no asset":
        "tekstikortilla ei ole tiedostoa",
    "a worldmap with this id exists":
        "tällä tunnuksella on jo maailmankartta",
    "a snapshot":
        "tilannekuva",
    "a device map":
        "laitekartta",
    "a {0} stop needs {1} {2} file":
        "{0!}-pysähdys tarvitsee {2!}-tiedoston",
    "an account with this email already exists":
        "tällä sähköpostiosoitteella on jo tili",
    "and longitude come together":
        "ja pituusaste annetaan yhdessä",
    "and longitude must be a position on Earth":
        "ja pituusasteen on oltava paikka maapallolla",
    "and longitude must be a valid position":
        "ja pituusasteen on oltava kelvollinen paikka",
    "and password are required":
        "ja salasana ovat pakollisia",
    "another tour already has the slug “{0}”":
        "toisella kierroksella on jo tunnus ”{0}”",
    "at most {0} cells at a time":
        "enintään {0} solua kerrallaan",
    "at most {0} groups":
        "enintään {0} ryhmää",
    "at most {0} people":
        "enintään {0} henkilöä",
    "at most {0} tags":
        "enintään {0} tunnistetta",
    "belongs to a model stop":
        "kuuluu mallipysähdykselle",
    "belongs to a photo stop with a position":
        "kuuluu valokuvapysähdykselle, jolla on paikka",
    "camera frames":
        "kamerakuvia",
    "cannot cover that disc with cells: {0}":
        "aluetta ei voi peittää soluilla: {0}",
    "cannot tell how long this {0} plays; save it again as {1}":
        "tämän tiedoston ({0!}) kestoa ei saada selville; tallenna se uudelleen muodossa {1}",
    "confirmation":
        "vahvistus",
    "confirmation mails asked for from this address":
        "tästä osoitteesta pyydettyjä vahvistusviestejä",
    "every stop of “{0}” is stamped":
        "kierroksen ”{0}” jokainen pysähdys on leimattu",
    "failed logins":
        "epäonnistuneita kirjautumisia",
    "failed sign-up retries":
        "epäonnistuneita tilin luontiyrityksiä",
    "feedback messages from this address":
        "palauteviestejä tästä osoitteesta",
    "has an invalid value":
        "arvo ei kelpaa",
    "is inside the restricted zone '{0}'":
        "on rajoitetulla alueella '{0}'",
    "is no stop of this tour":
        "ei ole tämän kierroksen pysähdys",
    "is not a private worldmap you belong to":
        "ei ole yksityinen kartta, jonka jäsen olet",
    "is not a template you can use":
        "ei ole malli, jota voit käyttää",
    "is not correct":
        "ei ole oikein",
    "is not one of your uploads; send the file to /v1/stickers/media first":
        "ei ole lähettämäsi tiedosto; lähetä tiedosto ensin osoitteeseen /v1/stickers/media",
    "is only for stickers with visibility 'shared'":
        "on vain tarroille, joiden näkyvyys on 'shared'",
    "is outside the worldmap '{0}' (cell {1} and its neighbours)":
        "on maailmankartan '{0}' ulkopuolella (solu {1} ja sen naapurit)",
    "is required":
        "on pakollinen",
    "is required for an {0} template":
        "on pakollinen mallille, jonka tyyppi on {0}",
    "is required to reject":
        "on pakollinen hylättäessä",
    "is the tour's own language; write those texts in the tour itself":
        "on kierroksen oma kieli; kirjoita nämä tekstit itse kierrokseen",
    "is translated twice":
        "on käännetty kahdesti",
    "is your username or email":
        "on käyttäjätunnuksesi tai sähköpostiosoitteesi",
    "is {0}, which a tour cannot carry":
        "on {0}, jota kierros ei voi sisältää",
    "it changed since you read it (current version {0}); merge and send again with that version":
        "se on muuttunut lukemisesi jälkeen (nykyinen versio {0}); yhdistä muutokset ja lähetä uudelleen tällä versiolla",
    "lies outside the tour's area":
        "on kierroksen alueen ulkopuolella",
    "log in first: send 'Authorization: Bearer <token>'":
        "kirjaudu ensin sisään: lähetä 'Authorization: Bearer <token>'",
    "marks an earlier stop already":
        "merkitsee jo aiempaa pysähdystä",
    "may contain only letters a–z, digits, '_' and '.'":
        "saa sisältää vain kirjaimia a–z, numeroita, '_' ja '.'",
    "metrics are served to this machine and to admins only (serve --public-metrics to change)":
        "mittarit näytetään vain tälle koneelle ja ylläpitäjille (serve --public-metrics muuttaa tämän)",
    "must be #RRGGBB":
        "on oltava muotoa #RRGGBB",
    "must be 0 to 360 degrees clockwise from north":
        "on oltava 0–360 astetta myötäpäivään pohjoisesta",
    "must be 0 to {0} metres":
        "on oltava 0–{0} metriä",
    "must be 0.01 to 5 metres":
        "on oltava 0,01–5 metriä",
    "must be 0–65535":
        "on oltava 0–65535",
    "must be 1 to 2,000 metres":
        "on oltava 1–2 000 metriä",
    "must be 1 to 40 characters":
        "on oltava 1–40 merkkiä",
    "must be 1 to 500":
        "on oltava 1–500",
    "must be 1 to 500 characters":
        "on oltava 1–500 merkkiä",
    "must be 1 to 500 metres":
        "on oltava 1–500 metriä",
    "must be 1 to 60 characters":
        "on oltava 1–60 merkkiä",
    "must be 1 to 720 (30 days)":
        "on oltava 1–720 (30 päivää)",
    "must be 1 to 8,784 (a year)":
        "on oltava 1–8 784 (vuosi)",
    "must be 16 bytes, base64url":
        "on oltava 16 tavua base64url-muodossa",
    "must be 16 finite numbers (a column-major 4×4 transform)":
        "on oltava 16 äärellistä lukua (4×4-muunnos sarakkeittain)",
    "must be 1–100 characters":
        "on oltava 1–100 merkkiä",
    "must be 1–2,000 characters":
        "on oltava 1–2 000 merkkiä",
    "must be 1–200 characters":
        "on oltava 1–200 merkkiä",
    "must be 1–4,000 characters":
        "on oltava 1–4 000 merkkiä",
    "must be 1–5,000 characters":
        "on oltava 1–5 000 merkkiä",
    "must be 1–500 characters: the person is shown it":
        "on oltava 1–500 merkkiä: se näytetään henkilölle",
    "must be 1–64 lower-case letters, digits and single hyphens":
        "on oltava 1–64 pientä kirjainta, numeroa ja yksittäistä yhdysmerkkiä",
    "must be 1–80 characters":
        "on oltava 1–80 merkkiä",
    "must be 1–{0} characters":
        "on oltava 1–{0} merkkiä",
    "must be 3 to 500 metres":
        "on oltava 3–500 metriä",
    "must be 64 to 8192 pixels on each side (got {0}×{1})":
        "jokaisen sivun on oltava 64–8192 pikseliä (nyt {0}×{1})",
    "must be a 2D or 3D template you can use":
        "on oltava 2D- tai 3D-malli, jota voit käyttää",
    "must be a BCP 47 language tag such as en, fi or en-GB":
        "on oltava BCP 47 -kielitunniste, kuten en, fi tai en-GB",
    "must be a GeoJSON LineString of [longitude, latitude] pairs":
        "on oltava GeoJSON LineString, jossa on [pituusaste, leveysaste] -pareja",
    "must be a P-256 public key (65 bytes, base64url)":
        "on oltava P-256-julkinen avain (65 tavua, base64url)",
    "must be a PNG of at most {0} KiB":
        "on oltava enintään {0} KiB:n PNG",
    "must be a PNG or JPEG image":
        "on oltava PNG- tai JPEG-kuva",
    "must be a UUID":
        "on oltava UUID",
    "must be a date written YYYY-MM-DD":
        "on oltava päivämäärä muodossa VVVV-KK-PP",
    "must be a language tag such as en, fi or sv":
        "on oltava kielitunniste, kuten en, fi tai sv",
    "must be a language tag such as fi, sv or en-GB":
        "on oltava kielitunniste, kuten fi, sv tai en-GB",
    "must be a picture (JPEG or PNG), not {0}":
        "on oltava kuva (JPEG tai PNG), ei {0}",
    "must be a place id":
        "on oltava paikan tunnus",
    "must be a polygon of at least 3 distinct points on Earth":
        "on oltava monikulmio, jossa on vähintään 3 eri pistettä maapallolla",
    "must be a position on Earth":
        "on oltava paikka maapallolla",
    "must be a sound, not {0}":
        "on oltava ääni, ei {0}",
    "must be a time like 07:00":
        "on oltava kellonaika, kuten 07:00",
    "must be a time like 22:00":
        "on oltava kellonaika, kuten 22:00",
    "must be a time zone like Europe/Helsinki":
        "on oltava aikavyöhyke, kuten Europe/Helsinki",
    "must be a unit quaternion [x, y, z, w]":
        "on oltava yksikkökvaternio [x, y, z, w]",
    "must be a valid latitude and longitude":
        "on oltava kelvollinen leveys- ja pituusaste",
    "must be after startsAt":
        "on oltava startsAt-ajan jälkeen",
    "must be an email address like name@example.org":
        "on oltava sähköpostiosoite, kuten nimi@example.org",
    "must be an http or https address":
        "on oltava http- tai https-osoite",
    "must be an http or https address with a host, like https://example.org/page":
        "on oltava http- tai https-osoite palvelimen kanssa, kuten https://example.org/sivu",
    "must be at most 1,000 characters":
        "saa olla enintään 1 000 merkkiä",
    "must be at most 10,000 characters":
        "saa olla enintään 10 000 merkkiä",
    "must be at most 100 characters":
        "saa olla enintään 100 merkkiä",
    "must be at most 2,000 characters":
        "saa olla enintään 2 000 merkkiä",
    "must be at most 20,000 characters":
        "saa olla enintään 20 000 merkkiä",
    "must be at most 200 characters":
        "saa olla enintään 200 merkkiä",
    "must be at most 5,000 characters":
        "saa olla enintään 5 000 merkkiä",
    "must be at most 500":
        "saa olla enintään 500",
    "must be at most 500 characters":
        "saa olla enintään 500 merkkiä",
    "must be at most {0} MiB":
        "saa olla enintään {0} MiB",
    "must be at most {0} characters":
        "saa olla enintään {0} merkkiä",
    "must be between -1000 and 10000 metres":
        "on oltava −1000–10000 metriä",
    "must be between -180 and 180":
        "on oltava väliltä −180–180",
    "must be between -180 and 180 degrees":
        "on oltava −180–180 astetta",
    "must be between -60 and 60 degrees: a scene anchor is upright, seen from in front":
        "on oltava −60–60 astetta: näkymäankkuri on pystyssä ja nähdään edestä",
    "must be between -90 and 90":
        "on oltava väliltä −90–90",
    "must be between -90 and 90, not at a pole (where a heading means nothing)":
        "on oltava väliltä −90–90, ei navalla (jossa suunnalla ei ole merkitystä)",
    "must be between 0 and 1 (a fraction of the frame's height)":
        "on oltava 0–1 (osuus kuvan korkeudesta)",
    "must be between 0 and 1 (a fraction of the frame's width)":
        "on oltava 0–1 (osuus kuvan leveydestä)",
    "must be between 0 and 360 degrees":
        "on oltava 0–360 astetta",
    "must be between 0.3 and 50 metres":
        "on oltava 0,3–50 metriä",
    "must be between 20 and 130 degrees":
        "on oltava 20–130 astetta",
    "must be dBm from −120 to 0":
        "on oltava dBm-arvo väliltä −120–0",
    "must be degrees":
        "on oltava asteita",
    "must be group ids":
        "on oltava ryhmien tunnuksia",
    "must be in the future":
        "on oltava tulevaisuudessa",
    "must be metres within ±10,000":
        "on oltava metrejä väliltä ±10 000",
    "must be metres ≥ 0":
        "on oltava metrejä ≥ 0",
    "must be more than 0 and at most 720":
        "on oltava yli 0 ja enintään 720",
    "must be the id an upload to /v1/stickers/media returned":
        "on oltava tunnus, jonka /v1/stickers/media palautti",
    "must be the push service's https URL":
        "on oltava push-palvelun https-osoite",
    "must be within a year":
        "on oltava vuoden sisällä",
    "must be within a year of startsAt":
        "on oltava vuoden sisällä startsAt-ajasta",
    "must be {\"place\": id} or {\"latitude\": …, \"longitude\": …}":
        "on oltava {\"place\": id} tai {\"latitude\": …, \"longitude\": …}",
    "must be {0}":
        "on oltava {0!}",
    "must be {0} to {1} bytes long":
        "on oltava {0}–{1} tavua pitkä",
    "must be {0} to {1} characters":
        "on oltava {0}–{1} merkkiä",
    "must be {0} to {1} metres":
        "on oltava {0}–{1} metriä",
    "must be {0} {1} file ({2})":
        "on oltava {1!}-tiedosto ({2})",
    "must be {0}, not null":
        "on oltava {0!}, ei null",
    "must be {0}–{1} metres":
        "on oltava {0}–{1} metriä",
    "must begin with '{0}' (your username), e.g. '{1}flag'":
        "on alettava '{0}' (käyttäjätunnuksesi), esim. '{1}flag'",
    "must hold 1 to {0} stops":
        "on sisällettävä 1–{0} pysähdystä",
    "must hold 1 to {0} targets":
        "on sisällettävä 1–{0} kohdetta",
    "must lie inside the area":
        "on oltava alueen sisällä",
    "must name 1 to 50 authors, each 1–200 characters":
        "on nimettävä 1–50 tekijää, kukin 1–200 merkkiä",
    "must not be in the future":
        "ei saa olla tulevaisuudessa",
    "must not contain control characters":
        "ei saa sisältää ohjausmerkkejä",
    "must not contain control characters other than line breaks":
        "ei saa sisältää muita ohjausmerkkejä kuin rivinvaihtoja",
    "must span at most {0}° each way":
        "saa ulottua enintään {0}° kumpaankin suuntaan",
    "must start with a letter or digit":
        "on alettava kirjaimella tai numerolla",
    "needs a position, a beacon, or both":
        "tarvitsee paikan, majakan tai molemmat",
    "needs the stop's position: it is heard from there":
        "tarvitsee pysähdyksen paikan: se kuuluu sieltä",
    "needs width and height of 100–10,000 points, a field of view of 10–170° and a pitch within ±89°":
        "tarvitsee leveyden ja korkeuden 100–10 000 pistettä, näkökentän 10–170° ja kallistuksen ±89° sisällä",
    "no database at {0}":
        "tietokantaa ei ole: {0}",
    "no invitation to this group":
        "tähän ryhmään ei ole kutsua",
    "no plan of that level":
        "sen kerroksen pohjapiirrosta ei ole",
    "no route for {0} {1}":
        "ei reittiä: {0} {1}",
    "no sticker has been placed in this cell yet, so it has no worldmap":
        "tähän soluun ei ole vielä asetettu tarraa, joten sillä ei ole maailmankarttaa",
    "no such ad":
        "mainosta ei ole",
    "no such book":
        "kirjaa ei ole",
    "no such group":
        "ryhmää ei ole",
    "no such group of yours":
        "sinulla ei ole sellaista ryhmää",
    "no such media file":
        "mediatiedostoa ei ole",
    "no such media file; upload it to /v1/media first":
        "mediatiedostoa ei ole; lähetä se ensin osoitteeseen /v1/media",
    "no such message":
        "viestiä ei ole",
    "no such open report":
        "avointa ilmoitusta ei ole",
    "no such pending ad":
        "odottavaa mainosta ei ole",
    "no such person":
        "henkilöä ei ole",
    "no such photo":
        "valokuvaa ei ole",
    "no such place":
        "paikkaa ei ole",
    "no such place: {0}":
        "paikkaa ei ole: {0}",
    "no such question":
        "kysymystä ei ole",
    "no such sticker":
        "tarraa ei ole",
    "no such template":
        "mallia ei ole",
    "no such tour":
        "kierrosta ei ole",
    "no such user":
        "käyttäjää ei ole",
    "no such worldmap":
        "maailmankarttaa ei ole",
    "no user named '{0}'":
        "käyttäjää '{0}' ei ole",
    "not in the media library: {0}":
        "ei mediakirjastossa: {0}",
    "only a guide of “{0}” may do this":
        "vain kierroksen ”{0}” opas voi tehdä tämän",
    "only admins may do this":
        "vain ylläpitäjät voivat tehdä tämän",
    "only advertiser accounts make ads; ask an admin":
        "vain mainostajatilit tekevät mainoksia; kysy ylläpitäjältä",
    "only moderators may do this":
        "vain moderaattorit voivat tehdä tämän",
    "only participants of the group ask questions":
        "vain ryhmän osallistujat voivat kysyä",
    "only people who have placed a sticker on this public worldmap, and moderators, may change its {0}":
        "vain tälle julkiselle maailmankartalle tarran asettaneet ja moderaattorit voivat muuttaa sen tiedostoa ({0!})",
    "only the owner of a private worldmap makes its invite links":
        "vain yksityisen kartan omistaja tekee sen kutsulinkit",
    "only the owner of a private worldmap may do this":
        "vain yksityisen kartan omistaja voi tehdä tämän",
    "or beacon is required":
        "tai majakka on pakollinen",
    "password reset attempts from this address":
        "salasanan vaihtoyrityksiä tästä osoitteesta",
    "password resets asked for from this address":
        "tästä osoitteesta pyydettyjä salasanan vaihtoja",
    "plays {0} s; a sticker's {1} may play at most {2} s":
        "kestää {0} s; tarran {1!} saa kestää enintään {2} s",
    "repeats the id of an earlier stop":
        "toistaa aiemman pysähdyksen tunnuksen",
    "repeats the id of an earlier target":
        "toistaa aiemman kohteen tunnuksen",
    "reset":
        "salasanan vaihto",
    "scene anchors":
        "näkymäankkurisi",
    "scene searches in new places":
        "näkymähakuja uusissa paikoissa",
    "send the body as application/json":
        "lähetä runko muodossa application/json",
    "send the camera frame (JPEG or PNG) as the request body":
        "lähetä kamerakuva (JPEG tai PNG) pyynnön runkona",
    "send the file as the request body":
        "lähetä tiedosto pyynnön runkona",
    "sign-ups from this address":
        "tilin luonteja tästä osoitteesta",
    "something went wrong on our side; it has been logged":
        "jotain meni vikaan meidän päässämme; se on kirjattu",
    "sticker media uploads this hour":
        "tarramedian latauksia tällä tunnilla",
    "sticker sounds and videos":
        "tarrojesi äänet ja videot",
    "stickers cannot be placed in '{0}' ({1}), a restricted zone":
        "tarroja ei voi asettaa rajoitetulle alueelle '{0}' ({1})",
    "that account is not suspended":
        "tiliä ei ole jäädytetty",
    "that id belongs to another message: send it with a new id":
        "tunnus kuuluu toiselle viestille: lähetä se uudella tunnuksella",
    "that participant id is taken; send a new one":
        "osallistujan tunnus on varattu; lähetä uusi",
    "that passkey does not open “{0}”; check it with your guide":
        "pääsykoodi ei avaa kierrosta ”{0}”; tarkista se oppaaltasi",
    "that passkey has been used; each one admits one person":
        "pääsykoodi on jo käytetty; kukin päästää sisään yhden henkilön",
    "that passkey's group has ended; ask your guide for a new one":
        "pääsykoodin ryhmä on päättynyt; pyydä oppaaltasi uusi",
    "that question id is taken; send a new one":
        "kysymyksen tunnus on varattu; lähetä uusi",
    "the API description is missing from this build":
        "API-kuvaus puuttuu tästä versiosta",
    "the body does not have the expected shape":
        "rungon rakenne ei ole odotettu",
    "the body is not valid JSON":
        "runko ei ole kelvollista JSONia",
    "the box must have south < north and west < east, at most 0.5° by 1°":
        "laatikossa on oltava etelä < pohjoinen ja länsi < itä, enintään 0,5° × 1°",
    "the camera frame could not be decoded as an image":
        "kamerakuvaa ei voitu lukea kuvana",
    "the camera frame {0}":
        "kamerakuva {0!}",
    "the database is not answering; try again in a few seconds":
        "tietokanta ei vastaa; yritä uudelleen muutaman sekunnin kuluttua",
    "the database is not reachable":
        "tietokantaan ei saada yhteyttä",
    "the file has {0} bytes; ask for a range inside them":
        "tiedostossa on {0} tavua; pyydä aluetta niiden sisältä",
    "the file is gone":
        "tiedosto on poistunut",
    "the file is {0}":
        "tiedosto: {0!}",
    "the media store cannot be written":
        "mediavarastoon ei voi kirjoittaa",
    "the passkeys drawn for the group were taken; ask again":
        "ryhmälle arvotut pääsykoodit olivat varattuja; pyydä uudelleen",
    "the password is not correct":
        "salasana ei ole oikein",
    "the photo {0}":
        "valokuva {0!}",
    "the plan {0}":
        "pohjapiirros {0!}",
    "the query needs 'q': 1 to 100 characters":
        "kysely tarvitsee 'q':n: 1–100 merkkiä",
    "the query needs '{0}'":
        "kysely tarvitsee parametrin '{0}'",
    "the query needs '{0}': comma-separated cell ids":
        "kysely tarvitsee parametrin '{0}': pilkuin erotetut solujen tunnukset",
    "the request body is larger than {0} bytes":
        "pyynnön runko on suurempi kuin {0} tavua",
    "the request body is too large":
        "pyynnön runko on liian suuri",
    "the request needs a JSON body":
        "pyyntö tarvitsee JSON-rungon",
    "the scene is {0} m from where the sticker stands; anchor it to a scene within {1} m":
        "näkymä on {0} m:n päässä tarrasta; ankkuroi se näkymään {1} m:n sisällä",
    "the server is recognizing other frames; send this one again in a moment":
        "palvelin tunnistaa muita kuvia; lähetä tämä uudelleen hetken kuluttua",
    "the template was already {0}":
        "malli oli jo käsitelty ({0})",
    "the token is unknown, expired or revoked; log in again":
        "tunniste on tuntematon, vanhentunut tai peruttu; kirjaudu uudelleen",
    "this browser is not subscribed":
        "tämä selain ei ole tilannut ilmoituksia",
    "this invite link is unknown, used or expired; ask for a new one":
        "kutsulinkki on tuntematon, käytetty tai vanhentunut; pyydä uusi",
    "this link was for an address the account no longer has":
        "linkki oli osoitteelle, jota tilillä ei enää ole",
    "this scene could not be found again: {0}; aim at a flat, detailed surface":
        "näkymää ei löydetty uudelleen: {0}; suuntaa tasaiseen, yksityiskohtaiseen pintaan",
    "this server does not use a local certificate authority":
        "tämä palvelin ei käytä paikallista varmenneviranomaista",
    "this server is stopping; another takes its requests":
        "tämä palvelin on pysähtymässä; toinen ottaa sen pyynnöt",
    "this spot already holds as many stickers as it can ({0}); place the sticker a little further away":
        "tässä kohdassa on jo niin monta tarraa kuin mahtuu ({0}); aseta tarra hieman kauemmas",
    "this sticker carries no sound or video":
        "tarrassa ei ole ääntä eikä videota",
    "this sticker has no scene anchor":
        "tarralla ei ole näkymäankkuria",
    "this template takes no text":
        "tähän malliin ei kirjoiteta tekstiä",
    "this {0} link has been used; ask for a new one":
        "tämä linkki ({0!}) on jo käytetty; pyydä uusi",
    "this {0} link has expired; ask for a new one":
        "tämä linkki ({0!}) on vanhentunut; pyydä uusi",
    "this {0} link is not one we sent; ask for a new one":
        "emme lähettäneet tätä linkkiä ({0!}); pyydä uusi",
    "too many {0}; try again in {1} seconds":
        "liian monta: {0!}; yritä uudelleen {1} sekunnin kuluttua",
    "uploaded bytes this hour":
        "ladattuja tavuja tällä tunnilla",
    "username is taken":
        "käyttäjätunnus on varattu",
    "username or email is taken":
        "käyttäjätunnus tai sähköpostiosoite on varattu",
    "wrong passkeys":
        "vääriä pääsykoodeja",
    "wrong username/email or password":
        "väärä käyttäjätunnus, sähköpostiosoite tai salasana",
    "you are not in group {0}":
        "et ole ryhmässä {0}",
    "you are not in that group":
        "et ole siinä ryhmässä",
    "you cannot block yourself":
        "et voi estää itseäsi",
    "you must be at least {0} years old":
        "sinun on oltava vähintään {0}-vuotias",
    "your {0} take {1} of the {2} an account may keep; delete some to add this one":
        "{0!} vievät {1} tilin sallimasta {2}:sta; poista joitakin lisätäksesi tämän",
    "{0} is not allowed here; use {1}":
        "{0} ei ole sallittu tässä; käytä: {1}",
    "{0} must be at most {1} MiB":
        "{0!} saa olla enintään {1} MiB",
    "{0} waiting requests for changes at once at most; subscribe over the live socket, or wait for one to answer":
        "enintään {0} odottavaa muutospyyntöä kerrallaan; tilaa muutokset live-yhteydellä tai odota, että jokin vastaa",
    "“{0}” is a guided tour: redeem a passkey from your guide first":
        "”{0}” on opastettu kierros: syötä ensin oppaaltasi saamasi pääsykoodi",
    "“{0}” is an open tour: no passkey is needed":
        "”{0}” on avoin kierros: pääsykoodia ei tarvita",
    "a question arrived since the last export; export it (GET …/questions/export) before deleting the group":
        "viimeisen viennin jälkeen on tullut kysymys; vie se (GET …/questions/export) ennen ryhmän poistamista",
    "{0} questions arrived since the last export; export them (GET …/questions/export) before deleting the group":
        "viimeisen viennin jälkeen on tullut {0} kysymystä; vie ne (GET …/questions/export) ennen ryhmän poistamista",
    "the body must be a JSON object":
        "rungon on oltava JSON-olio",
    "the body must be a JSON value of the documented shape":
        "rungon on oltava dokumentoidun muotoinen JSON-arvo",
    "a string":
        "merkkijono",
    "an integer":
        "kokonaisluku",
    "a number":
        "luku",
    "true or false":
        "true tai false",
    "of the documented type":
        "dokumentoitua tyyppiä",
    "is not a PNG or JPEG image with a readable header":
        "ei ole PNG- tai JPEG-kuva, jonka otsake on luettavissa",
    "is {0}×{1} pixels; at most {2} pixels a side and {3} megapixels are accepted":
        "on {0}×{1} pikseliä; enintään {2} pikseliä sivulla ja {3} megapikseliä hyväksytään",
    "not a PNG or JPEG image, MP3/M4A/Ogg audio, MP4/WebM video or binary glTF (.glb) model":
        "ei PNG- tai JPEG-kuva, MP3/M4A/Ogg-ääni, MP4/WebM-video eikä binäärinen glTF (.glb) -malli",
    "larger than the {0} MiB allowed for {1}":
        "suurempi kuin tyypille {1} sallittu {0} MiB",
    "this id belongs to another account":
        "tunnus kuuluu toiselle tilille",
    "the sticker is already placed; edit it first to change it":
        "tarra on jo asetettu; muokkaa sitä ensin muuttaaksesi sitä",
    "the sticker was deleted; a deleted sticker cannot be placed":
        "tarra on poistettu; poistettua tarraa ei voi asettaa",
    "the sticker was deleted; a deleted sticker cannot be edited":
        "tarra on poistettu; poistettua tarraa ei voi muokata",
    "only its author can anchor a sticker":
        "vain tekijä voi ankkuroida tarran",
    "only its author or a moderator can remove a sticker's scene":
        "vain tekijä tai moderaattori voi poistaa tarran näkymän",
    "moderators suspend people, admins suspend moderators too; nobody suspends an admin or themselves":
        "moderaattorit jäädyttävät käyttäjiä, ylläpitäjät myös moderaattoreita; kukaan ei jäädytä ylläpitäjää eikä itseään",
    "the {0} changed since you read it (newest: version {1})":
        "tiedosto ({0!}) on muuttunut lukemisesi jälkeen (uusin: versio {1})",
    "a pulled ad is final; make a new one":
        "poistettu mainos on lopullinen; tee uusi",
    "a {0} ad cannot become {1}":
        "mainosta ei voi siirtää tilasta {0} tilaan {1}",
    "photo":
        "valokuva",
    "audio":
        "ääni",
    "image":
        "kuva",
    "video":
        "video",
    "model":
        "malli",
    "info":
        "info",
    "snapshot":
        "tilannekuva",
    "device-map":
        "laitekartta",
]
