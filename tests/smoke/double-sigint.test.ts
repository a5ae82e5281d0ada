import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "../support/processes";
import { tempDirs } from "../support/files";

// Ctrl-C on `npm start` sends SIGINT to the whole process
// group, so the server can get it twice (from the terminal and forwarded by cross-env). Every
// stop must still drain, close the embedded database and remove DATA_DIR/.lock.
const root = path.resolve(__dirname, "../..");
const temp = tempDirs("wlx-sigint-");
const dataDir = temp.make();
afterAll(temp.removeAll);

const groupAlive = (pid: number) => {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * `npm start` in its own process group, as a terminal runs it, stopped like Ctrl-C does: SIGINT
 * to the whole group, `signals` times, either once the server listens or `afterMs` after launch
 * (during the start: migrations, database open).
 */
async function startAndInterrupt(signals: number, afterMs?: number): Promise<{ output: string }> {
  const port = await freePort();
  const child = spawn("npm", ["start", "--silent"], {
    cwd: root,
    detached: true,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? os.tmpdir(),
      BUILD_DIR: process.env.BUILD_DIR ?? "build",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      SEED_DEMO: "false",
      LOG_LEVEL: "info",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  const until = Date.now() + 60_000;
  if (afterMs === undefined) {
    while (!output.includes('"msg":"server listening"')) {
      if (Date.now() > until || child.exitCode !== null) throw new Error(`no start: ${output}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  } else await new Promise((r) => setTimeout(r, afterMs));
  for (let i = 0; i < signals; i++) {
    process.kill(-child.pid!, "SIGINT");
    await new Promise((r) => setTimeout(r, 5));
  }
  // Every process of the group (npm, cross-env, node) has gone.
  while (groupAlive(child.pid!)) {
    if (Date.now() > until) throw new Error(`still running: ${output}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  return { output };
}

describe("Ctrl-C on npm start", () => {
  it("drains and closes the database ten times in a row, with SIGINT once or twice", async () => {
    for (let run = 0; run < 10; run++) {
      const { output } = await startAndInterrupt(run % 2 === 0 ? 2 : 1);
      expect(output, `run ${run}`).toContain('"msg":"shutdown complete"');
      expect(fs.existsSync(path.join(dataDir, ".lock")), `run ${run}`).toBe(false);
    }
  }, 240_000);

  it("closes the database when Ctrl-C (twice) comes while the server is still starting", async () => {
    for (const afterMs of [600, 900, 1300]) {
      const { output } = await startAndInterrupt(2, afterMs);
      // Whatever the moment, nothing is left open: no lock, and the next start works.
      expect(fs.existsSync(path.join(dataDir, ".lock")), `${afterMs} ms: ${output}`).toBe(false);
      if (output.includes('"msg":"migrations applied"') || output.includes("server listening"))
        expect(output, `${afterMs} ms`).toContain('"msg":"shutdown complete"');
    }
    const { output } = await startAndInterrupt(1);
    expect(output).toContain('"msg":"shutdown complete"');
  }, 240_000);
});
