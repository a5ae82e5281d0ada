import type { PackageFormData, PackageFormReply } from "~/domain/package-form";
import { useCan } from "../permissions";
import { StatusBadge } from "../status-badge";
import { FieldErrors, TextField, focusIf } from "./form-fields";
import { ImagesSection } from "./images-section";
import { ItineraryEditor } from "./itinerary-editor";
import { PackageFormFrame } from "./package-form-frame";
import { TextListEditor } from "./text-list-editor";
import { usePackageForm } from "./use-package-form";
import { VideosSection } from "./videos-section";
import { DeparturesEditor, FaqEditor, RatingFields } from "./trip-facts-editors";
import { getTextareaProps } from "@conform-to/react";
import { ScheduleSection } from "./schedule-section";
import { DepositSection } from "./deposit-section";

const ORDER = [
  "images",
  "videos",
  "title",
  "slug",
  "price",
  "duration",
  "location",
  "travel_period",
  "meeting_point",
  "description",
  "departures",
  "deposit",
  "highlights",
  "itinerary",
  "inclusions",
  "exclusions",
  "faqs",
  "rating",
  "review_count",
  "rating_source",
  "publish_at",
  "unpublish_at",
] as const;

interface FullPackageFormProps {
  data: PackageFormData;
  reply: PackageFormReply | undefined;
}

/** The package form of trips, discovery and local packages (spec §2), sections in spec order. */
export function FullPackageForm({ data, reply }: FullPackageFormProps) {
  const { form, fields, focusName, submitting } = usePackageForm({ data, reply, order: ORDER });
  // A role that cannot publish gets no Publish button: it submits for review (decision 132).
  const mayPublish = useCan("content.publish");
  const { key: descriptionKey, ...descriptionProps } = getTextareaProps(fields.description);
  return (
    <PackageFormFrame
      form={form}
      data={data}
      reply={reply}
      lead={
        /* Enter in a text field saves with the status the package has, rather than pressing the
           first add/remove row button further down (the browser's default button is the first). */
        <button
          type="submit"
          name="status"
          value={data.savedStatus}
          className="visually-hidden"
          tabIndex={-1}
          aria-hidden="true"
        >
          Save
        </button>
      }
      actions={
        <>
          <button
            type="submit"
            name="status"
            value="draft"
            className="button button-secondary"
            disabled={submitting}
          >
            Save Draft
          </button>
          {mayPublish ? (
            <button
              type="submit"
              name="status"
              value="published"
              className="button button-primary"
              disabled={submitting}
            >
              {data.mode === "new" ? "Publish Package" : "Publish"}
            </button>
          ) : null}
        </>
      }
    >
      <ImagesSection form={form} field={fields.images} />
      <VideosSection form={form} field={fields.videos} />

      <section className="form-section" aria-labelledby="basic-heading">
        <h2 id="basic-heading">Basic Information</h2>
        <div className="field-grid">
          <TextField field={fields.title} label="Title" marked focusName={focusName} />
          <TextField
            field={fields.slug}
            label="URL Slug"
            hint="Leave empty to make it from the title. Lowercase letters, digits and hyphens."
            placeholder="e.g. bali-escape"
            focusName={focusName}
          />
          <TextField
            field={fields.price}
            label="Price"
            marked
            placeholder="e.g. $2,450 per person"
            focusName={focusName}
          />
          <TextField
            field={fields.duration}
            label="Duration"
            placeholder="e.g. 7 days"
            focusName={focusName}
          />
          <TextField field={fields.location} label="Location" focusName={focusName} />
          <TextField
            field={fields.travel_period}
            label="Travel Period"
            placeholder="e.g. March - May 2026"
            focusName={focusName}
          />
          <TextField
            field={fields.meeting_point}
            label="Meeting Point"
            placeholder="e.g. Cape Town International Airport, arrivals hall"
            focusName={focusName}
          />
        </div>
      </section>

      <section className="form-section" aria-labelledby="description-heading">
        <h2 id="description-heading">
          <label htmlFor={fields.description.id}>Description</label>
        </h2>
        <textarea
          key={descriptionKey}
          {...descriptionProps}
          rows={6}
          {...focusIf(focusName, "description")}
        />
        <FieldErrors field={fields.description} />
      </section>

      <DeparturesEditor
        form={form}
        field={fields.departures}
        focusName={focusName}
        currency={data.currency}
      />
      <DepositSection
        field={fields.deposit}
        companyDeposit={data.companyDeposit}
        currency={data.depositCurrency}
        focusName={focusName}
      />

      <TextListEditor
        form={form}
        field={fields.highlights}
        heading="Package Highlights"
        itemName="highlight"
        placeholder="e.g. Sunrise trek up Mount Batur"
        focusName={focusName}
      />
      <ItineraryEditor form={form} field={fields.itinerary} focusName={focusName} />
      <TextListEditor
        form={form}
        field={fields.inclusions}
        heading="What's Included"
        itemName="inclusion"
        placeholder="e.g. Airport transfers"
        focusName={focusName}
      />
      <TextListEditor
        form={form}
        field={fields.exclusions}
        heading="What's Not Included"
        itemName="exclusion"
        placeholder="e.g. International flights"
        focusName={focusName}
      />
      <FaqEditor form={form} field={fields.faqs} focusName={focusName} />
      <RatingFields fields={fields} focusName={focusName} />

      <section className="form-section" aria-labelledby="status-heading">
        <h2 id="status-heading">Publication Status</h2>
        <p>
          <StatusBadge tone={data.savedStatus}>
            {data.savedStatus === "published" ? "Published" : "Draft"}
          </StatusBadge>{" "}
          <span className="field-hint">
            {mayPublish
              ? "Save Draft keeps the package off the website; Publish shows it there."
              : data.savedStatus === "published"
                ? "Your changes are a proposal: the website keeps showing the published version. Save Draft keeps them for you to finish; Submit for review asks an editor to apply them."
                : "Save Draft keeps the package off the website; Submit for review asks an editor to publish it."}
          </span>
        </p>
      </section>

      <ScheduleSection
        fields={fields}
        timeZone={data.timeZone}
        focusName={focusName}
        draftHint="To publish later, set Publish at and press Save Draft."
      />
    </PackageFormFrame>
  );
}
