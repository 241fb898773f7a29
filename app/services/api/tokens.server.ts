/**
 * Admin API tokens (issue 38, decision 045). A token is a random secret shown once; the table keeps
 * only its SHA-256, its first characters (to tell tokens apart in the list), its name, the
 * permissions it may use (`scopes`) and an optional expiry. A request's token is looked up under
 * the store of the request's host only, so a token of store A is unknown on store B's host.
 *
 * Rules, whatever the page sends:
 * - nobody grants a token a scope they do not hold (their permissions re-read in the transaction);
 * - a token acts with its scopes AND its creator's permissions of the moment: a creator demoted
 *   or removed takes their tokens' power with them (nothing is cached: read on every request);
 * - revoking counts on the next request (no cache here either);
 * - creating and revoking write the activity log, in the same transaction.
 */
import { randomBytes } from "node:crypto";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { apiTokens } from "~/db/schema";
import { API_TOKEN_PREFIX, API_TOKEN_SHOWN_CHARS, hashApiToken } from "~/lib/api-token.server";
import { isPermission, type Permission } from "~/lib/permissions";
import { recordAudit } from "~/services/audit/audit.server";
import { readPermissionsIn } from "~/services/staff/permissions.server";

export { API_TOKEN_PREFIX, hashApiToken };

/** A new secret: the prefix and 32 random bytes, base64url (43 characters). */
export function newApiSecret(): string {
  return `${API_TOKEN_PREFIX}${randomBytes(32).toString("base64url")}`;
}

export interface ApiTokenRow {
  id: string;
  name: string;
  prefix: string;
  scopes: Permission[];
  expiresAt: Date | null;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
  lastUsedIp: string | null;
  createdAt: Date;
}

export type ApiTokenError = "escalation" | "not-found" | "already-revoked";

/** The store's tokens, newest first (revoked ones too: the list says so). */
export async function listApiTokens(storeId: string): Promise<ApiTokenRow[]> {
  const db = await getDb();
  const rows = await db.withStore(storeId, (tx) =>
    tx
      .select({
        id: apiTokens.id,
        name: apiTokens.name,
        prefix: apiTokens.prefix,
        scopes: apiTokens.scopes,
        expiresAt: apiTokens.expiresAt,
        revokedAt: apiTokens.revokedAt,
        lastUsedAt: apiTokens.lastUsedAt,
        lastUsedIp: apiTokens.lastUsedIp,
        createdAt: apiTokens.createdAt,
      })
      .from(apiTokens)
      .where(eq(apiTokens.storeId, storeId))
      .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id)),
  );
  return rows.map((row) => ({ ...row, scopes: row.scopes.filter(isPermission) }));
}

export interface NewApiToken {
  name: string;
  scopes: readonly Permission[];
  expiresAt: Date | null;
}

/**
 * Creates a token for `actorId`; the secret is in the answer and nowhere else. `secret` is for the
 * demo's seed only (a known secret); a page never passes one.
 */
export async function createApiToken(
  storeId: string,
  actorId: string,
  input: NewApiToken,
  secret: string = newApiSecret(),
): Promise<{ ok: true; id: string; secret: string } | { ok: false; error: ApiTokenError }> {
  const db = await getDb();
  const scopes = [...new Set(input.scopes)].sort();
  return db.withStore(storeId, async (tx) => {
    const held = await readPermissionsIn(tx, actorId);
    if (!scopes.every((scope) => held.includes(scope))) return { ok: false, error: "escalation" as const };
    const [row] = await tx
      .insert(apiTokens)
      .values({
        storeId,
        name: input.name,
        prefix: secret.slice(0, API_TOKEN_SHOWN_CHARS),
        tokenHash: hashApiToken(secret),
        scopes,
        createdBy: actorId,
        expiresAt: input.expiresAt,
      })
      .returning({ id: apiTokens.id });
    await recordAudit(tx, storeId, {
      action: "apiToken.create",
      entityType: "staff",
      entityId: row!.id,
      entityLabel: input.name,
      changes: {
        scopes: [null, scopes],
        ...(input.expiresAt ? { expiresAt: [null, input.expiresAt.toISOString()] } : {}),
      },
    });
    return { ok: true as const, id: row!.id, secret };
  });
}

/** Revokes a token of the store: its next request is refused. */
export async function revokeApiToken(
  storeId: string,
  tokenId: string,
): Promise<{ ok: true; name: string } | { ok: false; error: ApiTokenError }> {
  const db = await getDb();
  return db.withStore(storeId, async (tx) => {
    const [token] = await tx
      .select({ id: apiTokens.id, name: apiTokens.name, revokedAt: apiTokens.revokedAt })
      .from(apiTokens)
      .where(and(eq(apiTokens.storeId, storeId), eq(apiTokens.id, tokenId)))
      .for("update");
    if (!token) return { ok: false as const, error: "not-found" as const };
    if (token.revokedAt) return { ok: false as const, error: "already-revoked" as const };
    await tx
      .update(apiTokens)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(apiTokens.storeId, storeId), eq(apiTokens.id, tokenId), isNull(apiTokens.revokedAt)));
    await recordAudit(tx, storeId, {
      action: "apiToken.revoke",
      entityType: "staff",
      entityId: token.id,
      entityLabel: token.name,
    });
    return { ok: true as const, name: token.name };
  });
}

/** The token a request authenticated with, and what it may do now. */
export interface ApiCaller {
  tokenId: string;
  name: string;
  /** Its scopes that its creator still holds. */
  scopes: Permission[];
  createdBy: string | null;
}

export type ApiAuthResult =
  { ok: true; caller: ApiCaller } | { ok: false; reason: "unknown" | "revoked" | "expired" };

/**
 * The token of a secret, on this store: unknown (another store's, a typo), revoked, expired, or the
 * caller. Notes when and from where it was last used.
 */
export async function authenticateApiToken(
  storeId: string,
  secret: string,
  ip: string | null,
): Promise<ApiAuthResult> {
  if (!secret.startsWith(API_TOKEN_PREFIX) || secret.length > 200) return { ok: false, reason: "unknown" };
  const db = await getDb();
  return db.withStore(storeId, async (tx): Promise<ApiAuthResult> => {
    const [token] = await tx
      .select({
        id: apiTokens.id,
        name: apiTokens.name,
        scopes: apiTokens.scopes,
        createdBy: apiTokens.createdBy,
        revokedAt: apiTokens.revokedAt,
        expired: sql<boolean>`${apiTokens.expiresAt} is not null and ${apiTokens.expiresAt} <= now()`,
      })
      .from(apiTokens)
      .where(and(eq(apiTokens.storeId, storeId), eq(apiTokens.tokenHash, hashApiToken(secret))));
    if (!token) return { ok: false, reason: "unknown" };
    if (token.revokedAt) return { ok: false, reason: "revoked" };
    if (token.expired) return { ok: false, reason: "expired" };
    const held = token.createdBy ? await readPermissionsIn(tx, token.createdBy) : [];
    await tx
      .update(apiTokens)
      .set({ lastUsedAt: sql`now()`, lastUsedIp: ip || null })
      .where(and(eq(apiTokens.storeId, storeId), eq(apiTokens.id, token.id)));
    return {
      ok: true,
      caller: {
        tokenId: token.id,
        name: token.name,
        scopes: token.scopes.filter(isPermission).filter((scope) => held.includes(scope)),
        createdBy: token.createdBy,
      },
    };
  });
}
