/**
 * A store's own domain (DESIGN §5, issue 12 item 5). The owner enters it; the page shows a CNAME to
 * the store's platform host and a TXT record `_store-verify.{domain}` holding the store's token;
 * "verify" looks both up over DNS (servers from DNS_SERVERS, so tests run their own) and records
 * the outcome with a reason. States: pending (never passed) → verified → failing (a later check
 * failed; the domain keeps working meanwhile, so a DNS hiccup does not take a store down). Once
 * verified, tenant resolution finds the store by it (the stores trigger tells every instance).
 * Claims (issue 18): entering a domain claims it without taking it, so an unverified claim never
 * blocks another store (no squatting); the first store to verify wins, and other stores' pending
 * claims of that domain say so on their page; a claim unverified for 7 days lapses (shown as
 * such, no longer checked, and saving the domain again starts a new claim).
 */
import { recordAudit } from "~/services/audit/audit.server";
import { randomBytes } from "node:crypto";
import { Resolver } from "node:dns/promises";
import { eq, sql } from "drizzle-orm";
import { getDb, rowsOf } from "~/db/client.server";
import { isViolation, UNIQUE_VIOLATION } from "~/db/violation";
import { stores } from "~/db/schema";
import { platformDomain } from "./tenancy.server";
import { config } from "~/lib/config.server";

export type DomainState = "none" | "pending" | "verified" | "failing" | "lapsed";
export type DomainProblem =
  "txt-missing" | "txt-wrong" | "cname-missing" | "cname-wrong" | "timeout" | "dns-error" | "taken";

/** How long a claim may stay unverified. */
export const CLAIM_LIFETIME_DAYS = 7;
const CLAIM_LIFETIME_MS = CLAIM_LIFETIME_DAYS * 24 * 60 * 60 * 1000;

export interface CustomDomainView {
  domain: string | null;
  state: DomainState;
  /** What to put in DNS. */
  cnameTarget: string;
  txtName: string | null;
  txtValue: string | null;
  checkedAt: string | null;
  problem: DomainProblem | null;
}

const HOST = /^(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** A domain as typed ("Shop.Example.com.") → its canonical form, or null when it is not one. */
export function normalizeDomain(raw: string): string | null {
  const domain = raw.trim().toLowerCase().replace(/\.$/, "");
  if (!HOST.test(domain)) return null;
  return domain;
}

/** The platform's own names are never a store's domain. */
export function isPlatformHost(domain: string, platform = platformDomain()): boolean {
  return domain === platform || domain.endsWith(`.${platform}`);
}

const txtName = (domain: string) => `_store-verify.${domain}`;

async function row(storeId: string) {
  const db = await getDb();
  const [found] = await db.withStore(storeId, (tx) =>
    tx
      .select({
        slug: stores.slug,
        domain: stores.customDomain,
        verifiedAt: stores.customDomainVerifiedAt,
        token: stores.domainVerifyToken,
        checkedAt: stores.customDomainCheckedAt,
        error: stores.customDomainError,
        claimedAt: stores.customDomainClaimedAt,
      })
      .from(stores)
      .where(eq(stores.id, storeId)),
  );
  return found ?? null;
}

export async function getCustomDomain(storeId: string): Promise<CustomDomainView> {
  const found = await row(storeId);
  const cnameTarget = `${found?.slug ?? "store"}.${platformDomain()}`;
  if (!found?.domain) {
    return {
      domain: null,
      state: "none",
      cnameTarget,
      txtName: null,
      txtValue: null,
      checkedAt: null,
      problem: null,
    };
  }
  const state: DomainState = found.verifiedAt
    ? found.error
      ? "failing"
      : "verified"
    : hasLapsed(found.claimedAt)
      ? "lapsed"
      : "pending";
  // A pending claim of a domain another store has verified since: say so, whatever DNS said.
  const takenElsewhere =
    state === "pending" && (await verifiedOwner(found.domain)) !== null ? ("taken" as const) : null;
  return {
    domain: found.domain,
    state,
    cnameTarget,
    txtName: txtName(found.domain),
    txtValue: found.token,
    checkedAt: found.checkedAt?.toISOString() ?? null,
    problem: takenElsewhere ?? (found.error as DomainProblem | null) ?? null,
  };
}

function hasLapsed(claimedAt: Date | null, now = Date.now()): boolean {
  return claimedAt !== null && now - claimedAt.getTime() > CLAIM_LIFETIME_MS;
}

/** The store that verified `domain`, if any (a definer function: other stores are invisible). */
async function verifiedOwner(domain: string): Promise<string | null> {
  const db = await getDb();
  const [found] = rowsOf<{ owner: string | null }>(
    await db.withPlatform((tx) => tx.execute(sql`select platform_custom_domain_owner(${domain}) as owner`)),
  );
  return found?.owner ?? null;
}

export type SetDomainResult = "saved" | "invalid" | "platform" | "taken";

/**
 * Sets (or replaces) the store's domain: a new claim, pending, with a new token. Taken only when
 * another store has verified it; other stores' unverified claims do not count.
 */
export async function setCustomDomain(storeId: string, raw: string): Promise<SetDomainResult> {
  const domain = normalizeDomain(raw);
  if (!domain) return "invalid";
  if (isPlatformHost(domain)) return "platform";
  const owner = await verifiedOwner(domain);
  if (owner !== null && owner !== storeId) return "taken";
  const db = await getDb();
  try {
    await db.withStore(storeId, async (tx) => {
      const [before] = await tx
        .select({ customDomain: stores.customDomain })
        .from(stores)
        .where(eq(stores.id, storeId));
      await recordAudit(tx, storeId, {
        action: "domain.set",
        entityType: "domain",
        entityLabel: domain,
        changes: { customDomain: [before?.customDomain ?? null, domain] },
      });
      await tx
        .update(stores)
        .set({
          customDomain: domain,
          customDomainVerifiedAt: null,
          domainVerifyToken: `store-verify=${randomBytes(16).toString("hex")}`,
          customDomainCheckedAt: null,
          customDomainError: null,
          customDomainClaimedAt: sql`now()`,
        })
        .where(eq(stores.id, storeId));
    });
  } catch (error) {
    // The unique index on lower(custom_domain) of verified domains: the store had this domain
    // verified already and another store verified it meanwhile (the race after the check above).
    if (isViolation(error, UNIQUE_VIOLATION)) return "taken";
    throw error;
  }
  return "saved";
}

export async function removeCustomDomain(storeId: string): Promise<void> {
  const db = await getDb();
  await db.withStore(storeId, async (tx) => {
    const [before] = await tx
      .select({ customDomain: stores.customDomain })
      .from(stores)
      .where(eq(stores.id, storeId));
    if (before?.customDomain) {
      await recordAudit(tx, storeId, {
        action: "domain.remove",
        entityType: "domain",
        entityLabel: before.customDomain,
        changes: { customDomain: [before.customDomain, null] },
      });
    }
    await tx
      .update(stores)
      .set({
        customDomain: null,
        customDomainVerifiedAt: null,
        domainVerifyToken: null,
        customDomainCheckedAt: null,
        customDomainError: null,
        customDomainClaimedAt: null,
      })
      .where(eq(stores.id, storeId));
  });
}

/** The resolver checks go through: DNS_SERVERS ("127.0.0.1:5353,…") or the system's. */
function resolver(): Resolver {
  const { dns } = config();
  const resolver = new Resolver({ timeout: dns.timeoutMs, tries: 1 });
  const servers = dns.servers?.map((s) => s.trim()).filter(Boolean);
  if (servers?.length) resolver.setServers(servers);
  return resolver;
}

const NOT_FOUND = new Set(["ENOTFOUND", "ENODATA", "ENONAME", "NXDOMAIN"]);
const TIMED_OUT = new Set(["ETIMEOUT", "ETIMEDOUT", "ECONNREFUSED", "ECANCELLED"]);

function problemOf(error: unknown, missing: DomainProblem): DomainProblem {
  const code = (error as { code?: string }).code ?? "";
  if (NOT_FOUND.has(code)) return missing;
  if (TIMED_OUT.has(code)) return "timeout";
  return "dns-error";
}

/** Looks the records up: null when both are right, else the first problem. */
export async function checkDns(
  domain: string,
  expected: { token: string; cnameTarget: string },
): Promise<DomainProblem | null> {
  const dns = resolver();
  let txt: string[][];
  try {
    txt = await dns.resolveTxt(txtName(domain));
  } catch (error) {
    return problemOf(error, "txt-missing");
  }
  if (!txt.some((chunks) => chunks.join("").trim() === expected.token)) return "txt-wrong";
  let cnames: string[];
  try {
    cnames = await dns.resolveCname(domain);
  } catch (error) {
    return problemOf(error, "cname-missing");
  }
  const target = expected.cnameTarget.toLowerCase();
  return cnames.some((name) => name.toLowerCase().replace(/\.$/, "") === target) ? null : "cname-wrong";
}

/**
 * Checks the store's domain now and records the outcome; the state it is in afterwards. A lapsed
 * claim is not checked; a claim of a domain another store verified first stays pending ("taken").
 */
export async function verifyCustomDomain(storeId: string): Promise<CustomDomainView> {
  const found = await row(storeId);
  if (!found?.domain || !found.token) return getCustomDomain(storeId);
  if (!found.verifiedAt && hasLapsed(found.claimedAt)) return getCustomDomain(storeId);
  let problem: DomainProblem | null = await checkDns(found.domain, {
    token: found.token,
    cnameTarget: `${found.slug}.${platformDomain()}`,
  });
  const owner = problem ? null : await verifiedOwner(found.domain);
  if (owner !== null && owner !== storeId) problem = "taken";
  try {
    await recordCheck(storeId, found.domain, problem);
  } catch (error) {
    // Another store verified it between the look-up and this write: it was first.
    if (!isViolation(error, UNIQUE_VIOLATION)) throw error;
    await recordCheck(storeId, found.domain, "taken");
  }
  return getCustomDomain(storeId);
}

async function recordCheck(storeId: string, domain: string, problem: DomainProblem | null) {
  const db = await getDb();
  await db.withStore(storeId, (tx) =>
    tx
      .update(stores)
      .set({
        customDomainCheckedAt: sql`now()`,
        customDomainError: problem,
        // Verified once it passes; a later failure keeps it (state "failing") until it is removed.
        ...(problem
          ? {}
          : { customDomainVerifiedAt: sql`coalesce(${stores.customDomainVerifiedAt}, now())` }),
      })
      // Only if the domain is still the one checked (the owner may have changed it meanwhile).
      .where(sql`${stores.id} = ${storeId} and ${stores.customDomain} = ${domain}`),
  );
}

/** The periodic re-check (server.ts): every store with a domain, oldest check first. */
export async function recheckCustomDomains(): Promise<number> {
  const db = await getDb();
  const ids = rowsOf<{ id: string }>(
    await db.withPlatform((tx) => tx.execute(sql`select id from platform_stores_with_domain()`)),
  );
  for (const { id } of ids) await verifyCustomDomain(id);
  return ids.length;
}
