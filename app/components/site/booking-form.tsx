import { useEffect, useRef, useState } from "react";
import { Form, Link } from "react-router";
import { HoneypotInputs, HoneypotProvider } from "remix-utils/honeypot/react";
import {
  BOOKING_FIELDS,
  BOOKING_LIMITS,
  type BookingErrors,
  type BookingField,
  type BookingPageDeparture,
  type BookingValues,
} from "~/domain/bookings";
import { balanceText, depositRuleText } from "~/domain/booking-payments";
import { amountDueAtBooking, type DepositRule } from "~/domain/deposits";
import { formatMoney } from "~/domain/money";
import { formatDay } from "~/domain/trip-facts";
import { useHydrated } from "~/components/ui/use-hydrated";
import { usePending } from "~/components/ui/use-pending";
import type { HoneypotProps } from "./contact-form";
import { formFields } from "./form-fields";

/** The deposit rule and the days it needs, while payments are on (decision 133); else null. */
export interface BookingDepositTerms {
  rule: DepositRule;
  today: string;
  startDate: string;
}

interface BookingFormProps {
  departure: BookingPageDeparture;
  /** Present only while online payments are on: nothing mentions card payment otherwise. */
  deposit: BookingDepositTerms | null;
  honeypot: HoneypotProps;
  /** The action's answer to a refused post: per-field errors and what was typed. */
  result?: { errors: BookingErrors; values: BookingValues | null };
}

const range = (from: number, to: number) =>
  Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);

/**
 * Book a date (decision 118): a plain POST that works without JavaScript; with it, the total and
 * the seats left follow the travellers chosen, and the first wrong field takes focus.
 */
export function BookingForm({ departure, deposit, honeypot, result }: BookingFormProps) {
  const action = `/book/${departure.id}`;
  const sending = usePending({ state: "submitting", formAction: action });
  const form = useRef<HTMLFormElement>(null);
  const errors = result?.errors ?? {};
  const values = result?.values ?? null;
  const [adults, setAdults] = useState(Number(values?.adults) || 1);
  const [children, setChildren] = useState(Number(values?.children) || 0);
  const live = useHydrated();
  useEffect(() => {
    if (!result) return;
    const first = BOOKING_FIELDS.find((f) => result.errors[f]);
    const target = first
      ? form.current?.querySelector<HTMLElement>(`[name="${first}"]`)
      : form.current?.querySelector<HTMLElement>("#booking-form-error");
    target?.focus();
  }, [result]);

  const most = Math.min(BOOKING_LIMITS.travellers, departure.seatsLeft);
  const travellers = adults + children;
  const tooMany = travellers > departure.seatsLeft;
  const { field, error } = formFields<BookingField>("booking", errors, values);
  const due = deposit
    ? amountDueAtBooking({
        rule: deposit.rule,
        total: departure.unitAmount * Math.max(1, travellers),
        travellers: Math.max(1, travellers),
        startDate: deposit.startDate,
        today: deposit.today,
      })
    : null;

  return (
    <>
      <Form
        method="post"
        action={action}
        className="contact-form booking-form"
        aria-labelledby="booking-form-heading"
        noValidate
        ref={form}
        key={values ? JSON.stringify(values) : "empty"}
      >
        <h2 id="booking-form-heading">Your booking</h2>
        {errors.form ? (
          <p className="form-alert" id="booking-form-error" role="alert" tabIndex={-1}>
            {errors.form}
          </p>
        ) : Object.keys(errors).length ? (
          <p className="form-alert" role="alert">
            Please check the fields marked below.
          </p>
        ) : null}
        <HoneypotProvider {...honeypot}>
          <HoneypotInputs className="hp-fields" label="Please leave this field blank" />
        </HoneypotProvider>
        <input type="hidden" name="seen_amount" value={departure.unitAmount} />
        <fieldset className="booking-travellers">
          <legend>Travellers</legend>
          <div className="form-row">
            <label htmlFor="booking-adults">
              Adults
              <select
                {...field("adults")}
                defaultValue={String(adults)}
                onChange={(e) => setAdults(Number(e.currentTarget.value))}
              >
                {range(1, Math.max(1, most)).map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
              {error("adults")}
            </label>
            <label htmlFor="booking-children">
              Children
              <select
                {...field("children")}
                defaultValue={String(children)}
                onChange={(e) => setChildren(Number(e.currentTarget.value))}
              >
                {range(0, Math.max(0, most - 1)).map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
              {error("children")}
            </label>
          </div>
          {live ? (
            <p className={tooMany ? "form-alert" : "booking-total"} aria-live="polite">
              {tooMany
                ? `Only ${departure.seatsLeft} seat${departure.seatsLeft === 1 ? " is" : "s are"} left: choose fewer travellers.`
                : `Total for ${travellers} traveller${travellers === 1 ? "" : "s"}: ${formatMoney(departure.unitAmount * travellers, departure.currency)}`}
            </p>
          ) : null}
          {live && due && !tooMany ? (
            <p className="booking-due" aria-live="polite">
              {due.kind === "deposit"
                ? `Deposit due now: ${formatMoney(due.now, departure.currency)}.${due.balanceDueOn ? ` Balance: ${balanceText(due.balance, departure.currency, due.balanceDueOn)}.` : ""}`
                : `Paid in full when you book: ${formatMoney(due.now, departure.currency)}.`}
            </p>
          ) : null}
        </fieldset>
        <div className="form-row">
          <label htmlFor="booking-lead_name">
            Lead traveller's full name
            <input {...field("lead_name")} autoComplete="name" required maxLength={200} />
            {error("lead_name")}
          </label>
          <label htmlFor="booking-email">
            Email
            <input {...field("email")} type="email" autoComplete="email" required />
            {error("email")}
          </label>
        </div>
        <div className="form-row">
          <label htmlFor="booking-phone">
            Phone (WhatsApp if you have it)
            <input {...field("phone")} type="tel" autoComplete="tel" required />
            {error("phone")}
          </label>
          <label htmlFor="booking-country">
            Country of residence
            <input {...field("country")} autoComplete="country-name" required />
            {error("country")}
          </label>
        </div>
        <label htmlFor="booking-other_travellers">
          Other travellers' names (optional, one per line; you can send them later)
          <textarea {...field("other_travellers")} rows={3} />
          {error("other_travellers")}
        </label>
        <label htmlFor="booking-notes">
          Notes (optional: dietary needs, room wishes, questions)
          <textarea {...field("notes")} rows={3} maxLength={BOOKING_LIMITS.notes} />
          {error("notes")}
        </label>
        <label htmlFor="booking-accept_terms" className="booking-terms">
          <span>
            <input
              type="checkbox"
              name="accept_terms"
              id="booking-accept_terms"
              value="on"
              defaultChecked={values?.accept_terms === "on"}
              aria-invalid={errors.accept_terms ? true : undefined}
              aria-describedby={errors.accept_terms ? "booking-accept_terms-error" : undefined}
            />{" "}
            I accept the{" "}
            <Link to="/booking-terms" target="_blank">
              booking terms
            </Link>
          </span>
          {error("accept_terms")}
        </label>
        {due ? (
          <div className="booking-actions">
            <button
              type="submit"
              name="intent"
              value="pay"
              className="btn btn-primary"
              disabled={sending}
            >
              {sending
                ? "Sending..."
                : due.kind === "deposit"
                  ? "Book and pay deposit"
                  : "Book and pay in full"}
            </button>
            <button type="submit" className="btn btn-outline" disabled={sending}>
              Send booking request
            </button>
          </div>
        ) : (
          <button type="submit" className="btn btn-primary" disabled={sending}>
            {sending ? "Sending..." : "Send booking request"}
          </button>
        )}
      </Form>
      <aside className="info-card booking-summary" aria-labelledby="booking-summary-heading">
        <h2 id="booking-summary-heading">{departure.packageTitle}</h2>
        <dl>
          <dt>Dates</dt>
          <dd>{departure.dates}</dd>
          <dt>Price per traveller</dt>
          <dd>{departure.price}</dd>
          <dt>Seats left</dt>
          <dd>{departure.seatsLeft}</dd>
          {deposit && due ? (
            due.kind === "deposit" ? (
              <>
                <dt>Deposit</dt>
                <dd>{depositRuleText(deposit.rule, departure.currency)}, paid when you book</dd>
                {due.balanceDueOn ? (
                  <>
                    <dt>Balance due</dt>
                    <dd>{formatDay(due.balanceDueOn)}</dd>
                  </>
                ) : null}
              </>
            ) : (
              <>
                <dt>Payment</dt>
                <dd>The full amount, paid when you book</dd>
              </>
            )
          ) : null}
        </dl>
        {deposit && due ? (
          <p>
            Book and pay to pay {due.kind === "deposit" ? "the deposit" : "in full"} by card on
            Stripe&apos;s secure page: your seats are held while you pay. Or send a request: your
            seats are held and our team confirms it by e-mail before anything is paid.
          </p>
        ) : (
          <p>
            Your seats are held as soon as you send this request; our team confirms it by e-mail.
            Nothing is paid now.
          </p>
        )}
        <p>
          <Link to={departure.packageHref}>Back to the trip and its other dates</Link>
        </p>
      </aside>
    </>
  );
}

/** The page of a date that cannot be booked online now: why, and where to go instead. */
export function BookingUnavailable({
  sent,
  soldOut,
  honeypot,
  result,
}: {
  sent: boolean;
  soldOut: BookingPageDeparture | null;
  honeypot: HoneypotProps;
  result?: { errors: BookingErrors; values: BookingValues | null };
}) {
  if (sent) {
    return (
      <div className="contact-form" role="status">
        <h2>Booking request sent</h2>
        <p>Thank you. Check your e-mail for your booking reference and its private link.</p>
      </div>
    );
  }
  // The app's own chat route (packageChatPath; written out here, so this page pulls no shared
  // chat module into the home page's chunks): the click is counted, the chat names the trip.
  const chat = soldOut ? `/whatsapp/${soldOut.packageId}` : "/whatsapp";
  return (
    <div className="contact-form">
      <h2>{soldOut ? "This date is sold out" : "This date cannot be booked online"}</h2>
      <p>
        {soldOut
          ? `${soldOut.packageTitle}, ${soldOut.dates}, has no seats left.`
          : "It may have passed, been closed or been removed."}{" "}
        Choose another date, or ask us on WhatsApp: we often find a way.
      </p>
      <p className="booking-links">
        {soldOut ? (
          <Link className="btn btn-primary" to={soldOut.packageHref}>
            See the other dates
          </Link>
        ) : (
          <Link className="btn btn-primary" to="/upcoming-trips">
            See our trips
          </Link>
        )}
        <a className="btn btn-outline" href={chat} target="_blank" rel="noopener noreferrer">
          Chat on WhatsApp
        </a>
      </p>
      {soldOut ? <WaitlistForm departure={soldOut} honeypot={honeypot} result={result} /> : null}
    </div>
  );
}

/** The waiting list of a sold-out date: a name, an e-mail and how many would travel. */
function WaitlistForm({
  departure,
  honeypot,
  result,
}: {
  departure: BookingPageDeparture;
  honeypot: HoneypotProps;
  result?: { errors: BookingErrors; values: BookingValues | null };
}) {
  const action = `/book/${departure.id}`;
  const sending = usePending({ state: "submitting", formAction: action });
  const errors = result?.errors ?? {};
  const values = result?.values ?? null;
  const { field, error } = formFields<BookingField>("waitlist", errors, values);
  return (
    <Form
      method="post"
      action={action}
      className="booking-waitlist"
      aria-labelledby="waitlist-heading"
      noValidate
      key={values ? JSON.stringify(values) : "empty"}
    >
      <h3 id="waitlist-heading">Join the waiting list</h3>
      <p>If a seat comes free, we e-mail you at once with a link to book it.</p>
      {errors.form ? (
        <p className="form-alert" role="alert">
          {errors.form}
        </p>
      ) : null}
      <HoneypotProvider {...honeypot}>
        <HoneypotInputs className="hp-fields" label="Please leave this field blank" />
      </HoneypotProvider>
      <input type="hidden" name="intent" value="waitlist" />
      <div className="form-row">
        <label htmlFor="waitlist-lead_name">
          Your name
          <input {...field("lead_name")} autoComplete="name" required maxLength={200} />
          {error("lead_name")}
        </label>
        <label htmlFor="waitlist-email">
          Email
          <input {...field("email")} type="email" autoComplete="email" required />
          {error("email")}
        </label>
      </div>
      <label htmlFor="waitlist-adults">
        Travellers
        <select {...field("adults")} defaultValue={values?.adults || "1"}>
          {range(1, BOOKING_LIMITS.travellers).map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
        {error("adults")}
      </label>
      <button type="submit" className="btn btn-primary" disabled={sending}>
        {sending ? "Sending..." : "Join the waiting list"}
      </button>
    </Form>
  );
}
