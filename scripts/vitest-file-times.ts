/**
 * A vitest reporter for `npm test`'s table of the slowest files: each test file's whole cost to
 * its worker (preparing, importing, setup files, then its tests and hooks: vitest's module
 * diagnostic). The JSON report's start and end times leave out the import and the `beforeAll`
 * hooks, where a file that starts a server spends most of its time. Written to the file named
 * by VITEST_FILE_TIMES as `[{ file, seconds }]`.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import type { Reporter, TestModule } from "vitest/node";

export default class FileTimes implements Reporter {
  private readonly times: { file: string; seconds: number }[] = [];

  onTestModuleEnd(module: TestModule): void {
    const diagnostic = module.diagnostic();
    const milliseconds =
      diagnostic.prepareDuration +
      diagnostic.environmentSetupDuration +
      diagnostic.collectDuration +
      diagnostic.setupDuration +
      diagnostic.duration;
    this.times.push({ file: path.relative(process.cwd(), module.moduleId), seconds: milliseconds / 1000 });
  }

  onTestRunEnd(): void {
    const target = process.env.VITEST_FILE_TIMES;
    if (target) writeFileSync(target, JSON.stringify(this.times));
  }
}
