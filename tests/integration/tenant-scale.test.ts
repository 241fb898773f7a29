/**
 * Many stores (issue 25, decision 025): 20,000 stores made in one statement.
 *
 * - The tenant cache drops exactly the hosts of the store that changed, and every unknown host
 *   once a store or a domain appears.
 * - A statement changing every store while 5,000 hosts (and 5,000 stores' pages) are cached
 *   drops exactly what it must, in slices, and the test keeps answering meanwhile; the worst
 *   event-loop delay is printed, not asserted: speed is `npm run bench:tenants`' to measure
 *   (its bulk-change stall, on the production server), never a timed test's. In this test
 *   process the figure also holds its garbage collections (36.5 ms in one CI run, 81.7 ms in the
 *   next, both on the CPU). PostgreSQL only: PGlite runs the UPDATE itself on this thread.
 * - The staff list's statements, in every shape the page asks for, and the periodic platform
 *   jobs' reads, read `stores` through an index, never sequentially.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "~/db/client.server";
import { stores } from "~/db/schema";
import { TenantResolver, type CachedEntry, type Tenant } from "~/services/store/tenancy.server";
import { localBackend } from "../../server/page-cache/backend";
import { startPageCache } from "../../server/page-cache/start";
import { PageStore } from "../../server/page-cache/store";
import { bulkCreateStores } from "../helpers/bulk-stores";
import { createTestDb, type TestDb } from "../helpers/db";
import { eventually } from "../helpers/eventually";
import { explainOutput } from "../helpers/explain";

const ON_POSTGRES = Boolean(process.env.TEST_DATABASE_URL);
const STORES = 20_000;
const DOMAIN = "localhost";
/** The bulk stores' addresses end in their number. */
const BULK = "slug ~ '-[0-9]+$'";

let db: TestDb;

beforeAll(async () => {
  db = await createTestDb();
  await bulkCreateStores(db, STORES);
  await db.owner.execute(sql`analyze stores`);
}, 120_000);

afterAll(async () => {
  await db?.dispose();
});

type Row = { id: string; slug: string; custom_domain: string | null };

async function storeRows(where: string, limit: number): Promise<Row[]> {
  return rowsOf<Row>(
    await db.owner.execute(
      sql.raw(
        `select id, slug, custom_domain from stores where ${where} order by created_at desc limit ${limit}`,
      ),
    ),
  );
}

function hostsOf(row: Row): string[] {
  return [`${row.slug}.${DOMAIN}`, ...(row.custom_domain ? [row.custom_domain] : [])];
}

const idle = (resolver: TenantResolver) =>
  eventually(
    async () => resolver.cache.idle,
    (done) => done,
  );

describe("tenant cache invalidation", () => {
  it("drops exactly the changed store's hosts, and every unknown host", async () => {
    const resolver = await new TenantResolver(db, { platformDomain: DOMAIN }).start();
    try {
      const rows = await storeRows(BULK, 100);
      const target = rows.find((row) => row.custom_domain)!;
      const cached = new Map<string, Tenant>();
      for (const row of rows) {
        for (const host of hostsOf(row)) cached.set(host, await resolver.resolve(host));
      }
      expect(resolver.cache.stats().hosts).toBe(110);
      const unknownHosts = ["nosuch.localhost", "shop.unknown.example"];
      for (const host of unknownHosts) expect((await resolver.resolve(host)).kind).toBe("unknown");
      expect(resolver.cache.get(unknownHosts[0]!)).toBe("unknown");

      await db.owner.update(stores).set({ name: "Renamed" }).where(eq(stores.id, target.id));
      await eventually(
        async () => resolver.cache.get(`${target.slug}.${DOMAIN}`),
        (entry) => entry === undefined,
      );
      await idle(resolver);

      for (const [host, tenant] of cached) {
        const entry = resolver.cache.get(host);
        if (hostsOf(target).includes(host)) expect(entry, host).toBeUndefined();
        else expect((entry as CachedEntry | undefined)?.tenant, host).toBe(tenant);
      }
      for (const host of unknownHosts) expect(resolver.cache.get(host)).toBeUndefined();
      expect(resolver.cache.stats().hosts).toBe(108);
      const renamed = await resolver.resolve(target.custom_domain!);
      expect(renamed.kind === "store" && renamed.store.name).toBe("Renamed");
    } finally {
      await resolver.stop();
    }
  });

  it("keeps a store's hosts when a few other stores change, whatever few it holds", async () => {
    const resolver = await new TenantResolver(db, { platformDomain: DOMAIN }).start();
    try {
      const [kept, ...others] = await storeRows(BULK, 4);
      const host = `${kept!.slug}.${DOMAIN}`;
      const tenant = await resolver.resolve(host);
      // One store cached, three others renamed in one statement: three notifications at once.
      const before = resolver.cache.generation;
      await db.owner
        .update(stores)
        .set({ name: "Renamed too" })
        .where(
          sql`${stores.id} in (${sql.join(
            others.map((row) => sql`${row.id}`),
            sql`, `,
          )})`,
        );
      await eventually(
        async () => resolver.cache.generation,
        (generation) => generation >= before + 3,
      );
      await idle(resolver);
      expect((resolver.cache.get(host) as CachedEntry | undefined)?.tenant).toBe(tenant);
      expect(resolver.known(host)).toBe(tenant);
    } finally {
      await resolver.stop();
    }
  });

  it("forgets an unknown host once a store or a verified domain takes it", async () => {
    const resolver = await new TenantResolver(db, { platformDomain: DOMAIN }).start();
    try {
      expect((await resolver.resolve("newshop.localhost")).kind).toBe("unknown");
      expect((await resolver.resolve("fresh.example.org")).kind).toBe("unknown");
      await db.owner.insert(stores).values({ slug: "newshop", name: "New shop" });
      const found = await eventually(
        () => resolver.resolve("newshop.localhost"),
        (tenant) => tenant.kind === "store",
      );
      expect(found.kind === "store" && found.store.name).toBe("New shop");

      const [row] = await storeRows("slug like '%-7'", 1);
      await db.owner
        .update(stores)
        .set({ customDomain: "fresh.example.org", customDomainVerifiedAt: new Date() })
        .where(eq(stores.id, row!.id));
      const byDomain = await eventually(
        () => resolver.resolve("fresh.example.org"),
        (tenant) => tenant.kind === "store",
      );
      expect(byDomain.kind === "store" && byDomain.store.slug).toBe(row!.slug);
    } finally {
      await resolver.stop();
    }
  });
});

/**
 * The worst lateness of a 5 ms timer while `work` runs and until `settled` holds, counting only
 * the part of each delay this process spent on the CPU. On a shared machine (eight test runs on
 * two cores) the OS often does not schedule the process for 30–80 ms while its loop is idle: that
 * is lateness no code of ours causes, and the CPU time it consumed in the meantime tells the two
 * apart (a loop held by our code burns CPU for as long as it holds it). Both figures are printed.
 */
async function worstLateness(
  work: () => Promise<void>,
  settled: () => boolean,
): Promise<{ busy: number; raw: number }> {
  let busy = 0;
  let raw = 0;
  let running = true;
  let expected = performance.now() + 5;
  let cpu = process.cpuUsage();
  const tick = () => {
    const now = performance.now();
    const used = process.cpuUsage(cpu);
    cpu = process.cpuUsage();
    const late = now - expected;
    raw = Math.max(raw, late);
    busy = Math.max(busy, Math.min(late, (used.user + used.system) / 1000));
    expected = now + 5;
    if (running) setTimeout(tick, 5);
  };
  setTimeout(tick, 5);
  await work();
  await eventually(
    async () => settled(),
    (done) => done,
    30_000,
  );
  running = false;
  console.info(`event loop: worst delay ${busy.toFixed(1)} ms on the CPU, ${raw.toFixed(1)} ms by the clock`);
  return { busy, raw };
}

describe.skipIf(!ON_POSTGRES)("a statement changing every store", () => {
  it("drops the cached hosts and pages it must, in slices, while 5,000 hosts and 5,000 stores' pages are cached", async () => {
    const resolver = await new TenantResolver(db, { platformDomain: DOMAIN }).start();
    const pages = new PageStore(256 * 1024 * 1024);
    const pageCache = await startPageCache({ db, resolver, backend: localBackend(pages), ttlMs: 60_000 });
    try {
      const rows = await storeRows(BULK, 5_000);
      const template = await resolver.resolve(`${rows[0]!.slug}.${DOMAIN}`);
      if (template.kind !== "store") throw new Error("no store to copy");
      const fill = () => {
        for (const row of rows) {
          const tenant: Tenant = { kind: "store", store: { ...template.store, id: row.id, slug: row.slug } };
          resolver.cache.set(
            `${row.slug}.${DOMAIN}`,
            { storeId: row.id, chars: 40, tenant },
            resolver.cache.generation,
          );
          const generation = pages.generation(row.id);
          pages.set(row.id, `${row.slug}/`, generation, {
            status: 200,
            headers: [["content-type", "text/html"]],
            body: new Uint8Array(2_000),
            encoding: "identity",
            etag: `"${row.id}"`,
            expiresAt: Date.now() + 60_000,
          });
        }
        expect(resolver.cache.stats().hosts).toBe(5_000);
        expect(pages.stats().entries).toBe(5_000);
      };

      // Every store: more than are cached, so the tenant cache starts afresh.
      fill();
      await worstLateness(
        async () => void (await db.owner.execute(sql`update stores set name = name || '!'`)),
        () => resolver.cache.stats().hosts === 0 && pages.stats().entries === 0 && resolver.cache.idle,
      );

      // 4,000 of the 5,000 cached stores: dropped store by store, in slices.
      fill();
      await worstLateness(
        async () =>
          void (await db.owner.execute(
            sql`update stores set name = name || '?' where id in (select unnest(${sql.raw(
              `array[${rows
                .slice(0, 4_000)
                .map((row) => `'${row.id}'::uuid`)
                .join(",")}]`,
            )}))`,
          )),
        () =>
          resolver.cache.stats().hosts === 1_000 && pages.stats().entries === 1_000 && resolver.cache.idle,
      );
      expect(resolver.cache.stats().hosts).toBe(1_000);
      const kept = resolver.cache.get(`${rows[4_500]!.slug}.${DOMAIN}`);
      expect((kept as CachedEntry | undefined)?.storeId).toBe(rows[4_500]!.id);
      expect(resolver.cache.get(`${rows[0]!.slug}.${DOMAIN}`)).toBeUndefined();
    } finally {
      await pageCache.stop();
      await resolver.stop();
    }
  }, 60_000);
});

type PlanNode = { "Node Type": string; "Relation Name"?: string; Plans?: PlanNode[] };

function scansOf(plan: PlanNode): string[] {
  const own = plan["Relation Name"] ? [`${plan["Node Type"]} on ${plan["Relation Name"]}`] : [];
  return [...own, ...(plan.Plans ?? []).flatMap(scansOf)];
}

describe("staff list and platform jobs at 20,000 stores", () => {
  let anchor: { at: string; id: string };
  let prepared = 0;
  let named: Row;
  let withDomain: Row;

  beforeAll(async () => {
    // Page 100's cursor: the 2,475th store, newest first.
    const [row] = rowsOf<{ at: string; id: string }>(
      await db.owner.execute(
        sql`select created_at::text as at, id from stores order by created_at desc, id desc offset 2474 limit 1`,
      ),
    );
    anchor = row!;
    // Store number 1 (the newest bulk store) and number 1,230 (it has a domain).
    named = (await storeRows("slug like '%-1'", 1))[0]!;
    withDomain = (await storeRows("slug like '%-1230'", 1))[0]!;
  });

  const searchFor = (search: string | undefined) =>
    search === "@slug"
      ? named.slug
      : search === "@domain"
        ? withDomain.custom_domain!.replace(/\.com$/, "")
        : search;

  const shapes: [string, { search?: string; filter?: string; cursor?: "after" | "before" }][] = [
    ["the first page", {}],
    ["page 100", { cursor: "after" }],
    ["the page before page 100", { cursor: "before" }],
    ["a search for one store", { search: "@slug" }],
    ["a search for a domain", { search: "@domain" }],
    ["a search for a common word", { search: "Shades" }],
    ["a search's page 100", { search: "Shades", cursor: "after" }],
    ["open stores", { filter: "active" }],
    ["expired stores, page 100", { filter: "expired", cursor: "after" }],
    ["suspended stores", { filter: "suspended" }],
    ["a search among suspended stores", { search: "Inks", filter: "suspended" }],
  ];

  it.each(shapes)("reads stores by index for %s", async (_, shape) => {
    const plan = await db.owner.transaction(async (tx) => {
      const text = rowsOf<{ q: string }>(
        await tx.execute(sql`select platform_search_stores_sql(
          ${shape.search !== undefined}, ${shape.filter ?? null}, ${Boolean(shape.cursor)}, ${shape.cursor === "before"}) as q`),
      )[0]!.q;
      // EXECUTE takes no bind parameters inside EXPLAIN: the values go in as literals.
      const name = `staff_list_${++prepared}`;
      const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;
      await tx.execute(sql.raw(`prepare ${name}(text, timestamptz, uuid, integer) as ${text}`));
      const output = explainOutput<PlanNode>(
        await tx.execute(
          sql.raw(
            `explain (format json) execute ${name}(${literal(`%${searchFor(shape.search) ?? ""}%`)}, ${literal(anchor.at)}, ${literal(anchor.id)}, 26)`,
          ),
        ),
      );
      await tx.execute(sql.raw(`deallocate ${name}`));
      return output.Plan;
    });
    const scans = scansOf(plan).filter((scan) => scan.endsWith(" on stores"));
    expect(scans.length).toBeGreaterThan(0);
    expect(scans.filter((scan) => scan.startsWith("Seq Scan"))).toEqual([]);
  });

  it("answers the list through the function as before: newest first, filtered, searched", async () => {
    const list = (query: string | null, filter: string | null) =>
      db.withPlatform(async (tx) =>
        rowsOf<{ slug: string; name: string }>(
          await tx.execute(
            sql`select slug, name from platform_search_stores(${query}, ${filter}, null, null, false, 26)`,
          ),
        ),
      );
    const first = await list(null, null);
    expect(first).toHaveLength(26);
    expect(first[1]!.slug).toBe(named.slug);
    expect((await list(named.slug, null)).map((row) => row.slug)).toEqual([named.slug]);
    const suspended = await list("Inks", "suspended");
    expect(suspended.length).toBeGreaterThan(0);
    expect(suspended.every((row) => row.name.includes("Inks"))).toBe(true);
    expect(await list(null, "nonsense")).toEqual([]);
  });

  it.each([
    [
      "the trial notices",
      `explain (format json) update stores s set trial_ending_notified_at = now()
        where s.subscription_status = 'trialing' and s.stripe_subscription_id is null and s.status = 'active'
          and s.trial_ending_notified_at is null and s.subscription_current_period_end > now()
          and s.subscription_current_period_end <= now() + interval '3 days'`,
    ],
    [
      "the custom domain re-check",
      `explain (format json) select s.id from stores s where s.custom_domain is not null
        order by s.custom_domain_checked_at nulls first`,
    ],
  ])("reads stores by index for %s", async (_, statement) => {
    const plan = explainOutput<PlanNode>(await db.owner.execute(sql.raw(statement))).Plan;
    const scans = scansOf(plan).filter((scan) => scan.endsWith(" on stores"));
    expect(scans.length).toBeGreaterThan(0);
    expect(scans.filter((scan) => scan.startsWith("Seq Scan"))).toEqual([]);
  });
});
