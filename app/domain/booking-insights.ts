/*
 * /admin/insights' weekly panels (decision 144): bookings made per week and the money received
 * per week, net of refunds, one series per currency. Weeks start on Monday in the company's time
 * zone; amounts are integers of minor units, never added across currencies.
 */

/** How many weeks the panels show: this (partial) week and the eleven before it. */
export const INSIGHT_WEEKS = 12;

export interface BookingWeek {
  /** The week's Monday, "YYYY-MM-DD". */
  week: string;
  /** Bookings made that week (waiting-list places are not bookings). */
  made: number;
  /** Of those, the ones cancelled or expired since. */
  cancelled: number;
}

export interface RevenueWeek {
  week: string;
  /** Payments received that week minus refunds made that week, in minor units (may be < 0). */
  amount: number;
}

export interface RevenueSeries {
  currency: string;
  weeks: RevenueWeek[];
  total: number;
}

export interface BookingInsights {
  bookings: BookingWeek[];
  totalMade: number;
  totalCancelled: number;
  /** One series per currency that had a payment or refund in the period, by code. */
  revenue: RevenueSeries[];
}

/** The Monday of the week holding `day` ("YYYY-MM-DD", calendar arithmetic in UTC). */
export function mondayOf(day: string): string {
  const at = new Date(`${day}T00:00:00Z`);
  const back = (at.getUTCDay() + 6) % 7;
  return new Date(at.getTime() - back * 86_400_000).toISOString().slice(0, 10);
}

/** The Mondays of the `count` weeks ending with the week of `today`, oldest first. */
export function lastWeeks(today: string, count: number = INSIGHT_WEEKS): string[] {
  const last = Date.parse(`${mondayOf(today)}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) =>
    new Date(last - (count - 1 - i) * 7 * 86_400_000).toISOString().slice(0, 10),
  );
}

/** "2026-11-23" → "2026-11-23 to 2026-11-29": a week's row in the tables. */
export function weekSpan(monday: string): string {
  const sunday = new Date(Date.parse(`${monday}T00:00:00Z`) + 6 * 86_400_000);
  return `${monday} to ${sunday.toISOString().slice(0, 10)}`;
}
