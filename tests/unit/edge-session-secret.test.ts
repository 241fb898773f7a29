/** SESSION_SECRET at start (decision 009): required for real deployments, generated for the demo. */
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createCookie } from "@remix-run/node";
import { afterEach, describe, expect, it } from "vitest";
import { cookieSecrets, MISSING_SECRET_MESSAGE, prepareSessionSecret } from "~/lib/cookies.server";

const dirs: string[] = [];
function tempDir() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "secret-"));
  dirs.push(dir);
  return path.join(dir, "pglite");
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("prepareSessionSecret", () => {
  it("production with DATABASE_URL and no secret refuses with a clear message", () => {
    const env = { NODE_ENV: "production", DATABASE_URL: "postgres://db/app" };
    expect(() => prepareSessionSecret(env, tempDir())).toThrow(MISSING_SECRET_MESSAGE);
    expect(MISSING_SECRET_MESSAGE).toMatch(/SESSION_SECRET is not set/);
  });

  it("a given secret is used as it is", () => {
    const env: Record<string, string> = {
      NODE_ENV: "production",
      DATABASE_URL: "x",
      SESSION_SECRET: "s1,s0",
    };
    prepareSessionSecret(env, tempDir());
    expect(cookieSecrets(env)).toEqual(["s1", "s0"]);
  });

  it("the embedded demo generates one secret, keeps it (0600) and reuses it", () => {
    const dataDir = tempDir();
    const first: Record<string, string> = { NODE_ENV: "production" };
    prepareSessionSecret(first, dataDir);
    const file = path.join(dataDir, "session-secret");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(first.SESSION_SECRET).toBe(readFileSync(file, "utf8").trim());
    expect(first.SESSION_SECRET?.length).toBeGreaterThanOrEqual(40);
    const second: Record<string, string> = { NODE_ENV: "production", DATABASE_URL: "" };
    prepareSessionSecret(second, dataDir);
    expect(second.SESSION_SECRET).toBe(first.SESSION_SECRET);
  });

  it("development and tests keep the development secret", () => {
    const env: Record<string, string> = { NODE_ENV: "development" };
    prepareSessionSecret(env, tempDir());
    expect(env.SESSION_SECRET).toBeUndefined();
    expect(cookieSecrets(env)).toEqual(["dev-only-session-secret-change-me"]);
  });
});

describe("cookieSecrets in production", () => {
  it("never falls back to the public development secret", () => {
    expect(() => cookieSecrets({ NODE_ENV: "production" })).toThrow(MISSING_SECRET_MESSAGE);
  });

  it("a cookie forged with the public development secret is not accepted", async () => {
    const env: Record<string, string> = { NODE_ENV: "production" };
    prepareSessionSecret(env, tempDir());
    const forged = await createCookie("toast", { secrets: ["dev-only-session-secret-change-me"] }).serialize({
      kind: "success",
      text: "forged",
    });
    const production = createCookie("toast", { secrets: cookieSecrets(env) });
    expect(await production.parse(forged.split(";")[0] ?? "")).toBeNull();
  });
});
