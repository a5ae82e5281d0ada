// Memory footprint for `npm run bench` (decision 088): starts the built server on a fresh
// data directory with the demo catalogue, once embedded (PGlite) and once on a throwaway
// PostgreSQL, samples its RSS every 100 ms from /proc/<pid>/status through the start (migrations,
// demo seeding), a warm-up of the main pages and a quiet spell, and reports the peak (VmHWM) and
// the idle RSS. Budgets: embedded <= 350 MB idle and <= 600 MB peak; PostgreSQL <= 200 MB idle.
// Also runnable alone: `node scripts/bench-memory.ts [embedded|postgres]`.
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { benchServerEnv, PRODUCTION_NODE_FLAGS } from "../app/server/http/launch-settings.ts";

const MB = 1024 * 1024;
export const MEMORY_BUDGETS = {
  embedded: { idle: 350 * MB, peak: 600 * MB },
  postgres: { idle: 200 * MB, peak: undefined },
} as const;

export type MemoryMode = keyof typeof MEMORY_BUDGETS;

export interface MemoryResult {
  mode: MemoryMode;
  /** Seconds from spawn until /healthz answered 200 (first start: migrations + demo seed). */
  startSeconds: number;
  /** VmHWM when the server first answered healthy. */
  startPeakBytes: number;
  /** VmHWM at the end: the highest RSS of the whole run (start, seed, warm-up, idle). */
  peakBytes: number;
  /** RSS after the warm-up and a quiet spell (median of the last samples). */
  idleBytes: number;
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

// The pages a visitor meets first; each is fetched a few times so every code path has run.
const WARM_PAGES = [
  "/",
  "/upcoming-trips",
  "/exclusive-trips",
  "/local-trips",
  "/hidden-gems",
  "/about",
  "/contact",
  "/flights",
  "/hotels",
  "/admin/login",
];

function status(pid: number): { rss: number; hwm: number } | undefined {
  try {
    const text = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const field = (name: string) =>
      Number(new RegExp(`^${name}:\\s+(\\d+)\\s+kB`, "m").exec(text)?.[1] ?? 0) * 1024;
    return { rss: field("VmRSS"), hwm: field("VmHWM") };
  } catch {
    return undefined;
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, "127.0.0.1", () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Detail pages linked from the home page, so the warm-up renders those too. */
async function detailLinks(url: string): Promise<string[]> {
  const html = await (await fetch(`${url}/`)).text();
  const links = [
    ...html.matchAll(
      /href="(\/(?:upcoming-trips|exclusive-trips|local-trips|hidden-gems)\/[^"?#]+)"/g,
    ),
  ];
  return [...new Set(links.map((m) => m[1]!))].slice(0, 6);
}

/**
 * One run: a fresh server started as `npm start` starts it (launch-settings.ts) on a fresh data
 * directory with `env` (DATABASE_URL for PostgreSQL mode), sampled until it has been idle for
 * `idleSeconds` after the warm-up. `nodeArgs` replaces the production V8 flags (experiments).
 */
export async function measureMemory(
  mode: MemoryMode,
  env: Record<string, string> = {},
  idleSeconds = Number(process.env.BENCH_MEMORY_IDLE_SECONDS ?? 15),
  nodeArgs: readonly string[] = PRODUCTION_NODE_FLAGS,
): Promise<MemoryResult | undefined> {
  if (!fs.existsSync("/proc/self/status")) return undefined;
  const phases = Boolean(process.env.BENCH_MEMORY_PHASES);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "wlx-benchmem-"));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  const child = spawn(process.execPath, [...nodeArgs, path.join(root, "server.ts")], {
    env: benchServerEnv(port, dataDir, {
      LOG_LEVEL: phases ? "info" : "error",
      ADMIN_EMAIL: "memory@example.com",
      ADMIN_PASSWORD: "memory bench password long enough",
      ...env,
    }),
    stdio: phases ? ["ignore", "pipe", "inherit"] : "inherit",
  });
  if (phases) {
    // BENCH_MEMORY_PHASES=1: the server's log lines, each with the time and RSS it came at.
    let rest = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      const lines = (rest + chunk.toString()).split("\n");
      rest = lines.pop() ?? "";
      for (const line of lines) {
        const msg = /"msg":"([^"]*)"/.exec(line)?.[1];
        const s = status(child.pid!);
        if (msg && msg !== "request" && s)
          console.log(
            `  +${((Date.now() - started) / 1000).toFixed(1).padStart(5)} s  RSS ${mb(s.rss).padStart(7)}  peak so far ${mb(s.hwm).padStart(7)}  ${msg}`,
          );
      }
    });
  }
  const exited = new Promise((r) => child.once("exit", r));
  const pid = child.pid!;
  let last = { rss: 0, hwm: 0 };
  const samples: number[] = [];
  const timer = setInterval(() => {
    const s = status(pid);
    if (!s) return;
    last = s;
    samples.push(s.rss);
  }, 100);
  try {
    let healthy = false;
    for (let i = 0; i < 3000 && !healthy; i++) {
      try {
        healthy = (await fetch(`${url}/healthz`)).ok;
      } catch {
        // starting
      }
      if (!healthy) await sleep(100);
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    }
    if (!healthy) throw new Error("server did not start");
    const startSeconds = (Date.now() - started) / 1000;
    const startPeakBytes = status(pid)?.hwm ?? last.hwm;

    const pages = [...WARM_PAGES, ...(await detailLinks(url))];
    for (let round = 0; round < 5; round++) {
      for (const page of pages) {
        const response = await fetch(`${url}${page}`, {
          headers: { "accept-encoding": "gzip, br" },
        });
        await response.arrayBuffer();
        if (!response.ok) throw new Error(`warm-up ${page}: ${response.status}`);
      }
    }
    const idleFrom = samples.length;
    await sleep(idleSeconds * 1000);
    const idle = samples.slice(Math.max(idleFrom, samples.length - 30)).sort((a, b) => a - b);
    const end = status(pid) ?? last;
    return {
      mode,
      startSeconds: Number(startSeconds.toFixed(1)),
      startPeakBytes,
      peakBytes: end.hwm,
      idleBytes: idle[Math.floor(idle.length / 2)] ?? end.rss,
    };
  } finally {
    clearInterval(timer);
    child.kill("SIGTERM");
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Both modes: embedded, then PostgreSQL on a throwaway local cluster (when its binaries exist). */
export async function measureMemoryBothModes(): Promise<{
  embedded?: MemoryResult;
  postgres?: MemoryResult;
}> {
  const embedded = await measureMemory("embedded");
  let postgres: MemoryResult | undefined;
  const { localCluster } = await import("../tests/support/postgres.ts");
  let cluster: Awaited<ReturnType<typeof localCluster>> | undefined;
  try {
    cluster = await localCluster();
  } catch (error) {
    console.warn(`memory bench: no PostgreSQL (${(error as Error).message})`);
  }
  if (cluster) {
    try {
      postgres = await measureMemory("postgres", { DATABASE_URL: cluster.url });
    } finally {
      await cluster.stop();
    }
  }
  return { embedded, postgres };
}

const mb = (bytes: number) => `${(bytes / MB).toFixed(0)} MB`;

/** Rows for bench.ts's console table: name, value, budget, within budget ("skip" when not run). */
export function memoryRows(results: {
  embedded?: MemoryResult;
  postgres?: MemoryResult;
}): [string, string, string, boolean | "" | "skip"][] {
  const rows: [string, string, string, boolean | "" | "skip"][] = [];
  for (const mode of ["embedded", "postgres"] as const) {
    const r = results[mode];
    const budget = MEMORY_BUDGETS[mode];
    if (!r) {
      rows.push([`${mode} idle RSS`, "n/a", `<= ${mb(budget.idle)}`, "skip"]);
      continue;
    }
    rows.push([
      `${mode} idle RSS`,
      mb(r.idleBytes),
      `<= ${mb(budget.idle)}`,
      r.idleBytes <= budget.idle,
    ]);
    rows.push([
      `${mode} peak RSS`,
      mb(r.peakBytes),
      budget.peak ? `<= ${mb(budget.peak)}` : "",
      budget.peak ? r.peakBytes <= budget.peak : "",
    ]);
    rows.push([`${mode} start`, `${r.startSeconds} s`, "", ""]);
  }
  return rows;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const which = process.argv[2];
  const results =
    which === "embedded"
      ? { embedded: await measureMemory("embedded") }
      : which === "postgres"
        ? await (async () => {
            const { localCluster } = await import("../tests/support/postgres.ts");
            const cluster = await localCluster();
            try {
              return { postgres: await measureMemory("postgres", { DATABASE_URL: cluster.url }) };
            } finally {
              await cluster.stop();
            }
          })()
        : await measureMemoryBothModes();
  for (const [name, value, budget, ok] of memoryRows(results)) {
    console.log(
      `${name.padEnd(24)} ${value.padStart(10)}  ${budget.padEnd(10)} ${ok === "" ? "" : ok === true ? "ok" : ok === "skip" ? "skipped" : "OVER BUDGET"}`,
    );
  }
  console.log(JSON.stringify(results));
}
