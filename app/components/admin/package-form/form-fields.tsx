import {
  getInputProps,
  getTextareaProps,
  type FieldMetadata,
  type FormMetadata,
} from "@conform-to/react";
import type { PackageFormInput } from "./form-types";

type Field = FieldMetadata<string | null | undefined, PackageFormInput>;

/** The field's messages, referenced by the input's aria-describedby (Conform's errorId). */
export function FieldErrors({ field }: { field: { errorId: string; errors?: string[] } }) {
  if (!field.errors?.length) return null;
  return (
    <p id={field.errorId} className="field-error">
      {field.errors.join(" ")}
    </p>
  );
}

/** The form-level messages (server faults, stale edits, refused text). */
export function FormErrors({
  form,
  latestHref,
}: {
  form: FormMetadata<PackageFormInput>;
  /** After a refused stale edit: where the latest version opens (a full load, a fresh form). */
  latestHref?: string;
}) {
  if (!form.errors?.length) return null;
  return (
    <div id={form.errorId} className="form-error" role="alert">
      {form.errors.map((message) => (
        <p key={message}>{message}</p>
      ))}
      {latestHref ? (
        <p>
          <a href={latestHref}>Open the latest version</a>
        </p>
      ) : null}
    </div>
  );
}

interface TextFieldProps {
  field: Field;
  label: string;
  hint?: string;
  /** The field to focus after a server render (see focusIf). */
  focusName?: string;
  placeholder?: string;
  /** Shows ' *' after the label (spec: 'Title *', 'Price *'). */
  marked?: boolean;
  type?: "text" | "date";
  inputMode?: "numeric" | "decimal";
}

export function TextField({
  field,
  label,
  hint,
  focusName,
  placeholder,
  marked,
  type = "text",
  inputMode,
}: TextFieldProps) {
  const { key, ...props } = getInputProps(field, {
    type,
    ariaDescribedBy: hint ? field.descriptionId : undefined,
  });
  return (
    <div className="field">
      <label htmlFor={field.id}>
        {label}
        {marked ? <span aria-hidden="true"> *</span> : null}
      </label>
      <input
        key={key}
        {...props}
        {...focusIf(focusName, field.name)}
        placeholder={placeholder}
        inputMode={inputMode}
      />
      {hint ? (
        <p id={field.descriptionId} className="field-hint">
          {hint}
        </p>
      ) : null}
      <FieldErrors field={field} />
    </div>
  );
}

/** A labelled textarea with its errors (itinerary activities, FAQ answers, video descriptions). */
export function TextAreaField({
  field,
  label,
  rows,
  focusName,
}: {
  field: Field;
  label: string;
  rows: number;
  focusName?: string;
}) {
  const { key, ...props } = getTextareaProps(field);
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      <textarea key={key} {...props} rows={rows} {...focusIf(focusName, field.name)} />
      <FieldErrors field={field} />
    </div>
  );
}

/**
 * After a submission the server renders the form again (without JavaScript that is a full page):
 * focus must land on the first invalid field, or on the row an add/remove changed. autoFocus is
 * set only then, never on a plain page load (the concern of jsx-a11y/no-autofocus).
 */
export function focusIf(focusName: string | undefined, name: string): { autoFocus?: true } {
  return focusName !== undefined && focusName === name ? { autoFocus: true } : {};
}

/**
 * The React key of a list row. Conform has none for rows that only a server reply added (an add
 * without JavaScript): their index path is then stable, as nothing reorders them before a reload.
 */
export function rowKey(row: { key: string | undefined; name: string }): string {
  return row.key ?? row.name;
}
