/// The server's messages in Swedish, by the English template each is written from (see `MessageCatalogue`).
/// `{n}` is what the English `{n}` held; `{n!}` is that translated in turn.
let swedishMessages: [String: String] = [
    "'before' must be a time like 2026-05-01T12:00:00Z":
        "'before' måste vara en tid som 2026-05-01T12:00:00Z",
    "'cell' must be a cell id":
        "'cell' måste vara ett cell-id",
    "'cursor' is not one this server gave":
        "'cursor' är inte ett som den här servern gav",
    "'cursor' is not one this server gave out":
        "'cursor' är inte ett som den här servern gav ut",
    "'format' must be csv or json":
        "'format' måste vara csv eller json",
    "'id' must be a SHA-256 in hex":
        "'id' måste vara en SHA-256 i hex",
    "'kind' must be interior or exterior":
        "'kind' måste vara interior eller exterior",
    "'level' must be 1 to 10 letters, digits, '.' or '-', like 0, 1 or -1":
        "'level' måste vara 1–10 bokstäver, siffror, '.' eller '-', som 0, 1 eller -1",
    "'since' must be a sequence number":
        "'since' måste vara ett sekvensnummer",
    "'version' must be a positive integer":
        "'version' måste vara ett positivt heltal",
    "'{0}' in the path must be a UUID":
        "'{0}' i sökvägen måste vara ett UUID",
    "'{0}' is not a cell id":
        "'{0}' är inte ett cell-id",
    "'{0}' is not a position on Earth (latitude −90…90, longitude −180…180)":
        "'{0}' är ingen plats på jorden (latitud −90…90, longitud −180…180)",
    "'{0}' must be 1 to {1} letters, digits or '_'":
        "'{0}' måste vara 1–{1} bokstäver, siffror eller '_'",
    "'{0}' must be a number":
        "'{0}' måste vara ett tal",
    "'{0}' must be a number between {1} and {2}":
        "'{0}' måste vara ett tal mellan {1} och {2}",
    "'{0}' must be an integer from {1} to {2}":
        "'{0}' måste vara ett heltal från {1} till {2}",
    "'{0}' must be true or false":
        "'{0}' måste vara true eller false",
    "@{0} does not follow you":
        "@{0} följer inte dig",
    "@{0} has a private account; whom they follow and who follows them is theirs to see":
        "@{0} har ett privat konto: vem hen följer och vilka som följer hen ser bara hen",
    "@{0} has not asked to follow you":
        "@{0} har inte bett att få följa dig",
    "@{0} is in the group already":
        "@{0} är redan med i gruppen",
    "a camera frame":
        "en kamerabild",
    "a camera frame must be a JPEG or PNG image":
        "en kamerabild måste vara en JPEG- eller PNG-bild",
    "a floor plan":
        "en planritning",
    "a floor plan must be a PNG or JPEG image":
        "en planritning måste vara en PNG- eller JPEG-bild",
    "a photo":
        "ett foto",
    "a photo must be a PNG or JPEG image":
        "ett foto måste vara en PNG- eller JPEG-bild",
    "a public worldmap has no members":
        "en offentlig världskarta har inga medlemmar",
    "a snapshot must be a PNG or JPEG image":
        "en ögonblicksbild måste vara en PNG- eller JPEG-bild",
    "a sticker carries a sound (MP3, M4A, Ogg) or a video (MP4, WebM)":
        "ett klistermärke bär ett ljud (MP3, M4A, Ogg) eller en video (MP4, WebM)",
    "a sticker's {0} must be at most {1} MiB":
        "ett klistermärkes {0!} får vara högst {1} MiB",
    "a tag is 1–{0} letters, digits or underscores":
        "en tagg är 1–{0} bokstäver, siffror eller understreck",
    "a template with this id exists":
        "det finns redan en mall med detta id",
    "a text card has no asset":
        "ett textkort har ingen fil",
    "a worldmap with this id exists":
        "det finns redan en världskarta med detta id",
    "a snapshot":
        "en ögonblicksbild",
    "a device map":
        "en enhetskarta",
    "a {0} stop needs {1} {2} file":
        "ett {0!}-stopp behöver en {2!}-fil",
    "an account with this email already exists":
        "det finns redan ett konto med den här e-postadressen",
    "and longitude come together":
        "och longitud anges tillsammans",
    "and longitude must be a position on Earth":
        "och longitud måste vara en plats på jorden",
    "and longitude must be a valid position":
        "och longitud måste vara en giltig plats",
    "and password are required":
        "och lösenord krävs",
    "another tour already has the slug “{0}”":
        "en annan tur har redan kortnamnet ”{0}”",
    "at most {0} cells at a time":
        "högst {0} celler åt gången",
    "at most {0} groups":
        "högst {0} grupper",
    "at most {0} people":
        "högst {0} personer",
    "at most {0} tags":
        "högst {0} taggar",
    "belongs to a model stop":
        "hör till ett modellstopp",
    "belongs to a photo stop with a position":
        "hör till ett fotostopp med en plats",
    "camera frames":
        "kamerabilder",
    "cannot cover that disc with cells: {0}":
        "kan inte täcka den cirkeln med celler: {0}",
    "cannot tell how long this {0} plays; save it again as {1}":
        "kan inte avgöra hur länge detta ({0!}) spelar; spara det igen som {1}",
    "confirmation":
        "bekräftelse",
    "confirmation mails asked for from this address":
        "bekräftelsemejl begärda från den här adressen",
    "every stop of “{0}” is stamped":
        "varje stopp på ”{0}” är stämplat",
    "failed logins":
        "misslyckade inloggningar",
    "failed sign-up retries":
        "misslyckade försök att skapa konto",
    "feedback messages from this address":
        "feedbackmeddelanden från den här adressen",
    "has an invalid value":
        "har ett ogiltigt värde",
    "is inside the restricted zone '{0}'":
        "ligger i det begränsade området '{0}'",
    "is no stop of this tour":
        "är inget stopp på den här turen",
    "is not a private worldmap you belong to":
        "är ingen privat karta som du hör till",
    "is not a template you can use":
        "är ingen mall som du kan använda",
    "is not correct":
        "stämmer inte",
    "is not one of your uploads; send the file to /v1/stickers/media first":
        "är inte en av dina uppladdningar; skicka filen till /v1/stickers/media först",
    "is only for stickers with visibility 'shared'":
        "gäller bara klistermärken med synligheten 'shared'",
    "is outside the worldmap '{0}' (cell {1} and its neighbours)":
        "ligger utanför världskartan '{0}' (cell {1} och dess grannar)",
    "is required":
        "krävs",
    "is required for an {0} template":
        "krävs för en mall av typen {0}",
    "is required to reject":
        "krävs för att avslå",
    "is the tour's own language; write those texts in the tour itself":
        "är turens eget språk; skriv de texterna i själva turen",
    "is translated twice":
        "är översatt två gånger",
    "is your username or email":
        "är ditt användarnamn eller din e-postadress",
    "is {0}, which a tour cannot carry":
        "är {0}, som en tur inte kan bära",
    "it changed since you read it (current version {0}); merge and send again with that version":
        "det har ändrats sedan du läste det (aktuell version {0}); slå ihop och skicka igen med den versionen",
    "lies outside the tour's area":
        "ligger utanför turens område",
    "log in first: send 'Authorization: Bearer <token>'":
        "logga in först: skicka 'Authorization: Bearer <token>'",
    "marks an earlier stop already":
        "markerar redan ett tidigare stopp",
    "may contain only letters a–z, digits, '_' and '.'":
        "får bara innehålla bokstäverna a–z, siffror, '_' och '.'",
    "metrics are served to this machine and to admins only (serve --public-metrics to change)":
        "mätvärden visas bara för den här datorn och för administratörer (serve --public-metrics ändrar det)",
    "must be #RRGGBB":
        "måste vara #RRGGBB",
    "must be 0 to 360 degrees clockwise from north":
        "måste vara 0–360 grader medurs från norr",
    "must be 0 to {0} metres":
        "måste vara 0–{0} meter",
    "must be 0.01 to 5 metres":
        "måste vara 0,01–5 meter",
    "must be 0–65535":
        "måste vara 0–65535",
    "must be 1 to 2,000 metres":
        "måste vara 1–2 000 meter",
    "must be 1 to 40 characters":
        "måste vara 1–40 tecken",
    "must be 1 to 500":
        "måste vara 1–500",
    "must be 1 to 500 characters":
        "måste vara 1–500 tecken",
    "must be 1 to 500 metres":
        "måste vara 1–500 meter",
    "must be 1 to 60 characters":
        "måste vara 1–60 tecken",
    "must be 1 to 720 (30 days)":
        "måste vara 1–720 (30 dagar)",
    "must be 1 to 8,784 (a year)":
        "måste vara 1–8 784 (ett år)",
    "must be 16 bytes, base64url":
        "måste vara 16 byte, base64url",
    "must be 16 finite numbers (a column-major 4×4 transform)":
        "måste vara 16 ändliga tal (en 4×4-transform kolumnvis)",
    "must be 1–100 characters":
        "måste vara 1–100 tecken",
    "must be 1–2,000 characters":
        "måste vara 1–2 000 tecken",
    "must be 1–200 characters":
        "måste vara 1–200 tecken",
    "must be 1–4,000 characters":
        "måste vara 1–4 000 tecken",
    "must be 1–5,000 characters":
        "måste vara 1–5 000 tecken",
    "must be 1–500 characters: the person is shown it":
        "måste vara 1–500 tecken: personen får se det",
    "must be 1–64 lower-case letters, digits and single hyphens":
        "måste vara 1–64 gemener, siffror och enkla bindestreck",
    "must be 1–80 characters":
        "måste vara 1–80 tecken",
    "must be 1–{0} characters":
        "måste vara 1–{0} tecken",
    "must be 3 to 500 metres":
        "måste vara 3–500 meter",
    "must be 64 to 8192 pixels on each side (got {0}×{1})":
        "måste vara 64–8192 pixlar på varje sida (fick {0}×{1})",
    "must be a 2D or 3D template you can use":
        "måste vara en 2D- eller 3D-mall som du kan använda",
    "must be a BCP 47 language tag such as en, fi or en-GB":
        "måste vara en BCP 47-språktagg som en, fi eller en-GB",
    "must be a GeoJSON LineString of [longitude, latitude] pairs":
        "måste vara en GeoJSON LineString av [longitud, latitud]-par",
    "must be a P-256 public key (65 bytes, base64url)":
        "måste vara en publik P-256-nyckel (65 byte, base64url)",
    "must be a PNG of at most {0} KiB":
        "måste vara en PNG på högst {0} KiB",
    "must be a PNG or JPEG image":
        "måste vara en PNG- eller JPEG-bild",
    "must be a UUID":
        "måste vara ett UUID",
    "must be a date written YYYY-MM-DD":
        "måste vara ett datum skrivet ÅÅÅÅ-MM-DD",
    "must be a language tag such as en, fi or sv":
        "måste vara en språktagg som en, fi eller sv",
    "must be a language tag such as fi, sv or en-GB":
        "måste vara en språktagg som fi, sv eller en-GB",
    "must be a picture (JPEG or PNG), not {0}":
        "måste vara en bild (JPEG eller PNG), inte {0}",
    "must be a place id":
        "måste vara ett plats-id",
    "must be a polygon of at least 3 distinct points on Earth":
        "måste vara en polygon med minst 3 olika punkter på jorden",
    "must be a position on Earth":
        "måste vara en plats på jorden",
    "must be a sound, not {0}":
        "måste vara ett ljud, inte {0}",
    "must be a time like 07:00":
        "måste vara en tid som 07:00",
    "must be a time like 22:00":
        "måste vara en tid som 22:00",
    "must be a time zone like Europe/Helsinki":
        "måste vara en tidszon som Europe/Helsinki",
    "must be a unit quaternion [x, y, z, w]":
        "måste vara en enhetskvaternion [x, y, z, w]",
    "must be a valid latitude and longitude":
        "måste vara en giltig latitud och longitud",
    "must be after startsAt":
        "måste vara efter startsAt",
    "must be an email address like name@example.org":
        "måste vara en e-postadress som namn@example.org",
    "must be an http or https address":
        "måste vara en http- eller https-adress",
    "must be an http or https address with a host, like https://example.org/page":
        "måste vara en http- eller https-adress med värd, som https://example.org/sida",
    "must be at most 1,000 characters":
        "får vara högst 1 000 tecken",
    "must be at most 10,000 characters":
        "får vara högst 10 000 tecken",
    "must be at most 100 characters":
        "får vara högst 100 tecken",
    "must be at most 2,000 characters":
        "får vara högst 2 000 tecken",
    "must be at most 20,000 characters":
        "får vara högst 20 000 tecken",
    "must be at most 200 characters":
        "får vara högst 200 tecken",
    "must be at most 5,000 characters":
        "får vara högst 5 000 tecken",
    "must be at most 500":
        "får vara högst 500",
    "must be at most 500 characters":
        "får vara högst 500 tecken",
    "must be at most {0} MiB":
        "får vara högst {0} MiB",
    "must be at most {0} characters":
        "får vara högst {0} tecken",
    "must be between -1000 and 10000 metres":
        "måste vara mellan −1000 och 10000 meter",
    "must be between -180 and 180":
        "måste vara mellan −180 och 180",
    "must be between -180 and 180 degrees":
        "måste vara mellan −180 och 180 grader",
    "must be between -60 and 60 degrees: a scene anchor is upright, seen from in front":
        "måste vara mellan −60 och 60 grader: ett scenankare står upprätt och ses framifrån",
    "must be between -90 and 90":
        "måste vara mellan −90 och 90",
    "must be between -90 and 90, not at a pole (where a heading means nothing)":
        "måste vara mellan −90 och 90, inte vid en pol (där en kurs inte betyder något)",
    "must be between 0 and 1 (a fraction of the frame's height)":
        "måste vara mellan 0 och 1 (en andel av bildens höjd)",
    "must be between 0 and 1 (a fraction of the frame's width)":
        "måste vara mellan 0 och 1 (en andel av bildens bredd)",
    "must be between 0 and 360 degrees":
        "måste vara mellan 0 och 360 grader",
    "must be between 0.3 and 50 metres":
        "måste vara mellan 0,3 och 50 meter",
    "must be between 20 and 130 degrees":
        "måste vara mellan 20 och 130 grader",
    "must be dBm from −120 to 0":
        "måste vara dBm från −120 till 0",
    "must be degrees":
        "måste vara grader",
    "must be group ids":
        "måste vara grupp-id:n",
    "must be in the future":
        "måste ligga i framtiden",
    "must be metres within ±10,000":
        "måste vara meter inom ±10 000",
    "must be metres ≥ 0":
        "måste vara meter ≥ 0",
    "must be more than 0 and at most 720":
        "måste vara mer än 0 och högst 720",
    "must be the id an upload to /v1/stickers/media returned":
        "måste vara id:t som en uppladdning till /v1/stickers/media gav",
    "must be the push service's https URL":
        "måste vara pushtjänstens https-adress",
    "must be within a year":
        "måste ligga inom ett år",
    "must be within a year of startsAt":
        "måste ligga inom ett år från startsAt",
    "must be {\"place\": id} or {\"latitude\": …, \"longitude\": …}":
        "måste vara {\"place\": id} eller {\"latitude\": …, \"longitude\": …}",
    "must be {0}":
        "måste vara {0!}",
    "must be {0} to {1} bytes long":
        "måste vara {0}–{1} byte lång",
    "must be {0} to {1} characters":
        "måste vara {0}–{1} tecken",
    "must be {0} to {1} metres":
        "måste vara {0}–{1} meter",
    "must be {0} {1} file ({2})":
        "måste vara en {1!}-fil ({2})",
    "must be {0}, not null":
        "måste vara {0!}, inte null",
    "must be {0}–{1} metres":
        "måste vara {0}–{1} meter",
    "must begin with '{0}' (your username), e.g. '{1}flag'":
        "måste börja med '{0}' (ditt användarnamn), t.ex. '{1}flag'",
    "must hold 1 to {0} stops":
        "måste ha 1–{0} stopp",
    "must hold 1 to {0} targets":
        "måste ha 1–{0} mål",
    "must lie inside the area":
        "måste ligga inom området",
    "must name 1 to 50 authors, each 1–200 characters":
        "måste nämna 1–50 författare, var och en 1–200 tecken",
    "must not be in the future":
        "får inte ligga i framtiden",
    "must not contain control characters":
        "får inte innehålla styrtecken",
    "must not contain control characters other than line breaks":
        "får inte innehålla andra styrtecken än radbrytningar",
    "must span at most {0}° each way":
        "får sträcka sig högst {0}° åt varje håll",
    "must start with a letter or digit":
        "måste börja med en bokstav eller siffra",
    "needs a position, a beacon, or both":
        "behöver en plats, en fyr eller båda",
    "needs the stop's position: it is heard from there":
        "behöver stoppets plats: det hörs därifrån",
    "needs width and height of 100–10,000 points, a field of view of 10–170° and a pitch within ±89°":
        "behöver bredd och höjd på 100–10 000 punkter, ett synfält på 10–170° och en lutning inom ±89°",
    "no database at {0}":
        "ingen databas vid {0}",
    "no invitation to this group":
        "ingen inbjudan till den här gruppen",
    "no plan of that level":
        "ingen planritning för den våningen",
    "no route for {0} {1}":
        "ingen väg för {0} {1}",
    "no sticker has been placed in this cell yet, so it has no worldmap":
        "inget klistermärke har satts upp i den här cellen än, så den har ingen världskarta",
    "no such ad":
        "annonsen finns inte",
    "no such book":
        "boken finns inte",
    "no such group":
        "gruppen finns inte",
    "no such group of yours":
        "du har ingen sådan grupp",
    "no such media file":
        "mediefilen finns inte",
    "no such media file; upload it to /v1/media first":
        "mediefilen finns inte; ladda upp den till /v1/media först",
    "no such message":
        "meddelandet finns inte",
    "no such open report":
        "ingen sådan öppen anmälan",
    "no such pending ad":
        "ingen sådan väntande annons",
    "no such person":
        "personen finns inte",
    "no such photo":
        "fotot finns inte",
    "no such place":
        "platsen finns inte",
    "no such place: {0}":
        "platsen finns inte: {0}",
    "no such question":
        "frågan finns inte",
    "no such sticker":
        "klistermärket finns inte",
    "no such template":
        "mallen finns inte",
    "no such tour":
        "turen finns inte",
    "no such user":
        "användaren finns inte",
    "no such worldmap":
        "världskartan finns inte",
    "no user named '{0}'":
        "ingen användare heter '{0}'",
    "not in the media library: {0}":
        "finns inte i mediebiblioteket: {0}",
    "only a guide of “{0}” may do this":
        "bara en guide för ”{0}” får göra detta",
    "only admins may do this":
        "bara administratörer får göra detta",
    "only advertiser accounts make ads; ask an admin":
        "bara annonsörkonton gör annonser; fråga en administratör",
    "only moderators may do this":
        "bara moderatorer får göra detta",
    "only participants of the group ask questions":
        "bara gruppens deltagare ställer frågor",
    "only people who have placed a sticker on this public worldmap, and moderators, may change its {0}":
        "bara de som har satt upp ett klistermärke på den här offentliga världskartan, och moderatorer, får ändra dess {0!}",
    "only the owner of a private worldmap makes its invite links":
        "bara ägaren till en privat karta gör dess inbjudningslänkar",
    "only the owner of a private worldmap may do this":
        "bara ägaren till en privat karta får göra detta",
    "or beacon is required":
        "eller fyr krävs",
    "password reset attempts from this address":
        "försök att byta lösenord från den här adressen",
    "password resets asked for from this address":
        "lösenordsbyten begärda från den här adressen",
    "plays {0} s; a sticker's {1} may play at most {2} s":
        "spelar {0} s; ett klistermärkes {1!} får spela högst {2} s",
    "repeats the id of an earlier stop":
        "upprepar id:t för ett tidigare stopp",
    "repeats the id of an earlier target":
        "upprepar id:t för ett tidigare mål",
    "reset":
        "lösenordsbyte",
    "scene anchors":
        "dina scenankare",
    "scene searches in new places":
        "scensökningar på nya platser",
    "send the body as application/json":
        "skicka kroppen som application/json",
    "send the camera frame (JPEG or PNG) as the request body":
        "skicka kamerabilden (JPEG eller PNG) som begärans kropp",
    "send the file as the request body":
        "skicka filen som begärans kropp",
    "sign-ups from this address":
        "kontoregistreringar från den här adressen",
    "something went wrong on our side; it has been logged":
        "något gick fel hos oss; det har loggats",
    "sticker media uploads this hour":
        "uppladdningar av klistermärkesmedia den här timmen",
    "sticker sounds and videos":
        "dina klistermärkens ljud och videor",
    "stickers cannot be placed in '{0}' ({1}), a restricted zone":
        "klistermärken kan inte sättas upp i '{0}' ({1}), ett begränsat område",
    "that account is not suspended":
        "det kontot är inte avstängt",
    "that id belongs to another message: send it with a new id":
        "det id:t hör till ett annat meddelande: skicka det med ett nytt id",
    "that participant id is taken; send a new one":
        "deltagar-id:t är upptaget; skicka ett nytt",
    "that passkey does not open “{0}”; check it with your guide":
        "koden öppnar inte ”{0}”; kontrollera den med din guide",
    "that passkey has been used; each one admits one person":
        "koden har redan använts; varje kod släpper in en person",
    "that passkey's group has ended; ask your guide for a new one":
        "kodens grupp har avslutats; be din guide om en ny",
    "that question id is taken; send a new one":
        "fråge-id:t är upptaget; skicka ett nytt",
    "the API description is missing from this build":
        "API-beskrivningen saknas i den här versionen",
    "the body does not have the expected shape":
        "kroppen har inte den väntade formen",
    "the body is not valid JSON":
        "kroppen är inte giltig JSON",
    "the box must have south < north and west < east, at most 0.5° by 1°":
        "rutan måste ha syd < nord och väst < öst, högst 0,5° gånger 1°",
    "the camera frame could not be decoded as an image":
        "kamerabilden kunde inte avkodas som en bild",
    "the camera frame {0}":
        "kamerabilden {0!}",
    "the database is not answering; try again in a few seconds":
        "databasen svarar inte; försök igen om några sekunder",
    "the database is not reachable":
        "databasen går inte att nå",
    "the file has {0} bytes; ask for a range inside them":
        "filen har {0} byte; be om ett intervall inom dem",
    "the file is gone":
        "filen finns inte längre",
    "the file is {0}":
        "filen är {0!}",
    "the media store cannot be written":
        "mediearkivet kan inte skrivas",
    "the passkeys drawn for the group were taken; ask again":
        "koderna som drogs för gruppen var upptagna; fråga igen",
    "the password is not correct":
        "lösenordet stämmer inte",
    "the photo {0}":
        "fotot {0!}",
    "the plan {0}":
        "planritningen {0!}",
    "the query needs 'q': 1 to 100 characters":
        "frågan behöver 'q': 1–100 tecken",
    "the query needs '{0}'":
        "frågan behöver '{0}'",
    "the query needs '{0}': comma-separated cell ids":
        "frågan behöver '{0}': kommaseparerade cell-id:n",
    "the request body is larger than {0} bytes":
        "begärans kropp är större än {0} byte",
    "the request body is too large":
        "begärans kropp är för stor",
    "the request needs a JSON body":
        "begäran behöver en JSON-kropp",
    "the scene is {0} m from where the sticker stands; anchor it to a scene within {1} m":
        "scenen ligger {0} m från klistermärket; förankra det i en scen inom {1} m",
    "the server is recognizing other frames; send this one again in a moment":
        "servern känner igen andra bilder; skicka den här igen om en stund",
    "the template was already {0}":
        "mallen var redan behandlad ({0})",
    "the token is unknown, expired or revoked; log in again":
        "token är okänd, har gått ut eller återkallats; logga in igen",
    "this browser is not subscribed":
        "den här webbläsaren prenumererar inte",
    "this invite link is unknown, used or expired; ask for a new one":
        "inbjudningslänken är okänd, använd eller har gått ut; be om en ny",
    "this link was for an address the account no longer has":
        "länken gällde en adress som kontot inte längre har",
    "this scene could not be found again: {0}; aim at a flat, detailed surface":
        "scenen kunde inte hittas igen: {0}; sikta mot en plan, detaljrik yta",
    "this server does not use a local certificate authority":
        "den här servern använder ingen lokal certifikatutfärdare",
    "this server is stopping; another takes its requests":
        "den här servern stannar; en annan tar dess begäranden",
    "this spot already holds as many stickers as it can ({0}); place the sticker a little further away":
        "den här platsen har redan så många klistermärken som får plats ({0}); sätt upp klistermärket lite längre bort",
    "this sticker carries no sound or video":
        "det här klistermärket har inget ljud eller video",
    "this sticker has no scene anchor":
        "det här klistermärket har inget scenankare",
    "this template takes no text":
        "den här mallen tar ingen text",
    "this {0} link has been used; ask for a new one":
        "den här länken ({0!}) har använts; be om en ny",
    "this {0} link has expired; ask for a new one":
        "den här länken ({0!}) har gått ut; be om en ny",
    "this {0} link is not one we sent; ask for a new one":
        "den här länken ({0!}) skickades inte av oss; be om en ny",
    "too many {0}; try again in {1} seconds":
        "för många {0!}; försök igen om {1} sekunder",
    "uploaded bytes this hour":
        "uppladdade byte den här timmen",
    "username is taken":
        "användarnamnet är upptaget",
    "username or email is taken":
        "användarnamnet eller e-postadressen är upptagen",
    "wrong passkeys":
        "felaktiga koder",
    "wrong username/email or password":
        "fel användarnamn/e-postadress eller lösenord",
    "you are not in group {0}":
        "du är inte med i grupp {0}",
    "you are not in that group":
        "du är inte med i den gruppen",
    "you cannot block yourself":
        "du kan inte blockera dig själv",
    "you must be at least {0} years old":
        "du måste vara minst {0} år",
    "your {0} take {1} of the {2} an account may keep; delete some to add this one":
        "{0!} tar {1} av de {2} ett konto får ha; radera några för att lägga till den här",
    "{0} is not allowed here; use {1}":
        "{0} är inte tillåtet här; använd {1}",
    "{0} must be at most {1} MiB":
        "{0!} får vara högst {1} MiB",
    "{0} waiting requests for changes at once at most; subscribe over the live socket, or wait for one to answer":
        "högst {0} väntande förfrågningar om ändringar åt gången; prenumerera via live-anslutningen eller vänta tills en svarar",
    "“{0}” is a guided tour: redeem a passkey from your guide first":
        "”{0}” är en guidad tur: lös först in en kod från din guide",
    "“{0}” is an open tour: no passkey is needed":
        "”{0}” är en öppen tur: ingen kod behövs",
    "a question arrived since the last export; export it (GET …/questions/export) before deleting the group":
        "en fråga har kommit sedan senaste exporten; exportera den (GET …/questions/export) innan gruppen raderas",
    "{0} questions arrived since the last export; export them (GET …/questions/export) before deleting the group":
        "{0} frågor har kommit sedan senaste exporten; exportera dem (GET …/questions/export) innan gruppen raderas",
    "the body must be a JSON object":
        "kroppen måste vara ett JSON-objekt",
    "the body must be a JSON value of the documented shape":
        "kroppen måste vara ett JSON-värde med den dokumenterade formen",
    "a string":
        "en sträng",
    "an integer":
        "ett heltal",
    "a number":
        "ett tal",
    "true or false":
        "true eller false",
    "of the documented type":
        "av den dokumenterade typen",
    "is not a PNG or JPEG image with a readable header":
        "är inte en PNG- eller JPEG-bild med läsbart huvud",
    "is {0}×{1} pixels; at most {2} pixels a side and {3} megapixels are accepted":
        "är {0}×{1} pixlar; högst {2} pixlar per sida och {3} megapixlar tas emot",
    "not a PNG or JPEG image, MP3/M4A/Ogg audio, MP4/WebM video or binary glTF (.glb) model":
        "inte en PNG- eller JPEG-bild, MP3/M4A/Ogg-ljud, MP4/WebM-video eller binär glTF-modell (.glb)",
    "larger than the {0} MiB allowed for {1}":
        "större än de {0} MiB som tillåts för {1}",
    "this id belongs to another account":
        "det id:t hör till ett annat konto",
    "the sticker is already placed; edit it first to change it":
        "klistermärket är redan uppsatt; redigera det först för att ändra det",
    "the sticker was deleted; a deleted sticker cannot be placed":
        "klistermärket har raderats; ett raderat klistermärke kan inte sättas upp",
    "the sticker was deleted; a deleted sticker cannot be edited":
        "klistermärket har raderats; ett raderat klistermärke kan inte redigeras",
    "only its author can anchor a sticker":
        "bara dess skapare kan förankra ett klistermärke",
    "only its author or a moderator can remove a sticker's scene":
        "bara dess skapare eller en moderator kan ta bort ett klistermärkes scen",
    "moderators suspend people, admins suspend moderators too; nobody suspends an admin or themselves":
        "moderatorer stänger av personer, administratörer även moderatorer; ingen stänger av en administratör eller sig själv",
    "the {0} changed since you read it (newest: version {1})":
        "{0!} har ändrats sedan du läste den (senaste: version {1})",
    "a pulled ad is final; make a new one":
        "en indragen annons är slutgiltig; gör en ny",
    "a {0} ad cannot become {1}":
        "en annons som är {0} kan inte bli {1}",
    "photo":
        "foto",
    "audio":
        "ljud",
    "image":
        "bild",
    "video":
        "video",
    "model":
        "modell",
    "info":
        "info",
    "snapshot":
        "ögonblicksbild",
    "device-map":
        "enhetskarta",
]
