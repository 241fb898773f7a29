/**
 * /admin/profile: the name and photo (checked by content, 5 MB), the password change (ends the
 * other sessions, keeps this one), bad input (4xx, nothing changed), who may call it.
 */
import type { AppLoadContext } from "@remix-run/node";
import { count, eq } from "drizzle-orm";
import sharp from "sharp";
import { uuidv7 } from "uuidv7";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { images, sessions, users } from "~/db/schema";
import { action, loader } from "~/routes/admin.profile";
import { hashPassword, verifyPassword } from "~/services/identity/passwords.server";
import { createTestDb, type TestDb } from "../helpers/db";
import { createStoreFixture, type StoreFixture } from "../helpers/fixtures";
import { answer, contextFor, postForm } from "../helpers/routes";
import { userCookie } from "../helpers/sessions";

let db: TestDb;
let alpha: StoreFixture;
let ctx: AppLoadContext;
let adminId: string;
let adminCookie: string;
const A = "http://alpha.localhost:3000";

function multipart(cookie: string, name: string, file?: { bytes: Uint8Array; type: string }) {
  const form = new FormData();
  form.set("intent", "profile");
  form.set("name", name);
  if (file) form.set("photo", new File([new Uint8Array(file.bytes)], "me.png", { type: file.type }));
  return new Request(`${A}/admin/profile`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: A },
    body: form,
  });
}

function run(request: Request) {
  return answer<{ photoError?: string; result?: { error?: Record<string, string[]> } }>(() =>
    action({ request, context: ctx, params: {} }),
  );
}

async function admin() {
  const [row] = await db.owner.select().from(users).where(eq(users.id, adminId));
  return row!;
}
const imageCount = async () =>
  (await db.owner.select({ n: count() }).from(images).where(eq(images.storeId, alpha.storeId)))[0]!.n;

beforeAll(async () => {
  db = await createTestDb();
  alpha = await createStoreFixture(db, "alpha");
  ctx = await contextFor(db, "alpha.localhost");
  adminId = uuidv7();
  await db.owner.insert(users).values({
    storeId: alpha.storeId,
    id: adminId,
    email: "admin@alpha.test",
    name: "Admin",
    isAdmin: true,
    passwordHash: await hashPassword("admin-pass"),
  });
  adminCookie = await userCookie(alpha.storeId, adminId, A);
});
afterAll(async () => {
  await db.dispose();
});

describe("admin profile", () => {
  it("shows the admin's name and email", async () => {
    const res = await answer<{ admin: { name: string; email: string } }>(() =>
      loader({
        request: new Request(`${A}/admin/profile`, { headers: { Cookie: adminCookie } }),
        context: ctx,
        params: {},
      }),
    );
    expect(res.data.admin).toEqual({ name: "Admin", email: "admin@alpha.test", imageId: null });
  });

  it("saves a name and a real PNG photo", async () => {
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#336699" } })
      .png()
      .toBuffer();
    const res = await run(multipart(adminCookie, "Alpha Owner", { bytes: png, type: "image/png" }));
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/admin/profile");
    expect((await admin()).name).toBe("Alpha Owner");
    expect((await admin()).imageId).not.toBeNull();
  });

  it("refuses a text file named .png, a 6 MB photo and an empty name, changing nothing", async () => {
    const before = await imageCount();
    const fake = await run(
      multipart(adminCookie, "Renamed", { bytes: new TextEncoder().encode("text"), type: "image/png" }),
    );
    expect(fake.status).toBe(415);
    expect(fake.data.photoError).toBe("validation.imageType");
    const big = new Uint8Array(6 * 1024 * 1024);
    big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect((await run(multipart(adminCookie, "Huge", { bytes: big, type: "image/png" }))).status).toBe(413);
    expect((await run(multipart(adminCookie, ""))).status).toBe(400);
    expect(await imageCount()).toBe(before);
    expect((await admin()).name).toBe("Alpha Owner");
  });

  it("changes the password and ends the other sessions, keeping this one", async () => {
    const other = await userCookie(alpha.storeId, adminId, A);
    expect(other).not.toBe(adminCookie);
    const wrong = await run(
      postForm(
        `${A}/admin/profile`,
        { intent: "password", currentPassword: "nope-nope", newPassword: "new-pass-1" },
        adminCookie,
      ),
    );
    expect(wrong.status).toBe(400);
    expect(wrong.data.result?.error?.currentPassword).toEqual(["profile.wrongCurrentPassword"]);
    expect(await db.owner.select().from(sessions).where(eq(sessions.userId, adminId))).toHaveLength(2);

    const ok = await run(
      postForm(
        `${A}/admin/profile`,
        { intent: "password", currentPassword: "admin-pass", newPassword: "new-pass-1" },
        adminCookie,
      ),
    );
    expect(ok.status).toBe(302);
    expect(await verifyPassword((await admin()).passwordHash!, "new-pass-1")).toBe(true);
    expect(await db.owner.select().from(sessions).where(eq(sessions.userId, adminId))).toHaveLength(1);
  });

  it("answers 400 for an unknown intent", async () => {
    expect((await run(postForm(`${A}/admin/profile`, { intent: "delete" }, adminCookie))).status).toBe(400);
  });

  it("refuses a shopper (403) and sends anonymous visitors to sign in, changing nothing", async () => {
    const shopper = await userCookie(alpha.storeId, alpha.userId, A);
    expect((await run(multipart(shopper, "Hacker"))).status).toBe(403);
    const anonymous = await run(multipart("", "Nobody"));
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toContain("/login");
    expect((await admin()).name).toBe("Alpha Owner");
  });
});
