// `npm run bench`: measures DESIGN.md's performance budgets against the built app on loopback.
// Budgets: home SSR throughput >= 50% of the same HTML served as a static file (same server, same
// run), p99 <= 100 ms at 32 connections, public-page JS <= 100 KB gzip, CLS <= 0.02.
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { measureUploadRss, UPLOAD_RSS_BUDGET } from "./bench-upload.ts";

const BENCH_ADMIN = { email: "bench@example.com", password: "bench password long enough" };

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 32;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, "127.0.0.1", () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

async function waitHealthy(url: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("server did not start");
}

function load(url: string) {
  return autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION,
    headers: { "accept-encoding": "gzip" },
  });
}

async function measureCls(url: string): Promise<number | undefined> {
  const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  if (!fs.existsSync(chromium)) return undefined;
  const { chromium: pw } = await import("@playwright/test");
  const browser = await pw.launch({
    executablePath: chromium,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      "--disable-background-networking",
      "--no-first-run",
    ],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.addInitScript(() => {
      const w = window as unknown as { __cls: number };
      w.__cls = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
        })[]) {
          if (!entry.hadRecentInput) w.__cls += entry.value;
        }
      }).observe({ type: "layout-shift", buffered: true });
    });
    await page.goto(url, { waitUntil: "networkidle" });
    await page.waitForTimeout(2000);
    return await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
  } finally {
    await browser.close();
  }
}

async function main() {
  if (!fs.existsSync(path.join(buildDir, "server", "index.js"))) {
    console.error("No build found: run `npm run build` first.");
    process.exit(1);
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "wlx-bench-"));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [path.join(root, "server.ts")], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      SEED_DEMO: "true",
      LOG_LEVEL: "error",
      ADMIN_EMAIL: BENCH_ADMIN.email,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
    },
    stdio: "inherit",
  });
  const staticName = `__bench-home-${process.pid}.html`;
  const staticPath = path.join(buildDir, "client", staticName);
  try {
    await waitHealthy(url);
    const html = await (await fetch(`${url}/`)).text();
    fs.writeFileSync(staticPath, html);

    // JS shipped on first load of the home page: every script and modulepreload, gzipped.
    const scripts = new Set(
      [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!),
    );
    let jsGzip = 0;
    for (const src of scripts)
      jsGzip += gzipSync(Buffer.from(await (await fetch(`${url}${src}`)).arrayBuffer())).length;

    await load(`${url}/${staticName}`); // warm-up
    const staticRun = await load(`${url}/${staticName}`);
    await load(`${url}/`); // warm-up
    const ssrRun = await load(`${url}/`);
    const cls = await measureCls(`${url}/`);
    const uploadRss = await measureUploadRss(url, server.pid!, BENCH_ADMIN);

    const ratio = ssrRun.requests.average / staticRun.requests.average;
    const rows = [
      ["home SSR req/s", ssrRun.requests.average.toFixed(0), "", ""],
      ["static HTML req/s", staticRun.requests.average.toFixed(0), "", ""],
      ["SSR / static", `${(ratio * 100).toFixed(1)} %`, ">= 50 %", ratio >= 0.5],
      ["home p99 latency", `${ssrRun.latency.p99} ms`, "<= 100 ms", ssrRun.latency.p99 <= 100],
      [
        "home non-2xx",
        String(ssrRun.non2xx + ssrRun.errors),
        "0",
        ssrRun.non2xx + ssrRun.errors === 0,
      ],
      ["home JS (gzip)", `${(jsGzip / 1024).toFixed(1)} KB`, "<= 100 KB", jsGzip <= 100 * 1024],
      [
        "home CLS (mobile)",
        cls === undefined ? "n/a (no chromium)" : cls.toFixed(4),
        "<= 0.02",
        cls === undefined ? "skip" : cls <= 0.02,
      ],
      [
        "60 MB upload RSS",
        uploadRss === undefined
          ? "n/a (no /proc)"
          : `+${(uploadRss.rise / 1024 / 1024).toFixed(1)} MB (${uploadRss.status})`,
        "< 30 MB",
        uploadRss === undefined
          ? "skip"
          : uploadRss.status === 200 && uploadRss.rise < UPLOAD_RSS_BUDGET,
      ],
    ] as const;
    console.log(`\nBench: ${CONNECTIONS} connections, ${DURATION} s per run, loopback\n`);
    for (const [name, value, budget, ok] of rows) {
      console.log(
        `${name.padEnd(20)} ${value.padStart(18)}  ${budget.padEnd(10)} ${ok === "" ? "" : ok === true ? "ok" : ok === "skip" ? "skipped" : "OVER BUDGET"}`,
      );
    }
    const failed = rows.filter((r) => r[3] === false);
    fs.mkdirSync(path.join(root, "bench-results"), { recursive: true });
    fs.writeFileSync(
      path.join(root, "bench-results", "latest.json"),
      JSON.stringify(
        {
          date: new Date().toISOString(),
          rows: rows.map(([n, v, b, ok]) => ({ name: n, value: v, budget: b, ok })),
        },
        null,
        2,
      ),
    );
    process.exitCode = failed.length ? 1 : 0;
  } finally {
    fs.rmSync(staticPath, { force: true });
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
