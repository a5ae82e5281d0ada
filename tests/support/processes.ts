// Child processes for the smoke suites: the launcher (`node server.ts`), the CLI scripts and
// npm scripts, started as an operator starts them against the built bundle. Plain Node loads
// this file too (through postgres.ts, from scripts/bench-memory.ts): no __dirname here.
import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import os from "node:os";
import { fileURLToPath } from "node:url";

/** The project's root: where `server.ts`, `scripts/` and the build are. */
export const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** A TCP port nothing listens on right now, on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface Proc {
  child: ChildProcess;
  /** Everything it printed so far, stdout and stderr interleaved. */
  output: () => string;
  /** Its exit code (null when a signal ended it). */
  exited: Promise<number | null>;
}

/**
 * Starts `command` in the project's root with a clean environment (production, info logs, the
 * build in `BUILD_DIR`) plus `env`; `stdin` is written to it and closed.
 */
export function launch(
  command: string,
  args: string[],
  env: Record<string, string>,
  stdin?: string,
): Proc {
  const child = spawn(command, args, {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? os.tmpdir(),
      BUILD_DIR: process.env.BUILD_DIR ?? "build",
      NODE_ENV: "production",
      LOG_LEVEL: "info",
      ...env,
    },
    stdio: [stdin === undefined ? "ignore" : "pipe", "pipe", "pipe"],
  });
  let out = "";
  child.stdout!.on("data", (d) => (out += d));
  child.stderr!.on("data", (d) => (out += d));
  if (stdin !== undefined) child.stdin!.end(stdin);
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, output: () => out, exited };
}

/** A TypeScript entry point (`server.ts`, `scripts/admin.ts`) on this Node, as `npm start` runs it. */
export const launchNode = (
  script: string,
  args: string[],
  env: Record<string, string>,
  stdin?: string,
): Proc => launch(process.execPath, [script, ...args], env, stdin);

/** Resolves once `url`/healthz answers 200; fails if the process exits or time runs out first. */
export async function waitForHealth(url: string, proc: Proc, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (proc.child.exitCode !== null) throw new Error(`server exited: ${proc.output()}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not become healthy: ${proc.output()}`);
}
