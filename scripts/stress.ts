// `npm run stress` (decisions 096 and 106): graceful degradation under overload. Starts
// the built app as production does (`node --liftoff-only server.ts`, its malloc settings, embedded
// defaults, demo catalogue) and sends storms of 200 concurrent requests for distinct uncached pages
// (list pages with filters and page numbers: each one is a render), while one client keeps asking
// for the cached home page. Reports how many were answered (2xx/3xx/4xx), refused with 503 +
// Retry-After (past RENDER_QUEUE_DEPTH), or failed (any other 5xx, a reset connection), the
// server's peak RSS during the storms, and the cached page's latency at rest and during them,
// measured by the same probe (one keep-alive connection, one request after another).
//
// "Cached pages keep answering within their normal latency" is checked as: the probe's p99 during
// the storms <= max(2 x its p99 at rest, its p99 at rest + 10 ms). Twice covers a loaded machine's
// spread; 10 ms is what one render slice may hold the event loop on this 2-core machine. Exits 1 on
// any failure, a 503 without Retry-After, a failed cached request, or a cached p99 above that.
// Ten storms by default: each lasts about half a second, and with three the probe took only ~170
// answers during them, so their "p99" was the second-slowest answer and one stall decided the run.
// Ten give ~550 answers; the report still shows the slowest ones and the max.
// STRESS_STORMS (default 10), STRESS_CONCURRENCY (default 200), RENDER_QUEUE_DEPTH (passed to the
// server; e.g. 20 to see 503s) and STRESS_DATA_DIR (reuse a seeded data directory) change the run.
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import { benchServerEnv, PRODUCTION_NODE_FLAGS } from "../app/server/http/launch-settings.ts";
import { rssOf } from "./bench-upload.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const STORMS = Number(process.env.STRESS_STORMS ?? 10);
const CONCURRENCY = Number(process.env.STRESS_CONCURRENCY ?? 200);
/** How much slower than at rest the cached page may answer during the storms (see the top). */
function normalLatencyLimit(p99AtRest: number): number {
  return Math.max(2 * p99AtRest, p99AtRest + 10);
}
const LISTS = ["/upcoming-trips", "/exclusive-trips", "/local-trips", "/hidden-gems", "/discover"];
const SORTS = ["", "price-asc", "price-desc", "departure"];

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, "127.0.0.1", () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

/** One GET on its own connection; resolves with the status and Retry-After, or "error". */
function get(
  url: string,
  agent: http.Agent | false,
): Promise<{ status: number | "error"; retryAfter?: string; ms: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const req = http.get(url, { agent, headers: { "accept-encoding": "gzip, br" } }, (res) => {
      res.resume();
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? "error",
          retryAfter: res.headers["retry-after"],
          ms: performance.now() - started,
        }),
      );
      res.on("error", () => resolve({ status: "error", ms: performance.now() - started }));
    });
    req.on("error", () => resolve({ status: "error", ms: performance.now() - started }));
    req.setTimeout(60_000, () => req.destroy());
  });
}

const percentile = (values: number[], p: number) => {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const round = (ms: number) => Math.round(ms * 10) / 10;

/** Asks for `url` over one keep-alive connection, one request after another, until told to stop. */
async function runProbe(url: string): Promise<void> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const latencies: number[] = [];
  let failures = 0;
  let running = true;
  parentPort!.once("message", () => (running = false));
  while (running) {
    const res = await get(url, agent);
    if (res.status === 200) latencies.push(res.ms);
    else failures++;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  agent.destroy();
  parentPort!.postMessage({ latencies, failures });
}

/**
 * The probe runs in a worker thread with its own event loop: in this thread, sending 200 requests
 * at once and reading their answers would hold the probe's answers for tens of milliseconds, and
 * the client's own stall would be counted as the server's latency.
 */
function probe(url: string) {
  const worker = new Worker(fileURLToPath(import.meta.url), { workerData: { probe: url } });
  const result = new Promise<{ latencies: number[]; failures: number }>((resolve, reject) => {
    worker.once("message", resolve);
    worker.once("error", reject);
  });
  return {
    async stop() {
      worker.postMessage("stop");
      return result;
    },
  };
}

async function main() {
  if (!fs.existsSync(path.join(root, "build", "server", "index.js"))) {
    console.error("No build found: run `npm run build` first.");
    process.exit(1);
  }
  // STRESS_DATA_DIR: an existing data directory (kept), to skip the first start's seeding.
  const keep = process.env.STRESS_DATA_DIR;
  const dataDir = keep ?? fs.mkdtempSync(path.join(os.tmpdir(), "wlx-stress-"));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // STRESS_NODE_ARGS: more flags for the server, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
  const extraArgs = (process.env.STRESS_NODE_ARGS ?? "").split(" ").filter(Boolean);
  const server = spawn(
    process.execPath,
    [...PRODUCTION_NODE_FLAGS, ...extraArgs, path.join(root, "server.ts")],
    {
      cwd: root,
      env: benchServerEnv(port, dataDir),
      stdio: "inherit",
    },
  );
  const exited = new Promise((resolve) => server.once("exit", resolve));
  try {
    for (let i = 0; ; i++) {
      if (i > 1500) throw new Error("server did not start");
      const res = await get(`${base}/healthz`, false);
      if (res.status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    // The cached page and its latency at rest.
    for (let i = 0; i < 3; i++) await get(`${base}/`, false);
    const rest = probe(`${base}/`);
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    const atRest = await rest.stop();
    const restP99 = percentile(atRest.latencies, 99);
    const limit = normalLatencyLimit(restP99);

    const counts = { answered: 0, refused: 0, refusedWithoutRetryAfter: 0, failed: 0 };
    const stormMs: number[] = [];
    let peakRss = rssOf(server.pid!) ?? 0;
    const during = probe(`${base}/`);
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, rssOf(server.pid!) ?? 0);
    }, 20);
    let serial = 0;
    for (let storm = 0; storm < STORMS; storm++) {
      const started = performance.now();
      const urls = Array.from({ length: CONCURRENCY }, () => {
        const n = serial++;
        const list = LISTS[n % LISTS.length]!;
        const sort = SORTS[Math.floor(n / LISTS.length) % SORTS.length]!;
        const page = Math.floor(n / (LISTS.length * SORTS.length)) + 1;
        return `${base}${list}?page=${page}${sort ? `&sort=${sort}` : ""}`;
      });
      const results = await Promise.all(urls.map((url) => get(url, false)));
      stormMs.push(performance.now() - started);
      for (const r of results) {
        if (r.status === 503) {
          counts.refused++;
          if (!r.retryAfter) counts.refusedWithoutRetryAfter++;
        } else if (r.status === "error" || r.status >= 500) counts.failed++;
        else counts.answered++;
      }
    }
    clearInterval(sampler);
    const stormed = await during.stop();
    const cachedP99 = percentile(stormed.latencies, 99);
    const report = {
      date: new Date().toISOString(),
      loadAverage: os.loadavg().map((l) => round(l)),
      storms: STORMS,
      concurrency: CONCURRENCY,
      renderQueueDepth: process.env.RENDER_QUEUE_DEPTH ?? "default",
      ...counts,
      stormSeconds: stormMs.map((ms) => round(ms / 1000)),
      peakRssMb: round(peakRss / 1024 / 1024),
      cachedAtRest: {
        requests: atRest.latencies.length,
        p50: round(percentile(atRest.latencies, 50)),
        p99: round(restP99),
      },
      cachedP99Limit: round(limit),
      cachedDuringStorms: {
        requests: stormed.latencies.length,
        failures: stormed.failures,
        p50: round(percentile(stormed.latencies, 50)),
        p99: round(cachedP99),
        max: round(Math.max(0, ...stormed.latencies)),
        slowest: [...stormed.latencies]
          .sort((a, b) => b - a)
          .slice(0, 6)
          .map(round),
      },
    };
    console.log(JSON.stringify(report, null, 2));
    const dir = path.join(root, "bench-results");
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, "stress-latest.json"), JSON.stringify(report, null, 2));
    const problems = [
      counts.failed ? `${counts.failed} requests failed` : "",
      counts.refusedWithoutRetryAfter ? "a 503 without Retry-After" : "",
      stormed.failures ? `${stormed.failures} cached requests failed` : "",
      cachedP99 > limit
        ? `cached p99 during the storms ${round(cachedP99)} ms > ${round(limit)} ms (at rest ${round(restP99)} ms)`
        : "",
    ].filter(Boolean);
    for (const problem of problems) console.error(`FAIL: ${problem}`);
    process.exitCode = problems.length ? 1 : 0;
  } finally {
    server.kill("SIGTERM");
    await exited;
    if (!keep) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (isMainThread) await main();
else await runProbe((workerData as { probe: string }).probe);
