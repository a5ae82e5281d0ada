import { departureSummary } from "~/domain/departures";
import type { ReactNode } from "react";
import type { MomentSnapshot, PackageSnapshot } from "~/domain/versions";

/** A read-only rendering of a version's fields: what a restore would bring back. */
export function VersionContent({
  kind,
  content,
}: {
  kind: string;
  content: PackageSnapshot | MomentSnapshot;
}) {
  return kind === "moment" ? (
    <MomentFields moment={content as MomentSnapshot} />
  ) : (
    <PackageFields pkg={content as PackageSnapshot} />
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="version-field">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

const text = (value: string | number | null | undefined) =>
  value === null || value === undefined || value === "" ? (
    <span className="version-empty">(empty)</span>
  ) : (
    String(value)
  );

function TextList({ items }: { items: string[] }) {
  if (items.length === 0) return text("");
  return (
    <ul>
      {items.map((item, i) => (
        <li key={i}>{item}</li>
      ))}
    </ul>
  );
}

function PackageFields({ pkg }: { pkg: PackageSnapshot }) {
  return (
    <dl className="version-fields">
      <Field label="Title">{text(pkg.title)}</Field>
      <Field label="URL slug">{text(pkg.slug)}</Field>
      <Field label="Status">{pkg.status === "published" ? "Published" : "Draft"}</Field>
      <Field label="Price">{text(pkg.price)}</Field>
      <Field label="Location">{text(pkg.location)}</Field>
      <Field label="Duration">{text(pkg.duration)}</Field>
      <Field label="Travel period">{text(pkg.travel_period)}</Field>
      <Field label="Rating">{text(pkg.rating)}</Field>
      <Field label="Number of reviews">{text(pkg.review_count)}</Field>
      <Field label="Rating source">{text(pkg.rating_source)}</Field>
      <Field label="Description">
        <div className="version-long">{text(pkg.description)}</div>
      </Field>
      <Field label={`Images (${pkg.images.length})`}>
        {pkg.imageDetails.length === 0 ? (
          text("")
        ) : (
          <ol className="version-images">
            {pkg.imageDetails.map((image, i) => (
              <li key={`${image.url}-${i}`}>
                <img
                  src={image.url}
                  alt={image.alt || `Image ${i + 1} of ${pkg.title}`}
                  width={160}
                  height={107}
                  loading="lazy"
                  style={{ objectPosition: `${image.focal_x * 100}% ${image.focal_y * 100}%` }}
                />
                <span>
                  {i + 1}. Alt text: {image.alt ? image.alt : <em>none (the title)</em>}
                </span>
              </li>
            ))}
          </ol>
        )}
      </Field>
      <Field label={`Videos (${pkg.videos.length})`}>
        {pkg.videos.length === 0 ? (
          text("")
        ) : (
          <ol>
            {pkg.videos.map((v, i) => (
              <li key={`${v.url}-${i}`}>
                {v.title ? `${v.title}: ` : ""}
                <span className="version-url">{v.url}</span>
              </li>
            ))}
          </ol>
        )}
      </Field>
      <Field label="Highlights">
        <TextList items={pkg.highlights} />
      </Field>
      <Field label="Inclusions">
        <TextList items={pkg.inclusions} />
      </Field>
      <Field label="Exclusions">
        <TextList items={pkg.exclusions} />
      </Field>
      <Field label="Itinerary">
        {pkg.itinerary.length === 0 ? (
          text("")
        ) : (
          <ol>
            {pkg.itinerary.map((d, i) => (
              <li key={i}>
                <strong>{d.day || `Day ${i + 1}`}</strong>
                {d.activity ? `: ${d.activity}` : ""}
                {d.accommodation ? ` (stay: ${d.accommodation})` : ""}
              </li>
            ))}
          </ol>
        )}
      </Field>
      <Field label="Departures">
        {pkg.departures.length === 0 ? (
          text("")
        ) : (
          <ul>
            {pkg.departures.map((d, i) => (
              <li key={i}>{departureSummary(d)}</li>
            ))}
          </ul>
        )}
      </Field>
      <Field label="FAQ">
        {pkg.faqs.length === 0 ? (
          text("")
        ) : (
          <ol>
            {pkg.faqs.map((f, i) => (
              <li key={i}>
                <strong>{f.question}</strong> {f.answer}
              </li>
            ))}
          </ol>
        )}
      </Field>
      <Field label="Meeting point">{text(pkg.meeting_point)}</Field>
    </dl>
  );
}

function MomentFields({ moment }: { moment: MomentSnapshot }) {
  return (
    <dl className="version-fields">
      <Field label="Title">{text(moment.title)}</Field>
      <Field label="Shown on the home page">{moment.isActive ? "Yes" : "No"}</Field>
      <Field label="Duration">{text(moment.duration)}</Field>
      <Field label="Description">
        <div className="version-long">{text(moment.description)}</div>
      </Field>
      <Field label="Video">
        <span className="version-url">{moment.videoUrl}</span>
      </Field>
      <Field label="Thumbnail">
        {moment.thumbnailUrl ? (
          <img
            src={moment.thumbnailUrl}
            alt={moment.thumbnailAlt || `Thumbnail of ${moment.title}`}
            width={160}
            height={284}
            loading="lazy"
          />
        ) : (
          text("")
        )}
      </Field>
      <Field label="Thumbnail description">{text(moment.thumbnailAlt)}</Field>
    </dl>
  );
}
