import { getSelectProps, getTextareaProps } from "@conform-to/react";
import type { PackageFormData, PackageFormReply } from "~/domain/package-form";
import { MESSAGES } from "~/domain/schemas";
import { FieldErrors, TextField, focusIf } from "./form-fields";
import { ImagesSection } from "./images-section";
import { PackageFormFrame } from "./package-form-frame";
import { CarriedVideos } from "./videos-section";
import { usePackageForm } from "./use-package-form";
import { RatingFields } from "./trip-facts-editors";
import { ScheduleSection } from "./schedule-section";

const ORDER = [
  "title",
  "price",
  "duration",
  "location",
  "travel_period",
  "status",
  "description",
  "publish_at",
  "unpublish_at",
  "rating",
  "review_count",
  "rating_source",
  "images",
] as const;

interface ExclusivePackageFormProps {
  data: PackageFormData;
  reply: PackageFormReply | undefined;
}

/**
 * The simpler exclusive form (spec §2, §5): no slug (made from the title, numbered when taken),
 * no lists, no videos; a Status select; title and price required.
 */
export function ExclusivePackageForm({ data, reply }: ExclusivePackageFormProps) {
  const { form, fields, focusName, submitting } = usePackageForm({ data, reply, order: ORDER });
  const missingRequired = [fields.title, fields.price].some((f) =>
    f.errors?.includes(MESSAGES.requiredFields),
  );
  const { key: statusKey, ...statusProps } = getSelectProps(fields.status);
  const { key: descriptionKey, ...descriptionProps } = getTextareaProps(fields.description);
  return (
    <PackageFormFrame
      form={form}
      data={data}
      reply={reply}
      lead={
        missingRequired ? (
          <div className="form-error" role="alert">
            <p className="form-error-title">Error</p>
            <p>{MESSAGES.requiredFields}</p>
          </div>
        ) : null
      }
      actions={
        <button type="submit" className="button button-primary" disabled={submitting}>
          {data.mode === "new" ? "Create Exclusive Package" : "Save Exclusive Package"}
        </button>
      }
    >
      <section className="form-section" aria-labelledby="details-heading">
        <h2 id="details-heading" className="visually-hidden">
          Package details
        </h2>
        <div className="field-grid">
          <TextField field={fields.title} label="Title" marked focusName={focusName} />
          <TextField field={fields.price} label="Price" marked focusName={focusName} />
          <TextField field={fields.duration} label="Duration" focusName={focusName} />
          <TextField field={fields.location} label="Location" focusName={focusName} />
          <TextField field={fields.travel_period} label="Travel Period" focusName={focusName} />
          <div className="field">
            <label htmlFor={fields.status.id}>Status</label>
            <select key={statusKey} {...statusProps} {...focusIf(focusName, "status")}>
              <option value="draft">Draft</option>
              <option value="published">Published</option>
            </select>
            <FieldErrors field={fields.status} />
          </div>
        </div>
        <div className="field">
          <label htmlFor={fields.description.id}>Description</label>
          <textarea
            key={descriptionKey}
            {...descriptionProps}
            rows={6}
            {...focusIf(focusName, "description")}
          />
          <FieldErrors field={fields.description} />
        </div>
      </section>

      <ScheduleSection
        fields={fields}
        timeZone={data.timeZone}
        focusName={focusName}
        draftHint="To publish later, choose Draft as the status and set Publish at."
      />

      <RatingFields fields={fields} focusName={focusName} />
      <ImagesSection form={form} field={fields.images} />
      <CarriedVideos field={fields.videos} />
    </PackageFormFrame>
  );
}
