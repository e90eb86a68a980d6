// The WorldLayer API: JSON in and out, the session token kept in localStorage, errors as messages.
import { has, t } from "./strings.js";

const tokenKey = "worldlayer.token";

export const session = {
  get token() { return localStorage.getItem(tokenKey); },
  set token(value) { value ? localStorage.setItem(tokenKey, value) : localStorage.removeItem(tokenKey); },
};

export class APIError extends Error {
  constructor(status, body) {
    super(forPeople(status, body?.error));
    this.status = status;
    this.code = body?.error?.code;
    this.serverMessage = body?.error?.message;
    this.fields = body?.error?.fields ?? [];
  }
}

/** The server's refusal in words for people (strings.js "error.CODE"), its own message otherwise. */
function forPeople(status, error) {
  const code = error?.code, message = error?.message ?? "";
  if (code === "restricted_zone") return t("error.restricted_zone", { zone: message.match(/'([^']+)'/)?.[1] ?? "" });
  if (code === "not_found" && /user/.test(message)) return t("error.no_such_user");
  if (code === "validation_failed" && error.fields?.length) return error.fields.map((f) => `${has(`field.${f.field}`) ? t(`field.${f.field}`) : f.field}: ${f.message}`).join("; ");
  if (code && has(`error.${code}`)) return t(`error.${code}`);
  if (status === 0) return t("error.network");
  return message || t("error.http", { status });
}

/** A guided tour's participant token (from a passkey), kept per tour. */
export const participants = {
  get: (tourId) => JSON.parse(localStorage.getItem(`worldlayer.participant.${tourId}`) ?? "null"),
  set: (tourId, value) => localStorage.setItem(`worldlayer.participant.${tourId}`, JSON.stringify(value)),
  forget: (tourId) => localStorage.removeItem(`worldlayer.participant.${tourId}`),
  /** Every tour ticket on this phone (at logout: a shared phone keeps none for the next person). */
  forgetAll: () => Object.keys(localStorage).filter((k) => k.startsWith("worldlayer.participant.")).forEach((k) => localStorage.removeItem(k)),
};

/** Calls the API; `body` is JSON unless it is a Blob (sent as is). `token` replaces the session's. */
export async function api(method, path, body, token = session.token) {
  const headers = {};
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

export const get = (path, token) => api("GET", path, undefined, token);
export const post = (path, body, token) => api("POST", path, body, token);
