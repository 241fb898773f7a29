/** The image route: only this store's images, fixed widths, bounded quality, format by Accept. */
import type { AppLoadContext } from "@remix-run/node";
import { count, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { images, imageVariants } from "~/db/schema";
import { loader } from "~/routes/resources.image";
import { getImageVariant } from "~/services/media/image-variants.server";
import { checkImage, saveImage } from "~/services/media/images.server";
import { createTestDb, type TestDb } from "../helpers/db";
import { createStoreFixture } from "../helpers/fixtures";
import { contextFor } from "../helpers/routes";

let db: TestDb;
let alphaCtx: AppLoadContext;
let alphaImage: string;
let alphaStoreId: string;
let betaImage: string;

async function storeSwatch(storeId: string, color: string) {
  const bytes = await sharp({ create: { width: 600, height: 400, channels: 3, background: color } })
    .png()
    .toBuffer();
  const checked = await checkImage(bytes);
  if (!checked.ok) throw new Error("fixture image rejected");
  return saveImage(storeId, bytes, checked);
}

const get = (query: string, accept = "image/avif,image/webp,*/*") =>
  loader({
    request: new Request(`http://alpha.localhost/resources/image?${query}`, { headers: { Accept: accept } }),
    context: alphaCtx,
    params: {},
  }) as Promise<Response>;

beforeAll(async () => {
  db = await createTestDb();
  const alpha = await createStoreFixture(db, "alpha");
  const beta = await createStoreFixture(db, "beta");
  alphaCtx = await contextFor(db, "alpha.localhost");
  alphaStoreId = alpha.storeId;
  alphaImage = await storeSwatch(alpha.storeId, "#cc3366");
  betaImage = await storeSwatch(beta.storeId, "#3366cc");
});
afterAll(() => db.dispose());

describe("/resources/image", () => {
  it("serves this store's image resized, as WebP when AVIF is not accepted, cached for a year", async () => {
    const res = await get(`url=/images/${alphaImage}&w=256`, "image/webp,*/*");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("image/webp");
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("Vary")).toBe("Accept");
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 256 });
  });

  it("prefers AVIF, and falls back to the original format for old browsers", async () => {
    expect((await get(`url=/images/${alphaImage}&w=128`)).headers.get("Content-Type")).toBe("image/avif");
    expect((await get(`url=/images/${alphaImage}&w=128`, "*/*")).headers.get("Content-Type")).toBe(
      "image/png",
    );
  });

  it("computes a variant once and serves it from the database after", async () => {
    const variants = async () =>
      (
        (await db.owner
          .select({ n: count() })
          .from(imageVariants)
          .where(eq(imageVariants.imageId, alphaImage))) as [{ n: number }]
      )[0].n;
    const before = await variants();
    await get(`url=/images/${alphaImage}&w=640&q=60`, "image/webp");
    await get(`url=/images/${alphaImage}&w=640&q=60`, "image/webp");
    expect(await variants()).toBe(before + 1);
  });

  it("answers an image deleted while its variant was encoded, without keeping the variant", async () => {
    const doomed = await storeSwatch(alphaStoreId, "#339966");
    // Between the read and the variant's insert, as an owner removing the image would.
    const variant = await getImageVariant(
      alphaStoreId,
      { imageId: doomed, width: 128, quality: 75 },
      "image/webp",
      {
        mayEncode: async () => {
          await db.owner.delete(images).where(eq(images.id, doomed));
          return { allowed: true, retryAfterSeconds: 0 };
        },
      },
    );
    expect(variant).toMatchObject({ format: "webp" });
    const kept = await db.owner.select().from(imageVariants).where(eq(imageVariants.imageId, doomed));
    expect(kept).toEqual([]);
  });

  it("answers 304 to a matching If-None-Match", async () => {
    const first = await get(`url=/images/${alphaImage}&w=64`, "image/webp");
    const etag = first.headers.get("ETag")!;
    const again = await loader({
      request: new Request(`http://alpha.localhost/resources/image?url=/images/${alphaImage}&w=64`, {
        headers: { Accept: "image/webp", "If-None-Match": etag },
      }),
      context: alphaCtx,
      params: {},
    });
    expect((again as Response).status).toBe(304);
  });

  it("does not serve another store's image", async () => {
    expect((await get(`url=/images/${betaImage}&w=256`)).status).toBe(404);
  });

  it.each([
    ["another host", "url=https://example.com/a.png&w=256"],
    ["a protocol-relative URL", "url=//example.com/a.png&w=256"],
    ["a path outside /images", "url=/etc/passwd&w=256"],
    ["a width off the list", `url=/images/ID&w=300`],
    ["a missing width", `url=/images/ID`],
    ["a quality out of range", `url=/images/ID&w=256&q=100`],
    ["a fractional quality", `url=/images/ID&w=256&q=50.5`],
  ])("answers 400 for %s", async (_label, query) => {
    const res = await get(query.replace("ID", alphaImage));
    expect(res.status).toBe(400);
  });
});

describe("upload checks", () => {
  it("accept PNG and JPEG by content, refuse other bytes whatever they claim", async () => {
    const jpeg = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#000" } })
      .jpeg()
      .toBuffer();
    expect(await checkImage(jpeg)).toMatchObject({ ok: true, contentType: "image/jpeg", width: 10 });
    const gif = Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00;", "binary");
    expect(await checkImage(gif)).toEqual({ ok: false, error: "validation.imageType" });
    const truncatedPng = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0]);
    expect(await checkImage(truncatedPng)).toEqual({ ok: false, error: "validation.imageType" });
    expect(await checkImage(new Uint8Array(5 * 1024 * 1024 + 1))).toEqual({
      ok: false,
      error: "validation.imageTooLarge",
    });
  });
});
