import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { FieldErrors, focusIf } from "./form-fields";
import type { PackageFormInput } from "./form-types";

type Field = FieldMetadata<string | null | undefined, PackageFormInput>;

interface ScheduleSectionProps {
  fields: { publish_at: Field; unpublish_at: Field };
  /** SITE_TIME_ZONE, named in the hint: the times are the company's, not the browser's. */
  timeZone: string;
  focusName?: string;
  /** The full form saves a draft with "Save Draft"; the exclusive form has a Status select. */
  draftHint: string;
}

/**
 * Publish at / Unpublish at (decision 093): optional, typed in the company's time zone,
 * applied by the job runner within a minute of the time.
 */
export function ScheduleSection({ fields, timeZone, focusName, draftHint }: ScheduleSectionProps) {
  return (
    <section className="form-section" aria-labelledby="schedule-heading">
      <h2 id="schedule-heading">Schedule</h2>
      <p className="field-hint schedule-hint" id="schedule-hint">
        Optional. Times are in {timeZone.replace(/_/g, " ")} time. {draftHint} Leave empty for no
        scheduled change.
      </p>
      <div className="field-grid">
        <ScheduleField field={fields.publish_at} label="Publish at" focusName={focusName} />
        <ScheduleField field={fields.unpublish_at} label="Unpublish at" focusName={focusName} />
      </div>
    </section>
  );
}

function ScheduleField({
  field,
  label,
  focusName,
}: {
  field: Field;
  label: string;
  focusName?: string;
}) {
  const { key, ...props } = getInputProps(field, { type: "datetime-local" });
  const describedBy = [props["aria-describedby"], "schedule-hint"].filter(Boolean).join(" ");
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      <input
        key={key}
        {...props}
        aria-describedby={describedBy}
        step={60}
        {...focusIf(focusName, field.name)}
      />
      <FieldErrors field={field} />
    </div>
  );
}
