/** About, terms, privacy and the contact form, through their loaders and actions. */
import type { AppLoadContext } from "@remix-run/node";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { contactRequests, rateLimits, storeSettings } from "~/db/schema";
import { loader as aboutLoader } from "~/routes/about";
import { action as contactAction, loader as contactLoader } from "~/routes/contact";
import { loader as privacyLoader } from "~/routes/privacy";
import { loader as termsLoader } from "~/routes/terms";
import type { TestDb } from "../helpers/db";
import type { StoreFixture } from "../helpers/fixtures";
import { openTwoStores } from "../helpers/two-stores";
import { answer, contextFor, postForm } from "../helpers/routes";

let db: TestDb;
let alpha: StoreFixture;
let beta: StoreFixture;
let alphaCtx: AppLoadContext;
let betaCtx: AppLoadContext;
let seq = 0;
const A = "http://alpha.localhost:3000";
const fresh = (ctx: AppLoadContext) => ({ ...ctx, clientAddress: `198.51.100.${++seq}` });
const args = (request: Request, context: AppLoadContext) => ({ request, context, params: {} });

const requestsOf = async (storeId: string) =>
  (
    (await db.owner
      .select({ n: count() })
      .from(contactRequests)
      .where(eq(contactRequests.storeId, storeId))) as [{ n: number }]
  )[0].n;

beforeAll(async () => {
  ({ db, alpha, beta } = await openTwoStores());
  await db.owner
    .update(storeSettings)
    .set({
      aboutEn: "Alpha since 1999.",
      aboutAr: "ألفا منذ ١٩٩٩.",
      termsEn: "Alpha terms.",
      privacyEn: "Alpha privacy.",
    })
    .where(eq(storeSettings.storeId, alpha.storeId));
  alphaCtx = await contextFor(db, "alpha.localhost");
  betaCtx = await contextFor(db, "beta.localhost");
});
afterAll(() => db.dispose());
beforeEach(async () => {
  await db.owner.delete(rateLimits);
});

describe("text pages", () => {
  it("show this store's own text in the reader's language", async () => {
    const en = await answer<{ body: string }>(() => aboutLoader(args(new Request(`${A}/about`), alphaCtx)));
    // The language is resolved once per request, into the load context (as server.ts builds it).
    const arRequest = new Request(`${A}/about?lng=ar`);
    const arCtx = await contextFor(db, "alpha.localhost", { request: arRequest });
    const ar = await answer<{ body: string }>(() => aboutLoader(args(arRequest, arCtx)));
    expect(en.data.body).toBe("Alpha since 1999.");
    expect(ar.data.body).toBe("ألفا منذ ١٩٩٩.");
    const terms = await answer<{ body: string }>(() =>
      termsLoader(args(new Request(`${A}/terms?lng=ar`), arCtx)),
    );
    expect(terms.data.body).toBe("Alpha terms."); // no Arabic text yet: English rather than nothing
  });

  it("are empty for a store that wrote nothing, never another store's text", async () => {
    const about = await answer<{ body: string }>(() =>
      aboutLoader(args(new Request("http://beta.localhost/about"), betaCtx)),
    );
    const privacy = await answer<{ body: string }>(() =>
      privacyLoader(args(new Request("http://beta.localhost/privacy"), betaCtx)),
    );
    expect(about.data.body).toBe("");
    expect(privacy.data.body).toBe("");
  });

  it("answer 404 on the platform host", async () => {
    const platform = await contextFor(db, "localhost");
    expect(
      (await answer(() => aboutLoader(args(new Request("http://localhost/about"), platform)))).status,
    ).toBe(404);
  });
});

describe("contact form", () => {
  const valid = { name: "Mona Saleh", email: "Mona@Example.com", comments: "Do you ship to Dubai?" };

  it("stores the request in this store only and thanks the sender", async () => {
    const before = { a: await requestsOf(alpha.storeId), b: await requestsOf(beta.storeId) };
    const res = await answer(() => contactAction(args(postForm(`${A}/contact`, valid), fresh(alphaCtx))));
    expect(res.status).toBe(302);
    expect(res.headers.getSetCookie().some((c) => c.startsWith("toast="))).toBe(true);
    expect(await requestsOf(alpha.storeId)).toBe(before.a + 1);
    expect(await requestsOf(beta.storeId)).toBe(before.b);
    const [row] = await db.owner
      .select()
      .from(contactRequests)
      .where(eq(contactRequests.storeId, alpha.storeId))
      .orderBy(contactRequests.createdAt);
    expect(row).toMatchObject({ name: "Mona Saleh", email: "mona@example.com", status: "new", userId: null });
  });

  it.each([
    [{ ...valid, name: "" }, "name", "validation.nameRequired"],
    // A person's name: not sign-up's 'Please enter valid Store Name' (issue 39).
    [{ ...valid, name: "Mo" }, "name", "validation.nameTooShort"],
    [{ ...valid, email: "" }, "email", "validation.emailRequired"],
    [{ ...valid, email: "nope" }, "email", "validation.emailInvalid"],
    [{ ...valid, comments: "   " }, "comments", "validation.commentsRequired"],
    [{ ...valid, comments: "x".repeat(10_240) }, "comments", "validation.commentsTooLong"],
    [{ ...valid, name: "<b>Mona</b>" }, "name", "validation.nameInvalid"],
  ])("refuses %j with 400, its message and nothing written", async (fields, field, key) => {
    const before = await requestsOf(alpha.storeId);
    const res = await answer<{ result: { error: Record<string, string[]> } }>(() =>
      contactAction(args(postForm(`${A}/contact`, fields), fresh(alphaCtx))),
    );
    expect(res.status).toBe(400);
    expect(res.data.result.error[field]).toEqual([key]);
    expect(await requestsOf(alpha.storeId)).toBe(before);
  });

  it("refuses a filled honeypot and the 11th message in a minute from one address", async () => {
    const before = await requestsOf(alpha.storeId);
    const bot = await answer(() =>
      contactAction(args(postForm(`${A}/contact`, { ...valid, website: "spam" }), fresh(alphaCtx))),
    );
    expect(bot.status).toBe(400);
    expect(await requestsOf(alpha.storeId)).toBe(before);
    const sameAddress = { ...alphaCtx, clientAddress: "192.0.2.55" };
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push(
        (await answer(() => contactAction(args(postForm(`${A}/contact`, valid), sameAddress)))).status,
      );
    }
    expect(statuses.slice(0, 10).every((s) => s === 302)).toBe(true);
    expect(statuses[10]).toBe(429);
    expect(await requestsOf(alpha.storeId)).toBe(before + 10);
  });

  it("prefills nothing for a visitor", async () => {
    const res = await answer<{ defaults: { name: string } }>(() =>
      contactLoader(args(new Request(`${A}/contact`), alphaCtx)),
    );
    expect(res.data.defaults).toEqual({ name: "", email: "" });
  });
});
