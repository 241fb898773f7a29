/**
 * Webhook signatures (decision 047): `X-Webhook-Signature: v1=<hex>[,v1=<hex>]`, each an
 * HMAC-SHA256 of `${timestamp}.${body}` (timestamp: X-Webhook-Timestamp, Unix seconds) with one
 * of the subscription's secrets: the current one, and during a rotation the previous one too, so a
 * receiver still holding the old secret keeps verifying until it switches.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

export const newWebhookSecret = () => `whsec_${randomBytes(24).toString("base64url")}`;

export function signPayload(secret: string, timestamp: number, body: string): string {
  return createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
}

export function signatureHeader(secrets: readonly string[], timestamp: number, body: string): string {
  return secrets.map((secret) => `v1=${signPayload(secret, timestamp, body)}`).join(",");
}

/**
 * What a receiver does: one of the header's v1 signatures must be ours, and the timestamp recent
 * (within `toleranceSeconds`, against replays).
 */
export function verifySignature(
  header: string,
  secret: string,
  timestamp: string,
  body: string,
  options: { toleranceSeconds?: number; now?: number } = {},
): boolean {
  const seconds = Number(timestamp);
  if (!Number.isInteger(seconds)) return false;
  const now = options.now ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - seconds) > (options.toleranceSeconds ?? 300)) return false;
  const expected = Buffer.from(signPayload(secret, seconds, body), "hex");
  return header.split(",").some((part) => {
    const [scheme, value] = part.trim().split("=", 2);
    if (scheme !== "v1" || !value || !/^[0-9a-f]{64}$/.test(value)) return false;
    return timingSafeEqual(Buffer.from(value, "hex"), expected);
  });
}
