import { useEffect, useRef } from "react";
import { Form, Link, useLocation, useNavigate } from "react-router";
import { balanceText, payButtonLabel, type PaymentSummary } from "~/domain/booking-payments";
import { BOOKING_STATUS_LABELS, type BookingStatus, type BookingView } from "~/domain/bookings";
import { formatMoney } from "~/domain/money";
import { PACKAGE_KIND_INFO } from "~/domain/package-kinds";
import { formatDates, formatDay } from "~/domain/trip-facts";
import { usePending } from "~/components/ui/use-pending";

/** What the page says after paying, leaving Checkout, or a payment that could not start. */
export type PaymentNotice =
  "paid" | "processing" | "failed" | "expired" | "unavailable" | "cancelled";

const NOTICES: Record<PaymentNotice, { text: string; alert?: boolean }> = {
  paid: { text: "Thank you: your payment is received. A receipt is on its way to your e-mail." },
  processing: {
    text: "Thank you. Your payment is being confirmed by our payment provider; this page shows it as soon as it is, usually within a minute.",
  },
  failed: {
    text: "Your payment did not go through, so nothing was charged. You can try again below.",
    alert: true,
  },
  expired: {
    text: "The payment page expired before the payment was made, so nothing was charged.",
    alert: true,
  },
  cancelled: {
    text: "You left the payment page before paying, so nothing was charged.",
  },
  unavailable: {
    text: "We could not reach our payment provider, so nothing was charged. Your booking request is sent and your seats are held; our team confirms it by e-mail. You can try paying again later on this page.",
    alert: true,
  },
};

/** While a payment is being confirmed, the page asks again every few seconds (with JS). */
const RECHECK_MS = 3_000;
const RECHECK_LIMIT = 40;

const NEXT_STEP: Record<BookingStatus, string> = {
  requested:
    "Your seats are held while our team checks your request. We confirm by e-mail, usually within a working day.",
  confirmed:
    "Your booking is confirmed. We will be in touch about payment and your travel details.",
  deposit_paid: "Your deposit is paid. The balance is due closer to departure.",
  paid: "Your trip is paid in full. We look forward to travelling with you.",
  completed: "We hope you had a wonderful trip.",
  cancelled: "This booking is cancelled and its seats are released.",
  expired:
    "This request was not confirmed in time and its seats were released. Contact us to book again.",
  waitlisted: "You are on the waiting list: we e-mail you if a seat becomes free.",
};

/** The traveller's private booking page: its status and what happens next. */
export function BookingStatusCard({
  booking,
  isNew,
  payments = null,
  notice = null,
  token = "",
  site,
}: {
  booking: BookingView | null;
  isNew: boolean;
  /** What is paid and due; null while payments are off and nothing was paid. */
  payments?: { summary: PaymentSummary; canPay: boolean } | null;
  notice?: PaymentNotice | null;
  /** The private link's token, which the pay button posts back. */
  token?: string;
  site: { timeZone: string; email: string; phone: string };
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (isNew) heading.current?.focus();
  }, [isNew]);
  const waiting = notice === "processing" || payments?.summary.processing === true;
  useRecheck(waiting);
  if (!booking) {
    return (
      <div className="contact-form">
        <h2>We could not find this booking</h2>
        <p>
          The link may be incomplete. Open it again from our e-mail, or contact us at{" "}
          <a href={`mailto:${site.email}`}>{site.email}</a>.
        </p>
      </div>
    );
  }
  const hold =
    booking.status === "requested" && booking.holdExpiresAt
      ? new Intl.DateTimeFormat("en-GB", {
          dateStyle: "long",
          timeStyle: "short",
          timeZone: site.timeZone,
        }).format(new Date(booking.holdExpiresAt))
      : null;
  const travellers = booking.adults + booking.children;
  return (
    <div className="contact-form booking-status">
      {isNew ? (
        <p className="form-notice" role="status">
          Thank you! Your booking request has been sent. We have e-mailed you the link to this page.
        </p>
      ) : null}
      {notice ? (
        <p
          className={NOTICES[notice].alert ? "form-alert" : "form-notice"}
          role={NOTICES[notice].alert ? "alert" : "status"}
        >
          {NOTICES[notice].text}
        </p>
      ) : null}
      <h2 ref={heading} tabIndex={-1}>
        {booking.packageTitle}
      </h2>
      <p>
        <span className={`booking-badge booking-${booking.status}`}>
          {BOOKING_STATUS_LABELS[booking.status]}
        </span>
      </p>
      <p>{NEXT_STEP[booking.status]}</p>
      {hold ? <p>Seats held until {hold}.</p> : null}
      <dl>
        <dt>Reference</dt>
        <dd>{booking.reference}</dd>
        <dt>Dates</dt>
        <dd>{formatDates(booking.startDate, booking.endDate)}</dd>
        <dt>Travellers</dt>
        <dd>
          {booking.adults} adult{booking.adults === 1 ? "" : "s"}
          {booking.children
            ? `, ${booking.children} child${booking.children === 1 ? "" : "ren"}`
            : ""}
        </dd>
        <dt>Names</dt>
        <dd>
          {booking.travellerNames.filter(Boolean).join(", ") || booking.leadName}
          {booking.travellerNames.filter(Boolean).length < travellers
            ? " (the others' names can be sent later)"
            : ""}
        </dd>
        {booking.total ? (
          <>
            <dt>Total</dt>
            <dd>{booking.total}</dd>
          </>
        ) : null}
        {payments ? <PaymentLines summary={payments.summary} /> : null}
      </dl>
      {payments?.canPay && payments.summary.due ? (
        <PayForm due={payments.summary.due} currency={payments.summary.currency} token={token} />
      ) : null}
      <p>
        <Link to={PACKAGE_KIND_INFO[booking.packageKind].detailPath(booking.packageId)}>
          About the trip
        </Link>{" "}
        · Questions? Call {site.phone} or e-mail <a href={`mailto:${site.email}`}>{site.email}</a>,
        quoting {booking.reference}.
      </p>
    </div>
  );
}

/** Paid, being confirmed, and due: lines of the booking's list. */
function PaymentLines({ summary }: { summary: PaymentSummary }) {
  const { currency, due, later } = summary;
  return (
    <>
      <dt>Paid</dt>
      <dd>
        {formatMoney(summary.paid, currency)}
        {summary.processing ? " (a payment is being confirmed)" : ""}
      </dd>
      {due ? (
        <>
          <dt>{due.kind === "balance" ? "Balance" : due.kind === "deposit" ? "Deposit" : "Due"}</dt>
          <dd>
            {due.dueOn
              ? balanceText(due.amount, currency, due.dueOn)
              : `${formatMoney(due.amount, currency)}, due now`}
          </dd>
        </>
      ) : null}
      {later ? (
        <>
          <dt>Balance</dt>
          <dd>{`${formatMoney(later.amount, currency)}, due by ${formatDay(later.dueOn)}`}</dd>
        </>
      ) : null}
    </>
  );
}

/** The pay button: a plain POST that answers with Stripe Checkout's page. */
function PayForm({
  due,
  currency,
  token,
}: {
  due: NonNullable<PaymentSummary["due"]>;
  currency: string;
  token: string;
}) {
  const sending = usePending({ state: "submitting", formMethod: "POST" });
  return (
    <Form method="post" className="booking-pay" aria-label="Payment">
      <input type="hidden" name="token" value={token} />
      <button
        type="submit"
        name="intent"
        value="pay"
        className="btn btn-primary"
        disabled={sending}
      >
        {sending ? "Sending..." : `${payButtonLabel(due)}: ${formatMoney(due.amount, currency)}`}
      </button>
      <p className="booking-pay-note">
        You pay by card on Stripe&apos;s secure page; we never see your card number.
      </p>
    </Form>
  );
}

/**
 * Loads the page's data again every few seconds while a payment is being confirmed (with JS): a
 * navigation to the same address, which the home page's router code already has (a revalidator
 * hook would add to every page's first load).
 */
function useRecheck(waiting: boolean) {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const count = useRef(0);
  useEffect(() => {
    if (!waiting || count.current >= RECHECK_LIMIT) return;
    const timer = setTimeout(() => {
      count.current += 1;
      void navigate(pathname + search, { replace: true, preventScrollReset: true });
    }, RECHECK_MS);
    return () => clearTimeout(timer);
  });
}
