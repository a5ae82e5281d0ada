// The booking POST under load for `npm run bench` (decision 118): BOOKING_CONCURRENCY travellers
// send a booking at once, in BOOKING_WAVES waves, each from an address of its own (through
// X-Forwarded-For: the instance runs with TRUST_PROXY=1) with a form it loaded and waited the
// fill time for, as a person would; the p99 of the POST (seats held, e-mails logged) against
// the budget. The departure has 999 seats, so every request books.
//
// Each POST goes out through node:http on a connection of its own, as a traveller's browser
// opens one after minutes on the form, and is timed to the answer's status line. Not fetch: on
// the bench's two cores, undici's fetch spent about 1 ms of CPU per request (20 ms a wave, the
// server's own thread needs about 65), and the waves where the client took more were the ones
// over budget: the row measured the client's queue as much as the server (decision 168).
import http from "node:http";
import { signIn, type AdminCredentials } from "./bench-admin.ts";

export const BOOKING_P99_BUDGET_MS = 100;
const BOOKING_CONCURRENCY = 20;
const BOOKING_WAVES = 10;
const FILL_MS = 3_300;

/** A trip with one date of 999 seats at R 24,500, made through the JSON API; its departure id. */
async function benchDeparture(url: string, admin: AdminCredentials): Promise<string> {
  const cookie = await signIn(url, admin);
  const res = await fetch(`${url}/api/trips`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: url, cookie },
    body: JSON.stringify({
      title: `Bench booking ${Date.now()}`,
      status: "published",
      departures: [{ start_date: "2031-06-14", seats_total: 999, price_amount: 2_450_000 }],
    }),
  });
  if (res.status !== 201) throw new Error(`bench trip not created: ${res.status}`);
  const body = (await res.json()) as { departures: { id: string }[] };
  return body.departures[0]!.id;
}

/** A fresh form's hidden fields (the honeypot's time token and the price it showed). */
async function formFields(url: string, departureId: string, ip: string) {
  const html = await (
    await fetch(`${url}/book/${departureId}`, { headers: { "x-forwarded-for": ip } })
  ).text();
  const time = /name="from__confirm"[^>]*value="([^"]+)"/.exec(html)?.[1];
  const seen = /name="seen_amount" value="(\d+)"/.exec(html)?.[1];
  if (!time || !seen) throw new Error("the booking page has no form");
  return { name__confirm: "", from__confirm: time.replace(/&amp;/g, "&"), seen_amount: seen };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** How many bookings are sent one at a time to measure one booking's own cost (decision 157). */
const ALONE = 8;

/** One traveller's booking POST from `ip` with the form fields it loaded: its time and outcome. */
async function postBooking(
  url: string,
  departureId: string,
  ip: string,
  form: Record<string, string>,
  who: string,
): Promise<{ ms: number; booked: boolean }> {
  const body = new URLSearchParams({
    ...form,
    adults: "1",
    children: "0",
    lead_name: `Bench Traveller ${who}`,
    email: `bench-${who}@example.com`,
    phone: "+27 82 555 0101",
    country: "South Africa",
    accept_terms: "on",
  });
  const payload = body.toString();
  const started = performance.now();
  const answer = await new Promise<{ status: number; location: string }>((resolve, reject) => {
    const req = http.request(
      `${url}/book/${departureId}`,
      {
        method: "POST",
        agent: false,
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          "content-length": Buffer.byteLength(payload),
          origin: url,
          "x-forwarded-for": ip,
        },
      },
      (res) => {
        resolve({ status: res.statusCode ?? 0, location: String(res.headers.location ?? "") });
        res.resume();
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
  const ms = performance.now() - started;
  return {
    ms,
    booked: answer.status === 303 && answer.location.startsWith("/booking/WLX-"),
  };
}

export async function measureBookingPost(
  url: string,
  admin: AdminCredentials,
): Promise<{ p50: number; p99: number; requests: number; booked: number; alone: number }> {
  const departureId = await benchDeparture(url, admin);
  const times: number[] = [];
  let booked = 0;
  // One booking's own cost, with nothing else in flight: the queue below multiplies it.
  const aloneIps = Array.from({ length: ALONE }, (_, i) => `198.51.99.${i + 1}`);
  const aloneForms = await Promise.all(aloneIps.map((ip) => formFields(url, departureId, ip)));
  await new Promise((resolve) => setTimeout(resolve, FILL_MS));
  const aloneTimes: number[] = [];
  for (const [i, ip] of aloneIps.entries()) {
    const one = await postBooking(url, departureId, ip, aloneForms[i]!, `alone-${i}`);
    if (!one.booked) throw new Error("a booking sent alone was not booked");
    aloneTimes.push(one.ms);
  }
  aloneTimes.sort((a, b) => a - b);
  for (let wave = 0; wave < BOOKING_WAVES; wave++) {
    const ips = Array.from(
      { length: BOOKING_CONCURRENCY },
      (_, i) => `198.51.${100 + wave}.${i + 1}`,
    );
    const forms = await Promise.all(ips.map((ip) => formFields(url, departureId, ip)));
    await new Promise((resolve) => setTimeout(resolve, FILL_MS));
    await Promise.all(
      ips.map(async (ip, i) => {
        const one = await postBooking(url, departureId, ip, forms[i]!, `${wave}-${i}`);
        times.push(one.ms);
        if (one.booked) booked++;
      }),
    );
  }
  times.sort((a, b) => a - b);
  return {
    p50: Math.round(percentile(times, 50)),
    p99: Math.round(percentile(times, 99)),
    requests: times.length,
    booked,
    alone: Math.round(percentile(aloneTimes, 50)),
  };
}
