/**
 * `npm run test:stress`: the flake proof of decision 036. While one extra process keeps a core
 * busy (a spin loop, as a neighbour on a shared CI machine would), runs the integration tests
 * three times (on PostgreSQL when TEST_DATABASE_URL is set, else on PGlite) and the browser
 * suite with `--repeat-each=3`. Any failure is a flake to fix at its cause, never a retry.
 * Not part of `npm test`: it takes about three times as long.
 *
 *   npm run test:stress                 # all of it
 *   STRESS_ONLY=integration npm run test:stress
 *   STRESS_ONLY=browser npm run test:stress
 *
 * The last line is `N passed, N failed`, as npm test's.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import type { PlaywrightSuite, VitestReport } from "./test-failures";
import { playwrightFailures, vitestFailures } from "./test-failures";

const REPORT_DIR = path.resolve(".cache/test-reports");
const ROUNDS = 3;

interface Round {
  name: string;
  passed: number;
  failed: number;
  seconds: number;
  failures: string[];
}

function bin(name: string): string {
  return path.resolve("node_modules/.bin", name);
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  console.log(`\n$ ${[command, ...args].join(" ")}`);
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: "inherit", env });
    child.on("error", () => resolve(127));
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

/** A process that keeps one core busy until killed. */
function busyNeighbour(): ChildProcess {
  return spawn(process.execPath, ["-e", "for (;;) {}"], { stdio: "ignore" });
}

async function integrationRound(round: number): Promise<Round> {
  const started = Date.now();
  const file = path.join(REPORT_DIR, `stress-vitest-${round}.json`);
  rmSync(file, { force: true });
  const code = await run(
    bin("vitest"),
    ["run", "tests/integration", "--reporter=dot", "--reporter=json", `--outputFile.json=${file}`],
    process.env,
  );
  const report = readJson<VitestReport>(file);
  const seconds = (Date.now() - started) / 1000;
  const name = `integration, round ${round}`;
  if (!report)
    return { name, passed: 0, failed: 1, seconds, failures: [`vitest exited ${code} without a report`] };
  const failures = vitestFailures(report);
  return {
    name,
    passed: report.numPassedTests,
    failed: Math.max(failures.length, code === 0 ? 0 : 1),
    seconds,
    failures,
  };
}

async function browserRounds(): Promise<Round> {
  const started = Date.now();
  const file = path.join(REPORT_DIR, "stress-playwright.json");
  rmSync(file, { force: true });
  const code = await run(bin("playwright"), ["test", `--repeat-each=${ROUNDS}`, "--reporter=dot,json"], {
    ...process.env,
    PLAYWRIGHT_JSON_OUTPUT_FILE: file,
  });
  const report = readJson<{
    stats: { expected: number; unexpected: number; flaky: number };
    suites: PlaywrightSuite[];
  }>(file);
  const seconds = (Date.now() - started) / 1000;
  const name = `browser, --repeat-each=${ROUNDS}`;
  if (!report)
    return { name, passed: 0, failed: 1, seconds, failures: [`playwright exited ${code} without a report`] };
  const failures = playwrightFailures(report.suites);
  return {
    name,
    passed: report.stats.expected,
    failed: report.stats.unexpected + report.stats.flaky,
    seconds,
    failures,
  };
}

async function main() {
  mkdirSync(REPORT_DIR, { recursive: true });
  const only = process.env.STRESS_ONLY;
  const rounds: Round[] = [];
  const neighbour = busyNeighbour();
  try {
    if (only !== "browser") {
      for (let round = 1; round <= ROUNDS; round += 1) rounds.push(await integrationRound(round));
    }
    if (only !== "integration") {
      if (!process.env.TEST_WORKER_INDEX) {
        const built = await run(bin("remix"), ["vite:build"], process.env);
        if (built !== 0)
          rounds.push({ name: "build", passed: 0, failed: 1, seconds: 0, failures: ["build failed"] });
      }
      rounds.push(await browserRounds());
    }
  } finally {
    neighbour.kill();
  }
  console.log("\n=== stress (one core kept busy) ===");
  for (const round of rounds) {
    console.log(
      `${round.name.padEnd(32)} ${`${round.passed} passed, ${round.failed} failed`.padEnd(24)} ${round.seconds.toFixed(0).padStart(6)} s`,
    );
    for (const failure of round.failures) console.log(`  ✗ ${failure}`);
  }
  const passed = rounds.reduce((sum, round) => sum + round.passed, 0);
  const failed = rounds.reduce((sum, round) => sum + round.failed, 0);
  console.log(`${passed} passed, ${failed} failed`);
  process.exitCode = failed > 0 ? 1 : 0;
}

main().catch((error: unknown) => {
  console.error(error);
  console.log("0 passed, 1 failed");
  process.exitCode = 1;
});
