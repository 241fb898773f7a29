/**
 * Every resource route (a route module without a page: no default export) answers a refusal with
 * its reason (issue 42 D10): its loader and action go through `resourceRoute` (or, for the
 * fetcher-posted actions, `siteResourceAction`), which turns a Refusal into its status and message.
 * Remix itself would hand a resource route's thrown refusal on as "Unexpected Server Error".
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";

const ROUTES = path.resolve("app/routes");
/** Stripe's webhook answers Stripe, not a person, and reads its body raw (signature): no wrapper. */
const RAW = new Set(["webhooks.stripe.tsx"]);
/**
 * The wrappers that answer a refusal with its reason. The Admin API's routes (issue 38) export an
 * endpoint of app/http/api-endpoints.server.ts (built by `apiLoader` / `apiAction`, which answer
 * every refusal as JSON `{ error: { code, message, fields } }`) or `apiMethodNotAllowed` /
 * `apiNotFound`, or the OpenAPI document (`serveOpenApi`, which cannot refuse).
 */
const WRAPPERS = new Set([
  "resourceRoute",
  "siteResourceAction",
  "apiMethodNotAllowed",
  "apiNotFound",
  "listProducts",
  "getProduct",
  "updateProduct",
  "adjustStock",
  "listCategories",
  "listOrders",
  "getOrder",
  "orderStep",
  "serveOpenApi",
  "createProduct",
  "listInventoryLevels",
  "listCustomers",
  "getCustomer",
  "listDiscountCodes",
  "getDiscountCode",
  "createDiscountCode",
  "listEventsFeed",
  "listRefunds",
  "createOrderRefund",
  "exportCustomers",
]);

it("wraps every resource route's loader and action in resourceRoute", () => {
  const resources = readdirSync(ROUTES).filter(
    (file) =>
      /\.tsx?$/.test(file) && !readFileSync(path.join(ROUTES, file), "utf8").includes("export default"),
  );
  expect(resources.length).toBeGreaterThan(10);
  const unwrapped: string[] = [];
  for (const file of resources) {
    if (RAW.has(file)) continue;
    const source = readFileSync(path.join(ROUTES, file), "utf8");
    for (const match of source.matchAll(
      /export (?:const|async function|function) (loader|action)\b(?: = (\w+))?/g,
    )) {
      const wrapper = match[2];
      if (!wrapper || !WRAPPERS.has(wrapper)) unwrapped.push(`${file}: ${match[1]}`);
    }
  }
  expect(unwrapped).toEqual([]);
});
