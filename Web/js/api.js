// The WorldLayer API: every server address once (`paths`), JSON in and out, the session token kept
// on the phone (./kept.js), and refusals told apart by their code (`APIError.code`), never by their words.
import { dateTimeText, has, intlLocale, t } from "./strings.js";
import { kept, keys } from "./kept.js";

const seg = (value) => encodeURIComponent(value);

/** Every address of the server the client uses: a string, or a function of the path's parts. */
export const paths = {
  accounts: "/v1/accounts",
  adsNearby: "/v1/ads/nearby",
  ad: (id) => `/v1/ads/${seg(id)}`,
  adAction: (id, action) => `/v1/ads/${seg(id)}/${seg(action)}`,
  books: "/v1/books",
  book: (slug) => `/v1/books/${seg(slug)}`,
  bookRecognize: (slug) => `/v1/books/${seg(slug)}/recognize`,
  cellCover: "/v1/cells/cover",
  cellStickers: "/v1/cells/stickers",
  clientConfig: "/v1/client-config",
  feed: "/v1/feed",
  feedback: "/v1/feedback",
  feedbackDone: (id) => `/v1/feedback/${seg(id)}/done`,
  groups: "/v1/groups",
  groupInvitation: (group, username) => `/v1/groups/${seg(group)}/invitations/${seg(username)}`,
  groupMembership: (group) => `/v1/groups/${seg(group)}/members/me`,
  buildings: "/v1/map/buildings",
  walkways: "/v1/map/walkways",
  me: "/v1/me",
  passwordResets: "/v1/password-resets",
  passwordReset: "/v1/password-resets/redeem",
  emailVerifications: "/v1/email-verifications",
  myEmailVerification: "/v1/me/email-verification",
  myFollowRequests: "/v1/me/follow-requests",
  myFollowRequest: (username) => `/v1/me/follow-requests/${seg(username)}`,
  myFollower: (username) => `/v1/me/followers/${seg(username)}`,
  notifications: "/v1/me/notifications",
  notificationsRead: "/v1/me/notifications/read",
  notificationSettings: "/v1/me/notification-settings",
  pushKey: "/v1/push/key",
  pushSubscriptions: "/v1/me/push-subscriptions",
  pushUnsubscribe: "/v1/me/push-subscriptions/remove",
  myAds: "/v1/me/ads",
  myBlocks: "/v1/me/blocks",
  myBlock: (username) => `/v1/me/blocks/${seg(username)}`,
  myFollow: (username) => `/v1/me/follows/${seg(username)}`,
  myGroupInvitations: "/v1/me/group-invitations",
  myGroups: "/v1/me/groups",
  myReports: "/v1/me/reports",
  mySettings: "/v1/me/settings",
  myStickers: "/v1/me/stickers",
  myTag: (tag) => `/v1/me/tags/${seg(tag)}`,
  myWorldmaps: "/v1/me/worldmaps",
  media: (id) => `/v1/media/${seg(id)}`,
  approveAd: (id) => `/v1/moderation/ads/${seg(id)}/approve`,
  rejectAd: (id) => `/v1/moderation/ads/${seg(id)}/reject`,
  moderationLog: "/v1/moderation/log",
  suspensions: "/v1/moderation/suspensions",
  suspension: (username) => `/v1/moderation/accounts/${encodeURIComponent(username)}/suspension`,
  moderationQueue: "/v1/moderation/queue",
  dismissReport: (id) => `/v1/moderation/reports/${seg(id)}/dismiss`,
  hideReported: (id) => `/v1/moderation/reports/${seg(id)}/hide`,
  person: (username) => `/v1/people/${seg(username)}`,
  followers: (username) => `/v1/people/${seg(username)}/followers`,
  following: (username) => `/v1/people/${seg(username)}/following`,
  personStickers: (username) => `/v1/people/${seg(username)}/stickers`,
  placeLabels: "/v1/places/labels",
  placesNearby: "/v1/places/nearby",
  placeSearch: "/v1/places/search",
  placePhoto: (place, photo) => `/v1/places/${seg(place)}/photos/${seg(photo)}`,
  routes: "/v1/routes",
  sceneLocate: "/v1/scenes/locate",
  sceneReferenceImages: "/v1/scenes/reference-images",
  searchGroups: "/v1/search/groups",
  searchPeople: "/v1/search/people",
  searchTags: "/v1/search/tags",
  sessions: "/v1/sessions",
  currentSession: "/v1/sessions/current",
  stickerMediaUpload: "/v1/stickers/media",
  stickersNearby: "/v1/stickers/nearby",
  sticker: (id) => `/v1/stickers/${seg(id)}`,
  stickerMedia: (id) => `/v1/stickers/${seg(id)}/media`,
  placeSticker: (id) => `/v1/stickers/${seg(id)}/place`,
  stickerReports: (id) => `/v1/stickers/${seg(id)}/reports`,
  stickerScene: (id) => `/v1/stickers/${seg(id)}/scene`,
  suggestions: "/v1/suggestions",
  templates: "/v1/templates",
  approveTemplate: (id) => `/v1/templates/${seg(id)}/approve`,
  templatePreview: (id) => `/v1/templates/${seg(id)}/preview`,
  rejectTemplate: (id) => `/v1/templates/${seg(id)}/reject`,
  tourQuestions: (group) => `/v1/tour-groups/${seg(group)}/questions`,
  tourAnswer: (group, question) => `/v1/tour-groups/${seg(group)}/questions/${seg(question)}/answer`,
  tours: "/v1/tours",
  tour: (id) => `/v1/tours/${seg(id)}`,
  tourAvailability: (id) => `/v1/tours/${seg(id)}/availability`,
  tourSigns: (id) => `/v1/tours/${seg(id)}/signs/recognize`,
  tourGroups: (id) => `/v1/tours/${seg(id)}/groups`,
  tourNext: (id) => `/v1/tours/${seg(id)}/next`,
  tourPositions: (id) => `/v1/tours/${seg(id)}/positions`,
  tourRedeem: (id) => `/v1/tours/${seg(id)}/redeem`,
  tourStamps: (id) => `/v1/tours/${seg(id)}/stamps`,
  worldmaps: "/v1/worldmaps",
  worldmapMembers: (id) => `/v1/worldmaps/${seg(id)}/members`,
  worldmap: (id) => `/v1/worldmaps/${seg(id)}`,
  worldmapSnapshot: (id) => `/v1/worldmaps/${seg(id)}/snapshot`,
  worldmapInvites: (id) => `/v1/worldmaps/${seg(id)}/invites`,
  acceptInvite: (token) => `/v1/invites/${seg(token)}`,
  worldmapMember: (id, username) => `/v1/worldmaps/${seg(id)}/members/${seg(username)}`,
  zonesAt: "/v1/zones/at",
  live: "/v1/live",
};


export const session = {
  get token() { return kept.text(keys.token); },
  // Screens that show who is signed in (the bell) hear of a login or logout in this tab.
  set token(value) { kept.setText(keys.token, value || null); dispatchEvent(new CustomEvent("worldlayer-session")); },
};

export class APIError extends Error {
  constructor(status, body) {
    super(forPeople(status, body?.error));
    this.status = status;
    this.code = body?.error?.code;
    this.fields = body?.error?.fields ?? [];
  }
}

/** What to tell a person about `error`: the words `byCode` names for its code where the caller knows
 *  what the code means there (`{ not_found: "error.no_such_user" }` when a username was asked for). */
export const messageFor = (error, byCode = {}) => byCode[error?.code] ? t(byCode[error.code]) : error?.message ?? String(error);

/** The server's refusal in words for people (strings.js "error.CODE"), its own message otherwise. */
function forPeople(status, error) {
  const code = error?.code, message = error?.message ?? "";
  if (code === "restricted_zone") return t("error.restricted_zone", { zone: error.zone?.name ?? "" });
  if (code === "account_suspended") return t("error.account_suspended", { until: dateTimeText(error.suspension?.until), reason: error.suspension?.reason ?? "" });
  if (code === "validation_failed" && error.fields?.length) return error.fields.map((f) => `${has(`field.${f.field}`) ? t(`field.${f.field}`) : f.field}: ${f.message}`).join("; ");
  if (code && has(`error.${code}`)) return t(`error.${code}`);
  if (status === 0) return t("error.network");
  return message || t("error.http", { status });
}

/** A guided tour's participant token (from a passkey), kept per tour. */
export const participants = {
  get: (tourId) => kept.json(keys.participant(tourId), null),
  set: (tourId, value) => kept.setJSON(keys.participant(tourId), value),
  forget: (tourId) => kept.forget(keys.participant(tourId)),
  /** Every tour ticket on this phone (at logout: a shared phone keeps none for the next person). */
  forgetAll: () => kept.forgetAll(keys.participants),
};

/** Calls the API; `body` is JSON unless it is a Blob (sent as is). `token` replaces the session's. */
export async function api(method, path, body, token = session.token) {
  // The server words its refusals in the language shown here, which may not be the phone's.
  const headers = { "Accept-Language": intlLocale() };
  if (token) headers.Authorization = `Bearer ${token}`;
  let payload;
  if (body instanceof Blob) {
    payload = body;
    headers["Content-Type"] = body.type || "application/octet-stream";
  } else if (body !== undefined) {
    payload = JSON.stringify(body);
    headers["Content-Type"] = "application/json";
  }
  let response;
  try {
    response = await fetch(path, { method, headers, body: payload });
  } catch {
    throw new APIError(0, { error: { message: t("error.network") } });
  }
  const text = await response.text();
  const json = text ? JSON.parse(text) : null;
  if (!response.ok) {
    if (response.status === 401 && token && token === session.token) session.token = null;  // the session ended elsewhere
    throw new APIError(response.status, json);
  }
  return json;
}

/** A file the session may be needed for (an element cannot send it), or null when it is refused. */
export async function blobWithSession(path) {
  const response = await fetch(path, { headers: sessionHeaders() });
  return response.ok ? response.blob() : null;
}

/** The Authorization header of the session, if there is one. */
export const sessionHeaders = () => session.token ? { Authorization: `Bearer ${session.token}` } : {};

export const get = (path, token) => api("GET", path, undefined, token);
export const post = (path, body, token) => api("POST", path, body, token);
