import tsconfigPaths from "vite-tsconfig-paths";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The route matrix shards first. They are each pass's longest files (minutes, the rest seconds),
 * but their files are the smallest, and on a clean clone (no timing cache) vitest runs the
 * largest files first: the shards started last, one after the other, and one worker sat idle
 * while the other finished its shard. Started together at once, both end together and the short
 * files fill in behind them.
 */
class MatrixFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const isMatrix = (file: TestSpecification) => /route-matrix-\d+\.test\.ts$/.test(file.moduleId);
    return [...sorted.filter(isMatrix), ...sorted.filter((file) => !isMatrix(file))];
  }
}

export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    include: ["tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts"],
    environment: "node",
    // One migrated database per run; each test file starts from a copy of it.
    globalSetup: ["tests/helpers/database-template.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    sequence: { sequencer: MatrixFirst },
    pool: "forks",
    // A fork keeps the modules it loaded from one test file to the next: importing the app
    // afresh for every file was most of the pass's "collect" time (decision 036). What a file
    // leaves behind in the process is reset before the next (shared-fork.ts).
    isolate: false,
    setupFiles: ["tests/helpers/shared-fork.ts"],
    // Two cores: more workers only queue PGlite instances against each other.
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
  },
});
