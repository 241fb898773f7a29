/**
 * Signed, expiring links for one store (the COD confirmation link of decision 040, staff
 * invitations of decision 041): `<id hex>.<expiry base36>.<HMAC>`, the HMAC over a purpose, the
 * store, the row id and the expiry with the cookie secrets (any current one verifies). Another
 * store's or a forged token is invalid; an expired one is told apart. Single use is the caller's
 * row state (the order's status, the invitation's `accepted_at`).
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { cookieSecrets } from "~/lib/cookies.server";

const signature = (secret: string, purpose: string, storeId: string, id: string, expires: number) =>
  createHmac("sha256", secret)
    .update(`${purpose}|${storeId}|${id}|${expires}`)
    .digest("base64url")
    .slice(0, 32);

/** The token of a link for `purpose`, this store and row `id` (a uuid), valid until `expiresAt`. */
export function signedToken(purpose: string, storeId: string, id: string, expiresAt: Date): string {
  const expires = Math.floor(expiresAt.getTime() / 1000);
  const secret = cookieSecrets()[0]!;
  return `${id.replaceAll("-", "")}.${expires.toString(36)}.${signature(secret, purpose, storeId, id, expires)}`;
}

export type SignedTokenCheck =
  | { kind: "valid"; id: string; expiresAt: Date }
  | { kind: "expired"; id: string; expiresAt: Date }
  | { kind: "invalid" };

/** Whether `token` was signed for this purpose and store (any current secret). */
export function readSignedToken(
  purpose: string,
  storeId: string,
  token: string,
  now = new Date(),
): SignedTokenCheck {
  const match = /^([0-9a-f]{32})\.([0-9a-z]{1,10})\.([A-Za-z0-9_-]{32})$/.exec(token);
  if (!match) return { kind: "invalid" };
  const hex = match[1]!;
  const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  const expires = parseInt(match[2]!, 36);
  const given = Buffer.from(match[3]!);
  const signed = cookieSecrets().some((secret) => {
    const expected = Buffer.from(signature(secret, purpose, storeId, id, expires));
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
  if (!signed) return { kind: "invalid" };
  const expiresAt = new Date(expires * 1000);
  if (expires * 1000 <= now.getTime()) return { kind: "expired", id, expiresAt };
  return { kind: "valid", id, expiresAt };
}
