import { formatMoney } from "./money";
import type { Departure, DepartureSeats, DepartureStatus } from "./schemas";

/** A departure with at most this many seats left reads "limited" (LIMITED_SEATS). */
export const DEFAULT_LIMITED_SEATS = 4;

/** Seats still free; null when the departure has no capacity (on request). */
export function seatsLeft(d: Pick<DepartureSeats, "seats_total" | "seats_taken">): number | null {
  return d.seats_total === null ? null : Math.max(0, d.seats_total - d.seats_taken);
}

/**
 * The status a departure shows (decision 115): departed from the day after it starts; sold out when
 * staff closed it or no seat is left; limited when staff said so or few seats are left.
 */
export function departureStatus(
  d: Pick<DepartureSeats, "start_date" | "seats_total" | "seats_taken" | "status_override">,
  today: string,
  limitedSeats: number = DEFAULT_LIMITED_SEATS,
): DepartureStatus {
  if (d.start_date < today) return "departed";
  const left = seatsLeft(d);
  if (d.status_override === "sold_out" || left === 0) return "sold_out";
  if (d.status_override === "limited" || (left !== null && left <= limitedSeats)) return "limited";
  return "available";
}

/** Booked online: a future date with seats, a price and a status that still sells. */
export function isBookable(d: DepartureSeats, today: string, limitedSeats?: number): boolean {
  const status = departureStatus(d, today, limitedSeats);
  return (
    (status === "available" || status === "limited") &&
    d.seats_total !== null &&
    d.price_amount !== null
  );
}

/**
 * "R 24,500" ("R 24.500" in German), or the price as typed before amounts existed, or null (the
 * package's price).
 */
export function departurePrice(
  d: Pick<DepartureSeats, "price_amount" | "currency" | "price_text">,
  locale = "en",
): string | null {
  if (d.price_amount !== null) return formatMoney(d.price_amount, d.currency, locale);
  return d.price_text;
}

/** "3 seats left", "1 seat left", "Sold out"; null without a capacity. */
export function seatsLabel(left: number | null): string | null {
  if (left === null) return null;
  if (left === 0) return "Sold out";
  return left === 1 ? "1 seat left" : `${left} seats left`;
}

/** What each status reads as on the public page and in the admin screens. */
export const DEPARTURE_STATUS_LABELS: Record<DepartureStatus, string> = {
  available: "Available",
  limited: "Limited",
  sold_out: "Sold out",
  departed: "Departed",
};

/** schema.org availability of an Offer for each status. */
export const DEPARTURE_AVAILABILITY: Record<DepartureStatus, string> = {
  available: "https://schema.org/InStock",
  limited: "https://schema.org/LimitedAvailability",
  sold_out: "https://schema.org/SoldOut",
  departed: "https://schema.org/Discontinued",
};

/** A departure as versions saved before departures had ids, seats and amounts. */
export interface LegacyDeparture {
  start_date: string;
  end_date: string | null;
  price: string | null;
  status: string;
  note: string | null;
}

/** A departure in a saved version: today's shape, or the earlier one. */
export type SavedDeparture = Departure | LegacyDeparture;

export function isLegacyDeparture(d: SavedDeparture): d is LegacyDeparture {
  return !("status_override" in d);
}

/** What a restore sends for a saved departure: the API's write shape, the earlier one as it was. */
export function departureWriteShape(d: SavedDeparture): Record<string, unknown> {
  if (isLegacyDeparture(d)) return { ...d };
  return { ...d, status: d.status_override ?? "available" };
}

/** "2027-06-14 to 2027-06-21, 12 seats, R 24,500, guaranteed (School holidays)": for history. */
export function departureSummary(d: SavedDeparture): string {
  const dates = `${d.start_date}${d.end_date ? ` to ${d.end_date}` : ""}`;
  const parts = isLegacyDeparture(d)
    ? [d.status.replace("_", " "), d.price ?? ""]
    : [
        d.seats_total === null ? "seats on request" : `${d.seats_total} seats`,
        departurePrice(d) ?? "",
        d.status_override ? `${d.status_override.replace("_", " ")} (set by hand)` : "",
        d.guaranteed ? "guaranteed" : "",
      ];
  const text = [dates, ...parts.filter(Boolean)].join(", ");
  return d.note ? `${text} (${d.note})` : text;
}
