import { data } from "react-router";
import { BookingDetail } from "~/components/admin/booking-detail";
import { usePending } from "~/components/ui/use-pending";
import { eventLabel } from "~/domain/activity";
import { BOOKING_SOURCE_LABELS, isActiveBooking, isBookingReference } from "~/domain/bookings";
import { formatReceived } from "~/domain/dates";
import { PACKAGE_KIND_INFO } from "~/domain/package-kinds";
import { formatDates, todayIn } from "~/domain/trip-facts";
import { whatsappLink } from "~/domain/whatsapp";
import { adminFromContext } from "~/server/auth/auth.server";
import {
  bookingAction,
  getBookingDetail,
  moveChoices,
} from "~/server/bookings/booking-admin.server";
import { redirectWithToast } from "~/server/http/flash.server";
import { servicesFrom } from "~/server/http/services-context.server";
import type { Route } from "./+types/booking";
import "~/styles/admin-leads.css";

const NOT_FOUND = "This booking does not exist.";

export function meta({ loaderData }: Route.MetaArgs) {
  const reference = loaderData?.booking.reference;
  return [
    { title: reference ? `Booking ${reference} · Admin` : "Booking · Admin" },
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, site } = servicesFrom(context);
  const b = await getBookingDetail(db, params.reference);
  if (!b) throw data(NOT_FOUND, 404);
  const when = (date: Date) => formatReceived(date, site.timeZone);
  const movable =
    ["confirmed", "deposit_paid", "paid"].includes(b.status) ||
    (b.status === "requested" && b.held);
  const madeBy = b.source === "online" ? null : (b.history[0]?.by ?? null);
  const about = `your booking ${b.reference} (${b.packageTitle})`;
  return {
    booking: {
      reference: b.reference,
      status: b.status,
      leadName: b.leadName,
      email: b.email,
      phone: b.phone,
      country: b.country,
      travellerNames: b.travellerNames,
      adults: b.adults,
      children: b.children,
      notes: b.notes,
      source: madeBy
        ? `${BOOKING_SOURCE_LABELS[b.source]} (${madeBy})`
        : BOOKING_SOURCE_LABELS[b.source],
      enquiryHref: b.enquiryId ? `/admin/enquiries/${b.enquiryId}` : null,
      packageTitle: b.packageTitle,
      packageHref: PACKAGE_KIND_INFO[b.packageKind].detailPath(b.packageId),
      dates: formatDates(b.startDate, b.endDate),
      manifestHref: `/admin/departures/${b.departureId}`,
      total: b.total,
      created: when(b.createdAt),
      holdExpires: b.holdExpiresAt ? when(b.holdExpiresAt) : null,
      held: b.held,
      canConfirm: b.status === "requested",
      canCancel: isActiveBooking(b.status),
      canMove: movable,
    },
    moveChoices: movable
      ? await moveChoices(db, b, {
          timeZone: site.timeZone,
          limitedSeats: site.limitedSeats,
          today: todayIn(site.timeZone),
        })
      : [],
    history: b.history.map((h) => ({
      label: eventLabel(h.type),
      at: when(h.at),
      by: h.by ?? (h.type === "booking.requested" ? "the traveller" : "the system"),
    })),
    mailHref: `mailto:${encodeURIComponent(b.email).replace(/%40/g, "@")}?subject=${encodeURIComponent(`About ${about} · ${site.name}`)}`,
    whatsappHref:
      b.phone.replace(/\D/g, "").length >= 7
        ? whatsappLink(b.phone, `Hello ${b.leadName}, this is ${site.name} about ${about}.`)
        : null,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { db, mailer, site } = servicesFrom(context);
  if (!isBookingReference(params.reference)) throw data(NOT_FOUND, 404);
  const result = await bookingAction(
    db,
    params.reference,
    await request.formData(),
    { adminId: adminFromContext(context).id, today: todayIn(site.timeZone) },
    { mailer, site },
  );
  if (result.kind === "missing") throw data(NOT_FOUND, 404);
  if (result.kind === "done") {
    return redirectWithToast(request, `/admin/bookings/${params.reference}`, {
      type: "success",
      message: result.message,
    });
  }
  return data(
    {
      intent: result.intent,
      error: result.error,
      fieldErrors: result.fieldErrors ?? null,
      values: result.values ?? null,
    },
    { status: result.status },
  );
}

export default function AdminBooking({ loaderData, actionData }: Route.ComponentProps) {
  const pending = usePending({ state: "submitting" });
  return <BookingDetail {...loaderData} reply={actionData} pending={pending} />;
}
