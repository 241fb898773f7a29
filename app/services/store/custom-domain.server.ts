/**
 * A store's own domain (DESIGN §5, issue 12 item 5). The owner enters it; the page shows a CNAME to
 * the store's platform host and a TXT record `_store-verify.{domain}` holding the store's token;
 * "verify" looks both up over DNS (servers from DNS_SERVERS, so tests run their own) and records
 * the outcome with a reason. States: pending (never passed) → verified → failing (a later check
 * failed; the domain keeps working meanwhile, so a DNS hiccup does not take a store down). Once
 * verified, tenant resolution finds the store by it (the stores trigger tells every instance).
 */
import { randomBytes } from "node:crypto";
import { Resolver } from "node:dns/promises";
import { eq, sql } from "drizzle-orm";
import { getDb, rowsOf } from "~/db/client.server";
import { stores } from "~/db/schema";
import { platformDomain } from "./tenancy.server";

export type DomainState = "none" | "pending" | "verified" | "failing";
export type DomainProblem =
  "txt-missing" | "txt-wrong" | "cname-missing" | "cname-wrong" | "timeout" | "dns-error";

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
  const state: DomainState = !found.verifiedAt ? "pending" : found.error ? "failing" : "verified";
  return {
    domain: found.domain,
    state,
    cnameTarget,
    txtName: txtName(found.domain),
    txtValue: found.token,
    checkedAt: found.checkedAt?.toISOString() ?? null,
    problem: (found.error as DomainProblem | null) ?? null,
  };
}

export type SetDomainResult = "saved" | "invalid" | "platform" | "taken";

/** Sets (or replaces) the store's domain: pending again, with a new token. */
export async function setCustomDomain(storeId: string, raw: string): Promise<SetDomainResult> {
  const domain = normalizeDomain(raw);
  if (!domain) return "invalid";
  if (isPlatformHost(domain)) return "platform";
  const db = await getDb();
  try {
    await db.withStore(storeId, (tx) =>
      tx
        .update(stores)
        .set({
          customDomain: domain,
          customDomainVerifiedAt: null,
          domainVerifyToken: `store-verify=${randomBytes(16).toString("hex")}`,
          customDomainCheckedAt: null,
          customDomainError: null,
        })
        .where(eq(stores.id, storeId)),
    );
  } catch (error) {
    // The unique index on lower(custom_domain): another store has it.
    if (isUniqueViolation(error)) return "taken";
    throw error;
  }
  return "saved";
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === "23505") return true;
  }
  return false;
}

export async function removeCustomDomain(storeId: string): Promise<void> {
  const db = await getDb();
  await db.withStore(storeId, (tx) =>
    tx
      .update(stores)
      .set({
        customDomain: null,
        customDomainVerifiedAt: null,
        domainVerifyToken: null,
        customDomainCheckedAt: null,
        customDomainError: null,
      })
      .where(eq(stores.id, storeId)),
  );
}

/** The resolver checks go through: DNS_SERVERS ("127.0.0.1:5353,…") or the system's. */
function resolver(): Resolver {
  const timeout = Number(process.env.DNS_TIMEOUT_MS ?? 2000);
  const resolver = new Resolver({ timeout, tries: 1 });
  const servers = process.env.DNS_SERVERS?.split(",")
    .map((s) => s.trim())
    .filter(Boolean);
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

/** Checks the store's domain now and records the outcome; the state it is in afterwards. */
export async function verifyCustomDomain(storeId: string): Promise<CustomDomainView> {
  const found = await row(storeId);
  if (!found?.domain || !found.token) return getCustomDomain(storeId);
  const problem = await checkDns(found.domain, {
    token: found.token,
    cnameTarget: `${found.slug}.${platformDomain()}`,
  });
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
      .where(sql`${stores.id} = ${storeId} and ${stores.customDomain} = ${found.domain}`),
  );
  return getCustomDomain(storeId);
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
