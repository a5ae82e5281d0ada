import {
  getInputProps,
  getSelectProps,
  type FieldMetadata,
  type FormMetadata,
} from "@conform-to/react";
import { DEPARTURE_STATUSES } from "~/domain/schemas";
import { DEPARTURE_STATUS_LABELS } from "~/domain/trip-facts";
import { FieldErrors, focusIf, TextAreaField, TextField } from "./form-fields";
import type { PackageFormInput } from "./form-types";
import { RowsEditor } from "./rows-editor";

type Form = FormMetadata<PackageFormInput>;
type Field<T> = FieldMetadata<T, PackageFormInput>;

/** Issue 20: departures (dates, own price, status, note), kept in date order on save. */
export function DeparturesEditor({
  form,
  field,
  focusName,
}: {
  form: Form;
  field: Field<PackageFormInput["departures"]>;
  focusName?: string;
}) {
  return (
    <RowsEditor
      form={form}
      field={field}
      heading="Departures"
      hint="Each departure shows on the trip page under Dates & Prices until the day it starts. Leave the fare empty to use the package price."
      legend={(index) => `Departure ${index + 1}`}
      addLabel="Add Departure"
      blankRow={{ start_date: "", end_date: "", price: "", status: "available", note: "" }}
      firstInput="start_date"
      focusName={focusName}
    >
      {(row) => {
        const parts = row.getFieldset();
        const { key: statusKey, ...statusProps } = getSelectProps(parts.status);
        return (
          <div className="field-grid">
            <TextField
              field={parts.start_date}
              label="Start date"
              type="date"
              focusName={focusName}
            />
            <TextField
              field={parts.end_date}
              label="End date (optional)"
              type="date"
              focusName={focusName}
            />
            <TextField
              field={parts.price}
              label="Fare (optional)"
              placeholder="e.g. From R 24 500 pp"
              focusName={focusName}
            />
            <div className="field">
              <label htmlFor={parts.status.id}>Availability</label>
              <select key={statusKey} {...statusProps} {...focusIf(focusName, parts.status.name)}>
                {DEPARTURE_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {DEPARTURE_STATUS_LABELS[status]}
                  </option>
                ))}
              </select>
              <FieldErrors field={parts.status} />
            </div>
            <TextField
              field={parts.note}
              label="Note (optional)"
              placeholder="e.g. School holidays"
              focusName={focusName}
            />
          </div>
        );
      }}
    </RowsEditor>
  );
}

/** Issue 20: questions travellers ask, shown on the trip page as a disclosure list. */
export function FaqEditor({
  form,
  field,
  focusName,
}: {
  form: Form;
  field: Field<PackageFormInput["faqs"]>;
  focusName?: string;
}) {
  return (
    <RowsEditor
      form={form}
      field={field}
      heading="Frequently Asked Questions"
      legend={(index) => `Question ${index + 1}`}
      addLabel="Add Question"
      blankRow={{ question: "", answer: "" }}
      firstInput="question"
      focusName={focusName}
    >
      {(row) => {
        const { question, answer } = row.getFieldset();
        return (
          <>
            <TextField
              field={question}
              label="Question"
              placeholder="e.g. Is the visa included?"
              focusName={focusName}
            />
            <TextAreaField field={answer} label="Answer" rows={3} focusName={focusName} />
          </>
        );
      }}
    </RowsEditor>
  );
}

/** Issue 20: a rating only when staff have one to quote, with where it comes from. */
export function RatingFields({
  fields,
  focusName,
}: {
  fields: {
    rating: Field<string | undefined>;
    review_count: Field<string | undefined>;
    rating_source: Field<string | undefined>;
  };
  focusName?: string;
}) {
  const { key: ratingKey, ...ratingProps } = getInputProps(fields.rating, { type: "text" });
  const { key: countKey, ...countProps } = getInputProps(fields.review_count, { type: "text" });
  return (
    <section className="form-section" aria-labelledby="rating-heading">
      <h2 id="rating-heading">Rating</h2>
      <p className="field-hint">
        Shown on the website only when entered. Quote a real rating and say where it comes from.
      </p>
      <div className="field-grid">
        <div className="field">
          <label htmlFor={fields.rating.id}>Rating (0–5)</label>
          <input
            key={ratingKey}
            {...ratingProps}
            inputMode="decimal"
            placeholder="e.g. 4.8"
            {...focusIf(focusName, fields.rating.name)}
          />
          <FieldErrors field={fields.rating} />
        </div>
        <div className="field">
          <label htmlFor={fields.review_count.id}>Number of reviews</label>
          <input
            key={countKey}
            {...countProps}
            inputMode="numeric"
            placeholder="e.g. 214"
            {...focusIf(focusName, fields.review_count.name)}
          />
          <FieldErrors field={fields.review_count} />
        </div>
        <TextField
          field={fields.rating_source}
          label="Source"
          placeholder="e.g. Google reviews"
          focusName={focusName}
        />
      </div>
    </section>
  );
}
