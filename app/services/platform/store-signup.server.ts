/**
 * Opening a store from the platform host (issue 12): the address check the sign-up form asks as
 * you type, the one transaction that creates a store, and the hand-off that signs its owner in
 * on the store's own host (each host is its own cookie jar, DESIGN §5, so the platform cannot set
 * the store's session cookie itself).
 */
import { writeEverywhereZone } from "~/services/shipping/admin.server";
import { createHash, randomBytes } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import { uuidv7 } from "uuidv7";
import { getDb, rowsOf } from "~/db/client.server";
import { verificationTokens } from "~/db/schema";
import type { Locale } from "~/lib/i18n";
import { storeAddressProblem, type StoreAddressRule } from "~/lib/store-address";
import type { CreateStoreInput } from "~/lib/validation/store-signup";
import { hashPassword } from "~/services/identity/passwords.server";
import { storeHost, storeOrigin } from "~/services/store/store-origin.server";

/** The hand-off link lives as long as a redirect takes, with room for a slow network. */
export const HANDOFF_TTL_SECONDS = 120;
/** A new store's trial of the cheapest plan. */
export const TRIAL_DAYS = 14;

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export type StoreAddressProblem = StoreAddressRule | "taken";
export type StoreAddressCheck = { available: true } | { available: false; reason: StoreAddressProblem };

/** Whether `slug` could be a new store's address right now (the sign-up answers for certain). */
export async function checkStoreAddress(slug: string): Promise<StoreAddressCheck> {
  // The sign-up schema's own rule, so the answer as you type is the one the sign-up gives.
  const problem = storeAddressProblem(slug);
  if (problem) return { available: false, reason: problem };
  const db = await getDb();
  // Another store's row is invisible to the app role (RLS): ask the platform's host lookup.
  const found = await db.withPlatform((tx) =>
    tx.execute(sql`select id from platform_store_by_host(${slug}, null)`),
  );
  return rowsOf(found).length > 0 ? { available: false, reason: "taken" } : { available: true };
}

export type CreateStoreResult =
  { ok: true; storeId: string; slug: string; handoffUrl: string } | { ok: false; reason: "taken" };

/**
 * One transaction: the store (on a trial of the cheapest active plan), its settings with the
 * defaults, the owner as its admin, and a single-use hand-off token bound to the store's host.
 * Two sign-ups for one address at once make one store; the other gets "taken".
 */
export async function createStore(input: CreateStoreInput & { locale: Locale }): Promise<CreateStoreResult> {
  if (storeAddressProblem(input.slug)) return { ok: false, reason: "taken" };
  const passwordHash = await hashPassword(input.password);
  const token = randomBytes(32).toString("base64url");
  const address = { slug: input.slug, customDomain: null, matchedBy: "slug" as const };
  const storeId = uuidv7();
  const db = await getDb();
  const created = await db.withPlatform((tx) =>
    tx.execute(sql`select store_id from platform_create_store(
      ${storeId}, ${input.slug}, ${input.storeName}, ${input.locale},
      ${uuidv7()}, ${input.email.trim().toLowerCase()}, ${input.storeName}, ${passwordHash},
      ${TRIAL_DAYS},
      ${uuidv7()}, ${hashToken(token)}, ${storeHost(address)}, ${HANDOFF_TTL_SECONDS})`),
  );
  if (rowsOf(created).length === 0) return { ok: false, reason: "taken" };
  // Its one shipping zone, as migration 0035 gave every store before it (decision 039): the
  // owner sees and edits it at /admin/shipping. The store's first moments have no shopper yet.
  await db.withStore(storeId, (tx) => writeEverywhereZone(tx, storeId, input.locale === "ar" ? "ar" : "en"));
  return {
    ok: true,
    storeId,
    slug: input.slug,
    handoffUrl: `${storeOrigin(address)}/handoff/${token}`,
  };
}

/**
 * Uses a hand-off token on the host it was issued for: once, within its lifetime, on that store
 * (row-level security) and that exact host. Returns the owner's user id, or null.
 */
export async function consumeHandoff(storeId: string, host: string, token: string): Promise<string | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const db = await getDb();
  const [row] = await db.withStore(storeId, (tx) =>
    tx
      .update(verificationTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(verificationTokens.tokenHash, hashToken(token)),
          eq(verificationTokens.purpose, "handoff"),
          eq(verificationTokens.host, host.toLowerCase()),
          isNull(verificationTokens.usedAt),
          sql`${verificationTokens.expiresAt} > now()`,
        ),
      )
      .returning({ userId: verificationTokens.userId }),
  );
  return row?.userId ?? null;
}
