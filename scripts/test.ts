/**
 * `npm test`: every suite in one command, for developers and CI alike.
 *
 *   1. production build (integration tests start the built server)
 *   2. vitest on embedded PGlite: unit tests and, when TEST_DATABASE_URL names a PostgreSQL
 *      server, the embedded slice (tests/embedded-slice.ts); without one, every integration test
 *   3. every integration test on PostgreSQL, when TEST_DATABASE_URL is set (decision 036)
 *   4. the JavaScript budget (DESIGN §9: one test per storefront page, its
 *      gzipped start-up JavaScript within 110 KB, measured from the client manifest); then
 *      Playwright against the build in Debian's Chromium
 *
 * Output of each tool streams to the console; counts come from their JSON reports. The last
 * line is always `N passed, N failed` (plus `, N skipped` when some were), and the exit code
 * is non-zero when anything failed or a suite could not run at all. Before it: a table of where
 * the time went (the stages `.ci/run` ran before, passed in CI_STAGE_SECONDS, then each suite)
 * and the ten slowest test files of all passes.
 */
import { spawn, spawnSync } from "node:child_process";
import { accessSync, constants, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { BUDGET_BYTES, bundleTable, measurePageBundles } from "../tests/bench/bundle";
import { EMBEDDED_SLICE } from "../tests/embedded-slice";
import { playwrightFailures, vitestFailures, type PlaywrightSuite, type VitestReport } from "./test-failures";
import { playwrightFileTimings, slowest, timingTable, type FileTiming } from "./test-timings";

interface Outcome {
  suite: string;
  passed: number;
  failed: number;
  skipped: number;
  seconds: number;
  /** Why the suite failed without (or besides) failing tests: crash, missing tool, build error. */
  problem?: string;
  /** The failing tests by name with their first message line, repeated in the summary (CI keeps only the tail). */
  failures?: string[];
}

const REPORT_DIR = path.resolve(".cache/test-reports");
const outcomes: Outcome[] = [];
const fileTimings: FileTiming[] = [];

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  console.log(`\n$ ${[command, ...args].join(" ")}`);
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: "inherit", env });
    child.on("error", (error) => {
      console.error(`Could not start ${command}: ${error.message}`);
      resolve(127);
    });
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

function readJson<T>(file: string): T | null {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as T;
  } catch {
    return null;
  }
}

function bin(name: string): string {
  return path.resolve("node_modules/.bin", name);
}

async function timed(
  suite: string,
  body: () => Promise<Omit<Outcome, "suite" | "seconds">>,
): Promise<Outcome> {
  const started = Date.now();
  console.log(`\n=== ${suite} ===`);
  const result = { suite, ...(await body()), seconds: (Date.now() - started) / 1000 };
  outcomes.push(result);
  return result;
}

async function vitest(suite: string, reportName: string, args: string[], env: NodeJS.ProcessEnv) {
  return timed(suite, async () => {
    const reportFile = path.join(REPORT_DIR, reportName);
    const timesFile = reportFile.replace(/\.json$/, "-times.json");
    rmSync(reportFile, { force: true });
    rmSync(timesFile, { force: true });
    const code = await run(
      bin("vitest"),
      [
        "run",
        "--passWithNoTests",
        "--reporter=default",
        "--reporter=json",
        "--reporter=./scripts/vitest-file-times.ts",
        `--outputFile.json=${reportFile}`,
        ...args,
      ],
      { ...env, VITEST_FILE_TIMES: timesFile },
    );
    const times = readJson<{ file: string; seconds: number }[]>(timesFile) ?? [];
    fileTimings.push(...times.map((time) => ({ suite, ...time })));
    const report = readJson<VitestReport>(reportFile);
    if (!report)
      return { passed: 0, failed: 1, skipped: 0, problem: `vitest exited ${code} without a report` };
    // A file that fails to import has no test results of its own, but is a failure all the same.
    const brokenFiles = report.testResults.filter(
      (file) => file.status === "failed" && !file.assertionResults.some((test) => test.status === "failed"),
    ).length;
    const failed = report.numFailedTests + brokenFiles;
    const outcome = {
      passed: report.numPassedTests,
      failed,
      skipped: report.numPendingTests + report.numTodoTests,
      failures: vitestFailures(report),
    };
    // Unhandled errors fail the run without failing any single test.
    if (code !== 0 && failed === 0) return { ...outcome, failed: 1, problem: `vitest exited ${code}` };
    return outcome;
  });
}

/** Debian's Chromium, installed on demand when we are root with apt; never a downloaded browser. */
function ensureChromium(): { path?: string; problem?: string } {
  const usable = (file: string) => {
    try {
      accessSync(file, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  };
  // The headless shell first: the same Chromium without the browser UI, cheaper per test (decision 036).
  const installed = ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find(usable);
  const candidate = process.env.CHROMIUM_PATH ?? installed ?? "/usr/bin/chromium-headless-shell";
  if (usable(candidate)) return { path: candidate };
  const howTo =
    "Install Debian's Chromium (as root: apt-get update && apt-get install -y chromium-headless-shell), " +
    "or set CHROMIUM_PATH to a Chromium binary. Downloaded Playwright browsers are not used.";
  if (process.env.CHROMIUM_PATH)
    return { problem: `CHROMIUM_PATH=${candidate} is not an executable. ${howTo}` };
  const isRoot = process.getuid?.() === 0;
  const hasApt = spawnSync("sh", ["-c", "command -v apt-get"], { stdio: "ignore" }).status === 0;
  if (!isRoot || !hasApt) return { problem: `No Chromium at ${candidate}. ${howTo}` };
  console.log("\nChromium not found: installing Debian's chromium-headless-shell with apt-get");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const update = spawnSync("apt-get", ["update"], { stdio: "inherit", env });
  const install =
    update.status === 0
      ? spawnSync("apt-get", ["install", "-y", "chromium-headless-shell"], { stdio: "inherit", env })
      : update;
  if (install.status !== 0 || !usable(candidate))
    return { problem: `apt-get could not install chromium-headless-shell. ${howTo}` };
  return { path: candidate };
}

interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  errors: { message?: string }[];
  suites: PlaywrightSuite[];
}

async function main() {
  mkdirSync(REPORT_DIR, { recursive: true });
  const started = Date.now();

  // First: the PostgreSQL pass runs the built server (two instances sharing one database).
  const build = await timed("build", async () => {
    const code = await run(bin("remix"), ["vite:build"]);
    return code === 0
      ? { passed: 0, failed: 0, skipped: 0 }
      : { passed: 0, failed: 1, skipped: 0, problem: `remix vite:build exited ${code}` };
  });

  // The first pass must be on PGlite even when the shell exports a server URL.
  const pgliteEnv = { ...process.env };
  delete pgliteEnv.TEST_DATABASE_URL;
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    await vitest(
      "unit + embedded slice (PGlite)",
      "vitest-pglite.json",
      ["tests/unit", ...EMBEDDED_SLICE.map((entry) => entry.file)],
      pgliteEnv,
    );
    await vitest("integration (PostgreSQL)", "vitest-postgres.json", ["tests/integration"], process.env);
  } else {
    await vitest("unit + integration (PGlite)", "vitest-pglite.json", [], pgliteEnv);
  }

  const chromium = ensureChromium();
  await timed("JavaScript budget", async () => {
    if (build.failed) return { passed: 0, failed: 1, skipped: 0, problem: "not run: the build failed" };
    try {
      const pages = measurePageBundles(path.resolve("build/client"));
      console.log(bundleTable(pages));
      const over = pages.filter((page) => !page.withinBudget);
      return {
        passed: pages.length - over.length,
        failed: over.length,
        skipped: 0,
        problem: over.length
          ? `over ${BUDGET_BYTES} bytes: ${over.map((page) => `${page.route} (${page.bytes})`).join(", ")}`
          : undefined,
      };
    } catch (error) {
      return { passed: 0, failed: 1, skipped: 0, problem: `could not measure: ${String(error)}` };
    }
  });

  await timed("browser (Playwright)", async () => {
    if (chromium.problem) return { passed: 0, failed: 1, skipped: 0, problem: chromium.problem };
    if (build.failed) return { passed: 0, failed: 1, skipped: 0, problem: "not run: the build failed" };
    const reportFile = path.join(REPORT_DIR, "playwright.json");
    rmSync(reportFile, { force: true });
    const code = await run(bin("playwright"), ["test", "--reporter=list,json"], {
      ...process.env,
      CHROMIUM_PATH: chromium.path,
      PLAYWRIGHT_JSON_OUTPUT_FILE: reportFile,
    });
    const report = readJson<PlaywrightReport>(reportFile);
    if (!report)
      return { passed: 0, failed: 1, skipped: 0, problem: `playwright exited ${code} without a report` };
    fileTimings.push(...playwrightFileTimings("browser", report.suites ?? []));
    const { expected, unexpected, flaky, skipped } = report.stats;
    const outcome = {
      passed: expected + flaky,
      failed: unexpected,
      skipped,
      failures: playwrightFailures(report.suites ?? []),
    };
    // Global errors (web server did not start, a spec failed to load) fail no single test.
    if ((code !== 0 || report.errors.length > 0) && unexpected === 0) {
      const first = report.errors[0]?.message?.split("\n")[0];
      return { ...outcome, failed: 1, problem: first ?? `playwright exited ${code}` };
    }
    return outcome;
  });

  const total = outcomes.reduce(
    (sum, o) => ({
      passed: sum.passed + o.passed,
      failed: sum.failed + o.failed,
      skipped: sum.skipped + o.skipped,
    }),
    { passed: 0, failed: 0, skipped: 0 },
  );
  console.log("\n=== slowest test files ===");
  console.log(timingTable(slowest(fileTimings, 10)));
  console.log("\n=== summary ===");
  for (const [stage, seconds] of Object.entries(earlierStages())) {
    console.log(`${stage.padEnd(30)} ${"ok".padEnd(24)} ${seconds.toFixed(1).padStart(6)} s`);
  }
  for (const o of outcomes) {
    const counts =
      o.suite === "build" ? (o.failed ? "FAILED" : "ok") : `${o.passed} passed, ${o.failed} failed`;
    console.log(`${o.suite.padEnd(30)} ${counts.padEnd(24)} ${o.seconds.toFixed(1).padStart(6)} s`);
    if (o.problem) console.log(`  ! ${o.problem}`);
    for (const failure of o.failures ?? []) console.log(`  ✗ ${failure}`);
  }
  console.log(
    `${"npm test".padEnd(30)} ${" ".repeat(24)} ${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s`,
  );
  const runStartedAt = Number(process.env.CI_RUN_STARTED_AT);
  if (runStartedAt > 0) {
    const whole = Date.now() / 1000 - runStartedAt;
    console.log(`${"whole .ci/run".padEnd(30)} ${" ".repeat(24)} ${whole.toFixed(1).padStart(6)} s`);
  }
  console.log(
    `${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ""}`,
  );
  process.exitCode = total.failed > 0 ? 1 : 0;
}

/** `.ci/run`'s stages before `npm test` (install, typecheck + lint), as `{"stage": seconds}`. */
function earlierStages(): Record<string, number> {
  const stages = process.env.CI_STAGE_SECONDS;
  if (!stages) return {};
  try {
    const parsed: unknown = JSON.parse(stages);
    if (typeof parsed !== "object" || parsed === null) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter((entry): entry is [string, number] => typeof entry[1] === "number"),
    );
  } catch {
    return {};
  }
}

main().catch((error: unknown) => {
  console.error(error);
  console.log("0 passed, 1 failed");
  process.exitCode = 1;
});
