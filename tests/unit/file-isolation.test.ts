import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

// The suite runs files one after another in each worker (`isolate: false`, decision 163); the
// per-file setup (tests/support/file-isolation.ts) must give each file what a process of its own
// gave it. Two fixture files in one worker: the first leaves an app module's state and two
// environment variables behind, the second checks it sees none of them.
const root = path.resolve(import.meta.dirname, "../..");
const config = "tests/support/isolation-fixtures/vitest.isolation.config.ts";

async function runFixtures(setup: "on" | "off") {
  // The nested run is a run of its own: none of this worker's Vitest variables.
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !key.startsWith("VITEST") && key !== "TEST"),
  );
  try {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [path.join(root, "node_modules/vitest/vitest.mjs"), "run", "--config", config],
      { cwd: root, env: { ...env, WLX_ISOLATION_SETUP: setup, NO_COLOR: "1" } },
    );
    return { passed: true, output: stdout };
  } catch (error) {
    const { stdout = "", stderr = "" } = error as { stdout?: string; stderr?: string };
    return { passed: false, output: stdout + stderr };
  }
}

describe("each test file starts clean in a shared worker", () => {
  it("the second file sees none of the first file's module state and environment", async () => {
    const run = await runFixtures("on");
    expect(run.output).toMatch(/Test Files\s+2 passed/);
    expect(run.passed).toBe(true);
  });

  it("without the per-file setup, the second file sees what the first left", async () => {
    const run = await runFixtures("off");
    expect(run.passed).toBe(false);
    expect(run.output).toMatch(/b-starts-clean\.fixture\.ts/);
    expect(run.output).toMatch(/Test Files\s+1 failed \| 1 passed/);
  });
});
