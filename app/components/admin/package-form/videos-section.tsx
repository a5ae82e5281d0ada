import type { FieldMetadata } from "@conform-to/react";
import { LIMITS } from "~/domain/schemas";
import { videoSource } from "~/domain/video-embed";
import { FieldErrors } from "./form-fields";
import type { PackageFormInput } from "./form-types";

type Video = { type?: "upload" | "url"; url?: string; title?: string; description?: string };

interface VideosSectionProps {
  field: FieldMetadata<Video[] | undefined, PackageFormInput>;
}

const PARTS = ["type", "url", "title", "description"] as const;

/** One video as `videos[i].type`, `.url`, `.title`, `.description` hidden inputs. */
function VideoInputs({ name, value }: { name: string; value: Video }) {
  return PARTS.map((part) => (
    <input
      key={part}
      type="hidden"
      name={`${name}.${part}`}
      value={(part === "type" ? (value.type ?? "url") : value[part]) ?? ""}
    />
  ));
}

/**
 * The exclusive form shows no videos (spec §2), but a package made through the API may have some:
 * they are carried unseen, so saving the form never drops them.
 */
export function CarriedVideos({ field }: VideosSectionProps) {
  return field
    .getFieldList()
    .map((video) => (
      <VideoInputs
        key={video.key}
        name={video.name}
        value={(video.value ?? video.initialValue ?? {}) as Video}
      />
    ));
}

/** Spec §2: the source is labelled YouTube, Vimeo, External URL or Uploaded Video. */
function sourceLabel(type: string | undefined, url: string): string {
  if (type === "upload") return "Uploaded Video";
  const source = videoSource(url);
  if (source.kind === "youtube") return "YouTube";
  if (source.kind === "vimeo") return "Vimeo";
  return "External URL";
}

/**
 * Travel Moments Videos (up to 6): the package's videos, carried as `videos[i].type`, `.url`,
 * `.title`, `.description` so a save keeps them in their order. Adding videos comes with the
 * media work.
 */
export function VideosSection({ field }: VideosSectionProps) {
  const videos = field.getFieldList();
  return (
    <section className="form-section" aria-labelledby="videos-heading">
      <h2 id="videos-heading">Travel Moments Videos</h2>
      <p className="field-hint">Up to {LIMITS.packageVideos} videos.</p>
      {videos.length ? (
        <ul className="media-list">
          {videos.map((video) => {
            const value = (video.value ?? video.initialValue ?? {}) as Video;
            const url = value.url ?? "";
            const source = videoSource(url);
            return (
              <li key={video.key}>
                {source.kind === "youtube" ? (
                  <img src={source.thumbnailUrl} alt="" width={120} height={90} loading="lazy" />
                ) : null}
                <div>
                  <p className="media-title">{value.title || url}</p>
                  <p className="field-hint">{sourceLabel(value.type, url)}</p>
                </div>
                <VideoInputs name={video.name} value={value} />
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="media-empty">No videos yet.</p>
      )}
      <FieldErrors field={field} />
    </section>
  );
}
