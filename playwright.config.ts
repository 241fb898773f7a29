/**
 * Browser tests against the production build, served by server.ts on a free port with a fresh
 * embedded database (so it seeds the demo stores). Debian's Chromium only: a downloaded browser
 * is never used.
 *
 * Playwright loads this file in the runner and again in every worker. The runner picks the port
 * and data dir and puts them in process.env, which the workers inherit, so all agree.
 */
import { execSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { DEMO_WEBHOOK } from "./app/db/seed/accounts";

/** Free ports, all held open until every one is chosen so none is handed out twice. */
async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<net.Server>((resolve, reject) => {
          const server = net.createServer();
          server.unref();
          server.on("error", reject);
          server.listen(0, "127.0.0.1", () => resolve(server));
        }),
    ),
  );
  const ports = servers.map((server) => (server.address() as net.AddressInfo).port);
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}

// Only the runner picks; workers inherit these through process.env.
if (
  !process.env.E2E_PORT ||
  !process.env.E2E_MAIL_SMTP_PORT ||
  !process.env.E2E_MAIL_HTTP_PORT ||
  !process.env.E2E_STRIPE_PORT ||
  !process.env.E2E_TWILIO_PORT
) {
  const [app, smtp, mailHttp, stripe, twilio] = await freePorts(5);
  process.env.E2E_PORT ||= String(app);
  process.env.E2E_MAIL_SMTP_PORT ||= String(smtp);
  process.env.E2E_MAIL_HTTP_PORT ||= String(mailHttp);
  process.env.E2E_STRIPE_PORT ||= String(stripe);
  process.env.E2E_TWILIO_PORT ||= String(twilio);
}
if (!process.env.E2E_DATA_DIR) {
  const created = mkdtempSync(path.join(os.tmpdir(), "storefront-e2e-"));
  process.env.E2E_DATA_DIR = created;
  // Runs after Playwright has stopped the web server.
  process.on("exit", () => rmSync(created, { recursive: true, force: true }));
}
const port = Number(process.env.E2E_PORT);
const TWILIO_E2E_SID = "AC000000000000000000000000000e2e00";
const dataDir = process.env.E2E_DATA_DIR;

// scripts/test.ts builds first; this covers a bare `npx playwright test`.
if (!process.env.TEST_WORKER_INDEX && !existsSync("build/server/index.js")) {
  execSync("npx remix vite:build", { stdio: "inherit" });
}

/**
 * Debian's headless shell when installed (the same Chromium build without the browser UI: in a
 * same-run measurement it spent about a fifth less CPU than `chromium --headless` on the same
 * specs), else Debian's Chromium.
 */
const defaultChromium = existsSync("/usr/bin/chromium-headless-shell")
  ? "/usr/bin/chromium-headless-shell"
  : "/usr/bin/chromium";

const browser = {
  ...devices["Desktop Chrome"],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? defaultChromium,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  },
};

function traceMode(value: string | undefined) {
  const modes = ["off", "on", "retain-on-failure", "on-first-retry", "retain-on-first-failure"] as const;
  const mode = modes.find((candidate) => candidate === (value ?? "off"));
  if (!mode) throw new Error(`E2E_TRACE must be one of ${modes.join(", ")}`);
  return mode;
}

export default defineConfig({
  testDir: "tests/e2e",
  // A 2-core machine runs the server, the runner and Chromium at once.
  workers: Math.min(2, os.availableParallelism()),
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    baseURL: `http://localhost:${port}`,
    navigationTimeout: 30_000,
    actionTimeout: 15_000,
    // Off unless asked for (E2E_TRACE=retain-on-failure): recording a trace of every test, to keep
    // the failing ones, cost a third of Chromium's CPU on the same specs (decision 036). A failure
    // still reports its error and the page's snapshot (error-context.md).
    trace: traceMode(process.env.E2E_TRACE),
  },
  projects: [
    {
      name: "chromium",
      use: browser,
    },
  ],
  webServer: [
    {
      // The mailbox the app sends to; tests read it over HTTP (tests/e2e/support/mail.ts).
      command: "node --import tsx tests/e2e/support/mail-catcher.ts",
      url: `http://127.0.0.1:${process.env.E2E_MAIL_HTTP_PORT}/healthz`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: {
        MAIL_SMTP_PORT: process.env.E2E_MAIL_SMTP_PORT!,
        MAIL_HTTP_PORT: process.env.E2E_MAIL_HTTP_PORT!,
      },
    },
    {
      // The Stripe-compatible test server (decision 013) for the card payment tests.
      command: `node --import tsx scripts/stripe-dev.ts --port ${process.env.E2E_STRIPE_PORT} --webhook-url http://localhost:${port}/webhooks/stripe`,
      url: `http://127.0.0.1:${process.env.E2E_STRIPE_PORT}/test/events`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { STRIPE_SECRET_KEY: "sk_test_e2e", STRIPE_WEBHOOK_SECRET: "whsec_e2e" },
    },
    {
      // The Twilio-compatible test server (decision 040): COD confirmation SMS and WhatsApp messages.
      command: `node --import tsx scripts/twilio-dev.ts --port ${process.env.E2E_TWILIO_PORT}`,
      url: `http://127.0.0.1:${process.env.E2E_TWILIO_PORT}/healthz`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { TWILIO_ACCOUNT_SID: TWILIO_E2E_SID, TWILIO_AUTH_TOKEN: "twilio_e2e" },
    },
    {
      // The demo store's webhook receiver (`npm run webhooks:dev`, the seed's port and secret):
      // without it the server retried every demo event against a closed port all run long,
      // filling the log. Another run's receiver on the port serves as well.
      command: "node --import tsx scripts/webhooks-dev.ts",
      url: `http://127.0.0.1:${DEMO_WEBHOOK.port}/`,
      reuseExistingServer: true,
      timeout: 30_000,
    },
    {
      // One process (no tsx CLI wrapper), so SIGTERM reaches the server's graceful shutdown directly.
      command: "node --import tsx server.ts",
      url: `http://127.0.0.1:${port}/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "pipe",
      stderr: "pipe",
      gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
      env: {
        NODE_ENV: "production",
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        REQUEST_LOG: "0",
        // The embedded database under test, never one the developer's shell points at.
        DATABASE_URL: "",
        SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_MAIL_SMTP_PORT}`,
        // As behind a reverse proxy: each test sends its own X-Forwarded-For, so the per-address
        // rate limits apply per test rather than to the whole suite on 127.0.0.1.
        TRUST_PROXY: "1",
        // Webhooks to the specs' own receivers on 127.0.0.1 (decision 047's development flag).
        WEBHOOKS_ALLOW_LOOPBACK: "1",
        STRIPE_SECRET_KEY: "sk_test_e2e",
        STRIPE_WEBHOOK_SECRET: "whsec_e2e",
        STRIPE_API_BASE: `http://127.0.0.1:${process.env.E2E_STRIPE_PORT}`,
        TWILIO_ACCOUNT_SID: TWILIO_E2E_SID,
        TWILIO_AUTH_TOKEN: "twilio_e2e",
        TWILIO_SMS_FROM: "+15005550006",
        TWILIO_WHATSAPP_FROM: "+14155238886",
        TWILIO_API_BASE: `http://127.0.0.1:${process.env.E2E_TWILIO_PORT}`,
        // Card tests connect Ink Atelier through Payment Options; Dye & Shade keeps Cash On Delivery alone.
        STRIPE_DEMO_CONNECT: "0",
      },
    },
  ],
});
