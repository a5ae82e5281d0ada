import { Form, Link } from "react-router";
import {
  ENQUIRY_LIMITS,
  ENQUIRY_STATUS_LABELS,
  ENQUIRY_STATUSES,
  type EnquiryStatusValue,
} from "~/domain/enquiry";
import { BOOKING_STATUS_LABELS, type BookingStatus } from "~/domain/bookings";
import { externalLinkProps } from "~/domain/whatsapp";

export interface EnquiryDetailProps {
  enquiry: {
    id: string;
    name: string;
    firstName: string;
    email: string;
    phone: string;
    travelDates: string;
    message: string;
    packageTitle: string | null;
    packageHref: string | null;
    status: EnquiryStatusValue;
    notes: string;
    notifyStatus: "pending" | "sent" | "off" | "failed";
    /** The language the visitor wrote in, in English ("German"; decision 148). */
    language: string;
    received: string;
  };
  replyHref: string;
  whatsappHref: string | null;
  /** The bookings made from this enquiry (decision 123). */
  bookings: { reference: string; status: BookingStatus }[];
  confirmingDelete: boolean;
  reply?: { intent: string; error: string };
  pending: boolean;
}

const NOTIFY_TEXT = {
  sent: "Sent to the team",
  off: "Not sent: e-mail is not configured on this server (it was written to the log)",
  failed: "Not sent: the mail server failed. Answer this enquiry from here.",
  pending: "Not sent: the server stopped before it was tried",
} as const;

/** One enquiry: everything the visitor wrote, ways to answer, status, notes and delete. */
export function EnquiryDetail(props: EnquiryDetailProps) {
  const { enquiry: e, reply, pending } = props;
  const here = `/admin/enquiries/${e.id}`;
  const errorFor = (intent: string) =>
    reply?.intent === intent ? (
      <p className="form-error" role="alert" id={`${intent}-error`}>
        {reply.error}
      </p>
    ) : null;
  return (
    <section className="admin-section enquiry-detail" aria-labelledby="enquiry-heading">
      <p>
        <Link to="/admin/enquiries">← All enquiries</Link>
      </p>
      <header className="admin-section-header">
        <h1 id="enquiry-heading">{`Enquiry from ${e.name}`}</h1>
        <span className={`badge badge-enquiry-${e.status}`}>{ENQUIRY_STATUS_LABELS[e.status]}</span>
      </header>
      {e.notifyStatus === "failed" ? (
        <p className="form-error" role="note">
          {NOTIFY_TEXT.failed}
        </p>
      ) : null}
      <div className="enquiry-actions">
        <a className="button button-primary" href={props.replyHref}>
          Reply by e-mail
        </a>
        {props.whatsappHref ? (
          <a className="button button-secondary" href={props.whatsappHref} {...externalLinkProps}>
            {`WhatsApp ${e.phone}`}
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        ) : null}
        <Link className="button button-secondary" to={`/admin/bookings/new?enquiry=${e.id}`}>
          Make a booking
        </Link>
      </div>
      {props.bookings.length > 0 ? (
        <p className="enquiry-bookings">
          {props.bookings.length === 1
            ? "Booking made from this enquiry: "
            : "Bookings made from this enquiry: "}
          {props.bookings.map((b, i) => (
            <span key={b.reference}>
              {i > 0 ? ", " : ""}
              <Link to={`/admin/bookings/${b.reference}`}>{b.reference}</Link>
              {` (${BOOKING_STATUS_LABELS[b.status].toLowerCase()})`}
            </span>
          ))}
        </p>
      ) : null}
      <dl className="enquiry-facts">
        <div>
          <dt>Received</dt>
          <dd>{e.received}</dd>
        </div>
        <div>
          <dt>E-mail</dt>
          <dd>{e.email}</dd>
        </div>
        <div>
          <dt>Phone</dt>
          <dd>{e.phone || "Not given"}</dd>
        </div>
        <div>
          <dt>Preferred travel dates</dt>
          <dd>{e.travelDates || "Not given"}</dd>
        </div>
        <div>
          <dt>Trip</dt>
          <dd>
            {e.packageHref && e.packageTitle ? (
              <a href={e.packageHref}>{e.packageTitle}</a>
            ) : (
              (e.packageTitle ?? "General enquiry")
            )}
          </dd>
        </div>
        <div>
          <dt>Language</dt>
          <dd>{e.language}</dd>
        </div>
        <div>
          <dt>Notification e-mail</dt>
          <dd>{NOTIFY_TEXT[e.notifyStatus]}</dd>
        </div>
      </dl>
      <section className="admin-panel" aria-labelledby="message-heading">
        <h2 id="message-heading">Message</h2>
        <p className="enquiry-message">{e.message}</p>
      </section>

      <section className="admin-panel" aria-labelledby="status-heading">
        <h2 id="status-heading">Status</h2>
        {errorFor("status")}
        <Form method="post" action={here} className="enquiry-status-form">
          <input type="hidden" name="intent" value="status" />
          {ENQUIRY_STATUSES.filter((s) => s !== e.status).map((s) => (
            <button
              key={s}
              type="submit"
              name="status"
              value={s}
              className="button button-secondary"
              disabled={pending}
            >
              {`Mark as ${ENQUIRY_STATUS_LABELS[s]}`}
            </button>
          ))}
        </Form>
      </section>

      <section className="admin-panel" aria-labelledby="notes-heading">
        <h2 id="notes-heading">Internal notes</h2>
        <Form method="post" action={here} className="admin-form">
          <input type="hidden" name="intent" value="notes" />
          <div className="field">
            <label htmlFor="enquiry-notes">Notes (only the team sees these)</label>
            <textarea
              id="enquiry-notes"
              name="notes"
              rows={4}
              maxLength={ENQUIRY_LIMITS.notes}
              defaultValue={e.notes}
              aria-invalid={reply?.intent === "notes" ? true : undefined}
              aria-describedby={reply?.intent === "notes" ? "notes-error" : undefined}
            />
            {errorFor("notes")}
          </div>
          <button type="submit" className="button button-primary" disabled={pending}>
            Save notes
          </button>
        </Form>
      </section>

      <section className="admin-panel" aria-labelledby="delete-heading">
        <h2 id="delete-heading">Delete</h2>
        {errorFor("delete")}
        {props.confirmingDelete ? (
          <div role="alertdialog" aria-labelledby="delete-confirm" className="enquiry-confirm">
            <p id="delete-confirm">
              {`Delete the enquiry from ${e.name} for good? This cannot be undone.`}
            </p>
            <Form method="post" action={here}>
              <input type="hidden" name="intent" value="delete" />
              <button type="submit" className="button button-danger" disabled={pending}>
                Delete permanently
              </button>{" "}
              <Link to={here} className="button button-link" preventScrollReset>
                Cancel
              </Link>
            </Form>
          </div>
        ) : (
          <>
            <p>For a privacy request: removes the enquiry and everything in it.</p>
            <Link to={`${here}?delete=1`} className="button button-secondary" preventScrollReset>
              Delete this enquiry…
            </Link>
          </>
        )}
      </section>
    </section>
  );
}
