/**
 * One database per purpose (decision 036). When `npm test` has a PostgreSQL server
 * (TEST_DATABASE_URL, as CI does), every integration test runs on it: it is the production shape
 * and the one that proves races, row-level security and faults. The embedded database (PGlite,
 * what `npm start` runs on) then runs this slice only: the files that prove the embedded default
 * works (migrations from nothing, the demo seed, start-up) and one representative file of every
 * domain, so SQL that PGlite runs differently is still caught. The browser tests run the whole
 * app on PGlite as well. Without a server, every integration test runs on PGlite.
 */
export const EMBEDDED_SLICE: readonly { file: string; proves: string }[] = [
  { file: "tests/integration/migrations.test.ts", proves: "every migration applies from nothing" },
  { file: "tests/integration/seed.test.ts", proves: "the demo stores seed as npm start seeds them" },
  { file: "tests/integration/edge-startup.test.ts", proves: "the server starts on the embedded database" },
  { file: "tests/integration/rls.test.ts", proves: "row-level security under the app role (SET ROLE)" },
  { file: "tests/integration/tenancy.test.ts", proves: "store isolation through the routes" },
  {
    file: "tests/integration/catalog.test.ts",
    proves: "catalogue filters, search in en and ar, keyset pages",
  },
  { file: "tests/integration/variants.test.ts", proves: "options and variants" },
  { file: "tests/integration/checkout.test.ts", proves: "placing an order: stock, numbers, snapshots" },
  { file: "tests/integration/orders.test.ts", proves: "a shopper's orders and cancelling" },
  { file: "tests/integration/discount-codes.test.ts", proves: "discount codes priced and counted" },
  {
    file: "tests/integration/reports.test.ts",
    proves: "dashboard and sales report totals in the store's time zone",
  },
  { file: "tests/integration/accounts.test.ts", proves: "sign-up, sign-in, password reset" },
  { file: "tests/integration/reviews.test.ts", proves: "reviews and ratings" },
  { file: "tests/integration/content.test.ts", proves: "store settings and content pages" },
  { file: "tests/integration/store-signup.test.ts", proves: "creating a store on the platform" },
];
