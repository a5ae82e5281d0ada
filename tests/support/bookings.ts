import { bookingRequestSchema, type BookingRequest } from "~/domain/booking-schema";
import { todayIn } from "~/domain/trip-facts";
import { requestBooking, type BookingReceipt } from "~/server/bookings/bookings.server";
import type { Db } from "~/server/platform/db.server";

/** The company's day in the demo's time zone: what departures count from in these tests. */
export const BOOKING_TODAY = todayIn("Africa/Johannesburg");

/** A booking request as the public form sends it: one adult, Thandi Mokoena, unless `fields` say otherwise. */
export function bookingRequest(fields: Record<string, string> = {}): BookingRequest {
  return bookingRequestSchema.parse({
    adults: "1",
    children: "0",
    lead_name: "Thandi Mokoena",
    email: "thandi@example.com",
    phone: "+27 82 555 0101",
    country: "South Africa",
    accept_terms: "on",
    ...fields,
  });
}

/**
 * A booking request as the public form makes it (one adult, Thandi Mokoena, unless `fields` say
 * otherwise), held for 48 hours; its receipt. Throws when the seats are not held.
 */
export async function bookOnline(
  db: Db,
  departureId: string,
  fields: Record<string, string> = {},
): Promise<BookingReceipt> {
  const outcome = await requestBooking(db, departureId, bookingRequest(fields), {
    source: "online",
    holdHours: 48,
    today: BOOKING_TODAY,
  });
  if (outcome.kind !== "booked") throw new Error(`not booked: ${outcome.kind}`);
  return outcome.receipt;
}
