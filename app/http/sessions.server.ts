/**
 * The session cookies (DESIGN §5, decision 011): the HTTP side of the one session store in
 * services/identity/sessions.server.ts. A signed, HttpOnly cookie holds the random token; these
 * helpers read it from a Request, hand the service its hash, and build the Set-Cookie answers.
 * `__session` on store hosts (shoppers and admins), `__staff` on the platform host.
 */
import { createCookie, type Cookie } from "@remix-run/node";
import { LRUCache } from "lru-cache";
import { cookieDefaults, cookieSecrets } from "~/lib/cookies.server";
import { redirectWithToast } from "~/lib/toast.server";
import {
  endSession,
  hashSessionToken,
  readStaffSession,
  SESSION_ABSOLUTE_MS,
  startSession,
  type StaffUser,
} from "~/services/identity/sessions.server";
import { readViewer, type Viewer } from "~/services/identity/viewer.server";

/** What newSessionToken makes; anything else in the cookie is not looked up. */
const SESSION_TOKEN = /^[A-Za-z0-9_-]{43}$/;

export interface SessionCookie {
  /** The hashed token the request carries, or null for none, unsigned or malformed. */
  readHash(request: Request): Promise<string | null>;
  /** The same from a Cookie header (the page cache reads it before there is a Request). */
  readHashOf(header: string | null | undefined): Promise<string | null>;
  /** The hash of a cookie value that verified before, without waiting; undefined otherwise. */
  knownHashOf(header: string): string | undefined;
  serialize(token: string): Promise<string>;
  clear(): Promise<string>;
}

/** Session cookie values remembered as verified, per cookie name (a few MB at most). */
const VERIFIED_COOKIES = 20_000;

/** The value of cookie `name` as sent (the first, as the cookie parser takes it), or null. */
export function rawCookieValue(header: string, name: string): string | null {
  for (const pair of header.split(";")) {
    const at = pair.indexOf("=");
    if (at !== -1 && pair.slice(0, at).trim() === name) return pair.slice(at + 1).trim();
  }
  return null;
}

/** Each session cookie's `forget` (see `forgetSessionCookies`). */
const forgetters: (() => void)[] = [];

/**
 * Tests only: every session cookie reads SESSION_SECRET again at its next use. Test files share
 * their process (decision 036), and a file that sets its own secret must not sign with the
 * secret an earlier file's cookies read. A server reads its secrets once and keeps them.
 */
export function forgetSessionCookies(): void {
  for (const forget of forgetters) forget();
}

export function sessionCookie(name: string): SessionCookie {
  let cookie: Cookie | undefined;
  // Created on first use so SESSION_SECRET is read after the environment is loaded.
  const get = () =>
    (cookie ??= createCookie(name, {
      ...cookieDefaults,
      maxAge: SESSION_ABSOLUTE_MS / 1000,
      secrets: cookieSecrets(),
    }));
  // Checking a signature is WebCrypto's HMAC, the dearest step of a signed-in page served from the
  // cache (decision 031): a cookie value that passed once passes again (the secrets are read once),
  // so its hash is remembered, keyed by the value exactly as sent.
  const verified = new LRUCache<string, string>({ max: VERIFIED_COOKIES });
  forgetters.push(() => {
    cookie = undefined;
    verified.clear();
  });
  const readHashOf = async (header: string | null | undefined) => {
    if (!header?.includes(`${name}=`)) return null;
    const raw = rawCookieValue(header, name);
    const known = raw === null ? undefined : verified.get(raw);
    if (known) return known;
    const value: unknown = await get().parse(header);
    if (typeof value !== "string" || !SESSION_TOKEN.test(value)) return null;
    const hash = hashSessionToken(value);
    if (raw !== null) verified.set(raw, hash);
    return hash;
  };
  return {
    readHash: (request) => readHashOf(request.headers.get("Cookie")),
    readHashOf,
    knownHashOf: (header) => {
      const raw = rawCookieValue(header, name);
      return raw === null ? undefined : verified.get(raw);
    },
    serialize: (token) => get().serialize(token),
    clear: () => get().serialize("", { maxAge: 0 }),
  };
}

const userCookie = sessionCookie("__session");
const staffCookie = sessionCookie("__staff");

/** The hashed session token from the request's signed `__session` cookie, or null. */
export const readSessionHash = (request: Request) => userCookie.readHash(request);

/** The same from a Cookie header: the page cache's viewer read (decision 031). */
export const readSessionHashOf = (cookieHeader: string | null | undefined) =>
  userCookie.readHashOf(cookieHeader);

/** The same without waiting, for a cookie value verified before (issue 41); undefined otherwise. */
export const knownSessionHashOf = (cookieHeader: string) => userCookie.knownHashOf(cookieHeader);

const userAgent = (request: Request) => request.headers.get("User-Agent");

/**
 * Starts a session for `userId` and returns its Set-Cookie value. The session the request
 * already carried is ended first, so an id planted before sign-in never becomes valid.
 */
export async function createUserSession(storeId: string, userId: string, request: Request): Promise<string> {
  const token = await startSession(
    { kind: "user", storeId, userId },
    { replacing: await userCookie.readHash(request), userAgent: userAgent(request) },
  );
  return userCookie.serialize(token);
}

/**
 * Signs `userId` in (`createUserSession`) and redirects to `to` with the toast `key`: the end of
 * every sign-in (password, link, reset, sign-up, invitation, hand-off). `headers` are added to
 * the redirect's (a hand-off's no-store).
 */
export async function redirectSignedIn(
  storeId: string,
  userId: string,
  request: Request,
  to: string,
  key: string,
  headers: HeadersInit = {},
): Promise<Response> {
  const cookie = await createUserSession(storeId, userId, request);
  const all = new Headers(headers);
  all.append("Set-Cookie", cookie);
  return redirectWithToast(to, { key }, { headers: all });
}

/** The signed-in user of this store (with the header's cart count), or null for none, an expired or an idle session. */
export async function getSessionUser(storeId: string, request: Request): Promise<Viewer | null> {
  const hash = await userCookie.readHash(request);
  return hash ? readViewer(storeId, hash) : null;
}

/** Ends the request's session on the server and returns the Set-Cookie that clears it. */
export async function destroySession(storeId: string, request: Request): Promise<string> {
  const hash = await userCookie.readHash(request);
  if (hash) await endSession({ kind: "user", storeId }, hash);
  return userCookie.clear();
}

/** Starts a staff session (platform host) and returns its Set-Cookie value. */
export async function createStaffSession(staffId: string, request: Request): Promise<string> {
  const token = await startSession(
    { kind: "staff", staffId },
    { replacing: await staffCookie.readHash(request), userAgent: userAgent(request) },
  );
  return staffCookie.serialize(token);
}

/** The signed-in staff member, or null; each use keeps the session alive (idle expiry). */
export async function getStaff(request: Request): Promise<StaffUser | null> {
  const hash = await staffCookie.readHash(request);
  return hash ? ((await readStaffSession(hash))?.staff ?? null) : null;
}

/** Ends the request's staff session and returns the Set-Cookie that clears it. */
export async function destroyStaffSession(request: Request): Promise<string> {
  const hash = await staffCookie.readHash(request);
  if (hash) await endSession({ kind: "staff" }, hash);
  return staffCookie.clear();
}
