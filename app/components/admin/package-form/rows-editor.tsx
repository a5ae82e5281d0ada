import type { DefaultValue, FieldMetadata, FormMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { FieldErrors, focusIf, rowKey } from "./form-fields";
import type { PackageFormInput } from "./form-types";
import { useFocusNewRow } from "./use-row-focus";

type Row = Record<string, unknown>;
type RowField<R extends Row> = FieldMetadata<R, PackageFormInput>;

interface RowsEditorProps<R extends Row> {
  form: FormMetadata<PackageFormInput>;
  field: FieldMetadata<R[] | undefined, PackageFormInput>;
  heading: string;
  /** Text under the heading. */
  hint?: string;
  /** 'Day 2', 'Departure 2': each row is a fieldset with this legend. */
  legend: (index: number) => string;
  /** 'Add Day'. */
  addLabel: string;
  /** What Add puts in the new row. */
  blankRow: DefaultValue<R>;
  /** The row's first input (focused when a row is added). */
  firstInput: keyof R & string;
  /** The field to focus after a server render (first error, or a new row). */
  focusName?: string;
  /** The row's inputs. */
  children: (row: RowField<R>, index: number) => ReactNode;
}

/**
 * A list of rows of several fields that always shows at least one row (itinerary, departures,
 * FAQ). Add and remove are submit buttons with a Conform intent: with JavaScript Conform applies
 * them in place, without it the server does.
 */
export function RowsEditor<R extends Row>({
  form,
  field,
  heading,
  hint,
  legend,
  addLabel,
  blankRow,
  firstInput,
  focusName,
  children,
}: RowsEditorProps<R>) {
  const rows = field.getFieldList();
  // Conform's ids: the row's id, a dot, the sub-field's name.
  const last = rows.at(-1);
  useFocusNewRow(rows.length, last ? `${last.id}.${firstInput}` : undefined);
  const headingId = `${field.id}-heading`;
  return (
    <section className="form-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{heading}</h2>
      {hint ? <p className="field-hint">{hint}</p> : null}
      <ol className="itinerary-editor">
        {rows.map((row, index) => (
          <li key={rowKey(row)}>
            <fieldset className="itinerary-day">
              <legend>{legend(index)}</legend>
              {children(row, index)}
              {rows.length > 1 ? (
                <button
                  {...form.remove.getButtonProps({ name: field.name, index })}
                  className="button button-ghost"
                >
                  Remove {legend(index).toLowerCase()}
                </button>
              ) : null}
            </fieldset>
          </li>
        ))}
      </ol>
      <button
        {...form.insert.getButtonProps({ name: field.name, defaultValue: blankRow })}
        className="button button-secondary"
        {...focusIf(focusName, field.name)}
      >
        {addLabel}
      </button>
      <FieldErrors field={field} />
    </section>
  );
}
