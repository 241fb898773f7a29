/**
 * The admin lists' empty state, rendered through a real route (the discount codes' loader and
 * page on a scratch database): a store with no codes says "none yet"; a search that finds
 * nothing says the search matched nothing; a state filter that finds nothing says so, in
 * English and Arabic.
 */
import type { AppLoadContext } from "@remix-run/node";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { uuidv7 } from "uuidv7";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { discountCodes, users } from "~/db/schema";
import { getI18n, type Locale } from "~/lib/i18n";
import "~/lib/i18n.server";
import type { RootData } from "~/lib/shell";
import { TranslationProvider } from "~/lib/use-translation";
import AdminDiscounts, { loader } from "~/routes/admin.discounts._index";
import { createTestDb, type TestDb } from "../helpers/db";
import { createStoreFixture, type StoreFixture } from "../helpers/fixtures";
import { contextFor } from "../helpers/routes";
import { userCookie } from "../helpers/sessions";

let db: TestDb;
let store: StoreFixture;
let ctx: AppLoadContext;
let cookie: string;
const A = "http://listempty.localhost:3000";

/** The page's text as a reader sees it (tags and bidi isolates removed). */
async function pageText(query: string, locale: Locale): Promise<string> {
  const root = {
    shell: { locale },
    site: { kind: "store", currency: "USD", timeZone: "UTC" },
  } as unknown as RootData;
  const routes = [
    {
      id: "root",
      path: "/",
      loader: () => root,
      children: [
        {
          id: "discounts",
          path: "admin/discounts",
          loader: ({ request }: { request: Request }) => loader({ request, context: ctx, params: {} }),
          Component: AdminDiscounts,
        },
      ],
    },
  ];
  const handler = createStaticHandler(routes);
  const context = await handler.query(
    new Request(`${A}/admin/discounts${query}`, { headers: { Cookie: cookie } }),
  );
  if (context instanceof Response) throw new Error(`unexpected response ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToStaticMarkup(
    createElement(
      TranslationProvider,
      { i18n: getI18n(locale) },
      createElement(StaticRouterProvider, { router, context, hydrate: false }),
    ),
  );
  return html
    .replace(/<[^>]+>/g, " ")
    .replace(/[\u2066-\u2069]/g, "")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, " ");
}

beforeAll(async () => {
  db = await createTestDb();
  store = await createStoreFixture(db, "listempty");
  ctx = await contextFor(db, "listempty.localhost");
  const adminId = uuidv7();
  await db.owner
    .insert(users)
    .values({
      storeId: store.storeId,
      id: adminId,
      email: "admin@listempty.test",
      name: "Admin",
      isAdmin: true,
    });
  cookie = await userCookie(store.storeId, adminId, A);
});
afterAll(async () => {
  await db.dispose();
});

const TEXTS = {
  en: {
    none: "No discount codes yet.",
    search: "No discount codes match “xyz”.",
    filtered: "No discount codes match these filters.",
  },
  ar: {
    none: "لا توجد رموز خصم بعد.",
    search: "لا توجد رموز خصم مطابقة لـ «xyz».",
    filtered: "لا توجد رموز خصم مطابقة لعوامل التصفية هذه.",
  },
};

describe("an admin list's empty state", () => {
  for (const locale of ["en", "ar"] as const) {
    it(`tells "none yet" from "nothing matches" (${locale})`, async () => {
      const says = TEXTS[locale];
      // A store without codes: "yet", whatever the list's order or page.
      const empty = await pageText(`?lng=${locale}`, locale);
      expect(empty).toContain(says.none);
      expect(empty).not.toContain(says.search);
      // A search that finds nothing names the search; a state filter says the filters matched nothing.
      const searched = await pageText(`?q=xyz&lng=${locale}`, locale);
      expect(searched).toContain(says.search);
      expect(searched).not.toContain(says.none);
      expect(await pageText(`?state=expired&lng=${locale}`, locale)).toContain(says.filtered);
      // "all" is no filter: still "yet".
      expect(await pageText(`?state=all&q=&lng=${locale}`, locale)).toContain(says.none);
    });
  }

  it("with a code in the store, a search that misses it says so, and the code shows without one", async () => {
    await db.owner
      .insert(discountCodes)
      .values({ storeId: store.storeId, id: uuidv7(), code: "SPRING10", kind: "percentage", value: 10 });
    const all = await pageText("", "en");
    expect(all).toContain("SPRING10");
    expect(all).not.toContain(TEXTS.en.none);
    const missed = await pageText("?q=xyz", "en");
    expect(missed).toContain(TEXTS.en.search);
    expect(missed).not.toContain("SPRING10");
  });
});
