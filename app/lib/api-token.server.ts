/**
 * The Admin API token's secret format (issue 38, decision 045), shared by the token service and
 * the demo's seed: a recognisable prefix, and the SHA-256 that is all the database keeps.
 */
import { createHash } from "node:crypto";

/** Every secret starts with this, so a leaked one is recognisable (secret scanners, logs). */
export const API_TOKEN_PREFIX = "sfat_";
/** How much of a secret the tokens list shows to tell them apart. */
export const API_TOKEN_SHOWN_CHARS = API_TOKEN_PREFIX.length + 6;

export function hashApiToken(secret: string): string {
  return createHash("sha256").update(secret, "utf8").digest("hex");
}
