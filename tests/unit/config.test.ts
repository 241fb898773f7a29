/**
 * The configuration module (decision 021): defaults, one error naming every bad variable, the
 * server refusing to start with that error, and no code but the module reading `process.env`.
 */
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "~/lib/config.server";

describe("loadConfig", () => {
  it("gives the documented defaults for an empty environment", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      production: false,
      port: 3000,
      host: "0.0.0.0",
      workers: 1,
      database: { dataDir: path.resolve(".data/pglite") },
      cookieSecure: false,
      trustProxy: false,
      platformDomain: "localhost",
      requestLog: true,
      metrics: null,
      pageCache: null,
      dns: { timeoutMs: 2000 },
      domainRecheckMs: 6 * 3_600_000,
    });
  });

  it("reads production settings, blank values as unset", () => {
    const config = loadConfig({
      NODE_ENV: "production",
      PORT: "8080",
      DATABASE_URL: "postgres://owner@db/store",
      APP_DATABASE_URL: "postgres://app@db/store",
      METRICS_PORT: "9464",
      PAGE_CACHE_MB: "128",
      PAGE_CACHE_WORKER_MB: "16",
      TRUST_PROXY: "1",
      PLATFORM_DOMAIN: "Example.COM",
      REQUEST_LOG: "0",
      HOST: "  ",
    });
    expect(config).toMatchObject({
      production: true,
      port: 8080,
      host: "0.0.0.0",
      database: { url: "postgres://owner@db/store", appUrl: "postgres://app@db/store" },
      cookieSecure: true,
      trustProxy: true,
      platformDomain: "example.com",
      requestLog: false,
      metrics: { port: 9464, host: "127.0.0.1" },
      pageCache: { maxBytes: 128 * 1024 * 1024, workerMaxBytes: 16 * 1024 * 1024, ttlMs: 60_000 },
    });
    expect(loadConfig({ NODE_ENV: "production", PAGE_CACHE: "off" }).pageCache).toBeNull();
    expect(loadConfig({ METRICS_PORT: "9464", METRICS_HOST: "10.0.0.5" }).metrics).toEqual({
      port: 9464,
      host: "10.0.0.5",
    });
  });

  it("reads the database timeouts, the request deadlines, the tenant cache's size and an empty PUBLIC_PORT", () => {
    const defaults = loadConfig({ DATABASE_URL: "postgres://owner@db/store" });
    expect(defaults).toMatchObject({
      database: { connectTimeoutMs: 2_000 },
      databaseHealthTimeoutMs: 800,
      requestDeadline: { pageMs: 10_000, writeMs: 30_000, commitGraceMs: 10_000 },
      tenantCacheBytes: 32 * 1024 * 1024,
    });
    expect(defaults.publicPort).toBeUndefined();
    expect(
      loadConfig({
        DATABASE_URL: "postgres://owner@db/store",
        DATABASE_CONNECT_TIMEOUT_MS: "500",
        DATABASE_HEALTH_TIMEOUT_MS: "300",
        REQUEST_DEADLINE_MS: "4000",
        REQUEST_WRITE_DEADLINE_MS: "60000",
        REQUEST_COMMIT_GRACE_MS: "2000",
        TENANT_CACHE_MB: "256",
        PUBLIC_PORT: "",
      }),
    ).toMatchObject({
      database: { connectTimeoutMs: 500 },
      databaseHealthTimeoutMs: 300,
      requestDeadline: { pageMs: 4_000, writeMs: 60_000, commitGraceMs: 2_000 },
      tenantCacheBytes: 256 * 1024 * 1024,
      publicPort: null,
    });
    expect(loadConfig({ PUBLIC_PORT: "8443" }).publicPort).toBe(8443);
  });

  it("names every bad variable in one error", () => {
    const bad = {
      PORT: "eighty",
      WEB_CONCURRENCY: "0",
      DATABASE_URL: "mysql://db/store",
      TRUST_PROXY: "yes",
      PUBLIC_SCHEME: "ftp",
      SMTP_URL: "not a url",
      STRIPE_API_BASE: "file:///etc/passwd",
      METRICS_PORT: "99999",
      PAGE_CACHE: "maybe",
      PAGE_CACHE_MB: "1.5",
      PAGE_CACHE_WORKER_MB: "0",
      DNS_TIMEOUT_MS: "-1",
      PLATFORM_DOMAIN: "exa mple.com",
      TENANT_CACHE_MB: "0",
      DATABASE_CONNECT_TIMEOUT_MS: "2s",
      DATABASE_HEALTH_TIMEOUT_MS: "0.5",
      REQUEST_DEADLINE_MS: "0",
      PUBLIC_PORT: "70000",
    };
    let error: unknown;
    try {
      loadConfig(bad);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const { problems, message } = error as ConfigError;
    expect(problems).toHaveLength(Object.keys(bad).length);
    for (const [name, value] of Object.entries(bad)) {
      expect(message).toContain(`${name} `);
      expect(problems.find((p) => p.startsWith(`${name} `))).toContain(JSON.stringify(value));
    }
    expect(message).toContain("PORT must be a whole number from 0 to 65535");
  });
});

it("the server refuses to start with a bad environment, listing every problem", () => {
  const result = spawnSync(process.execPath, ["--import", "tsx", "server.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: "eighty",
      WEB_CONCURRENCY: "many",
      METRICS_PORT: "x",
      TENANT_CACHE_MB: "lots",
    },
    encoding: "utf8",
    timeout: 60_000,
  });
  expect(result.status).toBe(1);
  for (const name of ["PORT", "WEB_CONCURRENCY", "METRICS_PORT", "TENANT_CACHE_MB"])
    expect(result.stderr).toContain(`  - ${name} `);
}, 70_000);

it("no code but the configuration module reads process.env", () => {
  const readers: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const file = path.join(dir, entry);
      if (statSync(file).isDirectory()) walk(file);
      else if (/\.tsx?$/.test(entry) && readFileSync(file, "utf8").includes("process.env"))
        readers.push(file);
    }
  };
  for (const dir of ["app", "server"]) walk(dir);
  if (readFileSync("server.ts", "utf8").includes("process.env")) readers.push("server.ts");
  expect(readers.sort()).toEqual([
    path.join("app", "lib", "config.server.ts"),
    path.join("server", "start-config.ts"),
  ]);
});
