import type { FieldMetadata } from "@conform-to/react";
import { LIMITS } from "~/domain/schemas";
import { FieldErrors } from "./form-fields";
import type { PackageFormInput } from "./form-types";

interface ImagesSectionProps {
  field: FieldMetadata<string[] | undefined, PackageFormInput>;
}

/**
 * Package Images (1-4): the package's images, carried as `images[0]`, `images[1]`… so a save
 * keeps them in their order. Uploading and removing images is added by the media work.
 */
export function ImagesSection({ field }: ImagesSectionProps) {
  const images = field.getFieldList();
  return (
    <section className="form-section" aria-labelledby="images-heading">
      <h2 id="images-heading">Package Images</h2>
      <p className="field-hint">Up to {LIMITS.packageImages} images; the first is the cover.</p>
      {images.length ? (
        <ul className="media-thumbs">
          {images.map((image, index) => {
            const url = image.value ?? image.initialValue ?? "";
            return (
              <li key={image.key}>
                <img
                  src={url}
                  alt={index === 0 ? "Cover" : `Gallery ${index + 1} of ${images.length}`}
                  width={160}
                  height={90}
                />
                <input type="hidden" name={image.name} value={url} />
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="media-empty">No images yet.</p>
      )}
      <FieldErrors field={field} />
    </section>
  );
}
