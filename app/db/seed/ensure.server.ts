import type { Db } from "../client.server";
import { stores } from "../schema";
import { DEMO_ACCOUNTS, DEMO_API_TOKEN, DEMO_WEBHOOK, PLATFORM_URL } from "./accounts";
import { seedDemo } from "./index";
import { config } from "~/lib/config.server";

/** True when the database holds no store at all: a first start. */
async function isEmpty(db: Db): Promise<boolean> {
  const found = await db.owner.select({ id: stores.id }).from(stores).limit(1);
  return found.length === 0;
}

/** Printable lines: store URLs and demo logins. `{port}` is left for the caller to fill in. */
export function demoLines(elapsedMs?: number): string[] {
  const width = Math.max(...DEMO_ACCOUNTS.map((a) => a.email.length));
  return [
    elapsedMs === undefined ? "Demo data:" : `Demo data seeded in ${(elapsedMs / 1000).toFixed(1)} s:`,
    `  Dye & Shade Co.  http://dyes.localhost:{port}`,
    `  Ink Atelier      http://inks.localhost:{port}`,
    `  Platform         ${PLATFORM_URL}`,
    "Demo logins:",
    ...DEMO_ACCOUNTS.map(
      (a) => `  ${a.role.padEnd(14)}  ${a.email.padEnd(width)}  ${a.password.padEnd(14)}  ${a.url}`,
    ),
    'Demo Admin API token (Dye & Shade Co., see the README\'s "Admin API"):',
    `  ${DEMO_API_TOKEN.secret}`,
    `  curl -H "Authorization: Bearer ${DEMO_API_TOKEN.secret}" "http://dyes.localhost:{port}/api/v1/orders?status=confirmed"`,
    `Demo webhook (Dye & Shade Co., every event) to ${DEMO_WEBHOOK.url}, secret ${DEMO_WEBHOOK.secret}:`,
    "  npm run webhooks:dev   (the local receiver; start the server with WEBHOOKS_ALLOW_LOOPBACK=1)",
  ];
}

/**
 * Demo accounts have published passwords, so a server database is seeded only on request:
 * SEED_DEMO=1 forces auto-seeding, SEED_DEMO=0 turns it off, and by default only the embedded
 * PGlite (the zero-setup demo) is seeded.
 */
function autoSeedAllowed(db: Db): boolean {
  const flag = config().seedDemo;
  if (flag !== undefined) return flag;
  return db.kind === "pglite";
}

/**
 * Seeds the demo stores on first start (server.ts calls this on every start). Returns lines to
 * print, or null when nothing was seeded: the database already has stores, or auto-seeding is
 * off for it (see `autoSeedAllowed`).
 */
export async function ensureDemoData(db: Db): Promise<string[] | null> {
  if (!autoSeedAllowed(db) || !(await isEmpty(db))) return null;
  const result = await seedDemo(db);
  if (!result.stores.some((s) => s.created)) return null;
  return demoLines(result.elapsedMs);
}
