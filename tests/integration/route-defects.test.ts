/**
 * Defects found by trying bad input against the routes (issue 8), each through the route's own
 * loader or action: non-ASCII redirect targets, NUL bytes, bodies that are not forms, unthrottled
 * password checks, mails and uploads, invisible or bidi characters in text, reviewers' user ids in
 * page data, an admin child without its own check, and email links built from the request's host.
 */
import type { AppLoadContext } from "@remix-run/node";
import { and, count, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactRequests, emailOutbox, reviews, sessions, users, wishlistItems } from "~/db/schema";
import { loader as adminIndexLoader } from "~/routes/admin._index";
import { loader as dashboardLoader } from "~/routes/admin.dashboard";
import { loader as categoryLoader } from "~/routes/categories.$slug._index";
import { action as contactAction } from "~/routes/contact";
import { action as forgotAction } from "~/routes/forgot-password";
import { action as loginAction, loader as loginLoader } from "~/routes/login";
import { action as linkAction } from "~/routes/login_.link";
import { action as reviewAction, loader as productLoader } from "~/routes/products.$slug";
import { action as profileAction } from "~/routes/profile";
import { loader as platformStoresLoader } from "~/routes/platform.stores._index";
import { action as passwordAction } from "~/routes/profile_.password";
import { action as resetAction } from "~/routes/reset-password.$token";
import { action as themeAction } from "~/routes/resources.theme";
import { loader as signupLoader } from "~/routes/signup";
import { action as wishlistAction } from "~/routes/wishlist";
import { signUp } from "~/services/identity/accounts.server";
import { createUserSession } from "~/http/sessions.server";
import { createTestDb, type TestDb } from "../helpers/db";
import { createStoreFixture, type StoreFixture } from "../helpers/fixtures";
import { answer, contextFor, cookiesFrom, postForm } from "../helpers/routes";

let db: TestDb;
let alpha: StoreFixture;
let alphaCtx: AppLoadContext;
let shopperCookie: string;
let adminCookie: string;
let address = 0;

const A = "http://alpha.localhost:3000";
/** The path `/。x` as a browser would never send it: the raw character, not percent-encoded. */
const NON_ASCII = "/\u3002x";
const NON_ASCII_QUERY = "redirectTo=%2F%E3%80%82x";

/** A fresh client address per call, so the per-client limits bite only where a test wants them. */
const ctx = (clientAddress = `198.51.100.${++address % 250}`): AppLoadContext => ({
  ...alphaCtx,
  clientAddress,
});
const args = (request: Request, context = ctx(), params: Record<string, string> = {}) => ({
  request,
  context,
  params,
});
type Notice = {
  notice?: { key: string } | null;
  result?: { error?: Record<string, string[] | null> } | null;
};

async function sessionCookie(userId: string) {
  return cookiesFrom(
    new Headers({ "Set-Cookie": await createUserSession(alpha.storeId, userId, new Request(A)) }),
  );
}

async function sessionCount() {
  const [row] = await db.owner
    .select({ n: count() })
    .from(sessions)
    .where(eq(sessions.storeId, alpha.storeId));
  return row!.n;
}

beforeAll(async () => {
  db = await createTestDb();
  alpha = await createStoreFixture(db, "alpha");
  alphaCtx = await contextFor(db, "alpha.localhost");
  await signUp(alpha.storeId, { name: "Sara Shopper", email: "sara@alpha.test", password: "sara-pass" });
  await signUp(alpha.storeId, { name: "Alpha Admin", email: "admin@alpha.test", password: "admin-pass" });
  await db.owner.update(users).set({ isAdmin: true }).where(eq(users.email, "admin@alpha.test"));
  const [sara] = await db.owner.select().from(users).where(eq(users.email, "sara@alpha.test"));
  const [admin] = await db.owner.select().from(users).where(eq(users.email, "admin@alpha.test"));
  shopperCookie = await sessionCookie(sara!.id);
  adminCookie = await sessionCookie(admin!.id);
});
afterAll(async () => {
  await db.dispose();
});

describe("a non-ASCII redirectTo is dropped for the fallback path", () => {
  it("on the login and sign-up pages", async () => {
    const login = await answer<{ redirectTo: string }>(() =>
      loginLoader(args(new Request(`${A}/login?${NON_ASCII_QUERY}`))),
    );
    expect(login.status).toBe(200);
    expect(login.data.redirectTo).toBe("");
    const signup = await answer<{ redirectTo: string }>(() =>
      signupLoader(args(new Request(`${A}/signup?${NON_ASCII_QUERY}`))),
    );
    expect(signup.status).toBe(200);
    expect(signup.data.redirectTo).toBe("");
  });

  it("on POST /login: one session and a redirect home, never a 500 after the session is made", async () => {
    const before = await sessionCount();
    const res = await answer(() =>
      loginAction(
        args(
          postForm(`${A}/login?${NON_ASCII_QUERY}`, {
            email: "sara@alpha.test",
            password: "sara-pass",
            redirectTo: NON_ASCII,
          }),
        ),
      ),
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/");
    expect(await sessionCount()).toBe(before + 1);
  });

  it("on POST /resources/theme and POST /wishlist", async () => {
    const theme = await answer(() =>
      themeAction(args(postForm(`${A}/resources/theme`, { theme: "dark", redirectTo: NON_ASCII }))),
    );
    expect(theme.status).toBe(303);
    expect(theme.headers.get("Location")).toBe("/");

    const toggle = await answer(() =>
      wishlistAction(
        args(
          postForm(
            `${A}/wishlist`,
            { intent: "toggle", productId: alpha.productId, redirectTo: NON_ASCII },
            shopperCookie,
          ),
        ),
      ),
    );
    expect(toggle.status).toBe(302);
    expect(toggle.headers.get("Location")).toBe("/wishlist");
    const saved = await db.owner.select().from(wishlistItems).where(eq(wishlistItems.storeId, alpha.storeId));
    expect(saved).toHaveLength(1);
  });
});

describe("NUL bytes", () => {
  it("in a product or category slug answer 404, not a database error", async () => {
    const product = await answer(() =>
      productLoader(args(new Request(`${A}/products/a%00`), ctx(), { slug: "a\u0000" })),
    );
    expect(product.status).toBe(404);
    const review = await answer(() =>
      reviewAction(
        args(
          postForm(`${A}/products/a%00`, { rating: "5", title: "t", comment: "c" }, shopperCookie),
          ctx(),
          {
            slug: "a\u0000",
          },
        ),
      ),
    );
    expect(review.status).toBe(404);
    const category = await answer(() =>
      categoryLoader(args(new Request(`${A}/categories/a%00`), ctx(), { slug: "a\u0000" })),
    );
    expect(category.status).toBe(404);
  });

  it("in contact comments answer 400 and store nothing", async () => {
    const res = await answer<Notice>(() =>
      contactAction(
        args(
          postForm(`${A}/contact`, { name: "Sara Shopper", email: "sara@alpha.test", comments: "a\u0000b" }),
        ),
      ),
    );
    expect(res.status).toBe(400);
    expect(res.data.notice?.key).toBe("errors.badRequest");
    const rows = await db.owner
      .select()
      .from(contactRequests)
      .where(eq(contactRequests.storeId, alpha.storeId));
    expect(rows).toHaveLength(0);
  });
});

describe("bodies that are not forms", () => {
  const json = (url: string, method = "POST", cookie?: string) =>
    new Request(url, {
      method,
      headers: { "Content-Type": "application/json", ...(cookie ? { Cookie: cookie } : {}) },
      body: JSON.stringify({ theme: "dark", password: "whatever-1" }),
    });

  it("answer 415 on /resources/theme, /reset-password/:token and /profile/password", async () => {
    expect((await answer(() => themeAction(args(json(`${A}/resources/theme`))))).status).toBe(415);
    const token = "a".repeat(43);
    expect(
      (await answer(() => resetAction(args(json(`${A}/reset-password/${token}`), ctx(), { token })))).status,
    ).toBe(415);
    expect(
      (await answer(() => passwordAction(args(json(`${A}/profile/password`, "POST", shopperCookie))))).status,
    ).toBe(415);
  });

  it("answer 4xx to a PUT without a form body", async () => {
    const put = new Request(`${A}/resources/theme`, { method: "PUT" });
    const res = await answer(() => themeAction(args(put)));
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });
});

describe("/profile/password", () => {
  const guess = (cookie: string, context: AppLoadContext) =>
    answer<Notice>(() =>
      passwordAction(
        args(
          postForm(
            `${A}/profile/password`,
            { currentPassword: "wrong-guess", newPassword: "new-pass-1" },
            cookie,
          ),
          context,
        ),
      ),
    );

  it("throttles wrong current-password guesses per account, from any number of addresses", async () => {
    await signUp(alpha.storeId, {
      name: "Guess Target",
      email: "target@alpha.test",
      password: "target-pass",
    });
    const [target] = await db.owner.select().from(users).where(eq(users.email, "target@alpha.test"));
    const cookie = await sessionCookie(target!.id);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await guess(cookie, ctx())).status);
    expect(statuses.slice(0, 10).every((status) => status === 400)).toBe(true);
    const last = await guess(cookie, ctx());
    expect(last.status).toBe(429);
    expect(last.data.notice?.key).toBe("errors.tooManyRequests");
    expect(Number(last.headers.get("Retry-After"))).toBeGreaterThan(0);
  });

  it("throttles guesses per client address across accounts", async () => {
    const client = ctx("192.0.2.77");
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      await signUp(alpha.storeId, { name: `Person ${i}x`, email: `p${i}@alpha.test`, password: "p-pass-1" });
      const [person] = await db.owner
        .select()
        .from(users)
        .where(eq(users.email, `p${i}@alpha.test`));
      statuses.push((await guess(await sessionCookie(person!.id), client)).status);
    }
    expect(statuses.slice(0, 10).every((status) => status === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe("the product page's data", () => {
  it("does not carry reviewers' internal user ids", async () => {
    const [sara] = await db.owner.select().from(users).where(eq(users.email, "sara@alpha.test"));
    await db.owner.insert(reviews).values({
      storeId: alpha.storeId,
      productId: alpha.productId,
      userId: sara!.id,
      rating: 5,
      title: "Nice",
      comment: "Deep red.",
    });
    const page = await answer<{ product: { reviews: { reviewer: string }[] } }>(() =>
      productLoader(args(new Request(`${A}/products/alpha-product`), ctx(), { slug: "alpha-product" })),
    );
    expect(page.status).toBe(200);
    expect(page.data.product.reviews[0]?.reviewer).toBe("Sara Shopper");
    expect(JSON.stringify(page.data)).not.toContain(sara!.id);
  });
});

describe("one text rule for names, contact comments and reviews", () => {
  it.each([
    ["a zero-width space", "Sara\u200bShopper"],
    // (A leading or trailing BOM is trimmed away like other white space; inside a text it is refused.)
    ["a byte order mark", "Sara\ufeffShopper"],
    ["a bidi override", "Sara \u202eShopper"],
    ["a control character", "Sara\u0007Shopper"],
  ])("refuses %s in a contact name and in comments, storing nothing", async (_label, text) => {
    const named = await answer<Notice>(() =>
      contactAction(args(postForm(`${A}/contact`, { name: text, email: "s@alpha.test", comments: "Hello" }))),
    );
    expect(named.status).toBe(400);
    expect(named.data.result?.error?.name).toEqual(["validation.nameInvalid"]);
    const commented = await answer<Notice>(() =>
      contactAction(
        args(
          postForm(`${A}/contact`, { name: "Sara Shopper", email: "s@alpha.test", comments: `Hi ${text}` }),
        ),
      ),
    );
    expect(commented.status).toBe(400);
    expect(commented.data.result?.error?.comments).toEqual(["validation.commentsInvalid"]);
    const rows = await db.owner
      .select()
      .from(contactRequests)
      .where(eq(contactRequests.storeId, alpha.storeId));
    expect(rows).toHaveLength(0);
  });

  it("keeps line breaks in comments and refuses a zero-width space in a review", async () => {
    const ok = await answer(() =>
      contactAction(
        args(
          postForm(`${A}/contact`, {
            name: "Sara Shopper",
            email: "s@alpha.test",
            comments: "Line one\nLine two",
          }),
        ),
      ),
    );
    expect(ok.status).toBe(302);
    const review = await answer<Notice>(() =>
      reviewAction(
        args(
          postForm(
            `${A}/products/alpha-product`,
            { rating: "4", title: "Go\u200bod", comment: "Fine." },
            shopperCookie,
          ),
          ctx(),
          { slug: "alpha-product" },
        ),
      ),
    );
    expect(review.status).toBe(400);
    expect(review.data.result?.error?.title).toEqual(["reviews.textInvalid"]);
  });
});

describe("mail and upload limits", () => {
  it("sends at most 5 sign-in links to one recipient in 15 minutes, whatever the client address", async () => {
    const ask = () =>
      answer<Notice>(() => linkAction(args(postForm(`${A}/login/link`, { email: "Flooded@Alpha.test " }))));
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await ask()).status);
    expect(statuses).toEqual([302, 302, 302, 302, 302, 429]);
    const mails = await db.owner
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.storeId, alpha.storeId), eq(emailOutbox.kind, "sign-in-link")));
    expect(mails.filter((mail) => mail.to.toLowerCase().includes("flooded@alpha.test"))).toHaveLength(5);
  });

  it("throttles profile saves (photo uploads) per client with 429", async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#c00" } })
      .png()
      .toBuffer();
    const client = ctx("192.0.2.88");
    const save = () => {
      const form = new FormData();
      form.set("name", "Alpha Admin");
      form.set("photo", new File([new Uint8Array(png)], "me.png", { type: "image/png" }));
      const request = new Request(`${A}/profile`, {
        method: "POST",
        headers: { Cookie: adminCookie },
        body: form,
      });
      return answer<Notice>(() => profileAction(args(request, client)));
    };
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await save()).status);
    expect(statuses.slice(0, 20).every((status) => status === 302)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});

describe("admin child routes guard themselves", () => {
  it.each([
    // The admin's answer: /admin sends on to the dashboard, which shows.
    ["/admin", adminIndexLoader, { status: 302, location: "/admin/dashboard" }],
    ["/admin/dashboard", dashboardLoader, { status: 200, location: null }],
  ] as const)("%s: a shopper 403, anonymous to login, the admin in", async (path, loader, forAdmin) => {
    const shopper = await answer(() =>
      loader(args(new Request(`${A}${path}`, { headers: { Cookie: shopperCookie } }))),
    );
    expect(shopper.status).toBe(403);
    const anonymous = await answer(() => loader(args(new Request(`${A}${path}`))));
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toBe(`/login?${new URLSearchParams({ redirectTo: path })}`);
    const admin = await answer(() =>
      loader(args(new Request(`${A}${path}`, { headers: { Cookie: adminCookie } }))),
    );
    expect(admin.status).toBe(forAdmin.status);
    expect(admin.headers.get("Location")).toBe(forAdmin.location);
  });
});

describe("staff pages", () => {
  it("send anonymous visitors to the platform's login, keeping path and query; 404 on a store host", async () => {
    const platform = await contextFor(db, "localhost");
    const res = await answer(() =>
      platformStoresLoader(args(new Request("http://localhost:3000/platform/stores?page=2"), platform)),
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(
      `/login?${new URLSearchParams({ redirectTo: "/platform/stores?page=2" })}`,
    );
    const onStore = await answer(() => platformStoresLoader(args(new Request(`${A}/platform/stores`))));
    expect(onStore.status).toBe(404);
  });
});

describe("emailed links", () => {
  it("use the store's canonical host, whatever Host or X-Forwarded-Host the request named", async () => {
    const request = new Request("http://evil.example:8080/forgot-password", {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Host: "evil.example:8080",
        "X-Forwarded-Host": "phish.example:4444",
      },
      body: new URLSearchParams({ email: "sara@alpha.test" }),
    });
    const res = await answer(() => forgotAction(args(request)));
    expect(res.status).toBe(302);
    const [mail] = await db.owner
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.storeId, alpha.storeId), eq(emailOutbox.kind, "reset-password")));
    expect(mail!.text).toMatch(/http:\/\/alpha\.localhost:3000\/reset-password\/[A-Za-z0-9_-]{43}/);
    expect(mail!.text + mail!.html).not.toMatch(/evil\.example|phish\.example/);
  });
});
