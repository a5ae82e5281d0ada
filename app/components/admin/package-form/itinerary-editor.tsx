import type { FieldMetadata, FormMetadata } from "@conform-to/react";
import { TextAreaField, TextField } from "./form-fields";
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
        return (
          <>
            <TextField
              field={day}
              label="Day Name"
              placeholder="e.g. Day 1: Arrival in Ubud"
              focusName={focusName}
            />
            <TextAreaField field={activity} label="Activities" rows={3} focusName={focusName} />
            <TextField field={accommodation} label="Accommodation" focusName={focusName} />
          </>
        );
      }}
    </RowsEditor>
  );
}
