import { getFormProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { Form, Link } from "react-router";
import type { PackageFormData, PackageFormReply } from "~/domain/package-form";
import { kindInfo } from "~/domain/package-kinds";
import { MESSAGES } from "~/domain/schemas";
import { FieldErrors, FormErrors, TextField, focusIf } from "./form-fields";
import { ImagesSection } from "./images-section";
import { CarriedVideos } from "./videos-section";
import { useIsSubmitting } from "./use-is-submitting";
import { usePackageForm } from "./use-package-form";

const ORDER = [
  "title",
  "price",
  "duration",
  "location",
  "travel_period",
  "status",
  "description",
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
  const info = kindInfo(data.kind);
  const { form, fields, focusName } = usePackageForm({
    id: `package-form-${data.kind}-${data.id ?? "new"}`,
    kind: data.kind,
    values: data.values,
    reply,
    order: ORDER,
  });
  const submitting = useIsSubmitting();
  const missingRequired = [fields.title, fields.price].some((f) =>
    f.errors?.includes(MESSAGES.requiredFields),
  );
  const { key: statusKey, ...statusProps } = getSelectProps(fields.status);
  const { key: descriptionKey, ...descriptionProps } = getTextareaProps(fields.description);
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      {...getFormProps(form)}
      className="package-form"
      aria-labelledby="form-heading"
    >
      {missingRequired ? (
        <div className="form-error" role="alert">
          <p className="form-error-title">Error</p>
          <p>{MESSAGES.requiredFields}</p>
        </div>
      ) : null}
      <FormErrors
        form={form}
        latestHref={reply?.stale && data.id ? info.admin.editPath(data.id) : undefined}
      />
      {data.values.updated_at ? (
        <input type="hidden" name="updated_at" value={data.values.updated_at} />
      ) : null}

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

      <ImagesSection form={form} field={fields.images} />
      <CarriedVideos field={fields.videos} />

      <div className="form-actions">
        <Link to={info.admin.listPath} className="button button-secondary">
          Cancel
        </Link>
        <button type="submit" className="button button-primary" disabled={submitting}>
          {data.mode === "new" ? "Create Exclusive Package" : "Save Exclusive Package"}
        </button>
      </div>
    </Form>
  );
}
