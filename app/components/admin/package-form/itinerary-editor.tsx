import {
  getInputProps,
  getTextareaProps,
  type FieldMetadata,
  type FormMetadata,
} from "@conform-to/react";
import { FieldErrors, focusIf, rowKey } from "./form-fields";
import type { PackageFormInput } from "./form-types";
import { useFocusNewRow } from "./use-row-focus";

type Day = { day?: string; activity?: string; accommodation?: string };

interface ItineraryEditorProps {
  form: FormMetadata<PackageFormInput>;
  field: FieldMetadata<Day[] | undefined, PackageFormInput>;
  focusName?: string;
}

/** Spec §2: Day Name, Activities, Accommodation per day; at least one day is always shown. */
export function ItineraryEditor({ form, field, focusName }: ItineraryEditorProps) {
  const days = field.getFieldList();
  useFocusNewRow(days.length, days.at(-1)?.getFieldset().day.id);
  return (
    <section className="form-section" aria-labelledby="itinerary-heading">
      <h2 id="itinerary-heading">Itinerary</h2>
      <ol className="itinerary-editor">
        {days.map((dayField, index) => {
          const { day, activity, accommodation } = dayField.getFieldset();
          const { key: dayKey, ...dayProps } = getInputProps(day, { type: "text" });
          const { key: activityKey, ...activityProps } = getTextareaProps(activity);
          const { key: stayKey, ...stayProps } = getInputProps(accommodation, { type: "text" });
          return (
            <li key={rowKey(dayField)}>
              <fieldset className="itinerary-day">
                <legend>Day {index + 1}</legend>
                <div className="field">
                  <label htmlFor={day.id}>Day Name</label>
                  <input
                    key={dayKey}
                    {...dayProps}
                    placeholder="e.g. Day 1: Arrival in Ubud"
                    {...focusIf(focusName, day.name)}
                  />
                  <FieldErrors field={day} />
                </div>
                <div className="field">
                  <label htmlFor={activity.id}>Activities</label>
                  <textarea
                    key={activityKey}
                    {...activityProps}
                    rows={3}
                    {...focusIf(focusName, activity.name)}
                  />
                  <FieldErrors field={activity} />
                </div>
                <div className="field">
                  <label htmlFor={accommodation.id}>Accommodation</label>
                  <input key={stayKey} {...stayProps} {...focusIf(focusName, accommodation.name)} />
                  <FieldErrors field={accommodation} />
                </div>
                {days.length > 1 ? (
                  <button
                    {...form.remove.getButtonProps({ name: field.name, index })}
                    className="button button-ghost"
                  >
                    Remove day {index + 1}
                  </button>
                ) : null}
              </fieldset>
            </li>
          );
        })}
      </ol>
      <button
        {...form.insert.getButtonProps({
          name: field.name,
          defaultValue: { day: "", activity: "", accommodation: "" },
        })}
        className="button button-secondary"
        {...focusIf(focusName, field.name)}
      >
        Add Day
      </button>
      <FieldErrors field={field} />
    </section>
  );
}
