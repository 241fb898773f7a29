/**
 * On-demand TLS behind Debian's Caddy (issue 12, item 6): Caddy, with its internal CA, asks the
 * app's /_tls/ask before it issues a certificate. A verified custom domain gets one and the
 * store's page over HTTPS (curl --resolve, checked against Caddy's root); an unknown domain and a
 * domain not yet verified get none. The ask endpoint answers only the loopback or private
 * addresses. Skipped where /usr/bin/caddy is missing.
 */
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http, { type Server } from "node:http";
import net, { type AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLoadContext } from "~/http/load-context.server";
import { requestHost, TenantResolver, normalizeHost } from "~/services/store/tenancy.server";
import { createApp } from "../../server/app";
import { isPrivateAddress } from "../../server/edge/tls-ask";
import { createTestDb, type TestDb } from "../helpers/db";
import { createStoreFixture } from "../helpers/fixtures";
import { loadApp, type LoadedApp } from "../helpers/matrix/app";

const CADDY = "/usr/bin/caddy";
let db: TestDb;
let remix: LoadedApp;
let resolver: TenantResolver;
let server: Server;
let caddy: ChildProcess | undefined;
let dir: string;
let appPort: number;
let httpsPort: number;

async function freePort(): Promise<number> {
  const probe = net.createServer().listen(0, "127.0.0.1");
  await new Promise((resolve) => probe.once("listening", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

async function waitForPort(port: number, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, "127.0.0.1", () => {
        socket.end();
        resolve(true);
      });
      socket.on("error", () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`port ${port} never opened`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function curl(host: string): Promise<{ code: number; body: string; stderr: string }> {
  const root = path.join(dir, "data", "caddy", "pki", "authorities", "local", "root.crt");
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

describe.skipIf(!existsSync(CADDY))("Caddy with on-demand TLS in front of the app", () => {
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

    dir = mkdtempSync(path.join(os.tmpdir(), "caddy-test-"));
    httpsPort = await freePort();
    const httpPort = await freePort();
    const caddyfile = readDeployCaddyfile()
      .replaceAll("{$HTTP_PORT:80}", String(httpPort))
      .replaceAll("{$HTTPS_PORT:443}", String(httpsPort))
      .replaceAll("{$APP:127.0.0.1:3000}", `127.0.0.1:${appPort}`)
      // Tests have no ACME: Caddy's own CA issues the certificates.
      .replace("# local_certs", "local_certs\n\tskip_install_trust");
    writeFileSync(path.join(dir, "Caddyfile"), caddyfile);
    caddy = spawn(CADDY, ["run", "--config", path.join(dir, "Caddyfile"), "--adapter", "caddyfile"], {
      env: {
        ...process.env,
        HOME: dir,
        XDG_DATA_HOME: path.join(dir, "data"),
        XDG_CONFIG_HOME: path.join(dir, "config"),
      },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let log = "";
    caddy.stderr?.on("data", (chunk: Buffer) => (log = (log + chunk.toString()).slice(-4000)));
    caddy.on("exit", (code) => {
      if (code) console.error(`caddy exited ${code}:\n${log}`);
    });
    await waitForPort(httpsPort);
  }, 120_000);

  afterAll(async () => {
    caddy?.kill("SIGTERM");
    await new Promise((resolve) => (caddy ? caddy.once("exit", resolve) : resolve(null)));
    await resolver?.stop();
    await new Promise((resolve) => server?.close(resolve));
    await remix?.close();
    await db?.dispose();
    if (dir) rmSync(dir, { recursive: true, force: true });
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

/** The documented Caddyfile itself, so the guide cannot drift from what is tested. */
function readDeployCaddyfile(): string {
  return readFileSync(path.resolve("docs/deploy/Caddyfile"), "utf8");
}
