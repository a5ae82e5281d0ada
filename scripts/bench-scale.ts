// The scale figures for `npm run bench`: with 1,000 published packages of one kind, the
// list page's HTML (before compression) and its uncached render time at p50, and the admin
// dashboard's HTML and the time until it is interactive in Chromium (navigation start to the
// hydration marker). Run against a server started without the page cache.
// `BENCH_ONLY=scale npm run bench` runs only this part.
import fs from "node:fs";
import autocannon from "autocannon";
import { ADMIN_PAGE_SIZE } from "../app/domain/admin-paging.ts";
import { signIn } from "./bench-admin.ts";

export const SCALE_PACKAGES = 1000;
export const SCALE_LIST_HTML_BUDGET = 60 * 1024;
export const SCALE_LIST_P50_BUDGET_MS = 50;
export const SCALE_DASHBOARD_INTERACTIVE_BUDGET_MS = 1000;
/** Page loads measured per dashboard page (after one warm-up); the median is reported. */
const INTERACTIVE_RUNS = 5;

const COUNTRIES = ["Kenya", "Spain", "Japan", "Peru", "Iceland", "Vietnam", "Morocco", "Chile"];

/** Creates `count` published trips through the JSON API, 8 at a time. */
async function createTrips(url: string, cookie: string, count: number): Promise<void> {
  const one = async (i: number) => {
    const response = await fetch(`${url}/api/trips`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie, origin: url },
      body: JSON.stringify({
        title: `Scale trip ${i}`,
        status: "published",
        location: `Somewhere, ${COUNTRIES[i % COUNTRIES.length]}`,
        price: `From R ${(10 + (i % 90)) * 1000} pp`,
        duration: `${3 + (i % 12)} days`,
        travel_period: "June 2027",
        highlights: ["One", "Two", "Three"],
        itinerary: [{ day: "Day 1", activity: "Arrive", accommodation: "Hotel" }],
      }),
    });
    if (response.status !== 201) throw new Error(`bench create failed: ${response.status}`);
  };
  for (let i = 0; i < count; i += 8) {
    await Promise.all(Array.from({ length: Math.min(8, count - i) }, (_, j) => one(i + j)));
  }
}

export interface ScaleResult {
  packages: number;
  listHtmlBytes: number;
  listP50: number;
  listP99: number;
  listRequestsPerSecond: number;
  filteredP50: number;
  dashboardHtmlBytes: number;
  /** Page 2 of the paged dashboard (decision 077). */
  dashboardPage2HtmlBytes: number;
  /**
   * Navigation start → `<html data-hydrated>` in Chromium, median of INTERACTIVE_RUNS loads of
   * page 1 and of the middle page (null without Chromium).
   */
  dashboardInteractiveMs: number | null;
  dashboardMiddlePageInteractiveMs: number | null;
  dashboardInteractiveSamples: number[];
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

/**
 * Loads `paths` in Chromium as the signed-in admin and times navigation start → hydration: the
 * root layout sets `data-hydrated` on <html> in its first effect, once React has hydrated and can
 * answer a click (decision 062). Undefined without Chromium.
 */
async function timeToInteractive(
  url: string,
  cookie: string,
  paths: string[],
): Promise<Map<string, number[]> | undefined> {
  const executablePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  if (!fs.existsSync(executablePath)) return undefined;
  const { chromium } = await import("@playwright/test");
  const browser = await chromium.launch({
    executablePath,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      "--disable-background-networking",
      "--no-first-run",
    ],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addCookies(
      cookie.split("; ").map((pair) => {
        const at = pair.indexOf("=");
        return { name: pair.slice(0, at), value: pair.slice(at + 1), url };
      }),
    );
    await context.addInitScript(() => {
      const w = window as unknown as { __hydratedAt?: number };
      // <html> may not exist yet when this runs: watch the whole document for the attribute.
      new MutationObserver((_, observer) => {
        if (document.documentElement?.dataset.hydrated !== "true") return;
        w.__hydratedAt = performance.now();
        observer.disconnect();
      }).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-hydrated"] });
    });
    const samples = new Map<string, number[]>();
    for (const path of paths) {
      const times: number[] = [];
      for (let run = 0; run <= INTERACTIVE_RUNS; run++) {
        const page = await context.newPage();
        await page.goto(`${url}${path}`);
        const at = await page.waitForFunction(
          () => (window as unknown as { __hydratedAt?: number }).__hydratedAt,
          undefined,
          { timeout: 60_000 },
        );
        const ms = Number(await at.jsonValue());
        if (run > 0) times.push(Math.round(ms)); // run 0 warms the server and the HTTP cache
        await page.close();
      }
      samples.set(path, times);
    }
    return samples;
  } finally {
    await browser.close();
  }
}

export async function measureScale(
  url: string,
  admin: { email: string; password: string },
  seconds: number,
): Promise<ScaleResult> {
  const cookie = await signIn(url, admin);
  await createTrips(url, cookie, SCALE_PACKAGES);
  const listHtml = await (await fetch(`${url}/upcoming-trips`)).text();
  const dashboard = await (await fetch(`${url}/admin/dashboard`, { headers: { cookie } })).text();
  const dashboardPage2 = await (
    await fetch(`${url}/admin/dashboard?page=2`, { headers: { cookie } })
  ).text();
  const middle = `/admin/dashboard?page=${Math.ceil(SCALE_PACKAGES / ADMIN_PAGE_SIZE / 2)}`;
  const interactive = await timeToInteractive(url, cookie, ["/admin/dashboard", middle]);
  const run = (path: string) =>
    autocannon({ url: `${url}${path}`, connections: 1, duration: seconds });
  await run("/upcoming-trips"); // warm-up
  const list = await run("/upcoming-trips");
  const filtered = await run("/upcoming-trips?destination=kenya&sort=price-asc&page=2");
  return {
    packages: SCALE_PACKAGES,
    listHtmlBytes: Buffer.byteLength(listHtml),
    listP50: list.latency.p50,
    listP99: list.latency.p99,
    listRequestsPerSecond: Math.round(list.requests.average),
    filteredP50: filtered.latency.p50,
    dashboardHtmlBytes: Buffer.byteLength(dashboard),
    dashboardPage2HtmlBytes: Buffer.byteLength(dashboardPage2),
    dashboardInteractiveMs: interactive ? median(interactive.get("/admin/dashboard")!) : null,
    dashboardMiddlePageInteractiveMs: interactive ? median(interactive.get(middle)!) : null,
    dashboardInteractiveSamples: interactive ? [...interactive.values()].flat() : [],
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The bench table's rows for these figures: name, value, budget, within budget. */
export function scaleRows(scale: ScaleResult): [string, string, string, boolean | "" | "skip"][] {
  const interactive = (ms: number | null) => (ms === null ? "n/a (no chromium)" : `${ms} ms`);
  const withinInteractive = (ms: number | null) =>
    ms === null ? "skip" : ms < SCALE_DASHBOARD_INTERACTIVE_BUDGET_MS;
  return [
    [
      `list HTML (${SCALE_PACKAGES} trips)`,
      kb(scale.listHtmlBytes),
      "<= 60 KB",
      scale.listHtmlBytes <= SCALE_LIST_HTML_BUDGET,
    ],
    [
      "list p50 (no cache)",
      `${scale.listP50} ms`,
      "<= 50 ms",
      scale.listP50 <= SCALE_LIST_P50_BUDGET_MS,
    ],
    ["filtered list p50", `${scale.filteredP50} ms`, "", ""],
    [`dashboard HTML (${SCALE_PACKAGES})`, kb(scale.dashboardHtmlBytes), "", ""],
    ["dashboard page 2 HTML", kb(scale.dashboardPage2HtmlBytes), "", ""],
    [
      "dashboard interactive",
      interactive(scale.dashboardInteractiveMs),
      "< 1 s",
      withinInteractive(scale.dashboardInteractiveMs),
    ],
    [
      "dashboard mid-page inter.",
      interactive(scale.dashboardMiddlePageInteractiveMs),
      "< 1 s",
      withinInteractive(scale.dashboardMiddlePageInteractiveMs),
    ],
  ];
}
