import tsconfigPaths from "vite-tsconfig-paths";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The route matrix shards first. They are each pass's longest files (minutes, the rest seconds),
 * but their files are the smallest, and on a clean clone (no timing cache) vitest runs the
 * largest files first: the shards started last, one after the other, and one worker sat idle
 * while the other finished its shard. Started together at once, both end together and the short
 * files fill in behind them.
 *
 * With `--sequence.shuffle` the other files come in a random order (vitest shuffles files only
 * with its own sequencer): files share their fork's modules, and a file that leaves state behind
 * for the next shows up as a failure in some orders. The seed is printed; `--sequence.seed=N`
 * repeats an order.
 */
class MatrixFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { shuffle, seed = Date.now() } = this.ctx.config.sequence;
    let sorted = await super.sort(files);
    if (shuffle) {
      console.log(`test files shuffled with seed ${seed}`);
      sorted = shuffled(sorted, seed);
    }
    const isMatrix = (file: TestSpecification) => /route-matrix-\d+\.test\.ts$/.test(file.moduleId);
    return [...sorted.filter(isMatrix), ...sorted.filter((file) => !isMatrix(file))];
  }
}

/** Fisher–Yates with a small seeded generator (mulberry32): the same seed, the same order. */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  let state = seed >>> 0;
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const result = [...items];
  for (let i = result.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [result[i], result[j]] = [result[j]!, result[i]!];
  }
  return result;
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
