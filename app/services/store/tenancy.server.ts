import { eq, sql } from "drizzle-orm";
import { getDb, rowsOf, type Db } from "~/db/client.server";
import { storeSettings } from "~/db/schema";
import { RESERVED_STORE_ADDRESSES } from "~/lib/store-address";
import { storeTimeZone } from "~/lib/time-zone";
import {
  defaultStoreSettings,
  SHELL_SETTINGS_COLUMNS,
  type ShellSettingsSource,
} from "~/services/store/settings.server";
import { config } from "~/lib/config.server";
import { TenantCache, type CachedTenant } from "./tenant-cache.server";

export interface StoreBranding {
  primaryColor: string;
  secondaryColor: string;
  logoImageId: string | null;
}

export interface TenantStore {
  id: string;
  slug: string;
  name: string;
  status: "active" | "suspended";
  currency: string;
  defaultLocale: "en" | "ar";
  customDomain: string | null;
  subscriptionCurrentPeriodEnd: Date | null;
  matchedBy: "domain" | "slug";
  branding: StoreBranding;
  /** The IANA zone every date and time of the store is shown in (checked: UTC if unknown). */
  timeZone: string;
  /** What every page of the store shows; cached with the tenant (see settings.server.ts). */
  settings: ShellSettingsSource;
}

export type Tenant =
  { kind: "platform" } | { kind: "store"; store: TenantStore } | { kind: "unknown"; host: string };

export const RESERVED_SLUGS: ReadonlySet<string> = new Set(RESERVED_STORE_ADDRESSES);
export const DEFAULT_BRANDING: StoreBranding = {
  primaryColor: "#242F51",
  secondaryColor: "#384878",
  logoImageId: null,
};

export function platformDomain(): string {
  return config().platformDomain;
}

/** Lower-cases a Host header value and drops the port and any trailing dot. */
export function normalizeHost(raw: string): string {
  let host = raw.trim().toLowerCase();
  if (host.startsWith("[")) return host.slice(0, host.indexOf("]") + 1);
  const colon = host.lastIndexOf(":");
  if (colon !== -1) host = host.slice(0, colon);
  return host.replace(/\.$/, "");
}

/** The host a request was addressed to; X-Forwarded-Host is believed only behind a trusted proxy. */
export function requestHost(headers: { host?: string; forwardedHost?: string }): string {
  const forwarded = config().trustProxy ? headers.forwardedHost?.split(",")[0] : undefined;
  return normalizeHost(forwarded || headers.host || "");
}

const HOST_SYNTAX =
  /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

type HostRow = {
  id: string;
  slug: string;
  name: string;
  status: "active" | "suspended";
  currency: string;
  default_locale: "en" | "ar";
  custom_domain: string | null;
  subscription_current_period_end: string | Date | null;
  matched_by: "domain" | "slug";
};

async function lookupStore(db: Db, slug: string | null, domain: string | null): Promise<TenantStore | null> {
  const found = await db.withPlatform((tx) =>
    tx.execute<HostRow>(sql`select * from platform_store_by_host(${slug}, ${domain})`),
  );
  const row = rowsOf<HostRow>(found)[0];
  if (!row) return null;
  const { timeZone, ...settings } = await db.withStore(row.id, async (tx) => {
    const [found] = await tx
      .select({ ...SHELL_SETTINGS_COLUMNS, timeZone: storeSettings.timeZone })
      .from(storeSettings)
      .where(eq(storeSettings.storeId, row.id));
    return found ?? defaultStoreSettings(row.id);
  });
  const branding: StoreBranding = {
    primaryColor: settings.primaryColor,
    secondaryColor: settings.secondaryColor,
    logoImageId: settings.logoImageId,
  };
  const periodEnd = row.subscription_current_period_end;
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    status: row.status,
    currency: row.currency,
    defaultLocale: row.default_locale,
    customDomain: row.custom_domain,
    subscriptionCurrentPeriodEnd: periodEnd ? new Date(periodEnd) : null,
    matchedBy: row.matched_by,
    branding,
    timeZone: storeTimeZone(timeZone),
    settings,
  };
}

/**
 * Host → tenant (DESIGN §2): a verified custom domain; `{slug}.{PLATFORM_DOMAIN}`; the platform
 * domain or its `www.`; anything else is unknown. Uncached: see `TenantResolver`.
 */
export async function resolveTenantUncached(
  db: Db,
  host: string,
  domain = platformDomain(),
): Promise<Tenant> {
  if (host === domain || host === `www.${domain}`) return { kind: "platform" };
  if (!HOST_SYNTAX.test(host)) return { kind: "unknown", host };
  let slug: string | null = null;
  if (host.endsWith(`.${domain}`)) {
    const label = host.slice(0, -(domain.length + 1));
    if (!label.includes(".") && !RESERVED_SLUGS.has(label)) slug = label;
  }
  const store = await lookupStore(db, slug, host);
  return store ? { kind: "store", store } : { kind: "unknown", host };
}

/** A cached host: the tenant, and what the cache indexes and charges it by. */
export type CachedEntry = CachedTenant & { tenant: Tenant };
type Entry = CachedEntry;

/**
 * A per-instance cache over `resolveTenantUncached` (tenant-cache.server.ts). Every instance
 * listens on the `store_changed` channel (raised by triggers on stores and store_settings) and
 * drops what a change could affect: that store's hosts, and every unknown host (a new store or a
 * newly verified domain can turn an unknown host into a store), in time proportional to the
 * stores that changed, yielding to the event loop between slices (decision 025).
 */
export class TenantResolver {
  readonly cache: TenantCache<Entry>;
  private stopListening?: () => Promise<void>;
  private readonly domain: string;

  constructor(
    private readonly db: Db,
    options: { ttlMs?: number; maxBytes?: number; platformDomain?: string } = {},
  ) {
    this.cache = new TenantCache<Entry>({
      maxBytes: options.maxBytes ?? config().tenantCacheBytes,
      ttlMs: options.ttlMs ?? 30_000,
    });
    this.domain = options.platformDomain ?? platformDomain();
  }

  async start(): Promise<this> {
    this.stopListening = await this.db.listen("store_changed", (storeId) => this.cache.queue(storeId));
    return this;
  }

  async stop(): Promise<void> {
    await this.stopListening?.();
  }

  /** Drops one store's hosts at once (this process's own writes: see `tenantChanged`). */
  invalidate(storeId: string): void {
    this.cache.invalidate(storeId);
  }

  /**
   * What this host was last resolved to, however long ago, without asking the database: the
   * page cache serves its stale pages by it while the database is down (decision 020).
   */
  known(host: string): Tenant | undefined {
    return this.cache.peekStale(host)?.tenant;
  }

  /**
   * What `resolve` would answer from the cache, without waiting: undefined when it would ask the
   * database. The page cache answers a hit at once by it (server/edge/page-cache.ts, issue 41).
   */
  cached(host: string): Tenant | undefined {
    const cached = this.cache.get(host);
    return cached === "unknown" ? { kind: "unknown", host } : cached?.tenant;
  }

  async resolve(host: string): Promise<Tenant> {
    const cached = this.cache.get(host);
    if (cached === "unknown") return { kind: "unknown", host };
    if (cached) return cached.tenant;
    const generation = this.cache.generation;
    const tenant = await resolveTenantUncached(this.db, host, this.domain);
    if (tenant.kind === "unknown") this.cache.set(host, "unknown", generation);
    else this.cache.set(host, entryOf(tenant), generation);
    return tenant;
  }
}

function entryOf(tenant: Exclude<Tenant, { kind: "unknown" }>): Entry {
  if (tenant.kind === "platform") return { storeId: null, chars: 0, tenant };
  const { store } = tenant;
  const chars =
    store.name.length +
    store.slug.length +
    (store.customDomain?.length ?? 0) +
    Object.values(store.settings).reduce<number>(
      (sum, value) =>
        sum + (typeof value === "string" ? value.length : value ? JSON.stringify(value).length : 0),
      0,
    );
  return { storeId: store.id, chars, tenant };
}

const GLOBAL_KEY = Symbol.for("storefront.tenantResolver");
type GlobalWithResolver = typeof globalThis & { [GLOBAL_KEY]?: Promise<TenantResolver> };

/** The process-wide resolver, shared by server.ts and the Remix build. */
export function getTenantResolver(): Promise<TenantResolver> {
  const g = globalThis as GlobalWithResolver;
  g[GLOBAL_KEY] ??= getDb().then((db) => new TenantResolver(db).start());
  return g[GLOBAL_KEY];
}

/**
 * Call after committing a change to a store or its settings: this instance's next request reads
 * them fresh at once. Other instances hear of it from the `store_changed` trigger's notification;
 * this one does too, but a moment later than the redirect the writer is about to send.
 */
export async function tenantChanged(storeId: string): Promise<void> {
  const resolver = (globalThis as GlobalWithResolver)[GLOBAL_KEY];
  if (resolver) (await resolver).invalidate(storeId);
}

export async function resolveTenant(host: string): Promise<Tenant> {
  return (await getTenantResolver()).resolve(normalizeHost(host));
}

/** The store with this slug (platform-wide lookup), or null. */
export async function storeIdBySlug(slug: string): Promise<string | null> {
  const db = await getDb();
  const found = await db.withPlatform((tx) =>
    tx.execute(sql`select id from platform_store_by_host(${slug}, null)`),
  );
  return rowsOf<{ id: string }>(found)[0]?.id ?? null;
}
