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
import type { BookingFormText, BookingLine } from "~/domain/site-views";
import { useHydrated } from "~/components/ui/use-hydrated";
import { usePending } from "~/components/ui/use-pending";
import type { HoneypotProps } from "./contact-form";
import { formFields } from "./form-fields";

interface BookingFormProps {
  departure: BookingPageDeparture;
  /** The form's words in the page's language (decision 148). */
  text: BookingFormText;
  /**
   * What the form says for each number of travellers (index 1 to the seats left): the total and,
   * only while online payments are on, what is paid at booking (nothing mentions card payment
   * otherwise).
   */
  lines: BookingLine[];
  honeypot: HoneypotProps;
  /** The action's answer to a refused post: per-field errors and what was typed. */
  result?: { errors: BookingErrors; values: BookingValues | null };
}

const range = (from: number, to: number) =>
  Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);

/**
 * Book a date (decision 118): a plain POST that works without JavaScript; with it, the total and
 * the seats left follow the travellers chosen, and the first wrong field takes focus. Every word
 * comes finished from the server, in the page's language (decision 148).
 */
export function BookingForm({ departure, text, lines, honeypot, result }: BookingFormProps) {
  const action = text.action;
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
  // The line of the travellers chosen (of the most the date takes, while they are too many).
  const line = lines[Math.max(1, Math.min(travellers, lines.length - 1))];
  const pay = line?.pay ?? null;

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
        <h2 id="booking-form-heading">{text.heading}</h2>
        {errors.form ? (
          <p className="form-alert" id="booking-form-error" role="alert" tabIndex={-1}>
            {errors.form}
          </p>
        ) : Object.keys(errors).length ? (
          <p className="form-alert" role="alert">
            {text.checkFields}
          </p>
        ) : null}
        <HoneypotProvider {...honeypot}>
          <HoneypotInputs className="hp-fields" label={text.honeypot} />
        </HoneypotProvider>
        <input type="hidden" name="seen_amount" value={departure.unitAmount} />
        <fieldset className="booking-travellers">
          <legend>{text.travellers}</legend>
          <div className="form-row">
            <label htmlFor="booking-adults">
              {text.adults}
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
              {text.children}
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
              {tooMany ? text.tooMany : line?.total}
            </p>
          ) : null}
          {live && line?.due && !tooMany ? (
            <p className="booking-due" aria-live="polite">
              {line.due}
            </p>
          ) : null}
        </fieldset>
        <div className="form-row">
          <label htmlFor="booking-lead_name">
            {text.leadName}
            <input {...field("lead_name")} autoComplete="name" required maxLength={200} />
            {error("lead_name")}
          </label>
          <label htmlFor="booking-email">
            {text.email}
            <input {...field("email")} type="email" autoComplete="email" required />
            {error("email")}
          </label>
        </div>
        <div className="form-row">
          <label htmlFor="booking-phone">
            {text.phone}
            <input {...field("phone")} type="tel" autoComplete="tel" required />
            {error("phone")}
          </label>
          <label htmlFor="booking-country">
            {text.country}
            <input {...field("country")} autoComplete="country-name" required />
            {error("country")}
          </label>
        </div>
        <label htmlFor="booking-other_travellers">
          {text.otherTravellers}
          <textarea {...field("other_travellers")} rows={3} />
          {error("other_travellers")}
        </label>
        <label htmlFor="booking-notes">
          {text.notes}
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
            />
            {/* One inline run beside the box: the words and the link wrap together. */}
            <span>
              {`${text.acceptTerms} `}
              <Link to={text.termsHref} target="_blank">
                {text.termsLink}
              </Link>
            </span>
          </span>
          {error("accept_terms")}
        </label>
        {pay ? (
          <div className="booking-actions">
            <button
              type="submit"
              name="intent"
              value="pay"
              className="btn btn-primary"
              disabled={sending}
            >
              {sending ? text.sending : pay === "deposit" ? text.payDeposit : text.payFull}
            </button>
            <button type="submit" className="btn btn-outline" disabled={sending}>
              {text.sendRequest}
            </button>
          </div>
        ) : (
          <button type="submit" className="btn btn-primary" disabled={sending}>
            {sending ? text.sending : text.sendRequest}
          </button>
        )}
      </Form>
      <aside className="info-card booking-summary" aria-labelledby="booking-summary-heading">
        <h2 id="booking-summary-heading">{departure.packageTitle}</h2>
        <dl>
          <dt>{text.dates}</dt>
          <dd>{departure.dates}</dd>
          <dt>{text.pricePerTraveller}</dt>
          <dd>{departure.price}</dd>
          <dt>{text.seatsLeft}</dt>
          <dd>{departure.seatsLeft}</dd>
          {pay === "deposit" ? (
            <>
              <dt>{text.deposit}</dt>
              <dd>{line?.depositWhen}</dd>
              {line?.balanceDue ? (
                <>
                  <dt>{text.balanceDue}</dt>
                  <dd>{line.balanceDue}</dd>
                </>
              ) : null}
            </>
          ) : pay === "full" ? (
            <>
              <dt>{text.payment}</dt>
              <dd>{text.fullWhenBooking}</dd>
            </>
          ) : null}
        </dl>
        <p>
          {pay === "deposit"
            ? text.payNoteDeposit
            : pay === "full"
              ? text.payNoteFull
              : text.requestNote}
        </p>
        <p>
          <Link to={departure.packageHref}>{text.backToTrip}</Link>
        </p>
      </aside>
    </>
  );
}

/** The page of a date that cannot be booked online now: why, and where to go instead. */
export function BookingUnavailable({
  sent,
  soldOut,
  text,
  honeypot,
  result,
}: {
  sent: boolean;
  soldOut: BookingPageDeparture | null;
  text: BookingFormText;
  honeypot: HoneypotProps;
  result?: { errors: BookingErrors; values: BookingValues | null };
}) {
  if (sent) {
    return (
      <div className="contact-form" role="status">
        <h2>{text.sentHeading}</h2>
        <p>{text.sentText}</p>
      </div>
    );
  }
  // The app's own chat route (packageChatPath; written out here, so this page pulls no shared
  // chat module into the home page's chunks): the click is counted, the chat names the trip.
  const chat = soldOut ? `/whatsapp/${soldOut.packageId}` : "/whatsapp";
  return (
    <div className="contact-form">
      <h2>{soldOut ? text.soldOutHeading : text.unavailableHeading}</h2>
      <p>{`${soldOut ? text.soldOutText : text.unavailableText} ${text.chooseAnother}`}</p>
      <p className="booking-links">
        {soldOut ? (
          <Link className="btn btn-primary" to={soldOut.packageHref}>
            {text.otherDates}
          </Link>
        ) : (
          <Link className="btn btn-primary" to={text.tripsHref}>
            {text.seeTrips}
          </Link>
        )}
        <a className="btn btn-outline" href={chat} target="_blank" rel="noopener noreferrer">
          {text.chat}
        </a>
      </p>
      {soldOut ? <WaitlistForm text={text} honeypot={honeypot} result={result} /> : null}
    </div>
  );
}

/** The waiting list of a sold-out date: a name, an e-mail and how many would travel. */
function WaitlistForm({
  text,
  honeypot,
  result,
}: {
  text: BookingFormText;
  honeypot: HoneypotProps;
  result?: { errors: BookingErrors; values: BookingValues | null };
}) {
  const action = text.action;
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
      <h3 id="waitlist-heading">{text.waitlistHeading}</h3>
      <p>{text.waitlistText}</p>
      {errors.form ? (
        <p className="form-alert" role="alert">
          {errors.form}
        </p>
      ) : null}
      <HoneypotProvider {...honeypot}>
        <HoneypotInputs className="hp-fields" label={text.honeypot} />
      </HoneypotProvider>
      <input type="hidden" name="intent" value="waitlist" />
      <div className="form-row">
        <label htmlFor="waitlist-lead_name">
          {text.waitlistName}
          <input {...field("lead_name")} autoComplete="name" required maxLength={200} />
          {error("lead_name")}
        </label>
        <label htmlFor="waitlist-email">
          {text.email}
          <input {...field("email")} type="email" autoComplete="email" required />
          {error("email")}
        </label>
      </div>
      <label htmlFor="waitlist-adults">
        {text.travellers}
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
        {sending ? text.sending : text.waitlistJoin}
      </button>
    </Form>
  );
}
