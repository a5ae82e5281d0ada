import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    include: [
      "tests/unit/**/*.test.{ts,tsx}",
      "tests/integration/**/*.test.ts",
      "tests/smoke/**/*.test.ts",
    ],
    globalSetup: ["tests/support/global-setup.ts"],
    // One process per worker, not per file; each file still starts with fresh app modules and
    // the environment it found (tests/support/file-isolation.ts, decision 163).
    isolate: false,
    setupFiles: ["tests/support/file-isolation.ts", "tests/support/react-warnings.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // argon2id's cheapest cost for the suite's thousands of passwords (decision 152).
    env: { UNSAFE_TEST_PASSWORD_HASHING: "1" },
    pool: "forks",
    maxWorkers: 2,
  },
});
