import tsconfigPaths from "vite-tsconfig-paths";
import { defineConfig } from "vitest/config";

export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    include: ["tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts"],
    environment: "node",
    // One migrated database per run; each test file starts from a copy of it.
    globalSetup: ["tests/helpers/database-template.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Two cores: more workers only queue PGlite instances against each other.
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
  },
});
