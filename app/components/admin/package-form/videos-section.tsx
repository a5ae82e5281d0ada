import {
  getInputProps,
  getTextareaProps,
  type FieldMetadata,
  type FormMetadata,
} from "@conform-to/react";
import { useState, type ChangeEvent } from "react";
import { toast } from "sonner";
import { LIMITS, MESSAGES } from "~/domain/schemas";
import { videoSource } from "~/domain/video-embed";
import { UploadProgressList } from "../media/upload-progress";
import { useUploads } from "../media/use-uploads";
import { useHydrated } from "~/components/ui/use-hydrated";
import { FieldErrors, rowKey } from "./form-fields";
import type { PackageFormInput } from "./form-types";
import { useOwnField } from "./use-own-field";
import { YouTubeThumbnail } from "./video-thumbnail";
import "~/styles/admin-media.css";

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
        key={rowKey(video)}
        name={video.name}
        value={(video.value ?? video.initialValue ?? {}) as Video}
      />
    ));
}

/** Spec §2: the source is labelled YouTube, Vimeo, External URL or Uploaded Video. */
export function sourceLabel(type: string | undefined, url: string): string {
  if (type === "upload") return "Uploaded Video";
  const source = videoSource(url);
  if (source.kind === "youtube") return "YouTube";
  if (source.kind === "vimeo") return "Vimeo";
  return "External URL";
}

const TARGET = { kind: "video", folder: "packages" } as const;
const TEXTS = { success: "Video uploaded successfully", failed: "Failed to upload video" };
const VIDEO_TYPES =
  "video/mp4,video/quicktime,video/webm,video/x-msvideo,video/avi,video/x-ms-wmv,video/x-flv,.mp4,.mov,.webm,.avi,.wmv,.flv";
/** The input a video file travels in without JavaScript (read by readPackageFormPost). */
const NEW_VIDEO_FIELD = "videos.new";
const BLANK_URL_ENTRY = { type: "url", url: "", title: "", description: "" } as const;

interface EditableVideosProps extends VideosSectionProps {
  form: FormMetadata<PackageFormInput>;
}

/**
 * Travel Moments Videos (up to 6), carried as `videos[i].type|url|title|description` in their
 * order. Each entry is an upload or a URL (labelled YouTube, Vimeo, External URL or Uploaded
 * Video; YouTube shows its thumbnail); title and description are optional; entries move up and
 * down and are removed with Conform intents (with and without JavaScript). A file over 60 MB is
 * refused in the browser before any byte is sent.
 */
export function VideosSection(props: EditableVideosProps) {
  const [field, form] = useOwnField(props.field);
  const videos = field.getFieldList();
  const hydrated = useHydrated();
  const [notice, setNotice] = useState<string>();
  const { uploads, start } = useUploads(TARGET, TEXTS, (url) =>
    form.insert({ name: field.name, defaultValue: { ...BLANK_URL_ENTRY, type: "upload", url } }),
  );
  const free = LIMITS.packageVideos - videos.length - uploads.length;

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    if (file.size > LIMITS.videoBytes) {
      const message = MESSAGES.packageVideoTooLarge(file.name);
      setNotice(message);
      toast.error("Upload Failed", { description: message });
      return;
    }
    setNotice(undefined);
    start(file);
  };

  return (
    <section className="form-section" aria-labelledby="videos-heading">
      <h2 id="videos-heading">Travel Moments Videos</h2>
      <p className="field-hint">
        Up to {LIMITS.packageVideos} videos: upload a file (MP4, MOV, WebM, AVI, WMV or FLV, at most
        60MB) or enter a YouTube, Vimeo or https video URL.
      </p>
      {videos.length ? (
        <ol className="video-entries">
          {videos.map((video, index) => {
            const parts = video.getFieldset();
            const value = (video.value ?? video.initialValue ?? {}) as Video;
            const type = value.type === "upload" ? "upload" : "url";
            const url = value.url ?? "";
            const source = videoSource(url);
            const number = index + 1;
            const { key: urlKey, ...urlProps } = getInputProps(parts.url, { type: "url" });
            const { key: titleKey, ...titleProps } = getInputProps(parts.title, { type: "text" });
            const { key: descriptionKey, ...descriptionProps } = getTextareaProps(
              parts.description,
            );
            return (
              <li key={rowKey(video)} className="video-entry">
                {source.kind === "youtube" ? (
                  <YouTubeThumbnail src={source.thumbnailUrl} number={number} />
                ) : (
                  <span className="video-entry-thumb" aria-hidden="true">
                    Video {number}
                  </span>
                )}
                <div className="video-entry-fields">
                  <p>
                    <span className="source-label">{sourceLabel(type, url)}</span>{" "}
                    <span className="visually-hidden">video {number}</span>
                  </p>
                  <input type="hidden" name={parts.type.name} value={type} />
                  {type === "upload" ? (
                    <>
                      <input type="hidden" name={parts.url.name} value={url} />
                      <p className="media-title">{url.split("/").at(-1)}</p>
                    </>
                  ) : (
                    <div className="field">
                      <label htmlFor={parts.url.id}>Video URL {number}</label>
                      <input
                        key={urlKey}
                        {...urlProps}
                        placeholder="https://www.youtube.com/watch?v=…"
                      />
                      <FieldErrors field={parts.url} />
                    </div>
                  )}
                  <div className="field">
                    <label htmlFor={parts.title.id}>Title (optional)</label>
                    <input key={titleKey} {...titleProps} />
                    <FieldErrors field={parts.title} />
                  </div>
                  <div className="field">
                    <label htmlFor={parts.description.id}>Description (optional)</label>
                    <textarea key={descriptionKey} {...descriptionProps} rows={2} />
                    <FieldErrors field={parts.description} />
                  </div>
                  <div className="media-actions">
                    {index > 0 ? (
                      <button
                        {...form.reorder.getButtonProps({
                          name: field.name,
                          from: index,
                          to: index - 1,
                        })}
                        className="button button-secondary"
                      >
                        Move up<span className="visually-hidden"> video {number}</span>
                      </button>
                    ) : null}
                    {index < videos.length - 1 ? (
                      <button
                        {...form.reorder.getButtonProps({
                          name: field.name,
                          from: index,
                          to: index + 1,
                        })}
                        className="button button-secondary"
                      >
                        Move down<span className="visually-hidden"> video {number}</span>
                      </button>
                    ) : null}
                    <button
                      {...form.remove.getButtonProps({ name: field.name, index })}
                      className="button button-ghost"
                      onClick={() => toast.success("Video deleted successfully")}
                    >
                      Remove<span className="visually-hidden"> video {number}</span>
                    </button>
                  </div>
                </div>
              </li>
            );
          })}
        </ol>
      ) : (
        <p className="media-empty">No videos yet.</p>
      )}
      <UploadProgressList uploads={uploads} label="Videos uploading" />
      {free > 0 ? (
        <div className="media-adder">
          <label htmlFor={`${field.id}-new`}>Upload a video</label>
          <input
            id={`${field.id}-new`}
            type="file"
            accept={VIDEO_TYPES}
            name={hydrated ? undefined : NEW_VIDEO_FIELD}
            onChange={hydrated ? choose : undefined}
          />
          <div>
            <button
              {...form.insert.getButtonProps({ name: field.name, defaultValue: BLANK_URL_ENTRY })}
              className="button button-secondary"
            >
              Add Video URL
            </button>
          </div>
        </div>
      ) : (
        <p className="field-hint">
          The package has {LIMITS.packageVideos} videos: remove one to add another.
        </p>
      )}
      {notice ? (
        <p className="media-notice" role="alert">
          {notice}
        </p>
      ) : null}
      <FieldErrors field={field} />
    </section>
  );
}
