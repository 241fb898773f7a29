/**
 * Issue 19's budget: a product page with 100 variants renders within the product page's budget.
 * The demo has no such product, so the bench makes one the way an owner would: the demo admin
 * imports a CSV (the admin's own import, "apply" step) of one product in 10 shades × 10 sizes,
 * each with its own SKU, price and stock. Works on either database, as it goes through the app.
 */
import type http from "node:http";
import { DEMO_PASSWORDS } from "../../app/db/seed/accounts";
import { textRequest } from "../helpers/raw-http";

export const MANY_VARIANTS_SLUG = "bench-sampler-100";
const ADMIN = { email: "admin@dyes.test", password: DEMO_PASSWORDS.admin };
const SHADES = ["Crimson", "Scarlet", "Ruby", "Coral", "Amber", "Saffron", "Olive", "Teal", "Indigo", "Plum"];
const SHADES_AR = [
  "قرمزي",
  "قرمزي فاتح",
  "ياقوتي",
  "مرجاني",
  "كهرماني",
  "زعفراني",
  "زيتوني",
  "أزرق مخضر",
  "نيلي",
  "برقوقي",
];
const SIZES = [25, 50, 100, 150, 250, 350, 500, 750, 1000, 2000];

function post(
  port: number,
  host: string,
  path: string,
  body: URLSearchParams,
  cookie?: string,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return textRequest({
    port,
    host,
    path,
    method: "POST",
    headers: {
      origin: `http://${host}`,
      "content-type": "application/x-www-form-urlencoded",
      ...(cookie ? { cookie } : {}),
    },
    body: body.toString(),
  });
}

/** The CSV of one product with options Shade (10 values) × Size (10 values): 100 variant rows. */
export function manyVariantsCsv(): string {
  const header = [
    "slug",
    "name_en",
    "name_ar",
    "description_en",
    "description_ar",
    "price",
    "stock",
    "active",
    "option1_name",
    "option1_name_ar",
    "option1_value",
    "option1_value_ar",
    "option2_name",
    "option2_name_ar",
    "option2_value",
    "option2_value_ar",
    "sku",
    "variant_price",
    "variant_stock",
  ];
  const rows = SHADES.flatMap((shade, s) =>
    SIZES.map((grams, g) => [
      MANY_VARIANTS_SLUG,
      "Sampler Dye, 100 Variants",
      "صبغة العينات، ١٠٠ نوع",
      "Ten shades in ten sizes: the bench's product with the most variants a product may have.",
      "عشرة ألوان بعشرة أحجام.",
      "",
      "",
      "true",
      "Shade",
      "اللون",
      shade,
      SHADES_AR[s]!,
      "Size",
      "الحجم",
      `${grams} g`,
      `${grams} غ`,
      `SAMPLER-${s}-${g}`,
      ((499 + grams * 3 + s * 10) / 100).toFixed(2),
      String((s * 10 + g) % 7 === 0 ? 0 : 5 + ((s + g) % 20)),
    ]),
  );
  const quote = (cell: string) => (/[",\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);
  return [header, ...rows].map((row) => row.map(quote).join(",")).join("\n") + "\n";
}

/** Signs in as the demo store's admin and imports the 100-variant product; throws when refused. */
export async function addManyVariantsProduct(port: number, store: string): Promise<void> {
  const host = `${store}.localhost:${port}`;
  const signIn = await post(port, host, "/login", new URLSearchParams(ADMIN));
  const session = (signIn.headers["set-cookie"] ?? []).find((cookie) => cookie.startsWith("__session="));
  if (!session) throw new Error(`signing in as ${ADMIN.email} answered ${signIn.status} without a session`);
  const csv = Buffer.from(manyVariantsCsv(), "utf8").toString("base64");
  const applied = await post(
    port,
    host,
    "/admin/products/import",
    new URLSearchParams({ intent: "apply", csv }),
    session.split(";")[0],
  );
  if (applied.status !== 302 && applied.status !== 303) {
    throw new Error(
      `importing the 100-variant product answered ${applied.status}: ${applied.body.slice(0, 800)}`,
    );
  }
}
