import { Form, Link } from "react-router";
import {
  BOOKING_LIMITS,
  BOOKING_STATUS_LABELS,
  type BookingStatus,
  type DepartureChoice,
} from "~/domain/bookings";
import { externalLinkProps } from "~/domain/whatsapp";
import { departureChoiceLabel, TextField } from "./booking-fields";
import {
  BookingPayments,
  CancelWithRefundForm,
  type BookingPaymentsProps,
} from "./booking-payments";

export interface BookingDetailProps {
  booking: {
    reference: string;
    status: BookingStatus;
    leadName: string;
    email: string;
    phone: string;
    country: string;
    travellerNames: string[];
    adults: number;
    children: number;
    notes: string;
    source: string;
    /** The language the traveller booked in, in English ("German"; decision 148). */
    language: string;
    packageTitle: string;
    packageHref: string;
    dates: string;
    /** The departure's manifest (/admin/departures/{id}). */
    manifestHref: string;
    total: string | null;
    created: string;
    /** The hold's end, formatted, or null when there is none. */
    holdExpires: string | null;
    held: boolean;
    canConfirm: boolean;
    canCancel: boolean;
    canMove: boolean;
    /** The enquiry it was made from, in the back office. */
    enquiryHref: string | null;
  };
  /** Other dates of the same trip with seats now (empty unless it can move). */
  moveChoices: DepartureChoice[];
  history: { label: string; at: string; by: string }[];
  /** Its payments and refunds and what remains due (decision 135). */
  payments: BookingPaymentsProps;
  mailHref: string;
  whatsappHref: string | null;
  reply?: {
    intent: string;
    error: string;
    fieldErrors?: Record<string, string> | null;
    values?: Record<string, string | string[]> | null;
  };
  pending: boolean;
}

/** One booking: who travels, how to reach them, its history, and Confirm / Cancel / Resend link. */
export function BookingDetail(props: BookingDetailProps) {
  const { booking: b, reply, pending } = props;
  const here = `/admin/bookings/${b.reference}`;
  const errorFor = (intent: string) =>
    reply?.intent === intent ? (
      <p className="form-error" role="alert" id={`${intent}-error`}>
        {reply.error}
      </p>
    ) : null;
  return (
    <section className="admin-section enquiry-detail" aria-labelledby="booking-heading">
      <p>
        <Link to="/admin/bookings">← All bookings</Link>
      </p>
      <header className="admin-section-header">
        <h1 id="booking-heading">{`Booking ${b.reference}`}</h1>
        <span className={`badge badge-booking-${b.status}`}>{BOOKING_STATUS_LABELS[b.status]}</span>
      </header>
      {reply &&
      !["confirm", "cancel", "resend", "travellers", "move", "payment", "cancel-refund"].includes(
        reply.intent,
      ) ? (
        <p className="form-error" role="alert">
          {reply.error}
        </p>
      ) : null}
      <div className="enquiry-actions">
        <a className="button button-primary" href={props.mailHref}>
          {`E-mail ${b.email}`}
        </a>
        {props.whatsappHref ? (
          <a className="button button-secondary" href={props.whatsappHref} {...externalLinkProps}>
            {`WhatsApp ${b.phone}`}
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        ) : null}
      </div>
      <dl className="enquiry-facts">
        <div>
          <dt>Trip</dt>
          <dd>
            <a href={b.packageHref}>{b.packageTitle}</a>
          </dd>
        </div>
        <div>
          <dt>Dates</dt>
          <dd>
            <Link to={b.manifestHref}>
              {b.dates}
              <span className="visually-hidden">: the departure&apos;s manifest</span>
            </Link>
          </dd>
        </div>
        <div>
          <dt>Travellers</dt>
          <dd>
            {`${b.adults} adult${b.adults === 1 ? "" : "s"}`}
            {b.children ? `, ${b.children} child${b.children === 1 ? "" : "ren"}` : ""}
          </dd>
        </div>
        <div>
          <dt>Total</dt>
          <dd>{b.total ?? "No price"}</dd>
        </div>
        <div>
          <dt>Lead traveller</dt>
          <dd>{b.leadName}</dd>
        </div>
        <div>
          <dt>Phone</dt>
          <dd>{b.phone || "Not given"}</dd>
        </div>
        <div>
          <dt>Country</dt>
          <dd>{b.country || "Not given"}</dd>
        </div>
        <div>
          <dt>Language</dt>
          <dd>{b.language}</dd>
        </div>
        <div>
          <dt>Source</dt>
          <dd>
            {b.source}
            {b.enquiryHref ? (
              <>
                {" · "}
                <Link to={b.enquiryHref}>See the enquiry</Link>
              </>
            ) : null}
          </dd>
        </div>
        <div>
          <dt>Created</dt>
          <dd>{b.created}</dd>
        </div>
        <div>
          <dt>Hold</dt>
          <dd>
            {b.holdExpires === null
              ? "No hold"
              : b.status !== "requested"
                ? `Was held until ${b.holdExpires}`
                : b.held
                  ? `Seats held until ${b.holdExpires}`
                  : `Expired on ${b.holdExpires}: the seats are free for others`}
          </dd>
        </div>
      </dl>

      <BookingPayments
        payments={props.payments}
        here={here}
        pending={pending}
        reply={reply?.intent === "payment" ? reply : undefined}
      />

      <section className="admin-panel" aria-labelledby="travellers-heading">
        <h2 id="travellers-heading">Travellers</h2>
        <ol>
          {b.travellerNames.map((name, i) => (
            <li key={i}>{name || "Name not given yet"}</li>
          ))}
        </ol>
        <TravellersForm
          booking={b}
          here={here}
          pending={pending}
          reply={reply?.intent === "travellers" ? reply : undefined}
        />
      </section>

      <section className="admin-panel" aria-labelledby="notes-heading">
        <h2 id="notes-heading">Notes from the traveller</h2>
        <p className="enquiry-message">{b.notes || "None."}</p>
      </section>

      <section className="admin-panel" aria-labelledby="actions-heading">
        <h2 id="actions-heading">Actions</h2>
        {b.canConfirm ? (
          <Form method="post" action={here} className="enquiry-status-form">
            <input type="hidden" name="intent" value="confirm" />
            {errorFor("confirm")}
            <button type="submit" className="button button-primary" disabled={pending}>
              Confirm
            </button>
          </Form>
        ) : (
          errorFor("confirm")
        )}
        {b.canCancel && props.payments.canRefund ? (
          <CancelWithRefundForm
            here={here}
            pending={pending}
            paid={props.payments.paid}
            currency={props.payments.currency}
            reply={reply?.intent === "cancel-refund" ? reply : undefined}
          />
        ) : b.canCancel ? (
          <Form method="post" action={here} className="enquiry-status-form">
            <input type="hidden" name="intent" value="cancel" />
            {errorFor("cancel")}
            <div className="field field-checkbox">
              <input id="cancel-notify" name="notify" type="checkbox" defaultChecked />
              <label htmlFor="cancel-notify">E-mail the traveller</label>
            </div>
            <button type="submit" className="button button-danger" disabled={pending}>
              Cancel booking
            </button>
          </Form>
        ) : (
          <>
            {errorFor("cancel")}
            {errorFor("cancel-refund")}
          </>
        )}
        {b.canMove ? (
          <MoveForm
            choices={props.moveChoices}
            here={here}
            pending={pending}
            error={reply?.intent === "move" ? reply.error : undefined}
          />
        ) : (
          errorFor("move")
        )}
        <Form method="post" action={here} className="enquiry-status-form">
          <input type="hidden" name="intent" value="resend" />
          {errorFor("resend")}
          <p>E-mails the traveller a new private link; the old link stops working.</p>
          <button type="submit" className="button button-secondary" disabled={pending}>
            Resend link
          </button>
        </Form>
      </section>

      <section className="admin-panel" aria-labelledby="history-heading">
        <h2 id="history-heading">History</h2>
        {props.history.length === 0 ? (
          <p>Nothing recorded yet.</p>
        ) : (
          <ol className="booking-history">
            {props.history.map((h, i) => (
              <li key={i}>
                <strong>{h.label}</strong>
                {` · ${h.at} · ${h.by}`}
              </li>
            ))}
          </ol>
        )}
      </section>
    </section>
  );
}

/**
 * Corrects the lead traveller's name and contact fields and each other traveller's name: a
 * disclosure that works without JavaScript, open again with the messages when the save is refused.
 */
function TravellersForm(props: {
  booking: BookingDetailProps["booking"];
  here: string;
  pending: boolean;
  reply?: NonNullable<BookingDetailProps["reply"]>;
}) {
  const { booking: b, reply } = props;
  const typed = reply?.values ?? null;
  const errors = reply?.fieldErrors ?? {};
  const value = (field: string, fallback: string) => {
    const v = typed?.[field];
    return typeof v === "string" ? v : fallback;
  };
  const others = b.travellerNames.slice(1);
  const typedOthers = Array.isArray(typed?.traveller) ? typed.traveller : null;
  return (
    <details className="booking-edit" open={Boolean(reply)}>
      <summary>Edit travellers</summary>
      <Form method="post" action={props.here} className="admin-form" aria-label="Edit travellers">
        <input type="hidden" name="intent" value="travellers" />
        {reply ? (
          <p className="form-error" role="alert" id="travellers-error">
            {reply.error}
          </p>
        ) : null}
        <TextField
          id="edit-lead_name"
          name="lead_name"
          label="Lead traveller's full name"
          defaultValue={value("lead_name", b.leadName)}
          error={errors.lead_name}
          required
          maxLength={BOOKING_LIMITS.name}
        />
        <TextField
          id="edit-email"
          name="email"
          type="email"
          label="E-mail"
          defaultValue={value("email", b.email)}
          error={errors.email}
          required
          maxLength={BOOKING_LIMITS.email}
        />
        <TextField
          id="edit-phone"
          name="phone"
          type="tel"
          label="Phone (optional)"
          defaultValue={value("phone", b.phone)}
          error={errors.phone}
          maxLength={BOOKING_LIMITS.phone}
        />
        <TextField
          id="edit-country"
          name="country"
          label="Country of residence (optional)"
          defaultValue={value("country", b.country)}
          error={errors.country}
          maxLength={BOOKING_LIMITS.country}
        />
        {others.map((name, i) => (
          <TextField
            key={i}
            id={`edit-traveller-${i + 2}`}
            name="traveller"
            label={`Traveller ${i + 2}'s full name`}
            defaultValue={typedOthers?.[i] ?? name}
            error={errors[`traveller-${i}`]}
            maxLength={BOOKING_LIMITS.name}
          />
        ))}
        <button type="submit" className="button button-primary" disabled={props.pending}>
          Save travellers
        </button>
      </Form>
    </details>
  );
}

/** Moves the booking to another date of the same trip that has the seats. */
function MoveForm(props: {
  choices: DepartureChoice[];
  here: string;
  pending: boolean;
  error?: string;
}) {
  if (props.choices.length === 0) {
    return (
      <div className="enquiry-status-form">
        {props.error ? (
          <p className="form-error" role="alert" id="move-error">
            {props.error}
          </p>
        ) : null}
        <p>No other date of this trip can take this booking now.</p>
      </div>
    );
  }
  return (
    <Form method="post" action={props.here} className="enquiry-status-form booking-move-form">
      <input type="hidden" name="intent" value="move" />
      {props.error ? (
        <p className="form-error" role="alert" id="move-error">
          {props.error}
        </p>
      ) : null}
      <div className="field">
        <label htmlFor="move-departure">Move to another date</label>
        <select
          id="move-departure"
          name="departure_id"
          required
          defaultValue=""
          aria-describedby={props.error ? "move-error" : undefined}
        >
          <option value="" disabled>
            Choose a date
          </option>
          {props.choices.map((c) => (
            <option key={c.id} value={c.id}>
              {departureChoiceLabel(c)}
            </option>
          ))}
        </select>
      </div>
      <div className="field field-checkbox">
        <input id="move-notify" name="notify" type="checkbox" defaultChecked />
        <label htmlFor="move-notify">E-mail the traveller</label>
      </div>
      <button type="submit" className="button button-secondary" disabled={props.pending}>
        Move booking
      </button>
    </Form>
  );
}
