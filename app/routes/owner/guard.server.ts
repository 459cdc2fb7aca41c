// The owner console's one guard. EVERY owner loader and action calls it itself, first: React Router routes many
// spellings of a path (/OWNER, /%6Fwner, /owner/./spam …, decision 0004), so nothing may rely on a path prefix.
//
//   const owner = await requireOwner({ request, context });            // pages (loaders)
//   const owner = await requireOwner({ request, context }, { data: true }); // data: CSV, JSON
//   // in an action (POST): the same call also checks Origin and the per-session CSRF token, then
//   // owner.form holds the parsed body (urlencoded or multipart, at most `maxBytes`, default 64 KB).
//
// Returns the signed-in session ({ id, csrf, form, … }). Without a valid session it throws: a redirect to
// /owner/sign-in for a page (GET without `data`), else a clean 401. A POST from another origin, or without this
// session's token (a hidden `csrf` field, or an X-CSRF-Token header) is a 403. Every answer is no-store.
// Forms put the token in with <CsrfField token={owner.csrf} />.
import { redirect, type AppLoadContext } from "react-router";
import { CROSS_SITE, NOT_SIGNED_IN, NOTHING_HERE, STALE_FORM, TOO_BIG, UNKNOWN_INTENT } from "./messages";
import { typedText } from "~/lib/text-limits";
import { fromOurPages } from "../../../server/http/security.ts";

export type GuardArgs = { request: Request; context: AppLoadContext };

export type OwnerSession = {
  id: number;
  csrf: string;
  createdAt: string;
  passkeyId: string | null;
  /** The POST body, already checked; null for GET and HEAD. */
  form: FormData | null;
};

export const SIGN_IN_PATH = "/owner/sign-in";
export const SIGNED_IN_HOME = "/owner";
const DEFAULT_MAX_BYTES = 64 * 1024;

/** A short plain-text answer in our words; nothing else (no stack, no path, no hint about what exists). */
export function plainAnswer(status: number, text: string, headers: Record<string, string> = {}): Response {
  return new Response(text, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", ...headers },
  });
}

export { CROSS_SITE, NOT_SIGNED_IN, STALE_FORM } from "./messages";

/** The console's origin: the site's own (SITE_URL), else the one the request was addressed to. */
export function consoleOrigin(context: AppLoadContext): string {
  return context.siteOrigin;
}

function isLoopback(hostname: string): boolean {
  return hostname === "localhost" || hostname === "127.0.0.1" || hostname === "[::1]";
}

/**
 * The session cookie: `__Host-owner` (Secure) whenever the console is https. Plain http is only for a developer's
 * own machine (localhost, the tests), where browsers refuse Secure cookies: there it is `owner`, not Secure.
 */
export function cookieName(context: AppLoadContext): string {
  return consoleOrigin(context).startsWith("https://") ? "__Host-owner" : "owner";
}

/** Passkeys need https, except on the developer's own machine. */
export function consoleAvailable(context: AppLoadContext): boolean {
  const url = new URL(consoleOrigin(context));
  return url.protocol === "https:" || isLoopback(url.hostname);
}

export function sessionCookie(context: AppLoadContext, token: string): string {
  const https = consoleOrigin(context).startsWith("https://");
  const maxAge = Math.floor(context.owner.sessions.timeouts.absoluteMs / 1000);
  return `${cookieName(context)}=${token}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${maxAge}${https ? "; Secure" : ""}`;
}

export function clearedSessionCookie(context: AppLoadContext): string {
  const https = consoleOrigin(context).startsWith("https://");
  return `${cookieName(context)}=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0${https ? "; Secure" : ""}`;
}

/** The session id from the cookie under the console's cookie name (another name is ignored). */
export function sessionToken(request: Request, context: AppLoadContext): string | null {
  const name = cookieName(context);
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim() || null;
  }
  return null;
}

/**
 * True when the request says it comes from the console's own origin, and the browser does not say otherwise
 * (Sec-Fetch-Site, the site's one rule for every POST: decision 0038). A POST without Origin is refused.
 */
export function sameOrigin(request: Request, context: AppLoadContext): boolean {
  const origin = request.headers.get("origin");
  const siteOrigin = consoleOrigin(context);
  return origin === siteOrigin && fromOurPages(request.headers, new URL(request.url).host, { siteOrigin });
}

/** Where to go after signing in: an owner path only, never elsewhere. */
export function safeNext(value: string | null | undefined): string {
  return value && /^\/owner(\/[A-Za-z0-9/_-]{0,200})?$/.test(value) && !value.includes("//") ? value : SIGNED_IN_HOME;
}

/** The session, or null; never throws (for the sign-in page and the layout's navigation). */
export function optionalOwner({ request, context }: GuardArgs) {
  return context.owner.sessions.read(sessionToken(request, context));
}

/** Reads a POST body of at most `maxBytes` as form data; null when it is too big or not a form. */
async function readForm(request: Request, maxBytes: number): Promise<FormData | "too-big" | null> {
  const length = Number(request.headers.get("content-length") ?? NaN);
  if (!Number.isFinite(length) || length > maxBytes) return "too-big";
  const type = request.headers.get("content-type") ?? "";
  if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i.test(type)) return null;
  try {
    return await request.clone().formData();
  } catch {
    return null;
  }
}

export async function requireOwner(
  { request, context }: GuardArgs,
  {
    data = false,
    maxBytes = DEFAULT_MAX_BYTES,
    stream = false,
  }: {
    data?: boolean;
    maxBytes?: number;
    /**
     * A multipart upload the action reads as it streams (photos): Origin and session are checked here, the body is
     * left unread, and the action calls `requireStreamedToken` on its fields before it keeps anything.
     */
    stream?: boolean;
  } = {},
): Promise<OwnerSession> {
  const method = request.method.toUpperCase();
  const reading = method === "GET" || method === "HEAD";
  // Cross-site first, so a forged post learns nothing, not even whether a session exists.
  if (!reading && !sameOrigin(request, context)) throw plainAnswer(403, CROSS_SITE);
  const row = optionalOwner({ request, context });
  if (!row) {
    if (reading && !data) {
      const url = new URL(request.url);
      const next = safeNext(url.pathname);
      throw redirect(next === SIGNED_IN_HOME ? SIGN_IN_PATH : `${SIGN_IN_PATH}?next=${encodeURIComponent(next)}`, {
        headers: { "Cache-Control": "no-store" },
      });
    }
    throw plainAnswer(401, NOT_SIGNED_IN);
  }
  const session = { id: row.id, csrf: row.csrf, createdAt: row.created_at, passkeyId: row.passkey_id, form: null };
  if (reading || stream) return session;
  const form = await readForm(request, maxBytes);
  if (form === "too-big") throw plainAnswer(413, TOO_BIG);
  const token = request.headers.get("x-csrf-token") ?? (form?.get("csrf") as string | null | undefined);
  if (typeof token !== "string" || token !== row.csrf) throw plainAnswer(403, STALE_FORM);
  return { ...session, form: form ?? new FormData() };
}

/** The session's token among a streamed form's fields (`stream: true` above): a 403 unless it is there and equal. */
export function requireStreamedToken(session: OwnerSession, fields: readonly [string, string][]): void {
  const tokens = fields.filter(([name]) => name === "csrf");
  if (tokens.length !== 1 || tokens[0]?.[1] !== session.csrf) throw plainAnswer(403, STALE_FORM);
}

/** The session's token in the X-CSRF-Token header of a body that is not a form (a photo's bytes): a 403 otherwise. */
export function requireHeaderToken(session: OwnerSession, request: Request): void {
  if (request.headers.get("x-csrf-token") !== session.csrf) throw plainAnswer(403, STALE_FORM);
}

/** A whole positive number from a route parameter ("12"), or null ("012", "1e3", "-1", "99999999999999999"). */
export function idParam(value: string | undefined): number | null {
  if (!value || !/^[1-9]\d{0,11}$/.test(value)) return null;
  return Number(value);
}

export function notFound(): never {
  throw plainAnswer(404, NOTHING_HERE);
}

/**
 * The answer to a post whose `intent` its action does not know, or that has none: 400 in words, before anything is
 * written. An action that does more than one thing calls it rather than guessing (issue 51: a form that lost its
 * intent was taken for a save and answered "Saved.").
 */
export function unknownIntent(): never {
  throw plainAnswer(400, UNKNOWN_INTENT);
}

/**
 * A field of a checked form as a trimmed string ("" when absent). Longer than `max` (line breaks counted once, as
 * `maxlength` counts them) is refused with a 400, never cut: this is the hard cap for hidden fields and ids. A box
 * the owner types into is checked first against its limit in app/lib/text-limits.ts, so he reads which box and how
 * long, with his text kept.
 */
export function field(form: FormData | null, name: string, max = 5000): string {
  const value = typedText(form?.get(name));
  if (value.length > max) throw plainAnswer(400, TOO_BIG);
  return value.trim();
}

/** A box the owner types into, whole and trimmed: the caller checks it against its limit and shows it again if over. */
export function boxText(form: FormData | null, name: string): string {
  return typedText(form?.get(name)).trim();
}
