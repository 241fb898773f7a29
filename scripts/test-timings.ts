/**
 * Where `npm test`'s time went, from the same JSON reports its counts come from: each test
 * file's wall time (vitest: the file's start to end; Playwright: the sum of its tests' runs, as
 * a spec's tests may be spread over both workers). The summary prints the slowest files of every
 * pass together, so the next slowdown is seen in the file where it starts.
 */
import path from "node:path";
import type { PlaywrightSuite, VitestReport } from "./test-failures";

export interface FileTiming {
  /** The pass the file ran in, e.g. "integration (PostgreSQL)". */
  suite: string;
  file: string;
  seconds: number;
}

export function vitestFileTimings(suite: string, report: VitestReport): FileTiming[] {
  return report.testResults
    .filter((file) => file.startTime !== undefined && file.endTime !== undefined)
    .map((file) => ({
      suite,
      file: path.relative(process.cwd(), file.name),
      seconds: ((file.endTime ?? 0) - (file.startTime ?? 0)) / 1000,
    }));
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
