/** `npm test` names its failing tests in the summary: the reports' shapes as vitest and Playwright write them. */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { playwrightFailures, vitestFailures, type VitestReport } from "../../scripts/test-failures";

describe("failing tests named in npm test's summary", () => {
  it("names vitest failures by file, test and first message line, and a file that did not load", () => {
    const report: VitestReport = {
      numPassedTests: 1,
      numFailedTests: 1,
      numPendingTests: 0,
      numTodoTests: 0,
      testResults: [
        {
          name: path.resolve("tests/unit/a.test.ts"),
          status: "failed",
          assertionResults: [
            { status: "passed", fullName: "outer passes" },
            {
              status: "failed",
              fullName: "outer fails",
              failureMessages: ["AssertionError: expected 1 to be 2\n    at a.test.ts:3"],
            },
          ],
        },
        {
          name: path.resolve("tests/unit/b.test.ts"),
          status: "failed",
          message: "\nFailed to load ./missing",
          assertionResults: [],
        },
        { name: path.resolve("tests/unit/c.test.ts"), status: "passed", assertionResults: [] },
      ],
    };
    expect(vitestFailures(report)).toEqual([
      "tests/unit/a.test.ts > outer fails: AssertionError: expected 1 to be 2",
      "tests/unit/b.test.ts: Failed to load ./missing",
    ]);
  });

  it("names Playwright failures by project, file, line and describe path, without colour codes", () => {
    const failed = (message: string) => ({
      projectName: "chromium",
      status: "unexpected",
      results: [{ error: { message } }],
    });
    const suites = [
      {
        title: "a.spec.ts",
        file: "a.spec.ts",
        specs: [{ title: "top level", line: 4, tests: [failed("Error: \u001b[2mtimeout\u001b[22m\nmore")] }],
        suites: [
          {
            title: "outer",
            file: "a.spec.ts",
            specs: [
              {
                title: "passes",
                line: 8,
                tests: [{ projectName: "chromium", status: "expected", results: [] }],
              },
              { title: "fails", line: 9, tests: [failed("Error: expect(received).toBe(expected)")] },
            ],
          },
        ],
      },
    ];
    expect(playwrightFailures(suites)).toEqual([
      "[chromium] a.spec.ts:4 > top level: Error: timeout",
      "[chromium] a.spec.ts:9 > outer > fails: Error: expect(received).toBe(expected)",
    ]);
  });
});
