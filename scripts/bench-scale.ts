// Issue 20's scale figures for `npm run bench`: with 1,000 published packages of one kind, the
// list page's HTML (before compression) and its uncached render time at p50, and the admin
// dashboard's HTML. Run against a server started without the page cache.
import autocannon from "autocannon";

export const SCALE_PACKAGES = 1000;
export const SCALE_LIST_HTML_BUDGET = 60 * 1024;
export const SCALE_LIST_P50_BUDGET_MS = 50;

const COUNTRIES = ["Kenya", "Spain", "Japan", "Peru", "Iceland", "Vietnam", "Morocco", "Chile"];

async function signIn(url: string, admin: { email: string; password: string }): Promise<string> {
  const login = await fetch(`${url}/api/admin/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: url },
    body: JSON.stringify(admin),
  });
  if (login.status !== 200) throw new Error(`bench sign-in failed: ${login.status}`);
  return login.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

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
  };
}
