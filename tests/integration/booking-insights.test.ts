import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lastWeeks, mondayOf, weekSpan } from "~/domain/booking-insights";
import { formatMoney } from "~/domain/money";
import type { BookingStatus } from "~/domain/bookings";
import { loadBookingInsights } from "~/server/payments/booking-insights.server";
import { dayIn } from "~/domain/intl";
import type { Db } from "~/server/platform/db.server";
import { BACKENDS, useTestDatabase } from "../support/db";
import { makePackage } from "../support/factories";
import { decodeEntities, startLeadsServer, type LeadsServer } from "../support/leads-support";

// /admin/insights' bookings and revenue per week (decision 144): known rows on both databases,
// weeks in the company's time zone, payments less refunds per currency, never added across.

const TZ = "Africa/Johannesburg";
const SITE = { timeZone: TZ };
// A Wednesday: this week starts on Monday 23 November.
const NOW = new Date("2026-11-25T10:00:00Z");

async function departureOf(db: Db): Promise<string> {
  const pkg = await makePackage(db, "trip", {
    title: `Weeks ${randomUUID().slice(0, 6)}`,
    departures: [{ start_date: "2031-06-14", seats_total: 40, price_amount: 2_450_000 }],
  });
  return pkg.departures[0]!.id;
}

async function booking(
  db: Db,
  departureId: string,
  status: BookingStatus,
  createdAt: Date,
  currency = "ZAR",
): Promise<string> {
  const row = await db
    .insertInto("bookings")
    .values({
      reference: `WLX-${randomUUID().replace(/-/g, "").slice(0, 6).toUpperCase()}`,
      departure_id: departureId,
      status,
      adults: 2,
      lead_name: "Ada Lovelace",
      email: "ada@example.org",
      traveller_names: JSON.stringify([]),
      unit_amount: 2_450_000,
      total_amount: 4_900_000,
      currency,
      token_hash: randomUUID(),
      source: "online",
      created_at: createdAt,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

async function payment(
  db: Db,
  bookingId: string,
  fields: {
    amount: number;
    currency: string;
    status?: "paid" | "open" | "failed";
    paidAt?: Date;
    receivedOn?: string;
  },
): Promise<string> {
  const row = await db
    .insertInto("payments")
    .values({
      booking_id: bookingId,
      amount: fields.amount,
      currency: fields.currency,
      kind: "deposit",
      method: fields.receivedOn ? "manual" : "card",
      status: fields.status ?? "paid",
      paid_at: fields.paidAt ?? null,
      received_on: fields.receivedOn ?? null,
      channel: fields.receivedOn ? "bank_transfer" : null,
      stripe_checkout_session_id: fields.receivedOn ? null : `cs_test_${randomUUID()}`,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

async function refund(
  db: Db,
  bookingId: string,
  paymentId: string,
  fields: {
    amount: number;
    currency: string;
    status: "succeeded" | "pending" | "failed";
    at: Date;
  },
) {
  await db
    .insertInto("refunds")
    .values({
      booking_id: bookingId,
      payment_id: paymentId,
      amount: fields.amount,
      currency: fields.currency,
      method: "card",
      status: fields.status,
      created_at: fields.at,
    })
    .execute();
}

describe("insight weeks", () => {
  it("start on Monday; twelve of them end with this week", () => {
    expect(mondayOf("2026-11-25")).toBe("2026-11-23");
    expect(mondayOf("2026-11-23")).toBe("2026-11-23");
    expect(mondayOf("2026-11-29")).toBe("2026-11-23");
    const weeks = lastWeeks("2026-11-25");
    expect(weeks).toHaveLength(12);
    expect(weeks[0]).toBe("2026-09-07");
    expect(weeks.at(-1)).toBe("2026-11-23");
    expect(weekSpan("2026-12-28")).toBe("2026-12-28 to 2027-01-03");
  });
});

describe.each(BACKENDS)("bookings and revenue per week on %s", (backend) => {
  const t = useTestDatabase(backend);

  it("counts bookings made per week in the company's time zone, cancelled ones beside them", async () => {
    const db = t.db();
    const dep = await departureOf(db);
    // 00:30 on Monday the 23rd in Johannesburg is still Sunday in UTC: this week, not last.
    await booking(db, dep, "confirmed", new Date("2026-11-22T22:30:00Z"));
    await booking(db, dep, "cancelled", new Date("2026-11-16T10:00:00Z"));
    await booking(db, dep, "expired", new Date("2026-11-18T10:00:00Z"));
    await booking(db, dep, "paid", new Date("2026-11-19T10:00:00Z"));
    // A waiting-list place is not a booking; a booking before the twelve weeks is not shown.
    await booking(db, dep, "waitlisted", new Date("2026-11-17T10:00:00Z"));
    await booking(db, dep, "paid", new Date("2026-08-01T10:00:00Z"));

    const insights = await loadBookingInsights(db, SITE, NOW);
    expect(insights.bookings.map((b) => b.week)).toEqual(lastWeeks("2026-11-25"));
    const byWeek = Object.fromEntries(
      insights.bookings.map((b) => [b.week, [b.made, b.cancelled]]),
    );
    expect(byWeek["2026-11-23"]).toEqual([1, 0]);
    expect(byWeek["2026-11-16"]).toEqual([3, 2]);
    expect(byWeek["2026-11-09"]).toEqual([0, 0]);
    expect([insights.totalMade, insights.totalCancelled]).toEqual([4, 2]);
    expect(insights.revenue).toEqual([]);
  });

  it("sums payments received less refunds per week, one series per currency", async () => {
    const db = t.db();
    const dep = await departureOf(db);
    const zar = await booking(db, dep, "deposit_paid", new Date("2026-11-10T10:00:00Z"));
    const usd = await booking(db, dep, "paid", new Date("2026-11-02T10:00:00Z"), "USD");

    const card = await payment(db, zar, {
      amount: 500_000,
      currency: "ZAR",
      paidAt: new Date("2026-11-16T12:00:00Z"),
    });
    // A manual payment counts on the day staff say it came, not the day they typed it.
    await payment(db, zar, {
      amount: 100_000,
      currency: "ZAR",
      receivedOn: "2026-11-22",
      paidAt: new Date("2026-11-24T09:00:00Z"),
    });
    await payment(db, zar, { amount: 123, currency: "ZAR", status: "open" });
    await payment(db, zar, {
      amount: 456,
      currency: "ZAR",
      status: "failed",
      paidAt: new Date("2026-11-24T09:00:00Z"),
    });
    // Before the twelve weeks.
    await payment(db, zar, {
      amount: 7_000_000,
      currency: "ZAR",
      paidAt: new Date("2026-08-03T09:00:00Z"),
    });
    await refund(db, zar, card, {
      amount: 150_000,
      currency: "ZAR",
      status: "succeeded",
      at: new Date("2026-11-24T08:00:00Z"),
    });
    await refund(db, zar, card, {
      amount: 9_999,
      currency: "ZAR",
      status: "failed",
      at: new Date("2026-11-24T08:00:00Z"),
    });
    const usdCard = await payment(db, usd, {
      amount: 20_000,
      currency: "USD",
      paidAt: new Date("2026-11-10T08:00:00Z"),
    });
    await refund(db, usd, usdCard, {
      amount: 5_000,
      currency: "USD",
      status: "pending",
      at: new Date("2026-11-11T08:00:00Z"),
    });

    const { revenue } = await loadBookingInsights(db, SITE, NOW);
    expect(revenue.map((r) => r.currency)).toEqual(["USD", "ZAR"]);
    const weeks = (currency: string) =>
      Object.fromEntries(
        revenue
          .find((r) => r.currency === currency)!
          .weeks.filter((w) => w.amount !== 0)
          .map((w) => [w.week, w.amount]),
      );
    expect(weeks("ZAR")).toEqual({ "2026-11-16": 600_000, "2026-11-23": -150_000 });
    expect(weeks("USD")).toEqual({ "2026-11-09": 15_000 });
    expect(revenue.map((r) => r.total)).toEqual([15_000, 450_000]);
    for (const series of revenue) {
      expect(series.weeks).toHaveLength(12);
      for (const w of series.weeks) expect(Number.isSafeInteger(w.amount)).toBe(true);
    }
  });
});

describe.each(BACKENDS)("/admin/insights' weekly panels on %s", (backend) => {
  let server: LeadsServer;

  beforeAll(async () => {
    server = await startLeadsServer(backend);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  it("draws the bookings and each currency's revenue as SVG with a table of the numbers", async () => {
    const dep = await departureOf(server.db);
    const now = new Date();
    const id = await booking(server.db, dep, "deposit_paid", now);
    await booking(server.db, dep, "cancelled", now);
    await payment(server.db, id, { amount: 123_450, currency: "ZAR", paidAt: now });
    await payment(server.db, id, { amount: 9_900, currency: "EUR", paidAt: now });
    const week = lastWeeks(dayIn(TZ, now)).at(-1)!;

    const response = await server.fetch("/admin/insights", {
      headers: { Cookie: await server.adminCookie() },
    });
    expect(response.status).toBe(200);
    const html = decodeEntities(await response.text());
    expect(html).toContain('<h2 id="bookings-week-heading">Bookings per week</h2>');
    expect(html).toMatch(
      /<svg class="insights-chart"[^>]*role="img" aria-labelledby="bookings-week-chart-title"/,
    );
    expect(html).toContain("<caption>Bookings made per week</caption>");
    expect(html).toContain(`<th scope="row">${weekSpan(week)}</th><td>2</td><td>1</td>`);
    expect(html).toContain("2 bookings made, 1 of them cancelled or expired since");

    // One chart and one table per currency, each in its own money.
    for (const [currency, amount] of [
      ["EUR", 9_900],
      ["ZAR", 123_450],
    ] as const) {
      expect(html).toMatch(
        new RegExp(
          `<svg class="insights-chart"[^>]*aria-labelledby="revenue-${currency.toLowerCase()}-chart-title"`,
        ),
      );
      expect(html).toContain(`<caption>Revenue in ${currency} per week</caption>`);
      expect(html).toContain(
        `<th scope="row">${weekSpan(week)}</th><td>${formatMoney(amount, currency)}</td>`,
      );
    }
    expect(formatMoney(123_450, "ZAR")).toBe("R\u00a01,234.50");
  });
});
