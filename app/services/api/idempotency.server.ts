/**
 * `Idempotency-Key` on the Admin API's POSTs (issue 38, decision 045). The first request with a
 * key claims it (a row with status 0) before it runs; its answer is then stored on the row. The
 * same key again: with the same request (method, path and body hashed) the stored answer; with
 * another request, "mismatch" (422); while the first still runs, "in-progress" (409). A request
 * that failed on the server (5xx) releases its key, so it can be retried. Keys live a day.
 */
import { createHash } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { apiIdempotencyKeys } from "~/db/schema";
import { inStore } from "~/db/store-scope";

export const IDEMPOTENCY_TTL_HOURS = 24;

export function requestFingerprint(method: string, path: string, body: string): string {
  return createHash("sha256").update(`${method}\n${path}\n${body}`, "utf8").digest("hex");
}

export type IdempotencyClaim =
  | { kind: "claimed" }
  | { kind: "replay"; status: number; body: string }
  | { kind: "mismatch" }
  | { kind: "in-progress" };

export async function claimIdempotencyKey(
  storeId: string,
  tokenId: string,
  key: string,
  fingerprint: string,
): Promise<IdempotencyClaim> {
  const db = await getDb();
  return db.withStore(storeId, async (tx): Promise<IdempotencyClaim> => {
    // A key older than a day is free again.
    await tx
      .delete(apiIdempotencyKeys)
      .where(
        and(
          inStore(apiIdempotencyKeys, storeId, { tokenId, key }),
          sql`${apiIdempotencyKeys.createdAt} < now() - make_interval(hours => ${IDEMPOTENCY_TTL_HOURS})`,
        ),
      );
    const inserted = await tx
      .insert(apiIdempotencyKeys)
      .values({ storeId, tokenId, key, requestHash: fingerprint, status: 0, body: "" })
      .onConflictDoNothing()
      .returning({ key: apiIdempotencyKeys.key });
    if (inserted.length > 0) return { kind: "claimed" };
    const [row] = await tx
      .select({
        requestHash: apiIdempotencyKeys.requestHash,
        status: apiIdempotencyKeys.status,
        body: apiIdempotencyKeys.body,
      })
      .from(apiIdempotencyKeys)
      .where(inStore(apiIdempotencyKeys, storeId, { tokenId, key }));
    if (!row) return { kind: "in-progress" };
    if (row.requestHash !== fingerprint) return { kind: "mismatch" };
    if (row.status === 0) return { kind: "in-progress" };
    return { kind: "replay", status: row.status, body: row.body };
  });
}

/** Stores the answer of a claimed key; a server failure (5xx) releases the key instead. */
export async function settleIdempotencyKey(
  storeId: string,
  tokenId: string,
  key: string,
  answer: { status: number; body: string } | null,
): Promise<void> {
  const db = await getDb();
  const where = and(
    eq(apiIdempotencyKeys.storeId, storeId),
    eq(apiIdempotencyKeys.tokenId, tokenId),
    eq(apiIdempotencyKeys.key, key),
  );
  await db.withStore(storeId, async (tx) => {
    if (!answer || answer.status >= 500) await tx.delete(apiIdempotencyKeys).where(where);
    else await tx.update(apiIdempotencyKeys).set({ status: answer.status, body: answer.body }).where(where);
  });
}
