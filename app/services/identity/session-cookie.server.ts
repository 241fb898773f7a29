/**
 * The one shape of every login session (DESIGN §5): a random id in a signed, HttpOnly cookie,
 * and only its sha256 in the database, so a leaked table cannot be replayed.
 */
import { createHash, randomBytes } from "node:crypto";
import { createCookie, type Cookie } from "@remix-run/node";
import { cookieDefaults, cookieSecrets } from "~/lib/cookies.server";

export const SESSION_IDLE_MS = 14 * 24 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
const SESSION_ID = /^[A-Za-z0-9_-]{43}$/;

export const hashSessionId = (id: string) => createHash("sha256").update(id).digest("hex");
export const newSessionId = () => randomBytes(32).toString("base64url");

export interface SessionCookie {
  /** The hashed session id the request carries, or null for none, unsigned or malformed. */
  readHash(request: Request): Promise<string | null>;
  serialize(id: string): Promise<string>;
  clear(): Promise<string>;
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
  return {
    async readHash(request) {
      const header = request.headers.get("Cookie");
      if (!header?.includes(`${name}=`)) return null;
      const value: unknown = await get().parse(header);
      return typeof value === "string" && SESSION_ID.test(value) ? hashSessionId(value) : null;
    },
    serialize: (id) => get().serialize(id),
    clear: () => get().serialize("", { maxAge: 0 }),
  };
}
