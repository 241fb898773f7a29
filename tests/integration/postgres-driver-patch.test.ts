/**
 * The postgres.js patch (patches/, decision 020): transactions whose connections are reset while
 * they run used to kill the process (`TypeError: Cannot read properties of null (reading
 * 'write') at Immediate.nextWrite`, porsager/postgres#1208); a connection ended or terminated
 * while it starts did too (the array types query's unhandled rejection, porsager/postgres#1192,
 * issue 42's D1), and a terminated backend's error failed the next query of the reconnected
 * connection (porsager/postgres#1223, issue 42's D4), and a statement queued on a connection whose
 * socket had failed was never settled, hanging every later statement of that connection
 * (porsager/postgres#1130's cause, found by viewer.test's terminated read). The same scripts run against the installed
 * (patched) driver and against a copy with the patch taken out: the first survives, the second
 * dies or fails as the issues describe, so the test would catch the patch not being applied.
 * PostgreSQL only (TEST_DATABASE_URL).
 */
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const serverUrl = process.env.TEST_DATABASE_URL;
const SCRIPT = path.resolve("tests/integration/fixtures/postgres-cut.mjs");
const STARTUP_SCRIPT = path.resolve("tests/integration/fixtures/postgres-startup-faults.mjs");
const QUEUED_SCRIPT = path.resolve("tests/integration/fixtures/postgres-queued-behind-reset.mjs");
const scratch = mkdtempSync(path.join(tmpdir(), "postgres-unpatched-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function run(driverEntry: string, script = SCRIPT, ...args: string[]) {
  return spawnSync(process.execPath, [script, driverEntry, serverUrl!, ...args], {
    encoding: "utf8",
    timeout: 30_000,
  });
}

/** The installed driver with the patch taken out, copied once. */
let unpatchedEntry: string | undefined;
function unpatched(): string {
  if (unpatchedEntry) return unpatchedEntry;
  const copy = path.join(scratch, "postgres");
  cpSync(path.resolve("node_modules/postgres"), copy, { recursive: true });
  execFileSync("patch", ["-R", "-p3", "-s", "-d", copy, "-i", path.resolve("patches/postgres+3.4.9.patch")]);
  unpatchedEntry = path.join(copy, "src/index.js");
  return unpatchedEntry;
}
const patched = () => path.resolve("node_modules/postgres/src/index.js");

describe.skipIf(!serverUrl)("postgres.js patch", () => {
  it("keeps the process alive when connections are reset mid-transaction", () => {
    const result = run(path.resolve("node_modules/postgres/src/index.js"));
    expect(result.stderr).not.toContain("reading 'write'");
    expect(result.stdout).toContain("survived");
    expect(result.status).toBe(0);
  });

  it("the same script kills the process with the driver as released (the patch taken out)", () => {
    const result = run(unpatched());
    expect(result.status).not.toBe(0);
    // Usually the TypeError of the issue; on a busy machine the same unsettled write sometimes
    // surfaces first as the reset's unhandled rejection. Either way the process is gone.
    expect(result.stderr).toMatch(
      /Cannot read properties of null \(reading 'write'\)|Error: read ECONNRESET/,
    );
  });

  it("survives a connection ended while it starts (the health probe's reset, D1)", () => {
    const result = run(patched(), STARTUP_SCRIPT, "end-while-starting");
    expect(result.stderr).toBe("");
    expect(result.stdout).toMatch(/^ok: CONNECTION_DESTROYED/);
    expect(result.status).toBe(0);
  });

  it("without the patch the same end kills the process from the types query", () => {
    const result = run(unpatched(), STARTUP_SCRIPT, "end-while-starting");
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain("Error: write CONNECTION_DESTROYED");
    expect(result.stderr).toMatch(/at Object\.terminate/);
  });

  it("answers the first query of a connection whose backend was terminated while it started", () => {
    const result = run(patched(), STARTUP_SCRIPT, "terminated-while-starting");
    expect(result.stderr).toBe("");
    expect(result.stdout.trim()).toBe("ok: answered 1");
    expect(result.status).toBe(0);
  });

  it("without the patch that termination kills the process", () => {
    const result = run(unpatched(), STARTUP_SCRIPT, "terminated-while-starting");
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain("terminating connection due to administrator command");
  });

  it("runs the next query after a backend was terminated under a query (no stale 57P01)", () => {
    const result = run(patched(), STARTUP_SCRIPT, "terminated-during-query");
    expect(result.stderr).toBe("");
    expect(result.stdout).toMatch(/^ok: answered 1 \(the sleep: CONNECTION_CLOSED/);
  });

  it("without the patch the next query fails with the dead backend's error", () => {
    const result = run(unpatched(), STARTUP_SCRIPT, "terminated-during-query");
    expect(result.stdout).toMatch(/^wrong: 57P01 terminating connection due to administrator command/);
  });

  it("settles a statement queued on a connection whose socket failed, and runs the next ones", () => {
    const result = run(patched(), QUEUED_SCRIPT);
    expect(result.stderr).toBe("");
    expect(result.stdout).toMatch(/^ok: none hung/);
  });

  it("without the patch such a statement and the ones after it are never answered", () => {
    const result = run(unpatched(), QUEUED_SCRIPT);
    expect(result.stdout).toMatch(/^wrong: \d+ hung/);
  });
});
