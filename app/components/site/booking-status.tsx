import { useEffect, useRef } from "react";
import { Form, Link, useLocation, useNavigate } from "react-router";
import type { BookingView } from "~/domain/bookings";
import type { BookingPageText } from "~/domain/site-views";
import { usePending } from "~/components/ui/use-pending";

/** While a payment is being confirmed, the page asks again every few seconds (with JS). */
const RECHECK_MS = 3_000;
const RECHECK_LIMIT = 40;

/**
 * The traveller's private booking page: its status and what happens next, every word finished on
 * the server in the page's language (decision 148).
 */
export function BookingStatusCard({
  booking,
  isNew,
  text,
  waiting = false,
  token = "",
  site,
}: {
  booking: BookingView | null;
  isNew: boolean;
  text: BookingPageText;
  /** A payment is being confirmed: the page asks again until it is. */
  waiting?: boolean;
  /** The private link's token, which the pay button posts back. */
  token?: string;
  site: { email: string };
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (isNew) heading.current?.focus();
  }, [isNew]);
  useRecheck(waiting);
  if (!booking) {
    return (
      <div className="contact-form">
        <h2>{text.notFoundHeading}</h2>
        <p>
          {`${text.notFoundText} `}
          <a href={`mailto:${site.email}`}>{site.email}</a>.
        </p>
      </div>
    );
  }
  return (
    <div className="contact-form booking-status">
      {isNew ? (
        <p className="form-notice" role="status">
          {text.isNew}
        </p>
      ) : null}
      {text.notice ? (
        <p
          className={text.noticeAlert ? "form-alert" : "form-notice"}
          role={text.noticeAlert ? "alert" : "status"}
        >
          {text.notice}
        </p>
      ) : null}
      <h2 ref={heading} tabIndex={-1}>
        {booking.packageTitle}
      </h2>
      <p>
        <span className={`booking-badge booking-${booking.status}`}>{text.status}</span>
      </p>
      <p>{text.next}</p>
      {text.hold ? <p>{text.hold}</p> : null}
      <dl>
        <dt>{text.reference}</dt>
        <dd>{booking.reference}</dd>
        <dt>{text.dates}</dt>
        <dd>{text.datesValue}</dd>
        <dt>{text.travellers}</dt>
        <dd>{text.travellersValue}</dd>
        <dt>{text.names}</dt>
        <dd>
          {`${booking.travellerNames.filter(Boolean).join(", ") || booking.leadName}${text.namesLater}`}
        </dd>
        {text.totalValue ? (
          <>
            <dt>{text.total}</dt>
            <dd>{text.totalValue}</dd>
          </>
        ) : null}
        {text.paidValue ? (
          <>
            <dt>{text.paid}</dt>
            <dd>{text.paidValue}</dd>
          </>
        ) : null}
        {text.due ? (
          <>
            <dt>{text.due.label}</dt>
            <dd>{text.due.value}</dd>
          </>
        ) : null}
        {text.later ? (
          <>
            <dt>{text.later.label}</dt>
            <dd>{text.later.value}</dd>
          </>
        ) : null}
      </dl>
      {text.payButton ? <PayForm text={text} label={text.payButton} token={token} /> : null}
      <p>
        <Link to={text.aboutTripHref}>{text.aboutTrip}</Link>
        {` ${text.questions} `}
        <a href={`mailto:${site.email}`}>{site.email}</a>
        {text.quoting}
      </p>
    </div>
  );
}

/** The pay button: a plain POST that answers with Stripe Checkout's page. */
function PayForm({ text, label, token }: { text: BookingPageText; label: string; token: string }) {
  const sending = usePending({ state: "submitting", formMethod: "POST" });
  return (
    <Form method="post" className="booking-pay" aria-label={text.paymentLabel}>
      <input type="hidden" name="token" value={token} />
      <button
        type="submit"
        name="intent"
        value="pay"
        className="btn btn-primary"
        disabled={sending}
      >
        {sending ? text.sending : label}
      </button>
      <p className="booking-pay-note">{text.payNote}</p>
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
