import {
  getInputProps,
  getTextareaProps,
  type FieldMetadata,
  type FormMetadata,
} from "@conform-to/react";
import { FieldErrors, focusIf } from "./form-fields";
import type { PackageFormInput } from "./form-types";
import { RowsEditor } from "./rows-editor";

type Day = { day?: string; activity?: string; accommodation?: string };

interface ItineraryEditorProps {
  form: FormMetadata<PackageFormInput>;
  field: FieldMetadata<Day[] | undefined, PackageFormInput>;
  focusName?: string;
}

/** Spec §2: Day Name, Activities, Accommodation per day; at least one day is always shown. */
export function ItineraryEditor({ form, field, focusName }: ItineraryEditorProps) {
  return (
    <RowsEditor
      form={form}
      field={field}
      heading="Itinerary"
      legend={(index) => `Day ${index + 1}`}
      addLabel="Add Day"
      blankRow={{ day: "", activity: "", accommodation: "" }}
      firstInput="day"
      focusName={focusName}
    >
      {(dayField) => {
        const { day, activity, accommodation } = dayField.getFieldset();
        const { key: dayKey, ...dayProps } = getInputProps(day, { type: "text" });
        const { key: activityKey, ...activityProps } = getTextareaProps(activity);
        const { key: stayKey, ...stayProps } = getInputProps(accommodation, { type: "text" });
        return (
          <>
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
          </>
        );
      }}
    </RowsEditor>
  );
}
