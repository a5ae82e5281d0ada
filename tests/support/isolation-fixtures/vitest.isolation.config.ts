import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The suite's way of running files (vitest.config.ts: forks, `isolate: false`), on two fixture
 * files in one worker, in the order of their names. `WLX_ISOLATION_SETUP=off` leaves the
 * per-file setup out, to show what it prevents (tests/unit/file-isolation.test.ts).
 */
class ByName extends BaseSequencer {
  override sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return Promise.resolve([...files].sort((a, b) => a.moduleId.localeCompare(b.moduleId)));
  }
}

const root = fileURLToPath(new URL("../../..", import.meta.url));

export default defineConfig({
  root,
  resolve: { alias: { "~": fileURLToPath(new URL("../../../app", import.meta.url)) } },
  test: {
    include: ["tests/support/isolation-fixtures/*.fixture.ts"],
    pool: "forks",
    isolate: false,
    maxWorkers: 1,
    setupFiles:
      process.env.WLX_ISOLATION_SETUP === "off" ? [] : ["tests/support/file-isolation.ts"],
    sequence: { sequencer: ByName, shuffle: false },
  },
});
