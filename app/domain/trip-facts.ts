import type { Departure } from "./schemas";
import { dayIn } from "./intl";

/** Today's date (YYYY-MM-DD) in the company's time zone: the day staff and travellers see. */
export const todayIn: (timeZone: string, now?: Date) => string = dayIn;

/**
 * Departures a traveller can still take, in date order: one shows until the end of the day it
 * starts and disappears the day after, with no job needed.
 */
export function upcomingDepartures<D extends Pick<Departure, "start_date">>(
  departures: readonly D[],
  today: string,
): D[] {
  return departures
    .filter((d) => d.start_date >= today)
    .sort((a, b) => a.start_date.localeCompare(b.start_date));
}

const DAY = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});

/** 2027-06-14 → "14 Jun 2027". */
export function formatDay(date: string): string {
  return DAY.format(new Date(`${date}T00:00:00Z`));
}

/** "14 Jun 2027", "14 – 21 Jun 2027", "28 Mar – 3 Apr 2027", "29 Dec 2027 – 4 Jan 2028". */
export function formatDates(start: string, end: string | null): string {
  if (!end || end === start) return formatDay(start);
  const [from, to] = [formatDay(start).split(" "), formatDay(end).split(" ")];
  if (from[2] !== to[2]) return `${formatDay(start)} – ${formatDay(end)}`;
  if (from[1] !== to[1]) return `${from[0]} ${from[1]} – ${formatDay(end)}`;
  return `${from[0]} – ${formatDay(end)}`;
}
