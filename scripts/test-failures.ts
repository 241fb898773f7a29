/**
 * The failing tests of a vitest or Playwright JSON report, one line each (where, name, first
 * line of the message): `npm test` repeats them in its summary, because a CI record keeps
 * only the tail of the output.
 */
import path from "node:path";

export interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: {
    name: string;
    status: string;
    message?: string;
    assertionResults: { status: string; fullName: string; failureMessages?: string[] }[];
  }[];
}

// Terminal colour codes, which Playwright writes into its messages.
// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;]*m/g;

function firstLine(text: string | undefined): string {
  return (
    (text ?? "")
      .replace(ANSI, "")
      .split("\n")
      .find((line) => line.trim() !== "")
      ?.trim()
      .slice(0, 300) ?? ""
  );
}

export function vitestFailures(report: VitestReport): string[] {
  return report.testResults.flatMap((file) => {
    const where = path.relative(process.cwd(), file.name);
    const failedTests = file.assertionResults.filter((test) => test.status === "failed");
    if (file.status === "failed" && failedTests.length === 0) return [`${where}: ${firstLine(file.message)}`];
    return failedTests.map((test) => `${where} > ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
  });
}

export interface PlaywrightSuite {
  title: string;
  file?: string;
  suites?: PlaywrightSuite[];
  specs?: {
    title: string;
    line: number;
    tests: {
      projectName: string;
      status: string;
      results: { duration?: number; error?: { message?: string } }[];
    }[];
  }[];
}

/** Top-level suites are files (titled by their path); nested ones are `describe` blocks. */
export function playwrightFailures(suites: PlaywrightSuite[], titles?: string[]): string[] {
  return suites.flatMap((suite) => {
    const titlePath = titles === undefined ? [] : [...titles, suite.title];
    const own = (suite.specs ?? []).flatMap((spec) =>
      spec.tests
        .filter((test) => test.status === "unexpected")
        .map(
          (test) =>
            `[${test.projectName}] ${suite.file ?? ""}:${spec.line} > ${[...titlePath, spec.title].join(" > ")}: ` +
            firstLine(test.results.at(-1)?.error?.message),
        ),
    );
    return [...own, ...playwrightFailures(suite.suites ?? [], titlePath)];
  });
}
