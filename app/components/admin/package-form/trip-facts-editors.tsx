import {
  getInputProps,
  getSelectProps,
  type FieldMetadata,
  type FormMetadata,
} from "@conform-to/react";
import { COMMON_CURRENCIES } from "~/domain/money";
import { blankDeparture } from "~/domain/package-form";
import { FieldErrors, focusIf, TextAreaField, TextField } from "./form-fields";
import type { PackageFormInput } from "./form-types";
import { RowsEditor } from "./rows-editor";

type Form = FormMetadata<PackageFormInput>;
type Field<T> = FieldMetadata<T, PackageFormInput>;

/**
 * Departures (decision 115): dates, seats (empty: on request), the price as an amount in a
 * currency, a status set by hand only to close a date or mark it limited, guaranteed, a note.
 * Kept in date order on save; a stored row carries its id (and any earlier price text) hidden.
 */
export function DeparturesEditor({
  form,
  field,
  focusName,
  currency,
}: {
  form: Form;
  field: Field<PackageFormInput["departures"]>;
  focusName?: string;
  /** The site's currency: a new row starts with it. */
  currency: string;
}) {
  const currencies = COMMON_CURRENCIES.includes(currency as (typeof COMMON_CURRENCIES)[number])
    ? [...COMMON_CURRENCIES]
    : [currency, ...COMMON_CURRENCIES];
  return (
    <RowsEditor
      form={form}
      field={field}
      heading="Departures"
      hint="Each departure shows on the trip page under Dates & Prices until the day it starts. Travellers can book a date online when it has seats and a price; leave either empty for on request."
      legend={(index) => `Departure ${index + 1}`}
      addLabel="Add Departure"
      blankRow={blankDeparture(currency)}
      firstInput="start_date"
      focusName={focusName}
    >
      {(row) => {
        const parts = row.getFieldset();
        const { key: statusKey, ...statusProps } = getSelectProps(parts.status);
        const { key: currencyKey, ...currencyProps } = getSelectProps(parts.currency);
        const { key: guaranteedKey, ...guaranteedProps } = getInputProps(parts.guaranteed, {
          type: "checkbox",
        });
        const earlierPrice = parts.price_text.initialValue;
        const rowCurrencies =
          parts.currency.initialValue && !currencies.includes(parts.currency.initialValue)
            ? [parts.currency.initialValue, ...currencies]
            : currencies;
        return (
          <div className="field-grid">
            <input {...getInputProps(parts.id, { type: "hidden" })} key={parts.id.key} />
            <FieldErrors field={parts.id} />
            <input
              {...getInputProps(parts.price_text, { type: "hidden" })}
              key={parts.price_text.key}
            />
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
              field={parts.seats}
              label="Seats (optional)"
              placeholder="e.g. 12"
              inputMode="numeric"
              focusName={focusName}
            />
            <TextField
              field={parts.amount}
              label="Fare per traveller (optional)"
              placeholder="e.g. 24 500"
              inputMode="decimal"
              hint={
                earlierPrice
                  ? `Was "${earlierPrice}": enter the amount; until then this date is on request.`
                  : undefined
              }
              focusName={focusName}
            />
            <div className="field">
              <label htmlFor={parts.currency.id}>Currency</label>
              <select
                key={currencyKey}
                {...currencyProps}
                {...focusIf(focusName, parts.currency.name)}
              >
                {rowCurrencies.map((code) => (
                  <option key={code} value={code}>
                    {code}
                  </option>
                ))}
              </select>
              <FieldErrors field={parts.currency} />
            </div>
            <div className="field">
              <label htmlFor={parts.status.id}>Availability</label>
              <select key={statusKey} {...statusProps} {...focusIf(focusName, parts.status.name)}>
                <option value="">From the seats left</option>
                <option value="limited">Limited (set by hand)</option>
                <option value="sold_out">Closed: sold out (set by hand)</option>
              </select>
              <FieldErrors field={parts.status} />
            </div>
            <div className="field field-checkbox">
              <label>
                <input key={guaranteedKey} {...guaranteedProps} /> Guaranteed departure
              </label>
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

/** Questions travellers ask, shown on the trip page as a disclosure list. */
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

/** A rating only when staff have one to quote, with where it comes from. */
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
