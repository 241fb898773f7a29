/**
 * Where `npm test`'s time went: each test file's cost (vitest: its worker's time from preparing
 * to its last hook, written by scripts/vitest-file-times.ts; Playwright: the sum of its tests'
 * runs from the JSON report, as a spec's tests may be spread over both workers). The summary
 * prints the slowest files of every pass together, so the next slowdown is seen in the file where
 * it starts.
 */
import path from "node:path";
import type { PlaywrightSuite } from "./test-failures";

export interface FileTiming {
  /** The pass the file ran in, e.g. "integration (PostgreSQL)". */
  suite: string;
  file: string;
  seconds: number;
}

/** Top-level suites are files; a file's time is every run of every test in it, retries included. */
export function playwrightFileTimings(suite: string, suites: PlaywrightSuite[]): FileTiming[] {
  const milliseconds = (node: PlaywrightSuite): number =>
    (node.specs ?? []).reduce(
      (sum, spec) =>
        sum +
        spec.tests.reduce(
          (specSum, test) => specSum + test.results.reduce((runs, run) => runs + (run.duration ?? 0), 0),
          0,
        ),
      0,
    ) + (node.suites ?? []).reduce((sum, child) => sum + milliseconds(child), 0);
  const byFile = new Map<string, number>();
  for (const top of suites) {
    const file = top.file ?? top.title;
    byFile.set(file, (byFile.get(file) ?? 0) + milliseconds(top));
  }
  return [...byFile].map(([file, ms]) => ({ suite, file: path.join("tests/e2e", file), seconds: ms / 1000 }));
}

export function slowest(timings: FileTiming[], count: number): FileTiming[] {
  return [...timings].sort((a, b) => b.seconds - a.seconds).slice(0, count);
}

export function timingTable(timings: FileTiming[]): string {
  const width = Math.max(0, ...timings.map((timing) => timing.file.length));
  return timings
    .map(
      (timing) => `${timing.file.padEnd(width)}  ${timing.seconds.toFixed(1).padStart(6)} s  ${timing.suite}`,
    )
    .join("\n");
}
