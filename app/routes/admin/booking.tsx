import { LANGUAGE_NAMES_IN_ENGLISH, leadLanguage } from "~/domain/i18n/languages";
import { data } from "react-router";
import { BookingDetail } from "~/components/admin/booking-detail";
import { usePending } from "~/components/ui/use-pending";
import { eventLabel } from "~/domain/activity";
import { BOOKING_SOURCE_LABELS, isActiveBooking, isBookingReference } from "~/domain/bookings";
import { formatReceived } from "~/domain/dates";
import { PACKAGE_KIND_INFO } from "~/domain/package-kinds";
import { formatMoney } from "~/domain/money";
import { MANUAL_CHANNEL_LABELS, stripeDashboardUrl } from "~/domain/payment-ledger";
import { formatDates, formatDay, todayIn } from "~/domain/trip-facts";
import { whatsappLink } from "~/domain/whatsapp";
import { adminFromContext } from "~/server/auth/auth.server";
import {
  bookingAction,
  getBookingDetail,
  moveChoices,
} from "~/server/bookings/booking-admin.server";
import { redirectWithToast } from "~/server/http/flash.server";
import { servicesFrom } from "~/server/http/services-context.server";
import { balanceDueFor, loadLedger, type Ledger } from "~/server/payments/ledger.server";
import { recordManualPayment } from "~/server/payments/manual-payments.server";
import { loadDepositRule } from "~/server/payments/payments.server";
import { cancelWithRefund, staffStripeAccess } from "~/server/payments/refunds.server";
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

const KIND_LABELS = { deposit: "Deposit", balance: "Balance", full: "Full payment" } as const;
const PAYMENT_STATUS_LABELS: Record<string, string> = {
  open: "Checkout open",
  processing: "Processing",
  paid: "Paid",
  failed: "Failed",
  expired: "Checkout expired",
  pending: "Pending",
  succeeded: "Refunded",
  canceled: "Cancelled",
};

/** The Payments section: each payment and refund, formatted, and what remains due. */
function paymentsView(
  ledger: Ledger,
  input: {
    status: string;
    startDate: string;
    balanceDueDays: number;
    testMode: boolean;
    timeZone: string;
    flag: string | null;
    canRecord: boolean;
    today: string;
  },
) {
  const money = (minor: number) => formatMoney(minor, ledger.currency);
  const when = (date: Date) => formatReceived(date, input.timeZone);
  const payments = ledger.payments.map((p) => ({
    id: p.id,
    kind: "Payment",
    what: KIND_LABELS[p.kind],
    amount: formatMoney(p.amount, p.currency),
    method:
      p.method === "card"
        ? "Card (Stripe)"
        : p.channel
          ? MANUAL_CHANNEL_LABELS[p.channel]
          : "Manual",
    status: PAYMENT_STATUS_LABELS[p.status] ?? p.status,
    by: p.by ?? (p.method === "card" ? "The traveller" : "Staff"),
    when: p.receivedOn
      ? formatDay(p.receivedOn)
      : p.paidAt
        ? when(p.paidAt)
        : `Started ${when(p.createdAt)}`,
    note: p.note,
    dashboardHref: p.paymentIntentId ? stripeDashboardUrl(p.paymentIntentId, input.testMode) : null,
    sort: p.createdAt.getTime(),
  }));
  const intentOf = new Map(ledger.payments.map((p) => [p.id, p.paymentIntentId]));
  const refunds = ledger.refunds.map((r) => {
    const intent = intentOf.get(r.paymentId) ?? null;
    return {
      id: r.id,
      kind: "Refund",
      what: "Refund",
      amount: `−${formatMoney(r.amount, r.currency)}`,
      method: r.method === "card" ? "Card (Stripe)" : "Paid back by staff",
      status: PAYMENT_STATUS_LABELS[r.status] ?? r.status,
      by: r.by ?? "Stripe's dashboard",
      when: when(r.createdAt),
      note: r.note,
      dashboardHref:
        r.method === "card" && intent ? stripeDashboardUrl(intent, input.testMode) : null,
      sort: r.createdAt.getTime(),
    };
  });
  const dueOn = balanceDueFor(input.status, input.startDate, ledger, input.balanceDueDays);
  return {
    lines: [...payments, ...refunds].sort((a, b) => a.sort - b.sort).map(({ sort: _, ...l }) => l),
    total: ledger.total > 0 ? money(ledger.total) : null,
    paid: money(ledger.paid),
    refunded: ledger.refunded > 0 ? money(ledger.refunded) : null,
    due: ["cancelled", "expired"].includes(input.status)
      ? `Nothing: the booking is ${input.status}`
      : money(ledger.due),
    balanceDueOn: dueOn ? formatDay(dueOn) : null,
    flag: input.flag,
    currency: ledger.currency,
    canRecord: input.canRecord && ledger.total > 0,
    canRefund: ledger.paid > 0,
    today: input.today,
  };
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, site, env } = servicesFrom(context);
  const b = await getBookingDetail(db, params.reference);
  if (!b) throw data(NOT_FOUND, 404);
  const when = (date: Date) => formatReceived(date, site.timeZone);
  const today = todayIn(site.timeZone);
  const ledger = (await loadLedger(db, b.id))!;
  const rule = await loadDepositRule(db);
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
      // The language the traveller booked in, named in English like the rest of the back office.
      language: LANGUAGE_NAMES_IN_ENGLISH[leadLanguage(b.language, site.languages)],
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
    payments: paymentsView(ledger, {
      status: b.status,
      startDate: b.startDate,
      balanceDueDays: rule.balanceDueDays,
      // Stripe's test mode has its own dashboard pages; a live key's payments are at the root.
      testMode: !/^(sk|rk)_live_/.test(env.STRIPE_SECRET_KEY ?? ""),
      timeZone: site.timeZone,
      flag: b.paymentFlag,
      canRecord:
        ["confirmed", "deposit_paid", "paid"].includes(b.status) ||
        (b.status === "requested" && b.held),
      today,
    }),
    moveChoices: movable
      ? await moveChoices(db, b, {
          timeZone: site.timeZone,
          limitedSeats: site.limitedSeats,
          today,
        })
      : [],
    history: b.history.map((h) => ({
      label: eventLabel(h.type),
      at: when(h.at),
      by:
        h.by ??
        (h.type === "booking.requested"
          ? "the traveller"
          : ["payment.received", "payment.refunded", "payment.failed"].includes(h.type)
            ? "Stripe"
            : "the system"),
    })),
    mailHref: `mailto:${encodeURIComponent(b.email).replace(/%40/g, "@")}?subject=${encodeURIComponent(`About ${about} · ${site.name}`)}`,
    whatsappHref:
      b.phone.replace(/\D/g, "").length >= 7
        ? whatsappLink(b.phone, `Hello ${b.leadName}, this is ${site.name} about ${about}.`)
        : null,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { db, mailer, site, env } = servicesFrom(context);
  if (!isBookingReference(params.reference)) throw data(NOT_FOUND, 404);
  const form = await request.formData();
  const adminId = adminFromContext(context).id;
  const today = todayIn(site.timeZone);
  const intent = form.get("intent");
  // Payments and refunds belong to the payments layer (decision 135); the rest to bookings.
  const result =
    intent === "payment"
      ? await recordManualPayment(db, params.reference, form, { adminId, today })
      : intent === "cancel-refund"
        ? await cancelWithRefund(
            db,
            params.reference,
            form,
            { adminId },
            { access: staffStripeAccess(env), mailer, site },
          )
        : await bookingAction(db, params.reference, form, { adminId, today }, { mailer, site });
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
