/**
 * The demo seed on a fresh database: every rule of the brief is checked against what the
 * database holds, then a second seed must change nothing at all.
 */
import { sql, type SQL } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { DEMO_ACCOUNTS, DEMO_PASSWORDS, seedDemo } from "~/db/seed";
import { COLOR_FAMILIES } from "~/db/seed/catalog/types";
import { ensureDemoData } from "~/db/seed/ensure.server";
import { planStore } from "~/db/seed/plan";
import { DYES_STORE } from "~/db/seed/stores";
import { verifyPassword } from "~/services/identity/passwords.server";
import { invoiceHash } from "~/lib/invoice-chain";
import { findInvoice, storedContent } from "~/services/tax/invoices.server";
import { createTestDb, type TestDb } from "../helpers/db";

const DAY = 86_400_000;
// A fixed moment, so the 60-day window and the 7-day "trending" count have exact edges.
const NOW = new Date(Math.floor(Date.now() / 1000) * 1000);
const ts = (date: Date) => sql`${date.toISOString()}::timestamptz`;

let db: TestDb;
let seededLines: string[] | null;
let linesWhenDisabled: string[] | null;
let storesWhenDisabled: number;

async function rows<T>(query: SQL): Promise<T[]> {
  const result: unknown = await db.owner.execute(query);
  // postgres.js answers with the rows, PGlite with { rows }.
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

async function one<T>(query: SQL): Promise<T> {
  const [row] = await rows<T>(query);
  if (!row) throw new Error("query returned no row");
  return row;
}

async function storeId(slug: string): Promise<string> {
  return (await one<{ id: string }>(sql`select id from stores where slug = ${slug}`)).id;
}

/** Row count and an md5 of every row's full text, for every table in the public schema. */
async function snapshot(): Promise<Record<string, { n: number; md5: string }>> {
  const tables = await rows<{ name: string }>(
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const out: Record<string, { n: number; md5: string }> = {};
  for (const { name } of tables) {
    const table = sql.identifier(name);
    out[name] = await one<{ n: number; md5: string }>(
      sql`select count(*)::int as n, coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as md5 from ${table} t`,
    );
  }
  return out;
}

beforeAll(async () => {
  db = await createTestDb();
  vi.stubEnv("SEED_DEMO", "0");
  linesWhenDisabled = await ensureDemoData(db);
  storesWhenDisabled = (await one<{ n: number }>(sql`select count(*)::int as n from stores`)).n;
  // The default seeds only PGlite; forcing it lets this file run on PostgreSQL too.
  vi.stubEnv("SEED_DEMO", "1");
  // Only Date is faked: the seed reads "now" once, and every date it writes is relative to it.
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(NOW);
  try {
    const started = performance.now();
    seededLines = await ensureDemoData(db);
    console.info(`seed (${db.kind}): ${Math.round(performance.now() - started)} ms`);
  } finally {
    vi.useRealTimers();
  }
}, 180_000);

afterAll(async () => {
  vi.unstubAllEnvs();
  await db?.dispose();
});

describe("first start", () => {
  it("does not seed when SEED_DEMO=0", () => {
    expect(linesWhenDisabled).toBeNull();
    expect(storesWhenDisabled).toBe(0);
  });

  it("seeds an empty database and returns the URLs and logins to print", () => {
    expect(seededLines).not.toBeNull();
    const text = (seededLines ?? []).join("\n");
    for (const url of [
      "http://dyes.localhost:{port}",
      "http://inks.localhost:{port}",
      "http://localhost:{port}",
    ]) {
      expect(text).toContain(url);
    }
    for (const account of DEMO_ACCOUNTS) {
      expect(text).toContain(account.email);
      expect(text).toContain(account.password);
    }
  });
});

describe("catalogue", () => {
  it("has at least 6 top-level dyes categories, each with 2 to 4 sub categories", async () => {
    const id = await storeId("dyes");
    const tops = await rows<{ slug: string; subs: number }>(sql`
      select c.slug, (select count(*)::int from categories s where s.store_id = c.store_id and s.parent_id = c.id) as subs
      from categories c where c.store_id = ${id} and c.parent_id is null`);
    expect(tops.length).toBeGreaterThanOrEqual(6);
    for (const top of tops) {
      expect(top.subs, top.slug).toBeGreaterThanOrEqual(2);
      expect(top.subs, top.slug).toBeLessThanOrEqual(4);
    }
    // Sub categories go one level deep only.
    const deep = await one<{ n: number }>(sql`
      select count(*)::int as n from categories c join categories p on p.store_id = c.store_id and p.id = c.parent_id
      where c.store_id = ${id} and p.parent_id is not null`);
    expect(deep.n).toBe(0);
  });

  it("has at least 60 dyes and 20 inks products, complete in English and Arabic", async () => {
    for (const [slug, minimum] of [
      ["dyes", 60],
      ["inks", 20],
    ] as const) {
      const id = await storeId(slug);
      const products = await rows<{
        slug: string;
        name_en: string;
        name_ar: string;
        description_en: string;
        description_ar: string;
        price_cents: number;
        stock: number;
        shade_hex: string;
        color_family: string;
        category_ok: boolean;
      }>(sql`
        select p.slug, p.name_en, p.name_ar, p.description_en, p.description_ar, p.price_cents, p.stock,
               p.shade_hex, p.color_family, (s.parent_id = p.category_id) as category_ok
        from products p join categories s on s.store_id = p.store_id and s.id = p.subcategory_id
        where p.store_id = ${id}`);
      expect(products.length).toBeGreaterThanOrEqual(minimum);
      const total = await one<{ n: number }>(
        sql`select count(*)::int as n from products where store_id = ${id}`,
      );
      expect(total.n, "every product has a sub category").toBe(products.length);
      for (const p of products) {
        expect(p.name_en.trim(), p.slug).not.toBe("");
        expect(p.description_en.trim(), p.slug).not.toBe("");
        expect(p.name_ar, p.slug).toMatch(/[\u0600-\u06FF]/);
        expect(p.description_ar, p.slug).toMatch(/[\u0600-\u06FF]/);
        expect(p.slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
        expect(p.price_cents).toBeGreaterThanOrEqual(300);
        expect(p.price_cents).toBeLessThanOrEqual(12_000);
        expect(p.shade_hex).toMatch(/^#[0-9A-F]{6}$/);
        expect(COLOR_FAMILIES).toContain(p.color_family);
        expect(p.category_ok, `${p.slug}: sub category belongs to its category`).toBe(true);
      }
      if (slug === "dyes") {
        expect(products.some((p) => p.stock === 0)).toBe(true);
        expect(products.some((p) => p.stock > 0)).toBe(true);
        expect(new Set(products.map((p) => p.color_family)).size).toBeGreaterThanOrEqual(10);
        const prices = products.map((p) => p.price_cents);
        expect(Math.min(...prices)).toBeLessThan(600);
        expect(Math.max(...prices)).toBeGreaterThan(8_000);
      }
    }
  });

  it("finds a red dye by the Arabic words for red", async () => {
    const id = await storeId("dyes");
    for (const word of ["أحمر", "حمراء"]) {
      const found = await rows<{ slug: string }>(sql`
        select slug from products where store_id = ${id} and color_family = 'red' and search_text like ${`%${word}%`}`);
      expect(found.length, word).toBeGreaterThan(0);
    }
  });

  it("gives every product a real PNG swatch, and every store a PNG logo", async () => {
    const images = await rows<{
      head: string;
      content_type: string;
      byte_size: number;
      length: number;
      width: number;
      height: number;
      sha256: string;
      digest: string;
    }>(sql`
      select encode(substring(i.bytes from 1 for 8), 'hex') as head, i.content_type, i.byte_size,
             length(i.bytes) as length, i.width, i.height, i.sha256, encode(sha256(i.bytes), 'hex') as digest
      from images i`);
    expect(images.length).toBeGreaterThan(100);
    for (const image of images) {
      expect(image.head).toBe("89504e470d0a1a0a");
      expect(image.content_type).toBe("image/png");
      expect(image.byte_size).toBe(image.length);
      expect(image.byte_size).toBeLessThanOrEqual(5 * 1024 * 1024);
      expect(image.sha256).toBe(image.digest);
    }
    const withoutSwatch = await one<{ n: number }>(sql`
      select count(*)::int as n from products p
      where not exists (
        select 1 from product_images pi join images i on i.store_id = pi.store_id and i.id = pi.image_id
        where pi.store_id = p.store_id and pi.product_id = p.id and i.width = 480 and i.height = 480)`);
    expect(withoutSwatch.n).toBe(0);
    const logos = await rows<{ slug: string; head: string | null }>(sql`
      select s.slug, encode(substring(i.bytes from 1 for 8), 'hex') as head
      from stores s join store_settings ss on ss.store_id = s.id
      left join images i on i.store_id = ss.store_id and i.id = ss.logo_image_id`);
    expect(logos.map((l) => l.slug).sort()).toEqual(["dyes", "inks"]);
    for (const logo of logos) expect(logo.head, logo.slug).toBe("89504e470d0a1a0a");
  });

  it("sells Crimson Red Fabric Dye in three sizes, each its own price and stock, one low (decision 023)", async () => {
    const id = await storeId("dyes");
    const sizes = await rows<{
      value_en: string;
      value_ar: string;
      price_cents: number;
      stock: number;
      sku: string;
    }>(sql`
      select val.value_en, val.value_ar, v.price_cents, v.stock, v.sku
      from product_variants v
      join products p on p.store_id = v.store_id and p.id = v.product_id
      join product_option_values val on val.store_id = v.store_id and val.id = v.option1_value_id
      where p.store_id = ${id} and p.slug = 'crimson-red-fabric-dye'
      order by v.position`);
    expect(sizes.map((s) => s.value_en)).toEqual(["50 g", "250 g", "1 kg"]);
    expect(new Set(sizes.map((s) => s.price_cents)).size).toBe(3);
    expect(sizes.some((s) => s.stock > 0 && s.stock <= 5)).toBe(true);
    const [product] = await rows<{ price_cents: number; stock: number }>(sql`
      select price_cents, stock from products where store_id = ${id} and slug = 'crimson-red-fabric-dye'`);
    expect(product!.price_cents).toBe(Math.min(...sizes.map((s) => s.price_cents)));
    expect(product!.stock).toBe(sizes.reduce((sum, s) => sum + s.stock, 0));
    const twoOptions = await one<{ n: number }>(sql`
      select count(*)::int as n from product_variants
      where store_id = ${id} and option2_value_id is not null`);
    expect(twoOptions.n).toBeGreaterThanOrEqual(4);
    const orderedSizes = await one<{ n: number }>(sql`
      select count(*)::int as n from order_items where store_id = ${id} and jsonb_array_length(options) > 0`);
    expect(orderedSizes.n).toBeGreaterThan(0);
  });

  it("pictures the larger sizes: Crimson Red's 1 kg and both Midnight Blue Ink bottles have their own image", async () => {
    const pictures = await rows<{
      store: string;
      slug: string;
      value: string;
      image: string | null;
      w: number;
      head: string;
    }>(sql`
      select s.slug as store, p.slug, val.value_en as value, v.image_id as image, i.width as w,
             encode(substring(i.bytes from 1 for 8), 'hex') as head
      from product_variants v
      join stores s on s.id = v.store_id
      join products p on p.store_id = v.store_id and p.id = v.product_id
      join product_option_values val on val.store_id = v.store_id and val.id = v.option1_value_id
      left join images i on i.store_id = v.store_id and i.id = v.image_id
      where p.slug in ('crimson-red-fabric-dye', 'midnight-blue-ink')
      order by s.slug, v.position`);
    expect(pictures.map((p) => [p.store, p.slug, p.value, p.image !== null])).toEqual([
      ["dyes", "crimson-red-fabric-dye", "50 g", false],
      ["dyes", "crimson-red-fabric-dye", "250 g", true],
      ["dyes", "crimson-red-fabric-dye", "1 kg", true],
      ["inks", "midnight-blue-ink", "50 ml", true],
      ["inks", "midnight-blue-ink", "100 ml", true],
    ]);
    for (const picture of pictures.filter((p) => p.image)) {
      expect(picture.head, picture.value).toBe("89504e470d0a1a0a");
      expect(picture.w).toBe(480);
    }
    // Each its own picture, none the product's swatch, and every one in its own product's gallery
    // (a variant's picture is one of its product's: the admin form and the CSV pick from those).
    const images = pictures.flatMap((p) => (p.image ? [p.image] : []));
    expect(new Set(images).size).toBe(images.length);
    const outside = await one<{ n: number; swatch: number }>(sql`
      select count(*) filter (where pi.id is null)::int as n,
             count(*) filter (where pi.position = 0)::int as swatch
      from product_variants v
      left join product_images pi
        on pi.store_id = v.store_id and pi.product_id = v.product_id and pi.image_id = v.image_id
      where v.image_id is not null`);
    expect(outside).toEqual({ n: 0, swatch: 0 });
  });

  it("sells at least six dyes in three sizes, and one product in Size × Finish", async () => {
    const id = await storeId("dyes");
    const sized = await rows<{ slug: string; sizes: number; prices: number }>(sql`
      select p.slug, count(*)::int as sizes, count(distinct v.price_cents)::int as prices
      from product_variants v join products p on p.store_id = v.store_id and p.id = v.product_id
      where v.store_id = ${id} and v.option1_value_id is not null and v.option2_value_id is null
      group by p.slug having count(*) >= 3`);
    expect(sized.length).toBeGreaterThanOrEqual(6);
    for (const product of sized) expect(product.prices, product.slug).toBe(product.sizes);
    const options = await rows<{ slug: string; names: string }>(sql`
      select p.slug, string_agg(o.name_en, ' × ' order by o.position) as names
      from product_options o join products p on p.store_id = o.store_id and p.id = o.product_id
      where o.store_id = ${id} group by p.slug having count(*) = 2`);
    expect(options).toEqual([{ slug: "fuchsia-cold-water-dye", names: "Size × Finish" }]);
  });

  it("has orders of every size, each line at its size's price, SKU and option values", async () => {
    const lines = await rows<{
      slug: string;
      value: string;
      default_variant: boolean;
      price_ok: boolean;
      sku_ok: boolean;
      label: string;
    }>(sql`
      select p.slug, val.value_en as value, i.variant_id = i.product_id as default_variant,
             i.unit_price_cents = v.price_cents as price_ok, i.sku = v.sku as sku_ok,
             i.options -> 0 ->> 'valueEn' as label
      from order_items i
      join product_variants v on v.store_id = i.store_id and v.id = i.variant_id
      join products p on p.store_id = i.store_id and p.id = i.product_id
      join product_option_values val on val.store_id = v.store_id and val.id = v.option1_value_id`);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.filter((line) => !line.default_variant).length).toBeGreaterThan(0);
    for (const line of lines) {
      expect(line.price_ok, `${line.slug} ${line.value}`).toBe(true);
      expect(line.sku_ok, `${line.slug} ${line.value}`).toBe(true);
      expect(line.label).toBe(line.value);
    }
    const crimson = new Set(lines.filter((l) => l.slug === "crimson-red-fabric-dye").map((l) => l.value));
    expect([...crimson].sort()).toEqual(["1 kg", "250 g", "50 g"]);
  });

  it("is deterministic: a fresh plan for the same moment has the same catalogue as the database", async () => {
    const plan = await planStore(DYES_STORE, null, NOW);
    const expected = plan.products
      .map((p) => [p.slug, p.nameAr, p.priceCents, p.stock, p.shadeHex, p.unitsSold, p.ratingSum].join("|"))
      .sort();
    const id = await storeId("dyes");
    const actual = (
      await rows<{ line: string }>(sql`
        select concat_ws('|', slug, name_ar, price_cents, stock, shade_hex, units_sold, rating_sum) as line
        from products where store_id = ${id}`)
    )
      .map((r) => r.line)
      .sort();
    expect(actual).toEqual(expected);
    const digests = (await rows<{ sha256: string }>(sql`select sha256 from images where store_id = ${id}`))
      .map((r) => r.sha256)
      .sort();
    expect(digests).toEqual(plan.images.map((i) => i.sha256).sort());
  });
});

describe("store settings and branding", () => {
  it("fills every text in both languages, with distinct colours per store", async () => {
    const settings = await rows<Record<string, string | boolean> & { slug: string }>(sql`
      select s.slug, ss.* from store_settings ss join stores s on s.id = ss.store_id order by s.slug`);
    expect(settings).toHaveLength(2);
    const required = [
      "hero_title_en",
      "hero_title_ar",
      "hero_subtitle_en",
      "hero_subtitle_ar",
      "about_en",
      "about_ar",
      "terms_en",
      "terms_ar",
      "privacy_en",
      "privacy_ar",
      "contact_email",
      "contact_phone",
      "contact_address_en",
      "contact_address_ar",
      "footer_text_en",
      "footer_text_ar",
    ];
    for (const row of settings) {
      for (const column of required) expect(String(row[column]).trim(), `${row.slug}.${column}`).not.toBe("");
      expect(row.about_ar).toMatch(/[\u0600-\u06FF]/);
      expect(row.contact_hours).toBe("Mon-Fri 8am to 5pm");
      expect(row.cash_on_delivery_enabled).toBe(true);
    }
    const [dyes, inks] = settings;
    expect([dyes?.primary_color, dyes?.secondary_color]).toEqual(["#242F51", "#384878"]);
    expect(inks?.primary_color).toMatch(/^#[0-9A-F]{6}$/);
    expect(inks?.primary_color).not.toBe(dyes?.primary_color);
    expect(inks?.secondary_color).not.toBe(dyes?.secondary_color);
    // One demo store keeps its day in Riyadh (issue 21's time-zone field), the other in UTC.
    expect([dyes?.time_zone, inks?.time_zone]).toEqual(["UTC", "Asia/Riyadh"]);
  });

  it("has sales: a current percent sale on a category, a fixed sale on products, a store-wide sale that ended", async () => {
    const id = await storeId("dyes");
    const sales = await rows<{
      kind: string;
      scope: string;
      current: boolean;
      ended: boolean;
      targets: number;
    }>(sql`
      select kind, scope, (starts_at <= ${ts(NOW)} and ends_at > ${ts(NOW)}) as current, ends_at < ${ts(NOW)} as ended,
             (select count(*)::int from sale_targets t where t.store_id = s.store_id and t.sale_id = s.id) as targets
      from sales s where store_id = ${id}`);
    expect(sales).toContainEqual({
      kind: "percent",
      scope: "categories",
      current: true,
      ended: false,
      targets: 1,
    });
    expect(
      sales.find((s) => s.kind === "fixed" && s.scope === "products" && s.current)?.targets,
    ).toBeGreaterThan(0);
    expect(sales).toContainEqual({
      kind: "percent",
      scope: "store",
      current: false,
      ended: true,
      targets: 0,
    });
  });
});

describe("orders", () => {
  it("numbers each store's orders from 1001 without gaps, up to stores.last_order_number", async () => {
    const stats = await rows<{
      slug: string;
      n: number;
      distinct: number;
      min: number;
      max: number;
      last: number;
    }>(sql`
      select s.slug, count(o.id)::int as n, count(distinct o.number)::int as distinct, min(o.number) as min,
             max(o.number) as max, s.last_order_number as last
      from stores s join orders o on o.store_id = s.id group by s.slug, s.last_order_number order by s.slug`);
    expect(stats.map((s) => s.slug)).toEqual(["dyes", "inks"]);
    for (const s of stats) {
      expect(s.distinct).toBe(s.n);
      expect(s.min).toBe(1001);
      expect(s.max).toBe(1000 + s.n);
      expect(s.last).toBe(s.max);
    }
    expect(stats[0]?.n).toBeGreaterThanOrEqual(80);
    // Numbers follow the order in which orders were placed.
    const outOfOrder = await one<{ n: number }>(sql`
      select count(*)::int as n from orders a join orders b on b.store_id = a.store_id and b.number > a.number
      where b.created_at < a.created_at`);
    expect(outOfOrder.n).toBe(0);
  });

  it("keeps dyes' Cash On Delivery orders of the last day waiting for the shopper, within their window", async () => {
    const id = await storeId("dyes");
    const waiting = await one<{ n: number; outside: number }>(sql`
      select count(*)::int as n,
             count(*) filter (where payment_method <> 'cod' or confirm_cancel_at is null or confirm_cancel_at <= ${ts(NOW)}
               or confirm_cancel_at > created_at + interval '24 hours'
               or (confirm_remind_at is not null and confirm_remind_at <= ${ts(NOW)}))::int as outside
      from orders where store_id = ${id} and status = 'awaiting_confirmation'`);
    expect(waiting.n).toBeGreaterThan(0);
    expect(waiting.outside).toBe(0);
    const settings = await one<{ cod_confirm: boolean }>(
      sql`select cod_confirm from store_settings where store_id = ${id}`,
    );
    expect(settings.cod_confirm).toBe(true);
  });

  it("places every order in the last 60 days, with a mix of statuses, payments and methods", async () => {
    const outside = await one<{ n: number }>(sql`
      select count(*)::int as n from orders
      where created_at < ${ts(new Date(NOW.getTime() - 60 * DAY))} or created_at > ${ts(NOW)} or updated_at > ${ts(NOW)}
         or updated_at < created_at`);
    expect(outside.n).toBe(0);
    const id = await storeId("dyes");
    const mix = await one<{ statuses: string[]; payments: string[]; methods: string[] }>(sql`
      select array_agg(distinct status order by status) as statuses, array_agg(distinct payment_status order by payment_status) as payments,
             array_agg(distinct payment_method order by payment_method) as methods
      from orders where store_id = ${id}`);
    // Every status and payment status an order can have, so each badge and page shows in the demo.
    expect(mix.statuses).toEqual([
      "awaiting_confirmation",
      "cancelled",
      "confirmed",
      "delivered",
      "pending",
      "shipped",
    ]);
    expect(mix.payments).toEqual(expect.arrayContaining(["failed", "paid", "refunded", "unpaid"]));
    expect(mix.methods).toEqual(["card", "cod"]);
    // Cash On Delivery delivered but not paid yet: the dashboard's "cash to collect".
    const toCollect = await one<{ n: number }>(sql`
      select count(*)::int as n from orders
      where store_id = ${id} and payment_method = 'cod' and status = 'delivered' and payment_status = 'unpaid'`);
    expect(toCollect.n).toBeGreaterThan(0);
    const incompleteShipping = await one<{ n: number }>(sql`
      select count(*)::int as n from orders where '' in (trim(ship_full_name), trim(ship_street_address), trim(ship_zip_code),
        trim(ship_city), trim(ship_email), trim(ship_mobile))`);
    expect(incompleteShipping.n).toBe(0);
  });

  it("keeps totals consistent with the lines, and the lines with the products they snapshot", async () => {
    const badOrders = await rows<{ number: number }>(sql`
      select o.number from orders o join (
        select store_id, order_id, sum(unit_price_cents * quantity) as subtotal, sum(unit_discount_cents * quantity) as discount,
               sum(line_total_cents) as lines, sum(quantity) as quantity
        from order_items group by store_id, order_id) i on i.store_id = o.store_id and i.order_id = o.id
      where o.subtotal_cents <> i.subtotal or o.discount_cents <> i.discount or o.total_quantity <> i.quantity
         or o.total_cents <> o.subtotal_cents - o.discount_cents - o.code_discount_cents + o.shipping_cents + o.cod_fee_cents
         or i.lines <> o.subtotal_cents - o.discount_cents`);
    expect(badOrders).toEqual([]);
    // Dye & Shade's recent Cash On Delivery orders carry its COD fee (decision 030); card orders never do.
    const fees = await rows<{ method: string; n: number }>(sql`
      select o.payment_method as method, count(*)::int as n from orders o join stores s on s.id = o.store_id
      where s.slug = 'dyes' and o.cod_fee_cents > 0 group by 1 order by 1`);
    expect(fees).toEqual([{ method: "cod", n: expect.any(Number) }]);
    expect(fees[0]!.n).toBeGreaterThan(0);
    const badLines = await one<{ n: number }>(sql`
      select count(*)::int as n from order_items i join products p on p.store_id = i.store_id and p.id = i.product_id
      where i.line_total_cents <> (i.unit_price_cents - i.unit_discount_cents) * i.quantity
         or i.name_en <> p.name_en or i.name_ar <> p.name_ar or i.unit_discount_cents < 0 or i.unit_discount_cents > i.unit_price_cents`);
    expect(badLines.n).toBe(0);
    const empty = await one<{ n: number }>(sql`
      select count(*)::int as n from orders o where not exists (select 1 from order_items i where i.store_id = o.store_id and i.order_id = o.id)`);
    expect(empty.n).toBe(0);
    // The store-wide sale ended 40 days ago, so orders placed while it ran carry a discount.
    const discounted = await one<{ n: number }>(
      sql`select count(*)::int as n from orders where discount_cents > 0`,
    );
    expect(discounted.n).toBeGreaterThan(0);
  });

  it("has the demo discount codes of issue 20, and orders that used them", async () => {
    const dyes = await storeId("dyes");
    const codes = await rows<{
      code: string;
      kind: string;
      value: number;
      min: number;
      limit: number | null;
      scope: string;
      uses: number;
      state: string;
      redeemed: number;
    }>(sql`
      select c.code, c.kind, c.value, c.min_subtotal_cents as min, c.usage_limit as limit, c.scope, c.uses,
             case when c.ends_at <= ${ts(NOW)} then 'expired'
                  when c.usage_limit is not null and c.uses >= c.usage_limit then 'used-up'
                  when c.starts_at > ${ts(NOW)} then 'scheduled' else 'active' end as state,
             (select count(*)::int from discount_redemptions r
               where r.store_id = c.store_id and r.discount_code_id = c.id and r.released_at is null) as redeemed
        from discount_codes c where c.store_id = ${dyes} order by c.code`);
    const byCode = Object.fromEntries(codes.map((c) => [c.code, c]));
    expect(byCode.WELCOME10).toMatchObject({
      kind: "percentage",
      value: 10,
      min: 0,
      limit: null,
      scope: "store",
      state: "active",
    });
    expect(codes.map((c) => c.state).sort()).toEqual(["active", "active", "expired", "scheduled", "used-up"]);
    // `uses` is the held redemptions, and every redemption's order carries the code and its amount.
    for (const code of codes) expect(code.uses, code.code).toBe(code.redeemed);
    expect(byCode.WELCOME10!.uses).toBeGreaterThan(0);
    const mismatched = await rows<{ number: number }>(sql`
      select o.number from orders o
        left join discount_redemptions r on r.store_id = o.store_id and r.order_id = o.id
        left join discount_codes c on c.store_id = r.store_id and c.id = r.discount_code_id
       where (o.discount_code is null) <> (r.id is null) or o.discount_code <> c.code
          or o.code_discount_cents <> coalesce(r.amount_cents, 0)`);
    expect(mismatched).toEqual([]);
  });

  it("records an event for each change, ending at the order's status and payment status", async () => {
    const mismatched = await rows<{ number: number }>(sql`
      select o.number from orders o
      where (select count(*) from order_events e where e.store_id = o.store_id and e.order_id = o.id and e.type = 'placed') <> 1
         or (select e.to_status from order_events e where e.store_id = o.store_id and e.order_id = o.id and e.to_status is not null
             order by e.created_at desc, e.id desc limit 1) is distinct from o.status
         or (select e.payment_status from order_events e where e.store_id = o.store_id and e.order_id = o.id and e.payment_status is not null
             order by e.created_at desc, e.id desc limit 1) is distinct from o.payment_status
         or exists (select 1 from order_events e where e.store_id = o.store_id and e.order_id = o.id
                    and (e.created_at < o.created_at or e.created_at > o.updated_at))`);
    expect(mismatched).toEqual([]);
    // Each status change starts where the previous one ended.
    const broken = await one<{ n: number }>(sql`
      select count(*)::int as n from (
        select e.from_status, lag(e.to_status) over (partition by e.store_id, e.order_id order by e.created_at, e.id) as previous, e.type
        from order_events e where e.to_status is not null) chain
      where chain.type = 'status' and chain.from_status is distinct from chain.previous`);
    expect(broken.n).toBe(0);
    // Cancelled only from pending or confirmed, or refused at the door once shipped (issue 34).
    const badCancel = await one<{ n: number }>(sql`
      select count(*)::int as n from order_events where to_status = 'cancelled' and from_status not in ('pending', 'confirmed')
         and not (from_status = 'shipped' and note = 'Refused on delivery')`);
    expect(badCancel.n).toBe(0);
    // The dyes store's refusal history: one shopper's number refused two COD orders at the door.
    const refusals = await rows<{ phone: string; n: number }>(sql`
      select phone_e164 as phone, count(*)::int as n from orders
       where store_id = ${await storeId("dyes")} and refused_on_delivery_at is not null
         and status = 'cancelled' and payment_method = 'cod' and payment_status = 'unpaid'
       group by phone_e164`);
    expect(refusals).toEqual([{ phone: "+966505550102", n: 2 }]);
  });

  it("counts units sold (all time and last 7 days) from the non-cancelled orders", async () => {
    const weekAgo = new Date(NOW.getTime() - 7 * DAY);
    const wrong = await rows<{ slug: string }>(sql`
      select p.slug from products p left join lateral (
        select coalesce(sum(i.quantity), 0)::int as total,
               coalesce(sum(i.quantity) filter (where o.created_at >= ${ts(weekAgo)}), 0)::int as recent
        from order_items i join orders o on o.store_id = i.store_id and o.id = i.order_id
        where i.store_id = p.store_id and i.product_id = p.id and o.status <> 'cancelled') sold on true
      where p.units_sold <> sold.total or p.units_sold_7d <> sold.recent`);
    expect(wrong).toEqual([]);
    // The orders flagged as counted in Trending are exactly the recent ones, for the sweep to age out.
    const flagged = await one<{ n: number }>(sql`
      select count(*)::int as n from orders
       where counted_in_trending <> (status <> 'cancelled' and created_at >= ${ts(weekAgo)})`);
    expect(flagged.n).toBe(0);
    const id = await storeId("dyes");
    const totals = await one<{ sold: number; recent: number }>(sql`
      select sum(units_sold)::int as sold, sum(units_sold_7d)::int as recent from products where store_id = ${id}`);
    expect(totals.sold).toBeGreaterThan(0);
    expect(totals.recent).toBeGreaterThan(0);
  });
});

describe("shoppers and reviews", () => {
  it("keeps rating_count and rating_sum equal to the reviews", async () => {
    const wrong = await rows<{ slug: string }>(sql`
      select p.slug from products p left join lateral (
        select count(*)::int as n, coalesce(sum(r.rating), 0)::int as total
        from reviews r where r.store_id = p.store_id and r.product_id = p.id and r.status = 'published') r on true
      where p.rating_count <> r.n or p.rating_sum <> r.total`);
    expect(wrong).toEqual([]);
    const id = await storeId("dyes");
    const stats = await one<{ n: number; ratings: number[]; reviewers: number; empty: number }>(sql`
      select count(*)::int as n, array_agg(distinct rating order by rating) as ratings,
             count(distinct user_id)::int as reviewers,
             count(*) filter (where trim(title) = '' or trim(comment) = '')::int as empty
      from reviews where store_id = ${id}`);
    expect(stats.n).toBeGreaterThan(20);
    expect(stats.ratings.length).toBeGreaterThanOrEqual(3);
    expect(stats.empty).toBe(0);
    const byShoppers = await one<{ n: number }>(sql`
      select count(*)::int as n from reviews r join users u on u.store_id = r.store_id and u.id = r.user_id where u.is_admin`);
    expect(byShoppers.n).toBe(0);
  });

  it("shows moderation in each store: a held review with a link, a hidden one, one answered", async () => {
    const moderation = await rows<{
      slug: string;
      held: number;
      linked: number;
      hidden: number;
      replied: number;
    }>(sql`
      select s.slug,
             count(*) filter (where r.status = 'held')::int as held,
             count(*) filter (where r.status = 'held' and r.comment like '%www.%')::int as linked,
             count(*) filter (where r.status = 'hidden')::int as hidden,
             count(*) filter (where r.reply is not null and r.status = 'published')::int as replied
      from reviews r join stores s on s.id = r.store_id group by s.slug order by s.slug`);
    for (const store of moderation) {
      expect(store).toMatchObject({ held: 1, linked: 1, hidden: 1, replied: 1 });
    }
    expect(moderation.map((store) => store.slug)).toContain("dyes");
  });

  it("has about 8 shoppers in dyes, an owner in each store and dyes' packer and support agent", async () => {
    const users = await rows<{ slug: string; admins: number; shoppers: number }>(sql`
      select s.slug, count(*) filter (where u.is_admin)::int as admins, count(*) filter (where not u.is_admin)::int as shoppers
      from users u join stores s on s.id = u.store_id group by s.slug order by s.slug`);
    expect(users).toEqual([
      { slug: "dyes", admins: 3, shoppers: expect.any(Number) },
      { slug: "inks", admins: 1, shoppers: expect.any(Number) },
    ]);
    expect(users[0]?.shoppers).toBeGreaterThanOrEqual(8);
    const roles = await rows<{ email: string; preset: string }>(sql`
      select u.email, u.staff_preset as preset from users u join stores s on s.id = u.store_id
      where s.slug = 'dyes' and u.is_admin order by u.email`);
    expect(roles).toEqual([
      { email: "admin@dyes.test", preset: "owner" },
      { email: "orders@dyes.test", preset: "orders" },
      { email: "support@dyes.test", preset: "support" },
    ]);
    const addressless = await one<{ n: number }>(sql`
      select count(*)::int as n from users u where not u.is_admin
        and not exists (select 1 from shipping_addresses a where a.store_id = u.store_id and a.user_id = u.id)`);
    expect(addressless.n).toBe(0);
  });

  it("lets every demo account sign in with its password, and only in its own store", async () => {
    for (const account of DEMO_ACCOUNTS) {
      const found = account.store
        ? await rows<{ hash: string; is_admin: boolean; method: string }>(sql`
            select u.password_hash as hash, u.is_admin, u.sign_in_method as method from users u join stores s on s.id = u.store_id
            where s.slug = ${account.store} and lower(u.email) = lower(${account.email})`)
        : await rows<{ hash: string; is_admin: boolean; method: string }>(sql`
            select password_hash as hash, true as is_admin, 'password' as method from platform_staff where lower(email) = lower(${account.email})`);
      expect(found, account.email).toHaveLength(1);
      const user = found[0] as { hash: string; is_admin: boolean; method: string };
      expect(user.hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(await verifyPassword(user.hash, account.password), `${account.store}/${account.email}`).toBe(
        true,
      );
      expect(await verifyPassword(user.hash, `${account.password}x`)).toBe(false);
      expect(user.method).toBe("password");
      expect(user.is_admin).toBe(account.role !== "shopper");
    }
    // shopper@dyes.test has two separate accounts: the dyes password does not open the inks one.
    const inks = await one<{ hash: string }>(sql`
      select u.password_hash as hash from users u join stores s on s.id = u.store_id
      where s.slug = 'inks' and u.email = 'shopper@dyes.test'`);
    expect(await verifyPassword(inks.hash, DEMO_PASSWORDS.shopper)).toBe(false);
  });

  it("has subscription packages with English and Arabic names", async () => {
    const packages = await rows<{ code: string; name_en: string; name_ar: string; price_cents: number }>(sql`
      select code, name_en, name_ar, price_cents from packages order by sort_order`);
    expect(packages.length).toBeGreaterThanOrEqual(2);
    for (const p of packages) {
      expect(p.name_ar).toMatch(/[\u0600-\u06FF]/);
      expect(p.price_cents).toBeGreaterThan(0);
    }
    const unlinked = await one<{ n: number }>(
      sql`select count(*)::int as n from stores where package_id is null`,
    );
    expect(unlinked.n).toBe(0);
  });
});

describe("VAT (issue 35)", () => {
  it("registers Dye & Shade Co. with prices including VAT; its orders hold the VAT inside their totals, Ink Atelier's none", async () => {
    const settings = await rows<{
      slug: string;
      registered: boolean;
      number: string | null;
      inclusive: boolean;
    }>(sql`
      select s.slug, ss.vat_registered as registered, ss.vat_number as number, ss.prices_include_vat as inclusive
        from stores s join store_settings ss on ss.store_id = s.id order by s.slug`);
    expect(settings).toEqual([
      { slug: "dyes", registered: true, number: "310122393500003", inclusive: true },
      { slug: "inks", registered: false, number: null, inclusive: true },
    ]);
    // Every dyes order: its lines' VAT plus that of shipping and the fee is the order's, each line
    // within half a cent of 15/115 of what it cost after its share of the code.
    const orders = await rows<{
      slug: string;
      n: number;
      vat: number;
      lines_vat: number;
      total: number;
      rates_vat: number;
    }>(sql`
      select s.slug, count(*)::int as n, sum(o.vat_cents)::int as vat, sum(o.total_cents)::int as total,
             sum((select coalesce(sum(i.vat_cents), 0) from order_items i where i.order_id = o.id))::int as lines_vat,
             sum((select coalesce(sum((r->>'vat')::int), 0) from jsonb_array_elements(o.vat_rates) r))::int as rates_vat
        from orders o join stores s on s.id = o.store_id group by s.slug order by s.slug`);
    const [dyes, inks] = orders;
    expect(dyes!.vat).toBeGreaterThan(0);
    expect(dyes!.rates_vat).toBe(dyes!.vat);
    expect(dyes!.lines_vat).toBeLessThanOrEqual(dyes!.vat);
    // 15 % inside the prices is 15/115 of them, but for the zero-rated product's lines (after
    // their share of a code, so within a few cents an order): the per-line roundings stay close.
    const [{ untaxed }] = (await rows<{ untaxed: number }>(sql`
      select coalesce(sum(i.line_total_cents), 0)::int as untaxed
        from order_items i join products p on p.store_id = i.store_id and p.id = i.product_id
        join stores s on s.id = i.store_id
       where s.slug = 'dyes' and p.tax_class <> 'standard'`)) as [{ untaxed: number }];
    expect(untaxed).toBeGreaterThan(0);
    expect(Math.abs(dyes!.vat - Math.round(((dyes!.total - untaxed) * 15) / 115))).toBeLessThanOrEqual(
      dyes!.n * 3,
    );
    expect(inks).toMatchObject({ vat: 0, lines_vat: 0, rates_vat: 0 });
  });

  it("gives Dye & Shade Co. one zero-rated product, its lines and orders at 0 % (issue 35); Ink Atelier none", async () => {
    const classes = await rows<{ slug: string; product: string; tax_class: string }>(sql`
      select s.slug, p.slug as product, p.tax_class from products p join stores s on s.id = p.store_id
       where p.tax_class <> 'standard' order by s.slug, p.slug`);
    expect(classes).toEqual([{ slug: "dyes", product: "indigo-powder", tax_class: "zero-rated" }]);
    // Its order lines carry no VAT; each order with it freezes a 0 % rate of at least its lines.
    const lines = await rows<{ rate: number; vat: number; line: number; zero_net: number | null }>(sql`
      select i.vat_rate_bp as rate, i.vat_cents as vat, i.line_total_cents as line,
             (select sum((r->>'net')::int) from orders o, jsonb_array_elements(o.vat_rates) r
               where o.store_id = i.store_id and o.id = i.order_id and (r->>'rateBp')::int = 0
                 and r->>'exempt' is null)::int as zero_net
        from order_items i join products p on p.store_id = i.store_id and p.id = i.product_id
       where p.tax_class <> 'standard'`);
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      expect([line.rate, line.vat]).toEqual([0, 0]);
      expect(line.zero_net).not.toBeNull();
    }
  });

  it("gives Dye & Shade Co.'s paid card and delivered COD orders invoices 1..N, chained; Ink Atelier none", async () => {
    const due = await rows<{ slug: string; id: string; store_id: string; number: number }>(sql`
      select s.slug, o.id, o.store_id, o.number from orders o join stores s on s.id = o.store_id
       where (o.payment_method = 'card' and exists (select 1 from order_events e where e.order_id = o.id
                and e.type = 'payment' and e.payment_status = 'paid'))
          or (o.payment_method = 'cod' and exists (select 1 from order_events e where e.order_id = o.id
                and e.type = 'status' and e.to_status = 'delivered'))`);
    const issued = await rows<{
      slug: string;
      order_id: string;
      number: number;
      hash: string;
      previous_hash: string;
    }>(sql`
      select s.slug, i.order_id, i.number, i.hash, i.previous_hash from invoices i join stores s on s.id = i.store_id
       order by s.slug, i.number`);
    const dyesDue = due.filter((order) => order.slug === "dyes");
    expect(dyesDue.length).toBeGreaterThan(10);
    expect(issued.map((invoice) => invoice.order_id).sort()).toEqual(dyesDue.map((order) => order.id).sort());
    expect(issued.map((invoice) => invoice.number)).toEqual(dyesDue.map((_, index) => index + 1));
    expect(issued.every((invoice) => invoice.slug === "dyes")).toBe(true);
    for (let i = 1; i < issued.length; i++) expect(issued[i]!.previous_hash).toBe(issued[i - 1]!.hash);
    const [counter] = await rows<{ last_number: number; last_hash: string }>(
      sql`select * from invoice_counters`,
    );
    expect(counter).toMatchObject({ last_number: issued.length, last_hash: issued.at(-1)!.hash });
    // Each hash is the one the app computes over what is stored (the next issue links to it).
    const storeId = dyesDue[0]!.store_id;
    for (const order of dyesDue.slice(0, 5)) {
      const document = await findInvoice(storeId, order.number);
      expect(invoiceHash(storedContent(document!))).toBe(document!.invoice.hash);
    }
  });
});

describe("refunds (issue 37)", () => {
  it("has a partial refund (one unit, restocked), a late-delivery refund and the cancelled card orders' whole refunds; credit notes for Dye & Shade Co.", async () => {
    const refunds = await rows<{
      slug: string;
      reason_code: string;
      amount_cents: number;
      total: number;
      payment_status: string;
      restocked: number;
      shipping_cents: number;
    }>(sql`
      select s.slug, r.reason_code, r.amount_cents, o.total_cents as total, o.payment_status, r.shipping_cents,
        (select count(*)::int from refund_lines l where l.refund_id = r.id and l.restock) as restocked
        from refunds r join orders o on o.store_id = r.store_id and o.id = r.order_id join stores s on s.id = r.store_id`);
    for (const slug of ["dyes", "inks"]) {
      const mine = refunds.filter((r) => r.slug === slug);
      const partial = mine.find((r) => r.reason_code === "returned");
      expect(partial, slug).toMatchObject({ payment_status: "partially_refunded", restocked: 1 });
      expect(partial!.amount_cents).toBeLessThan(partial!.total);
      const late = mine.find((r) => r.reason_code === "late_delivery");
      expect(late, slug).toMatchObject({ payment_status: "partially_refunded" });
      // Its shipping, or (the demo ships free) an amount for the late delivery.
      expect(late!.amount_cents).toBeGreaterThan(0);
      for (const whole of mine.filter((r) => r.reason_code === "cancelled"))
        expect(whole).toMatchObject({ payment_status: "refunded", amount_cents: whole.total });
    }
    // Never more than was paid.
    const over = await rows<{ id: string }>(sql`
      select o.id from orders o where o.total_cents < (select coalesce(sum(amount_cents), 0) from refunds r where r.order_id = o.id)`);
    expect(over).toEqual([]);
    // Dye & Shade Co. (registered) has a credit note for each refund of an invoiced order, 1..N; Ink Atelier none.
    const notes = await rows<{ slug: string; number: number; total_cents: number; amount_cents: number }>(sql`
      select s.slug, c.number, c.total_cents, r.amount_cents from credit_notes c join refunds r on r.store_id = c.store_id and r.id = c.refund_id
        join stores s on s.id = c.store_id order by s.slug, c.number`);
    expect(notes.length).toBeGreaterThan(0);
    expect(notes.every((note) => note.slug === "dyes" && note.total_cents === -note.amount_cents)).toBe(true);
    expect(notes.map((note) => note.number)).toEqual(notes.map((_, i) => i + 1));
  });
});

describe("tenancy", () => {
  it("never points a row at another store's row", async () => {
    // Each pair: a child table, its reference column, and the parent table. Joined by id alone,
    // any match with a different store_id would be a cross-tenant link.
    const links: [string, string, string][] = [
      ["categories", "parent_id", "categories"],
      ["categories", "image_id", "images"],
      ["products", "category_id", "categories"],
      ["products", "subcategory_id", "categories"],
      ["product_images", "product_id", "products"],
      ["product_images", "image_id", "images"],
      ["store_settings", "logo_image_id", "images"],
      ["shipping_addresses", "user_id", "users"],
      ["reviews", "product_id", "products"],
      ["reviews", "user_id", "users"],
      ["cart_items", "product_id", "products"],
      ["cart_items", "user_id", "users"],
      ["wishlist_items", "product_id", "products"],
      ["wishlist_items", "user_id", "users"],
      ["contact_requests", "user_id", "users"],
      ["sale_targets", "sale_id", "sales"],
      ["sale_targets", "category_id", "categories"],
      ["sale_targets", "product_id", "products"],
      ["orders", "user_id", "users"],
      ["order_items", "order_id", "orders"],
      ["order_items", "product_id", "products"],
      ["order_events", "order_id", "orders"],
      ["order_events", "actor_user_id", "users"],
    ];
    for (const [child, column, parent] of links) {
      const crossed = await one<{ n: number; linked: number }>(sql`
        select count(*) filter (where c.store_id <> p.store_id)::int as n, count(*)::int as linked
        from ${sql.identifier(child)} c join ${sql.identifier(parent)} p on p.id = c.${sql.identifier(column)}`);
      expect(crossed.n, `${child}.${column} → ${parent}`).toBe(0);
      expect(crossed.linked, `${child}.${column} is used`).toBeGreaterThan(0);
    }
  });

  it("splits rows between the two stores", async () => {
    const perStore = await rows<{ slug: string; products: number; orders: number; categories: number }>(sql`
      select s.slug,
        (select count(*)::int from products p where p.store_id = s.id) as products,
        (select count(*)::int from orders o where o.store_id = s.id) as orders,
        (select count(*)::int from categories c where c.store_id = s.id and c.parent_id is null) as categories
      from stores s order by s.slug`);
    expect(perStore).toHaveLength(2);
    const inks = perStore[1] as { products: number; orders: number; categories: number };
    expect(inks.products).toBeGreaterThanOrEqual(20);
    expect(inks.orders).toBeGreaterThan(0);
    expect(inks.categories).toBeGreaterThanOrEqual(3);
  });
});

describe("idempotency", () => {
  it("changes nothing when seeded again", async () => {
    const before = await snapshot();
    expect(before.products?.n).toBeGreaterThan(0);
    const again = await seedDemo(db);
    expect(again.stores.map((s) => [s.slug, s.created])).toEqual([
      ["dyes", false],
      ["inks", false],
    ]);
    expect(await ensureDemoData(db)).toBeNull();
    expect(await snapshot()).toEqual(before);
  });
});
