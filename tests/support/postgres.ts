import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { freePort } from "./processes.ts";
import { tempDirs } from "./files.ts";

export interface ProvisionedPostgres {
  url: string;
  source: "TEST_DATABASE_URL" | "testcontainers" | "local-cluster";
  stop(): Promise<void>;
}

function findPgBin(): string | undefined {
  const root = "/usr/lib/postgresql";
  if (!fs.existsSync(root)) return undefined;
  const versions = fs
    .readdirSync(root)
    .filter((v) => fs.existsSync(path.join(root, v, "bin", "initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], "bin") : undefined;
}

function dockerAnswers(): boolean {
  const socket = process.env.DOCKER_HOST ?? "unix:///var/run/docker.sock";
  if (socket.startsWith("unix://") && !fs.existsSync(socket.slice("unix://".length))) return false;
  return spawnSync("docker", ["info"], { stdio: "ignore", timeout: 5000 }).status === 0;
}

async function tryTestcontainers(): Promise<ProvisionedPostgres | undefined> {
  if (process.env.TESTCONTAINERS_DISABLED === "1" || !dockerAnswers()) return undefined;
  try {
    const { PostgreSqlContainer } = await import("@testcontainers/postgresql");
    const container = await new PostgreSqlContainer("postgres:17-alpine").start();
    return {
      url: container.getConnectionUri(),
      source: "testcontainers",
      stop: async () => void (await container.stop()),
    };
  } catch (error) {
    console.warn(
      `testcontainers unavailable (${(error as Error).message.split("\n")[0]}); trying a local cluster`,
    );
    return undefined;
  }
}

export interface LocalCluster extends ProvisionedPostgres {
  /** Stops the server (fast shutdown: connections are cut), keeping its data. */
  stopServer(): void;
  /** Starts it again on the same port and data. */
  startServer(): void;
}

/**
 * initdb + pg_ctl on a temp dir and a free port, as the postgres user when we are root. Exported
 * for suites that need a cluster of their own (the outage test restarts it).
 */
export async function localCluster(): Promise<LocalCluster> {
  const bin = findPgBin();
  if (!bin) {
    throw new Error(
      "No PostgreSQL for integration tests: set TEST_DATABASE_URL, start Docker, or install PostgreSQL (apt-get install -y postgresql).",
    );
  }
  const temp = tempDirs("wlx-pgtest-");
  const dir = temp.make();
  const asRoot = process.getuid?.() === 0;
  const run = (cmd: string, args: string[]) => {
    if (asRoot)
      execFileSync("runuser", ["-u", "postgres", "--", path.join(bin, cmd), ...args], {
        stdio: "pipe",
      });
    else execFileSync(path.join(bin, cmd), args, { stdio: "pipe" });
  };
  if (asRoot) execFileSync("chown", ["postgres:postgres", dir]);
  const data = path.join(dir, "data");
  const log = path.join(dir, "log");
  run("initdb", ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"]);
  let port = await freePort();
  const startServer = () =>
    run("pg_ctl", [
      "-D",
      data,
      "-l",
      log,
      "-o",
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`,
      "-w",
      "start",
    ]);
  /** Stops the server at once, whatever its state, and deletes its files. */
  const remove = () => {
    try {
      run("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
    } catch {
      // Not running: it never started, or a suite stopped it and failed before starting it again.
    } finally {
      temp.removeAll();
    }
  };
  // The free port can be taken between freePort() and the bind (another worker's server on
  // port 0): a start that could not bind draws another port. Any other failure stops the server
  // (it may still be starting) and is thrown.
  for (let attempt = 1; ; attempt++) {
    try {
      startServer();
      break;
    } catch (error) {
      const portTaken =
        fs.existsSync(log) &&
        /could not bind|Address already in use/.test(fs.readFileSync(log, "utf8"));
      if (!portTaken || attempt === 3) {
        remove();
        throw error;
      }
      port = await freePort();
    }
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    source: "local-cluster",
    startServer,
    stopServer: () => run("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]),
    async stop() {
      remove();
    },
  };
}

/** DESIGN.md's order: TEST_DATABASE_URL, then testcontainers, then a throwaway local cluster. */
export async function provisionPostgres(): Promise<ProvisionedPostgres> {
  if (process.env.TEST_DATABASE_URL) {
    return {
      url: process.env.TEST_DATABASE_URL,
      source: "TEST_DATABASE_URL",
      stop: async () => {},
    };
  }
  return (await tryTestcontainers()) ?? (await localCluster());
}
