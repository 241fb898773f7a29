/** The image route's bounds (decision 009): qualities snap to four steps; misses are rate-limited. */
import type { AppLoadContext } from "@remix-run/node";
import { count, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { imageVariants } from "~/db/schema";
import { loader } from "~/routes/resources.image";
import {
  IMAGE_ENCODE_LIMIT,
  parseVariantRequest,
  QUALITY_STEPS,
  snapQuality,
} from "~/services/media/image-variants.server";
import { checkImage, saveImage } from "~/services/media/images.server";
import { hitRateLimit } from "~/services/security/rate-limit.server";
import { createTestDb, type TestDb } from "../helpers/db";
import { createStoreFixture } from "../helpers/fixtures";
import { contextFor } from "../helpers/routes";

let db: TestDb;
let storeId: string;
let image: string;

beforeAll(async () => {
  db = await createTestDb();
  ({ storeId } = await createStoreFixture(db, "alpha"));
  const bytes = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#cc3366" } })
    .png()
    .toBuffer();
  const checked = await checkImage(bytes);
  if (!checked.ok) throw new Error("fixture image rejected");
  image = await saveImage(storeId, bytes, checked);
});
afterAll(() => db.dispose());

async function get(query: string, context: AppLoadContext, accept = "image/webp") {
  return (await loader({
    request: new Request(`http://alpha.localhost/resources/image?${query}`, { headers: { Accept: accept } }),
    context,
    params: {},
  })) as Response;
}

const variants = async () =>
  (
    (await db.owner.select({ n: count() }).from(imageVariants).where(eq(imageVariants.imageId, image))) as [
      { n: number },
    ]
  )[0].n;

describe("quality steps", () => {
  it("every accepted quality snaps to one of 40, 60, 75, 90", () => {
    expect(QUALITY_STEPS).toEqual([40, 60, 75, 90]);
    expect([30, 49, 50, 51, 67, 68, 82, 83, 90].map(snapQuality)).toEqual([
      40, 40, 60, 60, 60, 75, 75, 90, 90,
    ]);
    const params = new URLSearchParams({
      url: "/images/00000000-0000-0000-0000-000000000000",
      w: "64",
      q: "61",
    });
    expect(parseVariantRequest(params)?.quality).toBe(60);
  });

  it("all 61 qualities of one width and format make at most 4 variants (PNG: 1)", async () => {
    const context = await contextFor(db, "alpha.localhost", "198.51.100.1");
    const before = await variants();
    const etags = new Set<string>();
    for (let q = 30; q <= 90; q++) {
      const response = await get(`url=/images/${image}&w=64&q=${q}`, context);
      expect(response.status).toBe(200);
      etags.add(response.headers.get("ETag") ?? "");
    }
    expect(etags.size).toBe(4);
    expect(await variants()).toBe(before + 4);
    for (const q of [30, 55, 90]) await get(`url=/images/${image}&w=64&q=${q}`, context, "image/png");
    expect(await variants()).toBe(before + 5);
  });
});

describe("encode rate limit", () => {
  it("a client over its misses gets 429 with Retry-After; cached variants still come", async () => {
    const address = "198.51.100.99";
    const context = await contextFor(db, "alpha.localhost", address);
    const cached = await get(`url=/images/${image}&w=128&q=75`, context);
    expect(cached.status).toBe(200);
    for (let i = 0; i < IMAGE_ENCODE_LIMIT.limit; i++)
      await hitRateLimit(`image-encode:${address}`, IMAGE_ENCODE_LIMIT);
    const before = await variants();
    const refused = await get(`url=/images/${image}&w=256&q=75`, context);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await variants()).toBe(before);
    expect((await get(`url=/images/${image}&w=128&q=75`, context)).status).toBe(200);
    const other = await contextFor(db, "alpha.localhost", "198.51.100.100");
    expect((await get(`url=/images/${image}&w=256&q=75`, other)).status).toBe(200);
  });
});
