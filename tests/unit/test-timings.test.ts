/** `npm test` says where its time went, from the reports vitest and Playwright write. */
import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { EMBEDDED_SLICE } from "../embedded-slice";
import type { PlaywrightSuite, VitestReport } from "../../scripts/test-failures";
import { playwrightFileTimings, slowest, timingTable, vitestFileTimings } from "../../scripts/test-timings";

describe("where npm test's time went", () => {
  it("times a vitest file from its start to its end", () => {
    const report: VitestReport = {
      numPassedTests: 2,
      numFailedTests: 0,
      numPendingTests: 0,
      numTodoTests: 0,
      testResults: [
        {
          name: path.resolve("tests/integration/a.test.ts"),
          status: "passed",
          startTime: 1_000,
          endTime: 13_500,
          assertionResults: [],
        },
        {
          name: path.resolve("tests/unit/b.test.ts"),
          status: "passed",
          startTime: 2_000,
          endTime: 2_250,
          assertionResults: [],
        },
      ],
    };
    expect(vitestFileTimings("integration (PostgreSQL)", report)).toEqual([
      { suite: "integration (PostgreSQL)", file: "tests/integration/a.test.ts", seconds: 12.5 },
      { suite: "integration (PostgreSQL)", file: "tests/unit/b.test.ts", seconds: 0.25 },
    ]);
  });

  it("times a spec file as the sum of its tests' runs, nested describes and both projects included", () => {
    const suites: PlaywrightSuite[] = [
      {
        title: "auth.spec.ts",
        file: "auth.spec.ts",
        specs: [
          {
            title: "signs in",
            line: 3,
            tests: [
              { projectName: "chromium", status: "expected", results: [{ duration: 4_000 }] },
              {
                projectName: "chromium",
                status: "flaky",
                results: [{ duration: 1_000 }, { duration: 2_000 }],
              },
            ],
          },
        ],
        suites: [
          {
            title: "in ar",
            specs: [
              {
                title: "signs out",
                line: 9,
                tests: [{ projectName: "chromium", status: "expected", results: [{ duration: 500 }] }],
              },
            ],
          },
        ],
      },
      { title: "home.spec.ts", file: "home.spec.ts", specs: [] },
    ];
    expect(playwrightFileTimings("browser", suites)).toEqual([
      { suite: "browser", file: "tests/e2e/auth.spec.ts", seconds: 7.5 },
      { suite: "browser", file: "tests/e2e/home.spec.ts", seconds: 0 },
    ]);
  });

  it("lists the slowest first, as many as asked, each with its pass", () => {
    const timings = [
      { suite: "s", file: "quick.ts", seconds: 1 },
      { suite: "s", file: "slow.ts", seconds: 30 },
      { suite: "t", file: "middle.ts", seconds: 7.5 },
    ];
    expect(slowest(timings, 2).map((timing) => timing.file)).toEqual(["slow.ts", "middle.ts"]);
    expect(timingTable(slowest(timings, 2)).split("\n")).toEqual([
      "slow.ts      30.0 s  s",
      "middle.ts     7.5 s  t",
    ]);
  });

  it("names only test files that exist in the embedded slice", () => {
    const missing = EMBEDDED_SLICE.filter((entry) => !existsSync(entry.file));
    expect(missing).toEqual([]);
    expect(new Set(EMBEDDED_SLICE.map((entry) => entry.file)).size).toBe(EMBEDDED_SLICE.length);
  });
});
