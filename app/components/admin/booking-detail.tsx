import { Form, Link } from "react-router";
import { BOOKING_STATUS_LABELS, type BookingStatus } from "~/domain/bookings";
import { externalLinkProps } from "~/domain/whatsapp";

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
    packageTitle: string;
    packageHref: string;
    dates: string;
    total: string | null;
    created: string;
    /** The hold's end, formatted, or null when there is none. */
    holdExpires: string | null;
    held: boolean;
    canConfirm: boolean;
    canCancel: boolean;
  };
  history: { label: string; at: string; by: string }[];
  mailHref: string;
  whatsappHref: string | null;
  reply?: { intent: string; error: string };
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
      {reply && !["confirm", "cancel", "resend"].includes(reply.intent) ? (
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
          <dd>{b.dates}</dd>
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
          <dt>Source</dt>
          <dd>{b.source}</dd>
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

      <section className="admin-panel" aria-labelledby="travellers-heading">
        <h2 id="travellers-heading">Travellers</h2>
        <ol>
          {b.travellerNames.map((name, i) => (
            <li key={i}>{name || "Name not given yet"}</li>
          ))}
        </ol>
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
        {b.canCancel ? (
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
          errorFor("cancel")
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
