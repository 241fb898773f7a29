/**
 * The admin frame's routes: the earlier navigation variant's addresses answer 301, an /admin
 * path no page claims is a 404 for admins only, the layout refuses a shopper and sends anonymous
 * visitors to sign in; the menu marks the current entry.
 */
import type { AppLoadContext } from "@remix-run/node";
import { uuidv7 } from "uuidv7";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "~/db/schema";
import { currentEntry } from "~/components/admin/nav-entries";
import { loader as layoutLoader } from "~/routes/admin";
import { loader as notFoundLoader } from "~/routes/admin.$";
import { loader as contactusLoader } from "~/routes/admin.contactus";
import { loader as privacyLoader } from "~/routes/admin.privacy-policy";
import { loader as storesettingLoader } from "~/routes/admin.storesetting._index";
import { loader as termsLoader } from "~/routes/admin.terms-conditions";
import { createTestDb, type TestDb } from "../helpers/db";
import { createStoreFixture, type StoreFixture } from "../helpers/fixtures";
import { answer, contextFor } from "../helpers/routes";
import { userCookie } from "../helpers/sessions";

let db: TestDb;
let alpha: StoreFixture;
let ctx: AppLoadContext;
let adminCookie: string;
let shopperCookie: string;
const A = "http://alpha.localhost:3000";

type Loader = (args: {
  request: Request;
  context: AppLoadContext;
  params: Record<string, string>;
}) => unknown;

function get(loader: Loader, path: string, cookie = adminCookie) {
  return answer(() =>
    loader({
      request: new Request(`${A}${path}`, { headers: { Cookie: cookie } }),
      context: ctx,
      params: {},
    }),
  );
}

beforeAll(async () => {
  db = await createTestDb();
  alpha = await createStoreFixture(db, "alpha");
  ctx = await contextFor(db, "alpha.localhost");
  const adminId = uuidv7();
  await db.owner
    .insert(users)
    .values({ storeId: alpha.storeId, id: adminId, email: "admin@alpha.test", name: "Admin", isAdmin: true });
  adminCookie = await userCookie(alpha.storeId, adminId, A);
  shopperCookie = await userCookie(alpha.storeId, alpha.userId, A);
});
afterAll(async () => {
  await db.dispose();
});

describe("admin layout routes", () => {
  it("moves the earlier variant's addresses for good (301)", async () => {
    const cases: [Loader, string, string][] = [
      [contactusLoader, "/admin/contactus", "/admin/contact-requests"],
      [storesettingLoader, "/admin/storesetting", "/admin/settings"],
      [privacyLoader, "/admin/privacy-policy", "/admin/storesetting/terms&privacy"],
      [termsLoader, "/admin/terms-conditions", "/admin/storesetting/terms&privacy"],
    ];
    for (const [loader, from, to] of cases) {
      const res = await get(loader, from);
      expect(res.status, from).toBe(301);
      expect(res.headers.get("Location"), from).toBe(to);
    }
  });

  it("answers 404 inside the frame for an unknown admin path, and only to admins", async () => {
    expect((await get(notFoundLoader, "/admin/nope")).status).toBe(404);
    expect((await get(notFoundLoader, "/admin/nope", shopperCookie)).status).toBe(403);
  });

  it("gives the frame the store's name and the admin, refuses a shopper, sends anonymous to login", async () => {
    const res = await get(layoutLoader, "/admin/dashboard");
    expect(res.data).toMatchObject({ storeName: "Store alpha", admin: { name: "Admin" } });
    expect((await get(layoutLoader, "/admin/dashboard", shopperCookie)).status).toBe(403);
    const anonymous = await get(layoutLoader, "/admin/dashboard", "");
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toContain("/login");
  });

  it("marks the entry a path belongs to, encoded or not", () => {
    expect(currentEntry("/admin/users")).toBe("/admin/users");
    expect(currentEntry("/admin/products/123/edit")).toBe("/admin/products");
    expect(currentEntry("/admin/storesetting/contact%26footer")).toBe("/admin/storesetting/contact&footer");
    expect(currentEntry("/admin/profile")).toBeNull();
    expect(currentEntry("/admin/usersx")).toBeNull();
  });
});
