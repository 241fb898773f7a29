/**
 * On-demand TLS behind Debian's Caddy (issue 12, item 6): Caddy, with its internal CA, asks the
 * app's /_tls/ask before it issues a certificate. A verified custom domain gets one and the
 * store's page over HTTPS (curl --resolve, checked against Caddy's root); an unknown domain and a
 * domain not yet verified get none. The ask endpoint answers only the loopback or private
 * addresses. Skipped where /usr/bin/caddy is missing.
 */
import { execFile } from "node:child_process";
import http, { type Server } from "node:http";
import { type AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLoadContext } from "~/http/load-context.server";
import { requestHost, TenantResolver, normalizeHost } from "~/services/store/tenancy.server";
import { createApp } from "../../server/app";
import { isPrivateAddress } from "../../server/edge/tls-ask";
import { hasCaddy, startCaddy, type RunningCaddy } from "../helpers/caddy";
import { createTestDb, type TestDb } from "../helpers/db";
import { createStoreFixture } from "../helpers/fixtures";
import { loadApp, type LoadedApp } from "../helpers/matrix/app";

let db: TestDb;
let remix: LoadedApp;
let resolver: TenantResolver;
let server: Server;
let caddy: RunningCaddy | undefined;
let appPort: number;

function curl(host: string): Promise<{ code: number; body: string; stderr: string }> {
  const root = caddy!.rootCertificate;
  const httpsPort = caddy!.httpsPort;
  return new Promise((resolve) => {
    execFile(
      "curl",
      [
        "-sS",
        "--max-time",
        "20",
        "--cacert",
        root,
        "--resolve",
        `${host}:${httpsPort}:127.0.0.1`,
        `https://${host}:${httpsPort}/`,
      ],
      { maxBuffer: 10 * 1024 * 1024 },
      (error, stdout, stderr) =>
        resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, body: stdout, stderr }),
    );
  });
}

describe.skipIf(!hasCaddy())("Caddy with on-demand TLS in front of the app", () => {
  beforeAll(async () => {
    db = await createTestDb();
    await createStoreFixture(db, "shop", { customDomain: "shop.example.test", domainVerified: true });
    await createStoreFixture(db, "later", { customDomain: "later.example.test", domainVerified: false });
    remix = await loadApp(db);
    resolver = await new TenantResolver(db, { platformDomain: "localhost" }).start();
    const listener = createApp({
      development: false,
      trustProxy: false,
      healthy: async () => true,
      assets: [],
      isOurHost: async (host) => (await resolver.resolve(normalizeHost(host))).kind !== "unknown",
      handle: async (request) =>
        remix.handle(
          request,
          await createLoadContext({
            url: new URL(request.url),
            cookieHeader: request.headers.get("cookie"),
            tenant: await resolver.resolve(requestHost({ host: request.headers.get("host") ?? "" })),
            clientAddress: "127.0.0.1",
          }),
        ),
    });
    server = http.createServer(listener).listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    appPort = (server.address() as AddressInfo).port;

    caddy = await startCaddy({ appPort });
  }, 120_000);

  afterAll(async () => {
    await caddy?.stop();
    await resolver?.stop();
    await new Promise((resolve) => server?.close(resolve));
    await remix?.close();
    await db?.dispose();
  });

  it("serves a verified custom domain over HTTPS with a certificate for it", async () => {
    const res = await curl("shop.example.test");
    expect(res.stderr).toBe("");
    expect(res.code).toBe(0);
    expect(res.body).toContain("Store shop");
  }, 60_000);

  it("gives an unknown domain and a domain not yet verified no certificate", async () => {
    for (const host of ["nope.example.test", "later.example.test"]) {
      const res = await curl(host);
      expect(res.code, host).not.toBe(0);
      expect(res.body, host).toBe("");
    }
  }, 60_000);

  it("answers the ask endpoint only to the proxy's own network", async () => {
    const ask = (domain: string) =>
      fetch(`http://127.0.0.1:${appPort}/_tls/ask?domain=${domain}`).then((r) => r.status);
    expect(await ask("shop.example.test")).toBe(200);
    expect(await ask("shop.localhost")).toBe(200);
    expect(await ask("later.example.test")).toBe(404);
    expect(await ask("nope.example.test")).toBe(404);
    expect(isPrivateAddress("203.0.113.5")).toBe(false);
    expect(isPrivateAddress("::ffff:10.1.2.3")).toBe(true);
    expect(isPrivateAddress("fd12:3456::1")).toBe(true);
    expect(isPrivateAddress("2001:db8::1")).toBe(false);
  });
});
