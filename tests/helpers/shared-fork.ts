/**
 * Vitest setup file: test files share their fork's modules (`isolate: false`, decision 036), so
 * what one file leaves behind in the process must not reach the next. Runs before each file.
 *
 * - `process.env` goes back to what the fork started with: files set SMTP_URL, STRIPE_*,
 *   SESSION_SECRET, DNS_* for their own servers and services, and not all of them put it back.
 * - The webhook delivery settings are derived from the configuration again (webhooks-delivery
 *   allows loopback and shortens the time limit; the settings are read once and kept).
 * - The session and toast cookies read SESSION_SECRET again (the fault tests set their own, and
 *   the cookies read it once, at first use): hooks in sessions.server.ts and toast.server.ts.
 * - No process-wide database or tenant resolver is installed (`setDb` for a file that did not
 *   dispose its own; the resolver only server.ts makes, stopped if a file made one).
 * - Fake timers, spies and stubbed globals are undone after the file, whether it did or not.
 *
 * Left as they are, because nothing reads them across files: the logger a file pointed at its
 * own array (every file that reads log lines points it again at import), the metrics listener,
 * caches keyed by the `Db` (the catalog cache) or by input only (formats, countries, the viewer
 * statement's text).
 */
import { afterAll, vi } from "vitest";
import { setDb } from "~/db/client.server";
import { forgetSessionCookies } from "~/http/sessions.server";
import { config } from "~/lib/config.server";
import { forgetToastCookie } from "~/lib/toast.server";
import type { TenantResolver } from "~/services/store/tenancy.server";
import { configureWebhookDelivery } from "~/services/webhooks/delivery.server";

const START_ENV = Symbol.for("storefront.test.startEnv");
const holder = globalThis as { [START_ENV]?: Readonly<Record<string, string | undefined>> };
const startEnv = (holder[START_ENV] ??= { ...process.env });

// Vitest's own (VITEST_WORKER_ID and the like) it sets per file itself.
const ours = (name: string) => !name.startsWith("VITEST");
for (const name of Object.keys(process.env)) if (ours(name) && !(name in startEnv)) delete process.env[name];
for (const [name, value] of Object.entries(startEnv)) {
  if (ours(name) && process.env[name] !== value) process.env[name] = value;
}

configureWebhookDelivery({ ...config().webhooks, lookup: undefined });
forgetSessionCookies();
forgetToastCookie();
setDb(undefined);
// getTenantResolver's key (tenancy.server.ts).
const RESOLVER = Symbol.for("storefront.tenantResolver");
const withResolver = globalThis as { [RESOLVER]?: Promise<TenantResolver> };
const resolver = withResolver[RESOLVER];
delete withResolver[RESOLVER];
if (resolver) await resolver.then((r) => r.stop()).catch(() => {});

afterAll(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});
