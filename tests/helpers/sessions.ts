/**
 * Signed-in identities for integration tests: a real session row (through the same service the
 * login route uses) and the Cookie header a browser would send back with it.
 */
import { createStaffSession, createUserSession } from "~/http/sessions.server";
import { cookiesFrom } from "./routes";

/** The Cookie header value from one Set-Cookie header value. */
function cookieFromSetCookie(setCookie: string): string {
  return cookiesFrom(new Headers({ "Set-Cookie": setCookie }));
}

/**
 * Cookie header for a shopper or store admin (an admin is a user row with is_admin set; the
 * session is the same). `origin` is only used for the request the service reads its
 * User-Agent and any previous session from.
 */
export async function userCookie(
  storeId: string,
  userId: string,
  origin = "http://localhost:3000",
): Promise<string> {
  return cookieFromSetCookie(await createUserSession(storeId, userId, new Request(origin)));
}

/** Cookie header for a platform staff member on the platform host. */
export async function staffCookie(staffId: string, origin = "http://localhost:3000"): Promise<string> {
  return cookieFromSetCookie(await createStaffSession(staffId, new Request(origin)));
}
