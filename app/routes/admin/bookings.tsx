import { BookingsInbox } from "~/components/admin/bookings-inbox";
import { formatReceived } from "~/domain/dates";
import { formatDates } from "~/domain/trip-facts";
import {
  bookingDepartures,
  bookingPackages,
  loadBookingsInbox,
} from "~/server/bookings/booking-inbox.server";
import { servicesFrom } from "~/server/http/services-context.server";
import { balanceClock } from "~/server/payments/balance.server";
import type { Route } from "./+types/bookings";
import "~/styles/admin-leads.css";

export function meta() {
  return [{ title: "Bookings · Admin" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, site } = servicesFrom(context);
  const inbox = await loadBookingsInbox(
    db,
    new URL(request.url).searchParams,
    await balanceClock(db, site.timeZone),
  );
  return {
    ...inbox,
    items: inbox.items.map((b) => ({
      reference: b.reference,
      // An empty name: its personal data was deleted after the retention period (decision 121).
      leadName: b.leadName || "Personal data deleted",
      packageTitle: b.packageTitle,
      dates: formatDates(b.startDate, b.endDate),
      departureId: b.departureId,
      travellers: b.adults + b.children,
      total: b.total,
      status: b.status,
      created: formatReceived(b.createdAt, site.timeZone),
    })),
    packages: await bookingPackages(db),
    departures: (await bookingDepartures(db)).map((d) => ({
      id: d.id,
      label: `${d.title}, ${formatDates(d.startDate, d.endDate)}`,
    })),
  };
}

export default function AdminBookings({ loaderData }: Route.ComponentProps) {
  return <BookingsInbox {...loaderData} />;
}
