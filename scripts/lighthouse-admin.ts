// Lighthouse mobile (decisions 105, 107): the admin screens signed in (dashboard, a
// package edit form, travel moments) and the public pages anonymous (home, a list page, a detail
// page), on the demo catalogue. `npm run bench` calls measureLighthouse() and writes the figures
// to its JSON; `npm run lighthouse:admin` runs the same audits against a running server:
//   ADMIN_URL=http://127.0.0.1:3000 ADMIN_EMAIL=… ADMIN_PASSWORD=… npm run lighthouse:admin
// RUNS (default 3) runs per page, the median run (by performance) is reported with every run's
// score; ONLY=admin or ONLY=public audits one group. Never part of `npm test`: Lighthouse's
// simulated throttling scales the CPU time it observes, so compare runs made on one machine in
// one session (and state the load average).
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { adminScreens, signIn, type AdminCredentials } from "./bench-admin.ts";
import { firstDetailPath, inLanguage, SECOND_LANGUAGE } from "./bench-languages.ts";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "..");
const CLI = path.join(root, "node_modules", "lighthouse", "cli", "index.js");
const CHROMIUM = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export interface LighthouseScores {
  performance: number;
  accessibility: number;
  bestPractices: number;
  /** Public pages only (the admin is `noindex`). */
  seo?: number;
  /** Total blocking time and largest contentful paint, ms. */
  tbt: number;
  lcp: number;
}

export interface LighthousePage {
  /** The URL audited (the edit form's and detail page's ids vary per database). */
  path: string;
  /** A short name for the bench's rows. */
  label: string;
  median: LighthouseScores;
  runs: LighthouseScores[];
}

export interface LighthouseResults {
  runsPerPage: number;
  admin: Record<string, LighthousePage>;
  public: Record<string, LighthousePage>;
}

/** Admin screens: performance >= 0.9, accessibility and best practices 1.0. */
export const ADMIN_BUDGET = { performance: 0.9, accessibility: 1, bestPractices: 1 } as const;
/** The public pages stay at 1.0 in all four categories. */
export const PUBLIC_BUDGET = {
  performance: 1,
  accessibility: 1,
  bestPractices: 1,
  seo: 1,
} as const;

/** Why Lighthouse cannot run here, or undefined when it can. */
export function lighthouseUnavailable(): string | undefined {
  if (!fs.existsSync(CHROMIUM)) return "no chromium";
  if (!fs.existsSync(CLI)) return "no lighthouse";
  return undefined;
}

async function audit(url: string, cookie: string | undefined, seo: boolean) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wlx-lh-"));
  const out = path.join(dir, "report.json");
  try {
    // The CLI runs on this process's Node (Lighthouse 13 needs Node 22+; a bare bin may find 20).
    await run(
      process.execPath,
      [
        CLI,
        url,
        "--quiet",
        "--output=json",
        `--output-path=${out}`,
        `--only-categories=performance,accessibility,best-practices${seo ? ",seo" : ""}`,
        "--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage",
        ...(cookie ? [`--extra-headers=${JSON.stringify({ Cookie: cookie })}`] : []),
      ],
      { env: { ...process.env, CHROME_PATH: CHROMIUM }, maxBuffer: 16 * 1024 * 1024 },
    );
    const report = JSON.parse(fs.readFileSync(out, "utf8")) as {
      categories: Record<string, { score: number | null } | undefined>;
      audits: Record<string, { numericValue?: number } | undefined>;
    };
    const score = (name: string) => report.categories[name]?.score ?? 0;
    const scores: LighthouseScores = {
      performance: score("performance"),
      accessibility: score("accessibility"),
      bestPractices: score("best-practices"),
      ...(seo ? { seo: score("seo") } : {}),
      tbt: Math.round(report.audits["total-blocking-time"]?.numericValue ?? 0),
      lcp: Math.round(report.audits["largest-contentful-paint"]?.numericValue ?? 0),
    };
    return scores;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function auditPage(
  base: string,
  pathname: string,
  label: string,
  runs: number,
  cookie?: string,
): Promise<LighthousePage> {
  const results: LighthouseScores[] = [];
  for (let i = 0; i < runs; i++) results.push(await audit(`${base}${pathname}`, cookie, !cookie));
  const sorted = [...results].sort((a, b) => a.performance - b.performance);
  return { path: pathname, label, median: sorted[Math.floor(sorted.length / 2)]!, runs: results };
}

const LABELS: Record<string, string> = {
  "/admin/dashboard": "dashboard",
  "/admin/edit-package/:id": "edit form",
  "/admin/travel-moments": "moments",
  "/": "home",
  "/upcoming-trips": "list",
  "/package/:id": "detail",
  "/de": "de home",
  "/de/package/:slug": "de detail",
};

/**
 * Home, the upcoming trips list and its first package's detail page; with German on the site
 * (the bench's SITE_LANGUAGES, decision 151) the German home and a German package page too.
 */
async function publicPages(base: string): Promise<Record<string, string>> {
  const list = await (await fetch(`${base}/upcoming-trips`)).text();
  const detail = firstDetailPath(list);
  if (!detail) throw new Error("no package link on /upcoming-trips");
  const pages: Record<string, string> = {
    "/": "/",
    "/upcoming-trips": "/upcoming-trips",
    "/package/:id": detail,
  };
  const german = await fetch(`${base}${inLanguage("/upcoming-trips", SECOND_LANGUAGE)}`);
  if (german.ok) {
    const germanDetail = firstDetailPath(await german.text(), SECOND_LANGUAGE);
    pages["/de"] = inLanguage("/", SECOND_LANGUAGE);
    if (germanDetail) pages["/de/package/:slug"] = germanDetail;
  }
  return pages;
}

export async function measureLighthouse(
  base: string,
  admin: AdminCredentials,
  options: { runs?: number; only?: "admin" | "public" } = {},
): Promise<LighthouseResults> {
  const runs = Math.max(1, options.runs ?? 3);
  const results: LighthouseResults = { runsPerPage: runs, admin: {}, public: {} };
  if (options.only !== "public") {
    const cookie = await signIn(base, admin);
    const { screens } = await adminScreens(base, cookie);
    for (const [name, pathname] of Object.entries(screens))
      results.admin[name] = await auditPage(base, pathname, LABELS[name] ?? name, runs, cookie);
  }
  if (options.only !== "admin") {
    for (const [name, pathname] of Object.entries(await publicPages(base)))
      results.public[name] = await auditPage(base, pathname, LABELS[name] ?? name, runs);
  }
  return results;
}

type Row = [string, string, string, boolean | "" | "skip"];

const CATEGORIES = [
  ["performance", "perf"],
  ["accessibility", "a11y"],
  ["bestPractices", "BP"],
  ["seo", "SEO"],
] as const;

/**
 * For `npm run bench`: the audits with BENCH_LIGHTHOUSE_RUNS runs a page (default 3), or why they
 * were skipped (no Chromium, or BENCH_LIGHTHOUSE_RUNS=0).
 */
export async function benchLighthouse(
  base: string,
  admin: AdminCredentials,
): Promise<LighthouseResults | { skipped: string }> {
  const runs = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
  if (runs === 0) return { skipped: "BENCH_LIGHTHOUSE_RUNS=0" };
  const unavailable = lighthouseUnavailable();
  return unavailable ? { skipped: unavailable } : measureLighthouse(base, admin, { runs });
}

/** The bench's rows: one per page and category with its budget, plus LCP and TBT stated. */
export function lighthouseRows(results: LighthouseResults | { skipped: string }): Row[] {
  if ("skipped" in results) return [["Lighthouse", `n/a (${results.skipped})`, "", "skip"]];
  const rows: Row[] = [];
  const group = (
    pages: Record<string, LighthousePage>,
    budget: Partial<Record<string, number>>,
  ) => {
    for (const page of Object.values(pages)) {
      for (const [key, label] of CATEGORIES) {
        const want = budget[key];
        const got = page.median[key];
        if (want === undefined || got === undefined) continue;
        rows.push([
          `LH ${label} ${page.label}`,
          got.toFixed(2),
          want === 1 ? "= 1.00" : `>= ${want.toFixed(2)}`,
          got >= want,
        ]);
      }
      rows.push([`LH LCP/TBT ${page.label}`, `${page.median.lcp} / ${page.median.tbt} ms`, "", ""]);
    }
  };
  group(results.admin, ADMIN_BUDGET);
  group(results.public, PUBLIC_BUDGET);
  return rows;
}

if (import.meta.main) {
  const base = (process.env.ADMIN_URL ?? "http://127.0.0.1:3000").replace(/\/$/, "");
  const { ADMIN_EMAIL: email, ADMIN_PASSWORD: password, ONLY: only } = process.env;
  if (!email || !password) throw new Error("Set ADMIN_EMAIL and ADMIN_PASSWORD.");
  const unavailable = lighthouseUnavailable();
  if (unavailable) throw new Error(`Lighthouse cannot run: ${unavailable}`);
  const results = await measureLighthouse(
    base,
    { email, password },
    {
      runs: Number(process.env.RUNS ?? 3),
      ...(only === "admin" || only === "public" ? { only } : {}),
    },
  );
  for (const pages of [results.admin, results.public])
    for (const [name, page] of Object.entries(pages))
      console.log(
        JSON.stringify({
          page: name,
          path: page.path,
          median: page.median,
          runs: page.runs.map((r) => [r.performance, r.lcp, r.tbt]),
        }),
      );
  for (const [name, value, budget, ok] of lighthouseRows(results))
    console.log(
      `${name.padEnd(40)} ${value.padStart(16)}  ${budget.padEnd(8)} ${ok === "" ? "" : ok ? "ok" : "OVER BUDGET"}`,
    );
}
