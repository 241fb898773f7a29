/** server.ts refuses to start in production on PostgreSQL without SESSION_SECRET (decision 009). */
import { spawnSync } from "node:child_process";
import { expect, it } from "vitest";

it("NODE_ENV=production with DATABASE_URL and no SESSION_SECRET exits 1 with the reason", () => {
  const { SESSION_SECRET: _secret, ...env } = process.env;
  const result = spawnSync(process.execPath, ["--import", "tsx", "server.ts"], {
    env: { ...env, NODE_ENV: "production", DATABASE_URL: "postgres://nobody@127.0.0.1:1/none", PORT: "0" },
    encoding: "utf8",
    timeout: 60_000,
  });
  expect(result.status).toBe(1);
  expect(result.stderr).toContain("SESSION_SECRET is not set");
});
