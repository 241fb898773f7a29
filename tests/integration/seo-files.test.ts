/** robots.txt and sitemap.xml per host. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products } from "~/db/schema";
import { loader as robots } from "~/routes/[robots.txt]";
import { loader as sitemap } from "~/routes/[sitemap.xml]";
import type { TestDb } from "../helpers/db";
import type { StoreFixture } from "../helpers/fixtures";
import { openTwoStores } from "../helpers/two-stores";
import { contextFor } from "../helpers/routes";

let db: TestDb;
let alpha: StoreFixture;

beforeAll(async () => {
  ({ db, alpha } = await openTwoStores());
  await db.owner.insert(products).values({
    storeId: alpha.storeId,
    slug: "hidden-dye",
    nameEn: "Hidden",
    nameAr: "مخفي",
    priceCents: 100,
    active: false,
  });
});
afterAll(() => db.dispose());

const get = async (host: string, loader: typeof robots | typeof sitemap, path: string) =>
  (await loader({
    request: new Request(`http://${host}:3000${path}`),
    context: await contextFor(db, host),
    params: {},
  })) as Response;

describe("sitemap.xml", () => {
  it("lists the store's own pages, categories and active products with en/ar alternates", async () => {
    const res = await get("alpha.localhost", sitemap, "/sitemap.xml");
    expect(res.headers.get("Content-Type")).toContain("application/xml");
    const body = await res.text();
    expect(body).toContain("<loc>http://alpha.localhost:3000/</loc>");
    expect(body).toContain("<loc>http://alpha.localhost:3000/products/alpha-product</loc>");
    expect(body).toContain("<loc>http://alpha.localhost:3000/categories/alpha-cat/alpha-sub</loc>");
    expect(body).toContain('hreflang="ar" href="http://alpha.localhost:3000/about?lng=ar"');
    expect(body).not.toContain("hidden-dye");
    expect(body).not.toContain("beta");
  });

  it("answers 404 on an unknown host", async () => {
    expect((await get("nope.localhost", sitemap, "/sitemap.xml")).status).toBe(404);
  });
});

describe("robots.txt", () => {
  it("keeps private store pages out and points at the store's sitemap", async () => {
    const body = await (await get("alpha.localhost", robots, "/robots.txt")).text();
    expect(body).toContain("Disallow: /admin");
    expect(body).toContain("Disallow: /cart");
    expect(body).toContain("Sitemap: http://alpha.localhost:3000/sitemap.xml");
    expect((await get("nope.localhost", robots, "/robots.txt")).status).toBe(404);
  });
});
