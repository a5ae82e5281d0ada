import { BookingsInbox } from "~/components/admin/bookings-inbox";
import { formatReceived } from "~/domain/dates";
import { formatDates } from "~/domain/trip-facts";
import { bookingPackages, loadBookingsInbox } from "~/server/bookings/booking-inbox.server";
import { servicesFrom } from "~/server/http/services-context.server";
import type { Route } from "./+types/bookings";
import "~/styles/admin-leads.css";

export function meta() {
  return [{ title: "Bookings · Admin" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, site } = servicesFrom(context);
  const inbox = await loadBookingsInbox(db, new URL(request.url).searchParams);
  return {
    ...inbox,
    items: inbox.items.map((b) => ({
      reference: b.reference,
      leadName: b.leadName,
      packageTitle: b.packageTitle,
      dates: formatDates(b.startDate, b.endDate),
      travellers: b.adults + b.children,
      total: b.total,
      status: b.status,
      created: formatReceived(b.createdAt, site.timeZone),
    })),
    packages: await bookingPackages(db),
  };
}

export default function AdminBookings({ loaderData }: Route.ComponentProps) {
  return <BookingsInbox {...loaderData} />;
}
