// The HTTP load generator of `npm run bench` and `npm run stress` (decision 106).
//
// `wrk` (C, epoll; Debian package `wrk`) when it is on PATH: 2 threads, a few percent of a core
// at 30k+ requests/s. Otherwise autocannon, a Node client that needs a whole core of its own to
// reach ~4.5k requests/s: on a 2-core machine it measures itself, not the server, so its figures
// are printed with a note. Every result says which tool produced it.
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";

export type LoadTool = "wrk" | "autocannon";

export interface LoadOptions {
  connections: number;
  /** Seconds. */
  duration: number;
  headers?: Record<string, string>;
}

export interface LoadResult {
  tool: LoadTool;
  requestsPerSecond: number;
  /** Milliseconds. */
  p50: number;
  p99: number;
  max: number;
  /** Responses with a status outside 2xx (3xx counts: the bench's URLs answer 200). */
  non2xx: number;
  /** Connection errors and timeouts. */
  errors: number;
}

export const AUTOCANNON_NOTE = "(autocannon: client-bound, install wrk)";

/** `wrk` when it is on PATH (BENCH_LOAD_TOOL=autocannon forces the fallback). */
export function loadTool(env: NodeJS.ProcessEnv = process.env): LoadTool {
  if (env.BENCH_LOAD_TOOL === "autocannon") return "autocannon";
  const dirs = (env.PATH ?? "").split(path.delimiter).filter(Boolean);
  return dirs.some((dir) => isExecutable(path.join(dir, "wrk"))) ? "wrk" : "autocannon";
}

function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/**
 * wrk's own summary is rounded and its non-2xx count is folded into "errors"; this `done()` prints
 * one JSON line with exact percentiles (microseconds) and each error kind apart.
 */
const WRK_REPORT = `
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'WRK_JSON {"requests":%d,"duration":%d,"p50":%d,"p99":%d,"max":%d,' ..
    '"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99),
    latency.max, e.connect, e.read, e.write, e.status, e.timeout))
end
`;

interface WrkReport {
  requests: number;
  duration: number;
  p50: number;
  p99: number;
  max: number;
  connect: number;
  read: number;
  write: number;
  status: number;
  timeout: number;
}

/** Parses the line WRK_REPORT prints; throws when wrk printed none (it failed). */
export function parseWrkOutput(stdout: string): Omit<LoadResult, "tool"> {
  const line = stdout.split("\n").find((l) => l.startsWith("WRK_JSON "));
  if (!line) throw new Error(`wrk printed no report:\n${stdout}`);
  const r = JSON.parse(line.slice("WRK_JSON ".length)) as WrkReport;
  const ms = (us: number) => Math.round(us / 10) / 100;
  return {
    requestsPerSecond: Math.round((r.requests * 1e6) / Math.max(1, r.duration)),
    p50: ms(r.p50),
    p99: ms(r.p99),
    max: ms(r.max),
    non2xx: r.status,
    errors: r.connect + r.read + r.write + r.timeout,
  };
}

let scriptFile: string | undefined;
function wrkScript(): string {
  if (!scriptFile) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wlx-wrk-"));
    scriptFile = path.join(dir, "report.lua");
    fs.writeFileSync(scriptFile, WRK_REPORT);
    process.once("exit", () => fs.rmSync(dir, { recursive: true, force: true }));
  }
  return scriptFile;
}

function runWrk(url: string, options: LoadOptions): Promise<LoadResult> {
  const args = [
    "-t",
    String(Math.min(2, options.connections)),
    "-c",
    String(options.connections),
    "-d",
    `${options.duration}s`,
    "--timeout",
    "10s",
    "-s",
    wrkScript(),
  ];
  for (const [name, value] of Object.entries(options.headers ?? {}))
    args.push("-H", `${name}: ${value}`);
  args.push(url);
  return new Promise((resolve, reject) => {
    execFile("wrk", args, { maxBuffer: 1 << 20 }, (error, stdout, stderr) => {
      if (error) return reject(new Error(`wrk failed: ${error.message}\n${stderr}`));
      try {
        resolve({ tool: "wrk", ...parseWrkOutput(stdout) });
      } catch (parseError) {
        reject(parseError as Error);
      }
    });
  });
}

async function runAutocannon(url: string, options: LoadOptions): Promise<LoadResult> {
  const run = await autocannon({
    url,
    connections: options.connections,
    duration: options.duration,
    headers: options.headers ?? {},
  });
  return {
    tool: "autocannon",
    requestsPerSecond: Math.round(run.requests.average),
    p50: run.latency.p50,
    p99: run.latency.p99,
    max: run.latency.max,
    non2xx: run.non2xx,
    errors: run.errors + run.timeouts,
  };
}

/** Loads `url` with the best tool here for `duration` seconds. */
export function load(url: string, options: LoadOptions): Promise<LoadResult> {
  return loadTool() === "wrk" ? runWrk(url, options) : runAutocannon(url, options);
}
