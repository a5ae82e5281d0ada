import type { FieldMetadata, FormMetadata } from "@conform-to/react";
import { useState, type ChangeEvent } from "react";
import { toast } from "sonner";
import { ignoredFilesNotice } from "~/domain/media-notices";
import { LIMITS, MESSAGES } from "~/domain/schemas";
import { UploadProgressList } from "../media/upload-progress";
import { useUploads } from "../media/use-uploads";
import { useHydrated } from "~/components/ui/use-hydrated";
import { FieldErrors, rowKey } from "./form-fields";
import { ImageDetails } from "./image-details";
import { useOwnField } from "./use-own-field";
import type { PackageFormInput } from "./form-types";
import "~/styles/admin-media.css";

interface ImagesSectionProps {
  form: FormMetadata<PackageFormInput>;
  field: FieldMetadata<string[] | undefined, PackageFormInput>;
}

const TARGET = { kind: "image", folder: "packages" } as const;
const TEXTS = { success: "Image uploaded successfully", failed: "Failed to upload image" };
const IMAGE_TYPES = "image/jpeg,image/png,image/webp,image/avif,image/gif";
/** The input files travel in without JavaScript (read by readPackageFormPost). */
const NEW_IMAGES_FIELD = "images.new";

const ignoredNotice = (count: number) => ignoredFilesNotice(count, "images");

/** The form's image_details as it holds them (strings, maybe partial). */
function imageDetailsOf(value: unknown): { url: string; alt: string; focal: string }[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((row: unknown) => {
    if (typeof row !== "object" || row === null) return [];
    const { url, alt, focal } = row as Record<string, unknown>;
    if (typeof url !== "string") return [];
    return [
      {
        url,
        alt: typeof alt === "string" ? alt : "",
        focal: typeof focal === "string" ? focal : "0.5,0.5",
      },
    ];
  });
}

/**
 * Package Images (1-4), carried as `images[0]`, `images[1]`… in their order; the first is the
 * card's cover. Choose one or several files: with JavaScript they upload at once (progress,
 * cancel); without it they travel with the save. Remove and "Make cover" are Conform intents,
 * so they work with and without JavaScript.
 */
export function ImagesSection(props: ImagesSectionProps) {
  const [field, form] = useOwnField(props.field);
  const images = field.getFieldList();
  const hydrated = useHydrated();
  const [notice, setNotice] = useState<string>();
  const { uploads, start } = useUploads(TARGET, TEXTS, (url) =>
    form.insert({ name: field.name, defaultValue: url }),
  );
  const free = LIMITS.packageImages - images.length - uploads.length;
  // Alt text and focal point go with an image's URL, whatever its place (Make cover, removals).
  const details = imageDetailsOf(form.value?.image_details ?? form.initialValue?.image_details);
  const detail = (url: string) => details.find((d) => d.url === url);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = "";
    const taken = files.slice(0, Math.max(free, 0));
    const ignored = files.length - taken.length;
    setNotice(ignored ? ignoredNotice(ignored) : undefined);
    if (ignored) toast.warning(ignoredNotice(ignored));
    for (const file of taken) {
      if (file.size > LIMITS.videoBytes) {
        toast.error("Upload Failed", { description: MESSAGES.packageVideoTooLarge(file.name) });
        continue;
      }
      start(file);
    }
  };

  return (
    <section className="form-section" aria-labelledby="images-heading">
      <h2 id="images-heading">Package Images</h2>
      <p className="field-hint">
        Up to {LIMITS.packageImages} images (JPEG, PNG, WebP, AVIF or GIF); the first is the cover.
      </p>
      {images.length ? (
        <ul className="media-tiles media-tiles-wide">
          {images.map((image, index) => {
            const url = image.value ?? image.initialValue ?? "";
            const label = index === 0 ? "Cover" : `Image ${index + 1}`;
            return (
              <li key={rowKey(image)} className="media-tile">
                <span className="media-tile-label">{label}</span>
                <ImageDetails
                  index={index}
                  url={url}
                  label={label}
                  alt={detail(url)?.alt ?? ""}
                  focal={detail(url)?.focal ?? "0.5,0.5"}
                  errors={{
                    alt: form.allErrors[`image_details[${index}].alt`],
                    focal: form.allErrors[`image_details[${index}].focal`],
                  }}
                >
                  <img src={url} alt={`${label} of ${images.length}`} width={160} height={90} />
                </ImageDetails>
                <input type="hidden" name={image.name} value={url} />
                <div className="media-actions">
                  {index > 0 ? (
                    <button
                      {...form.reorder.getButtonProps({ name: field.name, from: index, to: 0 })}
                      className="button button-secondary"
                    >
                      Make cover<span className="visually-hidden"> (image {index + 1})</span>
                    </button>
                  ) : null}
                  <button
                    {...form.remove.getButtonProps({ name: field.name, index })}
                    className="button button-ghost"
                    onClick={() => toast.success("Image deleted successfully")}
                  >
                    Remove<span className="visually-hidden"> image {index + 1}</span>
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="media-empty">No images yet.</p>
      )}
      <UploadProgressList uploads={uploads} label="Images uploading" />
      {free > 0 ? (
        <div className="media-adder">
          <label htmlFor={`${field.id}-new`}>
            Add images <span className="field-hint">({free} more allowed)</span>
          </label>
          <input
            id={`${field.id}-new`}
            type="file"
            accept={IMAGE_TYPES}
            multiple
            // With JavaScript the files upload at once, so the save does not send them again.
            name={hydrated ? undefined : NEW_IMAGES_FIELD}
            onChange={hydrated ? choose : undefined}
          />
        </div>
      ) : (
        <p className="field-hint">Remove an image to add another.</p>
      )}
      {notice ? (
        <p className="media-notice" role="status">
          {notice}
        </p>
      ) : null}
      <FieldErrors field={field} />
    </section>
  );
}
