import { data } from "react-router";
import { DepartureManifest } from "~/components/admin/departure-manifest";
import { usePending } from "~/components/ui/use-pending";
import { formatReceived } from "~/domain/dates";
import { DEPARTURE_STATUS_LABELS } from "~/domain/departures";
import { PACKAGE_KIND_INFO } from "~/domain/package-kinds";
import { isUuid } from "~/domain/schemas";
import { formatDates, todayIn } from "~/domain/trip-facts";
import { whatsappLink } from "~/domain/whatsapp";
import { adminFromContext } from "~/server/auth/auth.server";
import { getDepartureManifest } from "~/server/bookings/manifest.server";
import { offerWaitlistSeat } from "~/server/bookings/waitlist.server";
import { redirectWithToast } from "~/server/http/flash.server";
import { servicesFrom } from "~/server/http/services-context.server";
import type { Route } from "./+types/departure";
import "~/styles/admin-leads.css";
import "~/styles/admin-manifest.css";

const NOT_FOUND = "This departure does not exist.";

export function meta({ loaderData }: Route.MetaArgs) {
  const d = loaderData?.departure;
  return [
    { title: d ? `Manifest: ${d.packageTitle}, ${d.dates} · Admin` : "Manifest · Admin" },
    { name: "robots", content: "noindex" },
  ];
}

const mailto = (email: string, subject: string) =>
  email
    ? `mailto:${encodeURIComponent(email).replace(/%40/g, "@")}?subject=${encodeURIComponent(subject)}`
    : null;

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, site, env } = servicesFrom(context);
  const today = todayIn(site.timeZone);
  const m = await getDepartureManifest(db, params.id, { today, limitedSeats: site.limitedSeats });
  if (!m) throw data(NOT_FOUND, 404);
  const when = (date: Date) => formatReceived(date, site.timeZone);
  const dates = formatDates(m.startDate, m.endDate);
  const about = (reference: string) => `your booking ${reference} (${m.packageTitle}, ${dates})`;
  const offerBlocked =
    m.startDate < today
      ? "This date has started: its waiting list can no longer be offered seats."
      : m.seatsTotal === null || m.price === null || m.seatsLeft === null
        ? "This date is on request (no seats or no price): its waiting list cannot be offered seats here."
        : m.seatsLeft === 0
          ? "No seat is free: cancel or expire a booking to offer one."
          : null;
  return {
    departure: {
      id: m.id,
      packageTitle: m.packageTitle,
      packageHref: PACKAGE_KIND_INFO[m.packageKind].admin.editPath(m.packageId),
      dates,
      status: DEPARTURE_STATUS_LABELS[m.status],
      price: m.price,
      seatsTotal: m.seatsTotal,
      seatsHeld: m.seatsHeld,
      seatsConfirmed: m.seatsConfirmed,
      seatsLeft: m.seatsLeft,
      closedCount: m.closedCount,
      offerBlocked,
      holdHours: env.BOOKING_HOLD_HOURS,
    },
    bookings: m.bookings.map((b) => ({
      reference: b.reference,
      status: b.status,
      hold: b.holdExpiresAt ? `Held until ${when(b.holdExpiresAt)}` : null,
      travellerNames: b.travellerNames,
      leadName: b.leadName,
      email: b.email,
      mailHref: mailto(b.email, `About ${about(b.reference)} · ${site.name}`),
      phone: b.phone,
      whatsappHref:
        b.phone.replace(/\D/g, "").length >= 7
          ? whatsappLink(
              b.phone,
              `Hello ${b.leadName}, this is ${site.name} about ${about(b.reference)}.`,
            )
          : null,
      country: b.country,
      travellers: [
        `${b.adults} adult${b.adults === 1 ? "" : "s"}`,
        ...(b.children ? [`${b.children} child${b.children === 1 ? "" : "ren"}`] : []),
      ].join(", "),
      notes: b.notes,
      anonymised: b.anonymised,
    })),
    waitlist: m.waitlist.map((w) => ({
      reference: w.reference,
      name: w.anonymised ? "Personal data deleted" : w.name,
      email: w.email,
      mailHref: mailto(w.email, `The waiting list of ${m.packageTitle}, ${dates} · ${site.name}`),
      travellers: w.travellers,
      joined: when(w.joinedAt),
      canOffer: offerBlocked === null && !w.anonymised && w.travellers <= (m.seatsLeft ?? 0),
    })),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { db, mailer, site, env } = servicesFrom(context);
  if (!isUuid(params.id)) throw data(NOT_FOUND, 404);
  const form = await request.formData();
  const reference = String(form.get("reference") ?? "").slice(0, 20);
  if (form.get("intent") !== "offer") {
    return data({ reference, error: "Unknown action." }, { status: 400 });
  }
  const result = await offerWaitlistSeat(
    db,
    { departureId: params.id, reference, adminId: adminFromContext(context).id },
    { holdHours: env.BOOKING_HOLD_HOURS, today: todayIn(site.timeZone), mailer, site },
  );
  if (result.kind === "missing") {
    return data(
      { reference, error: "That place is not on this date's waiting list: nothing was offered." },
      { status: 404 },
    );
  }
  if (result.kind === "refused") return data({ reference, error: result.error }, { status: 409 });
  return redirectWithToast(request, `/admin/departures/${params.id}`, {
    type: "success",
    message: result.message,
  });
}

export default function AdminDeparture({ loaderData, actionData }: Route.ComponentProps) {
  const pending = usePending({ state: "submitting" });
  return <DepartureManifest {...loaderData} reply={actionData} pending={pending} />;
}
