import { Form } from "react-router";
import { BOOKING_TERMS_MAX } from "~/domain/bookings";

/**
 * The booking terms travellers accept (/booking-terms), in plain text: a line starting with "# "
 * is a heading, a blank line ends a paragraph. Emptied and saved, the default terms apply again.
 */
export function BookingTermsPanel(props: {
  text: string;
  custom: boolean;
  error?: string;
  pending: boolean;
}) {
  return (
    <section className="admin-panel" aria-labelledby="booking-terms-heading">
      <h2 id="booking-terms-heading">Booking terms</h2>
      <p>
        {props.custom
          ? "Travellers accept these terms when they book; "
          : "The default terms apply until you save your own; "}
        <a href="/booking-terms">see the page</a>.
      </p>
      <Form method="post" action="/admin/settings" className="admin-form">
        <input type="hidden" name="intent" value="booking-terms" />
        {props.error ? (
          <p className="form-error" role="alert" id="booking-terms-error">
            {props.error}
          </p>
        ) : null}
        <div className="field">
          <label htmlFor="booking-terms">Terms</label>
          <textarea
            id="booking-terms"
            name="terms"
            rows={16}
            className="booking-terms-text"
            defaultValue={props.text}
            maxLength={BOOKING_TERMS_MAX}
            aria-invalid={props.error ? true : undefined}
            aria-describedby={`booking-terms-hint${props.error ? " booking-terms-error" : ""}`}
          />
          <p className="field-hint" id="booking-terms-hint">
            A line starting with &quot;# &quot; is a heading; a blank line starts a new paragraph.
            Save it empty to go back to the default terms.
          </p>
        </div>
        <button type="submit" className="button button-primary" disabled={props.pending}>
          Save booking terms
        </button>
      </Form>
    </section>
  );
}
