import { Form, Link } from "react-router";
import {
  BOOKING_LIMITS,
  type DepartureChoice,
  type StaffBookingErrors,
  type StaffBookingValues,
} from "~/domain/bookings";
import { departureChoiceLabel, TextField } from "./booking-fields";

export interface StaffBookingFormProps {
  choices: DepartureChoice[];
  values: StaffBookingValues;
  errors: StaffBookingErrors;
  /** The enquiry the booking starts from, when it does. */
  enquiry: { id: string; name: string; packageTitle: string | null } | null;
  /** The enquiry's trip: its dates are listed first. */
  packageId: string | null;
  /** The site's languages to write to the traveller in; empty on a one-language site. */
  languages: { code: string; name: string }[];
  /** Where the form posts (keeps the enquiry in the URL). */
  action: string;
  pending: boolean;
}

/** The dates grouped by trip, the enquiry's trip first, each trip in the order given. */
function byTrip(choices: DepartureChoice[], first: string | null) {
  const groups = new Map<string, { title: string; dates: DepartureChoice[] }>();
  for (const c of choices) {
    const group = groups.get(c.packageId) ?? { title: c.packageTitle, dates: [] };
    group.dates.push(c);
    groups.set(c.packageId, group);
  }
  const list = [...groups.entries()];
  return first
    ? [...list.filter(([id]) => id === first), ...list.filter(([id]) => id !== first)]
    : list;
}

/**
 * /admin/bookings/new: a booking staff make from a chat, a call or an enquiry. A plain POST form:
 * without JavaScript a refusal renders the page again with the messages and what was typed.
 */
export function StaffBookingForm(props: StaffBookingFormProps) {
  const { values: v, errors } = props;
  const formError = errors.form;
  return (
    <section className="admin-section enquiry-detail" aria-labelledby="new-booking-heading">
      <p>
        <Link to="/admin/bookings">← All bookings</Link>
      </p>
      <header className="admin-section-header">
        <h1 id="new-booking-heading">New booking</h1>
      </header>
      {props.enquiry ? (
        <p>
          {"From the enquiry of "}
          <Link to={`/admin/enquiries/${props.enquiry.id}`}>{props.enquiry.name}</Link>
          {props.enquiry.packageTitle ? ` about ${props.enquiry.packageTitle}` : ""}. The booking
          will link to it.
        </p>
      ) : (
        <p>For a traveller who booked by WhatsApp, phone or e-mail. The seats are checked now.</p>
      )}
      {props.choices.length === 0 ? (
        <p className="form-error" role="status">
          No date can be booked now: a trip needs a future departure with seats and a price.
        </p>
      ) : null}
      <Form method="post" action={props.action} className="admin-form staff-booking-form">
        {formError ? (
          <p className="form-error" role="alert" id="staff-booking-error">
            {formError}
          </p>
        ) : null}
        <input type="hidden" name="enquiry_id" value={v.enquiry_id} />
        <div className="field">
          <label htmlFor="staff-departure_id">Trip and date</label>
          <select
            id="staff-departure_id"
            name="departure_id"
            required
            defaultValue={v.departure_id}
            aria-invalid={errors.departure_id ? true : undefined}
            aria-describedby={errors.departure_id ? "staff-departure_id-error" : undefined}
          >
            <option value="">Choose a date</option>
            {byTrip(props.choices, props.packageId).map(([id, group]) => (
              <optgroup key={id} label={group.title}>
                {group.dates.map((c) => (
                  <option key={c.id} value={c.id}>
                    {`${group.title}: ${departureChoiceLabel(c)}`}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
          {errors.departure_id ? (
            <p className="field-error" id="staff-departure_id-error" role="alert">
              {errors.departure_id}
            </p>
          ) : null}
        </div>
        <div className="staff-booking-counts">
          <TextField
            id="staff-adults"
            name="adults"
            type="number"
            label="Adults"
            min={1}
            max={BOOKING_LIMITS.travellers}
            required
            defaultValue={v.adults}
            error={errors.adults}
          />
          <TextField
            id="staff-children"
            name="children"
            type="number"
            label="Children"
            min={0}
            max={BOOKING_LIMITS.travellers}
            defaultValue={v.children}
            error={errors.children}
          />
        </div>
        <TextField
          id="staff-lead_name"
          name="lead_name"
          label="Lead traveller's full name"
          required
          maxLength={BOOKING_LIMITS.name}
          defaultValue={v.lead_name}
          error={errors.lead_name}
        />
        <TextField
          id="staff-email"
          name="email"
          type="email"
          label="E-mail"
          required
          maxLength={BOOKING_LIMITS.email}
          defaultValue={v.email}
          error={errors.email}
        />
        <TextField
          id="staff-phone"
          name="phone"
          type="tel"
          label="Phone (optional)"
          maxLength={BOOKING_LIMITS.phone}
          defaultValue={v.phone}
          error={errors.phone}
        />
        <TextField
          id="staff-country"
          name="country"
          label="Country of residence (optional)"
          maxLength={BOOKING_LIMITS.country}
          defaultValue={v.country}
          error={errors.country}
        />
        {props.languages.length > 0 ? (
          <div className="field">
            <label htmlFor="staff-language">Language of the traveller&apos;s e-mails</label>
            <select
              id="staff-language"
              name="language"
              defaultValue={v.language}
              aria-invalid={errors.language ? true : undefined}
              aria-describedby={errors.language ? "staff-language-error" : undefined}
            >
              {props.languages.map((l) => (
                <option key={l.code} value={l.code}>
                  {l.name}
                </option>
              ))}
            </select>
            {errors.language ? (
              <p className="field-error" id="staff-language-error" role="alert">
                {errors.language}
              </p>
            ) : null}
          </div>
        ) : null}
        <div className="field">
          <label htmlFor="staff-other_travellers">Other travellers&apos; names (one a line)</label>
          <textarea
            id="staff-other_travellers"
            name="other_travellers"
            rows={3}
            defaultValue={v.other_travellers}
            aria-invalid={errors.other_travellers ? true : undefined}
            aria-describedby={errors.other_travellers ? "staff-other_travellers-error" : undefined}
          />
          {errors.other_travellers ? (
            <p className="field-error" id="staff-other_travellers-error" role="alert">
              {errors.other_travellers}
            </p>
          ) : null}
        </div>
        <div className="field">
          <label htmlFor="staff-notes">Notes</label>
          <textarea
            id="staff-notes"
            name="notes"
            rows={3}
            maxLength={BOOKING_LIMITS.notes}
            defaultValue={v.notes}
            aria-invalid={errors.notes ? true : undefined}
            aria-describedby={errors.notes ? "staff-notes-error" : undefined}
          />
          {errors.notes ? (
            <p className="field-error" id="staff-notes-error" role="alert">
              {errors.notes}
            </p>
          ) : null}
        </div>
        <div className="field field-checkbox">
          <input
            id="staff-confirm"
            name="confirm"
            type="checkbox"
            defaultChecked={v.confirm === "on"}
          />
          <label htmlFor="staff-confirm">Confirm at once (otherwise the seats are held)</label>
        </div>
        <div className="field field-checkbox">
          <input
            id="staff-notify"
            name="notify"
            type="checkbox"
            defaultChecked={v.notify === "on"}
          />
          <label htmlFor="staff-notify">E-mail the traveller their private booking link</label>
        </div>
        <button
          type="submit"
          className="button button-primary"
          disabled={props.pending || props.choices.length === 0}
        >
          Make booking
        </button>
      </Form>
    </section>
  );
}
