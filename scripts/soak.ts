// `npm run soak`: five minutes of mixed traffic at 32 connections against the built app (launched as
// `node server.ts` on the embedded defaults with the demo catalogue): public pages, API reads and
// admin writes (create, update, publish, delete). Prints errors, the 5xx count and the server's RSS
// growth after warm-up; exits 1 unless there are 0 errors, 0 × 5xx and growth < 20 MB.
// SOAK_SECONDS and SOAK_WARMUP_SECONDS shorten it for a quick check. Not part of `npm test`.
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const DURATION = Number(process.env.SOAK_SECONDS ?? 300);
const WARMUP = Number(process.env.SOAK_WARMUP_SECONDS ?? 30);
const CONNECTIONS = 32;
const RSS_BUDGET_MB = 20;
const ADMIN = { email: "soak@example.com", password: "soak password long enough" };

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, "127.0.0.1", () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

async function waitHealthy(url: string): Promise<void> {
  for (let i = 0; i < 1200; i++) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("server did not start");
}

type Requests = NonNullable<autocannon.Options["requests"]>;
/** autocannon's per-connection context carries the id of the package this connection created. */
const idOf = (context: object) => context as { id?: string };

function mixedRequests(cookie: string, detailPaths: string[]): Requests {
  const admin = { cookie, "content-type": "application/json" };
  const pages = ["/", "/upcoming-trips", "/about", "/api/trips", "/api/travel-moments"];
  const reads: Requests = [...pages, ...detailPaths].map((p) => ({ method: "GET", path: p }));
  const body = (n: number) =>
    JSON.stringify({
      title: `Soak trip ${n}`,
      price: "$1,000",
      status: "draft",
      highlights: ["Sea"],
    });
  let n = 0;
  const writes: Requests = [
    {
      method: "POST",
      path: "/api/trips",
      headers: admin,
      setupRequest: (req) => ({ ...req, body: body(++n) }),
      onResponse: (status, responseBody, context) => {
        if (status === 201) idOf(context).id = (JSON.parse(responseBody) as { id: string }).id;
      },
    },
    {
      method: "PUT",
      headers: admin,
      setupRequest: (req, context) => ({
        ...req,
        path: `/api/trips/${String(idOf(context).id)}`,
        body: body(++n),
      }),
    },
    {
      method: "PATCH",
      headers: admin,
      body: JSON.stringify({ status: "published" }),
      setupRequest: (req, context) => ({ ...req, path: `/api/trips/${String(idOf(context).id)}` }),
    },
    {
      method: "DELETE",
      headers: { cookie },
      setupRequest: (req, context) => ({ ...req, path: `/api/trips/${String(idOf(context).id)}` }),
    },
  ];
  // Every connection walks reads and one create/update/publish/delete cycle, in this order.
  return [...reads, ...writes];
}

function run(url: string, seconds: number, requests: Requests): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(
      { url, connections: CONNECTIONS, duration: seconds, requests, timeout: 10 },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "wlx-soak-"));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ["server.ts"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      SEED_DEMO: "true",
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const stop = () => {
    server.kill("SIGTERM");
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    console.log(`soak: starting the server (first start seeds the demo catalogue)…`);
    await waitHealthy(url);
    const login = await fetch(`${url}/api/admin/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(ADMIN),
    });
    if (login.status !== 200) throw new Error(`sign-in failed: ${login.status}`);
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const trips = (await (await fetch(`${url}/api/trips`)).json()) as { id: string }[];
    const detailPaths = trips.slice(0, 3).map((t) => `/package/${t.id}`);
    const requests = mixedRequests(cookie, detailPaths);

    console.log(`soak: warm-up ${WARMUP} s at ${CONNECTIONS} connections…`);
    const warm = await run(url, WARMUP, requests);
    const baseline = rssMb(server.pid!);
    console.log(
      `soak: ${DURATION} s of mixed traffic (RSS after warm-up ${baseline.toFixed(1)} MB)…`,
    );
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(server.pid!))), 1000);
    const result = await run(url, DURATION, requests);
    clearInterval(sampler);
    const end = rssMb(server.pid!);
    const growth = end - baseline;

    const errors = result.errors + result.timeouts + warm.errors + warm.timeouts;
    const fiveXx = result["5xx"] + warm["5xx"];
    const fourXx = result["4xx"] + warm["4xx"];
    console.log(
      [
        "",
        `requests:        ${result.requests.total} in ${DURATION} s (${Math.round(result.requests.average)} req/s), p99 ${result.latency.p99} ms`,
        `errors:          ${errors} (connection errors and timeouts)`,
        `5xx answers:     ${fiveXx}`,
        `4xx answers:     ${fourXx}`,
        `RSS:             ${baseline.toFixed(1)} MB after warm-up → ${end.toFixed(1)} MB at the end (peak ${peak.toFixed(1)} MB)`,
        `RSS growth:      ${growth.toFixed(1)} MB (budget < ${RSS_BUDGET_MB} MB)`,
        "",
      ].join("\n"),
    );
    const ok = errors === 0 && fiveXx === 0 && fourXx === 0 && growth < RSS_BUDGET_MB;
    console.log(ok ? "soak: PASS" : "soak: FAIL");
    process.exitCode = ok ? 0 : 1;
  } finally {
    stop();
  }
}

await main();
