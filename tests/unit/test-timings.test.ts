/** `npm test` says where its time went, from the reports vitest and Playwright write. */
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { EMBEDDED_SLICE } from "../embedded-slice";
import type { TestModule } from "vitest/node";
import type { PlaywrightSuite } from "../../scripts/test-failures";
import { playwrightFileTimings, slowest, timingTable } from "../../scripts/test-timings";
import FileTimes from "../../scripts/vitest-file-times";

describe("where npm test's time went", () => {
  it("times a vitest file from preparing it to its last hook", () => {
    const reporter = new FileTimes();
    const diagnostic = {
      prepareDuration: 100,
      environmentSetupDuration: 50,
      collectDuration: 2_000,
      setupDuration: 350,
      duration: 10_000,
    };
    reporter.onTestModuleEnd({
      moduleId: path.resolve("tests/integration/a.test.ts"),
      diagnostic: () => diagnostic,
    } as unknown as TestModule);
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), "file-times-")), "times.json");
    process.env.VITEST_FILE_TIMES = file;
    try {
      reporter.onTestRunEnd();
    } finally {
      delete process.env.VITEST_FILE_TIMES;
    }
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual([
      { file: "tests/integration/a.test.ts", seconds: 12.5 },
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
