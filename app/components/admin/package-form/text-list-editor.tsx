import { getInputProps, type FieldMetadata, type FormMetadata } from "@conform-to/react";
import { FieldErrors, focusIf, rowKey } from "./form-fields";
import type { PackageFormInput } from "./form-types";
import { useFocusNewRow } from "./use-row-focus";

interface TextListEditorProps {
  form: FormMetadata<PackageFormInput>;
  field: FieldMetadata<string[] | undefined, PackageFormInput>;
  heading: string;
  /** 'highlight' → 'Highlight 2', 'Add Highlight', 'Remove highlight 2'. */
  itemName: string;
  placeholder: string;
  /** The name of the field to focus after a server render (first error, or a new row). */
  focusName?: string;
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * A list of one-line entries that always keeps one row. Add and remove are submit buttons with a
 * Conform intent: with JavaScript Conform applies them in place, without it the server does.
 */
export function TextListEditor({
  form,
  field,
  heading,
  itemName,
  placeholder,
  focusName,
}: TextListEditorProps) {
  const rows = field.getFieldList();
  useFocusNewRow(rows.length, rows.at(-1)?.id);
  const headingId = `${field.id}-heading`;
  return (
    <section className="form-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{heading}</h2>
      <ul className="list-editor">
        {rows.map((row, index) => {
          const { key, ...props } = getInputProps(row, { type: "text" });
          const label = `${capital(itemName)} ${index + 1}`;
          return (
            <li key={rowKey(row)} className="list-editor-row">
              <label htmlFor={row.id} className="visually-hidden">
                {label}
              </label>
              <input
                key={key}
                {...props}
                placeholder={placeholder}
                {...focusIf(focusName, row.name)}
              />
              {rows.length > 1 ? (
                <button
                  {...form.remove.getButtonProps({ name: field.name, index })}
                  className="button button-ghost"
                >
                  Remove<span className="visually-hidden"> {label.toLowerCase()}</span>
                </button>
              ) : null}
              <FieldErrors field={row} />
            </li>
          );
        })}
      </ul>
      <button
        {...form.insert.getButtonProps({ name: field.name, defaultValue: "" })}
        className="button button-secondary"
        {...focusIf(focusName, field.name)}
      >
        Add {capital(itemName)}
      </button>
      <FieldErrors field={field} />
    </section>
  );
}
