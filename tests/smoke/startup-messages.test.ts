import { spawn } from "node:child_process";
import net from "node:net";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "../support/processes";
import { tempDirs } from "../support/files";

// A busy port, an unknown HOST and an unreachable database end
// in one line naming the variable to fix and what to do, not a stack trace.
const root = path.resolve(__dirname, "../..");
const temp = tempDirs("wlx-startup-");
const dataDir = temp.make();
afterAll(temp.removeAll);

/** Starts the launcher and answers its exit code and everything it printed. */
function start(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ["server.ts"], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? "",
      BUILD_DIR: process.env.BUILD_DIR ?? "build",
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      DATA_DIR: dataDir,
      SEED_DEMO: "false",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
  return new Promise((resolve) =>
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    }),
  );
}

const noStackTrace = (output: string) => expect(output).not.toMatch(/\n\s+at /);

describe("start failures name the variable to fix", () => {
  it("a busy PORT", async () => {
    const busy = net.createServer();
    const port = await new Promise<number>((resolve) =>
      busy.listen(0, "127.0.0.1", () => resolve((busy.address() as net.AddressInfo).port)),
    );
    try {
      const { code, output } = await start({ PORT: String(port), HOST: "127.0.0.1" });
      expect(code).toBe(1);
      expect(output).toContain(
        `PORT ${port} is already in use on HOST 127.0.0.1: stop whatever listens there or set PORT to a free port.`,
      );
      noStackTrace(output);
    } finally {
      busy.close();
    }
  }, 40_000);

  it("an unknown HOST", async () => {
    const { code, output } = await start({
      PORT: String(await freePort()),
      HOST: "no-such-host.invalid",
    });
    expect(code).toBe(1);
    expect(output).toMatch(/HOST "no-such-host\.invalid" is not an address of this machine/);
    noStackTrace(output);
  }, 40_000);

  it("an unreachable DATABASE_URL, without printing its password", async () => {
    const dbPort = await freePort();
    const { code, output } = await start({
      PORT: String(await freePort()),
      HOST: "127.0.0.1",
      DATABASE_URL: `postgres://app:secret-pw@127.0.0.1:${dbPort}/wanderlux`,
    });
    expect(code).toBe(1);
    expect(output).toContain(
      `DATABASE_URL: cannot reach PostgreSQL at 127.0.0.1:${dbPort} (ECONNREFUSED): start the database or correct DATABASE_URL`,
    );
    expect(output).not.toContain("secret-pw");
    noStackTrace(output);
  }, 40_000);
});
