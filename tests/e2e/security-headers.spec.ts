/**
 * The Content-Security-Policy of decision 009 on real pages of the production build: the inline
 * scripts Remix writes carry the response's nonce, the page hydrates, and the browser reports
 * no violation. Plus what any client sees of the edge: 405, /healthz, personal pages.
 */
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { expect, test } from "@playwright/test";
import { hostUrl } from "./demo";

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener("securitypolicyviolation", (event) =>
      window.__cspViolations?.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
});

for (const path of ["/", "/products", "/login?lng=ar"]) {
  test(`${path}: CSP with a nonce, inline scripts run, hydration, no violation`, async ({ page }) => {
    const response = await page.goto(hostUrl("dyes", path));
    expect(response?.status()).toBe(200);
    const headers = response?.headers() ?? {};
    const nonce = /'nonce-([^']+)'/.exec(headers["content-security-policy"] ?? "")?.[1];
    expect(nonce).toBeTruthy();
    expect(headers["x-frame-options"]).toBe("DENY");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["strict-transport-security"]).toBeUndefined();

    // Remix's router exists only after its inline scripts ran and the app hydrated.
    await page.waitForFunction(() => window.__remixRouter?.state.initialized === true);
    expect(await page.evaluate(() => window.__cspViolations)).toEqual([]);
  });
}

test("a script injected without the nonce does not run", async ({ page }) => {
  await page.goto(hostUrl("dyes", "/"));
  const { ran, refused } = await page.evaluate(async () => {
    const script = document.createElement("script");
    script.textContent = "window.__injected = true";
    // The browser says it refused the script: the policy's violation event for an inline script.
    const refusal = new Promise<string>((resolve) => {
      document.addEventListener("securitypolicyviolation", (event) => {
        if (event.blockedURI === "inline") resolve(event.effectiveDirective);
      });
    });
    // An inline script the policy allowed would run as it is inserted, before append returns.
    document.body.append(script);
    const ran = () => (window as Window & { __injected?: boolean }).__injected === true;
    if (ran()) return { ran: true, refused: "" };
    const refusedBy = await refusal;
    return { ran: ran(), refused: refusedBy };
  });
  expect(ran).toBe(false);
  expect(refused).toMatch(/^script-src/);
  expect(await page.evaluate(() => window.__cspViolations?.length)).toBeGreaterThan(0);
});

/** A raw request to the test server naming `host` (Node cannot resolve *.localhost). */
function send(method: string, host: string, path: string) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const req = httpRequest(
      {
        host: "127.0.0.1",
        port: Number(process.env.E2E_PORT),
        path,
        method,
        headers: { Host: `${host}:${process.env.E2E_PORT}` },
      },
      (res) => {
        let body = "";
        res.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on("error", reject);
    req.end();
  });
}

test("TRACE answers 405, /healthz tells only its status, /cart is not cached", async () => {
  const trace = await send("TRACE", "dyes.localhost", "/");
  expect(trace.status).toBe(405);
  expect(trace.headers.allow).toBe("GET, HEAD, POST, OPTIONS");
  const health = await send("GET", "localhost", "/healthz");
  expect(JSON.parse(health.body)).toEqual({ status: "ok" });
  const cart = await send("GET", "dyes.localhost", "/cart");
  expect(cart.headers["cache-control"]).toBe("private, no-store");
});
