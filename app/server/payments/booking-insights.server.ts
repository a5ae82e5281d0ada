import { sql } from "kysely";
import {
  lastWeeks,
  type BookingInsights,
  type BookingWeek,
  type RevenueSeries,
} from "~/domain/booking-insights";
import type { SiteConfig } from "~/domain/site";
import { dayIn } from "~/domain/intl";
import type { Db } from "../platform/db.server";

/*
 * Bookings and revenue per week for /admin/insights (decision 144). Weeks are bucketed by the
 * database in the company's time zone (`date_trunc('week', … at time zone …)`, Monday first, the
 * same on PostgreSQL and PGlite); sums stay integers of minor units, one per currency.
 */

/** Bookings made per week: every booking but a waiting-list place, by the day it was made. */
async function bookingsPerWeek(db: Db, timeZone: string, first: string) {
  const { rows } = await sql<{ week: string; made: string; cancelled: string }>`
    select to_char(date_trunc('week', created_at at time zone ${timeZone}::text), 'YYYY-MM-DD') as week,
      count(*) as made,
      count(*) filter (where status in ('cancelled', 'expired')) as cancelled
    from bookings
    where status <> 'waitlisted'
      and created_at at time zone ${timeZone}::text >= ${first}::timestamp
    group by 1
  `.execute(db);
  return new Map(
    rows.map((r) => [r.week, { made: Number(r.made), cancelled: Number(r.cancelled) }]),
  );
}

/**
 * Money received per week and currency: paid payments by the day the money came (the day staff
 * typed for a manual payment, Stripe's confirmation for a card), less refunds that did not fail
 * by the day they were made (pending ones count, as in the booking's ledger).
 */
async function revenuePerWeek(db: Db, timeZone: string, first: string) {
  const { rows } = await sql<{ currency: string; week: string; amount: string }>`
    select currency, to_char(date_trunc('week', at), 'YYYY-MM-DD') as week, sum(amount) as amount
    from (
      select currency, amount,
        coalesce(received_on::timestamp, coalesce(paid_at, created_at) at time zone ${timeZone}::text) as at
      from payments
      where status = 'paid'
      union all
      select currency, -amount, created_at at time zone ${timeZone}::text
      from refunds
      where status in ('pending', 'succeeded')
    ) money
    where at >= ${first}::timestamp
    group by currency, week
  `.execute(db);
  return rows;
}

export async function loadBookingInsights(
  db: Db,
  site: Pick<SiteConfig, "timeZone">,
  now: Date = new Date(),
): Promise<BookingInsights> {
  const weeks = lastWeeks(dayIn(site.timeZone, now));
  const first = weeks[0]!;
  const made = await bookingsPerWeek(db, site.timeZone, first);
  const bookings: BookingWeek[] = weeks.map((week) => ({
    week,
    made: made.get(week)?.made ?? 0,
    cancelled: made.get(week)?.cancelled ?? 0,
  }));
  const byCurrency = new Map<string, Map<string, number>>();
  for (const row of await revenuePerWeek(db, site.timeZone, first)) {
    const series = byCurrency.get(row.currency) ?? new Map<string, number>();
    series.set(row.week, Number(row.amount));
    byCurrency.set(row.currency, series);
  }
  const revenue: RevenueSeries[] = [...byCurrency.keys()].sort().map((currency) => {
    const amounts = byCurrency.get(currency)!;
    const perWeek = weeks.map((week) => ({ week, amount: amounts.get(week) ?? 0 }));
    return { currency, weeks: perWeek, total: perWeek.reduce((s, w) => s + w.amount, 0) };
  });
  return {
    bookings,
    totalMade: bookings.reduce((n, w) => n + w.made, 0),
    totalCancelled: bookings.reduce((n, w) => n + w.cancelled, 0),
    revenue,
  };
}
