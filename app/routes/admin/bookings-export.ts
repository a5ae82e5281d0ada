import { recordEvent } from "~/server/events/events.server";
import {
  allBookings,
  bookingsCsv,
  parseBookingsQuery,
} from "~/server/bookings/booking-inbox.server";
import { servicesFrom } from "~/server/http/services-context.server";
import { balanceClock } from "~/server/payments/balance.server";
import type { Route } from "./+types/bookings-export";

/** The bookings inbox's filtered list as CSV (behind the admin layout's guard). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, site } = servicesFrom(context);
  const { filter } = parseBookingsQuery(new URL(request.url).searchParams);
  const rows = await allBookings(db, filter, undefined, await balanceClock(db, site.timeZone));
  const csv = bookingsCsv(rows);
  // An export of personal data is recorded: who took it, how many rows, with which filter.
  await recordEvent(db, {
    type: "booking.exported",
    details: { count: rows.length, filter: new URL(request.url).search.slice(0, 200) },
  });
  const day = new Date().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="bookings-${day}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
