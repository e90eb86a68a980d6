// Every text the client shows, in one place, ready for translation: t("key", {name}) fills {name}.
const en = {
  "tab.map": "Map", "tab.discover": "Discover", "tab.ar": "AR", "tab.feed": "Feed", "tab.me": "Me",
  "offline": "You are offline: what you see may be out of date.",
  "error.network": "The server cannot be reached. Check your connection and try again.",
  "me.title": "Me", "me.signup": "Create an account", "me.login": "Log in", "me.logout": "Log out",
  "me.username": "Username", "me.email": "Email", "me.password": "Password", "me.displayName": "Name shown to others",
  "me.birthday": "Birthday", "me.login.field": "Username or email", "me.hello": "Signed in as {name} (@{username}).",
  "me.haveAccount": "Already have an account?", "me.noAccount": "New here?", "me.settings.private": "Private account (nobody can follow me)",
  "me.saved": "Saved.", "me.settings.digest": "Weekly email: new stickers around my home (here)",
  "me.digest.needsHome": "The weekly email needs your position as home: allow location access.", "me.stickers": "My stickers", "me.maps": "My private maps", "me.maps.name": "New private map's name (made here)",
  "me.maps.create": "Create", "me.maps.addWho": "Username to add", "me.maps.add": "Add", "me.maps.remove": "Remove",
  "me.noStickers": "No stickers yet: place one in AR.", "me.delete": "Delete", "me.blocks": "Blocked people", "me.block": "Block",
  "groups.title": "My groups", "groups.none": "You are in no group yet.", "groups.name": "New group's name", "groups.create": "Create",
  "groups.privateChoice": "Private: only people the members invite can find and join it",
  "groups.explained": "Anyone who finds an open group can join it and see every sticker shared with it. A private group is found and joined only by people its members invite.",
  "groups.openMeans": "Open: anyone who finds this group can join and see what is shared with it.",
  "groups.private": "private", "groups.open": "open", "groups.members": "{count} members", "groups.leave": "Leave",
  "groups.inviteWho": "Username to invite", "groups.invite": "Invite", "groups.invited": "Invited {who}.",
  "groups.invitedTo": "You are invited to “{name}”.", "groups.join": "Join",
  "me.block.who": "Username to block", "me.unblock": "Unblock", "me.deleteAccount": "Delete my account",
  "me.deleteAccount.confirm": "Your password, to delete your account and everything it owns",
  "discover.title": "Discover", "discover.books": "Books", "discover.books.search": "Search books by title or author",
  "discover.people": "People", "discover.tours": "Walking tours near you", "discover.people.search": "Search people", "discover.noBooks": "No book matches “{q}”.",
  "discover.follow": "Follow", "discover.following": "Following", "discover.loginToFollow": "Log in to follow people.",
  "book.targets": "{count} pictures come alive in this book.", "book.open": "Point the camera at a picture",
  "book.by": "by {authors}",
  "camera.start": "Start camera", "camera.stop": "Stop", "camera.looking": "Point the camera at a picture in the book.",
  "camera.found": "{name}", "camera.mute": "Sound off", "camera.unmute": "Sound on",
  "camera.denied": "The camera is blocked for this site. Allow camera access in your browser's settings to see the pictures come alive.",
  "camera.unsupported": "This browser cannot open the camera.",
  "map.title": "Map", "map.search": "Search places", "map.route": "Route here", "map.noTiles": "Map tiles are unavailable; showing WorldLayer's own streets, paths and buildings.",
  "map.routeSummary": "{distance} m, about {minutes} min on foot", "map.noResults": "No place matches “{q}”.",
  "map.location.denied": "Location services are off for this site: the map cannot show where you are. Allow location access to route from here.",
  "map.location.unsupported": "This browser cannot tell where you are.", "map.longPress": "Long-press the map to route to any point.",
  "map.here": "You are here (±{accuracy} m)",
  "tours.title": "Tours", "tours.open": "Open tour · {stops} stops", "tours.guided": "Guided tour · {stops} stops · passkey from your guide",
  "tours.none": "No such tour.", "tours.loginFirst": "Log in (Me) to walk this tour and collect stamps.",
  "tours.needPasskey": "This tour is guided: enter the passkey your guide gave you.", "tours.passkey": "Passkey", "tours.yourName": "Your name (optional)",
  "tours.join": "Join the tour", "tours.welcome": "Welcome{name}! Your guide can see your questions.", "tours.startAR": "Start AR",
  "tours.ask": "Ask a question", "tours.send": "Send", "tours.stops": "Stops", "tours.stampBook": "Stamp book",
  "tours.stamped": "{done} of {total} stops stamped", "tours.complete": "Tour complete!", "tours.justStamped": "Stamped: {title}",
  "tours.atStop": "You are at {title}: stay a few seconds to stamp it.", "tours.walking": "Walk to a stop to stamp it.",
  "map.location.waiting": "Waiting for your position…",
  "feed.title": "Feed", "feed.empty": "Nothing yet: follow people, tags or groups in Discover.", "feed.loginFirst": "Log in to see your feed.",
  "feed.distance": "{distance} m away",
  "ar.title": "AR", "ar.waiting": "Waiting for your position…", "ar.accuracy": "Position ±{accuracy} m · heading ±{heading}°",
  "ar.poor": "Position ±{accuracy} m · heading ±{heading}°: rough, so things may be off; showing fewer and bigger.",
  "ar.place": "Place a sticker here", "ar.placeHere": "Place it 2 m in front of me", "ar.placeOnSurface": "Place it on a surface (AR)", "ar.tapSurface": "Point at a surface and tap where the sticker goes.", "ar.cancel": "Cancel", "ar.placed": "Placed: others here see it now.",
  "ar.loginToPlace": "Log in (Me) to place stickers.", "ar.template": "Template", "ar.text": "Text", "ar.tags": "Tags",
  "ar.colour": "Colour", "ar.size": "Size (metres)", "ar.share": "Share link", "ar.delete": "Delete my sticker", "ar.waypoint": "Waypoint", "ar.places": "Places around", "ar.openTour": "Open the tour", "ar.save": "Save", "ar.saved": "Saved and placed again.",
  "map.viewInAR": "View in AR", "map.layer.stickers": "Stickers", "map.layer.places": "Places", "map.layer.tours": "Tour stops",
  "discover.tags": "Tags", "discover.tags.search": "Search tags", "discover.loginToFollowTags": "Log in to follow tags.",
};

export function t(key, values = {}) {
  const text = en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name) => String(values[name] ?? ""));
}

/** Fills every element with data-text="key" under `root`. */
export function translate(root = document) {
  for (const el of root.querySelectorAll("[data-text]")) el.textContent = t(el.dataset.text);
}
