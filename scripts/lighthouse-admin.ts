// Lighthouse mobile on the admin screens, signed in (issue 21, decision 105). Not part of
// `npm test`: Lighthouse's simulated throttling still depends on the machine's CPU, so compare
// runs made on one machine in one session. Start a server with the demo catalogue first:
//   ADMIN_URL=http://127.0.0.1:3000 ADMIN_EMAIL=… ADMIN_PASSWORD=… npm run lighthouse:admin
// RUNS (default 3) runs per page; the median run's numbers are printed, and every run's too.
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);
const base = (process.env.ADMIN_URL ?? "http://127.0.0.1:3000").replace(/\/$/, "");
const runs = Number(process.env.RUNS ?? 3);
const lighthouse = path.resolve(import.meta.dirname, "..", "node_modules", ".bin", "lighthouse");

interface Scores {
  performance: number;
  accessibility: number;
  bestPractices: number;
  tbt: number;
  lcp: number;
}

async function signIn(): Promise<string> {
  const { ADMIN_EMAIL: email, ADMIN_PASSWORD: password } = process.env;
  if (!email || !password) throw new Error("Set ADMIN_EMAIL and ADMIN_PASSWORD.");
  const response = await fetch(`${base}/api/admin/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** The first package edit link on the dashboard. */
async function editUrl(cookie: string): Promise<string> {
  const html = await (await fetch(`${base}/admin/dashboard`, { headers: { cookie } })).text();
  const href = /href="(\/admin\/edit-package\/[^"]+)"/.exec(html)?.[1];
  if (!href) throw new Error("no package edit link on /admin/dashboard");
  return href;
}

async function audit(url: string, cookie: string): Promise<Scores> {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "wlx-lh-")), "report.json");
  await run(
    lighthouse,
    [
      url,
      "--quiet",
      "--output=json",
      `--output-path=${out}`,
      "--only-categories=performance,accessibility,best-practices",
      "--chrome-flags=--headless=new --no-sandbox",
      `--extra-headers=${JSON.stringify({ Cookie: cookie })}`,
    ],
    { env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? "/usr/bin/chromium" } },
  );
  const report = JSON.parse(fs.readFileSync(out, "utf8")) as {
    categories: Record<string, { score: number }>;
    audits: Record<string, { numericValue?: number }>;
  };
  fs.rmSync(path.dirname(out), { recursive: true, force: true });
  return {
    performance: report.categories.performance?.score ?? 0,
    accessibility: report.categories.accessibility?.score ?? 0,
    bestPractices: report.categories["best-practices"]?.score ?? 0,
    tbt: Math.round(report.audits["total-blocking-time"]?.numericValue ?? 0),
    lcp: Math.round(report.audits["largest-contentful-paint"]?.numericValue ?? 0),
  };
}

const cookie = await signIn();
const pages = ["/admin/dashboard", await editUrl(cookie), "/admin/travel-moments"];
for (const page of pages) {
  const results: Scores[] = [];
  for (let i = 0; i < runs; i++) results.push(await audit(`${base}${page}`, cookie));
  const median = [...results].sort((a, b) => a.performance - b.performance)[
    Math.floor(results.length / 2)
  ];
  console.log(JSON.stringify({ page, median, runs: results.map((r) => [r.performance, r.tbt]) }));
}
