import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef } from "react";
import { Form, Link } from "react-router";
import { z } from "zod";
import {
  formatDuration,
  MOMENT_THUMBNAIL_ACCEPT,
  MOMENT_VIDEO_ACCEPT,
  momentDialogHref,
  momentFormSchema,
  momentVideoFileError,
  type MomentReply,
} from "~/domain/moment-form";
import { LIMITS, type TravelMoment } from "~/domain/schemas";
import { DialogActions } from "../dialog";

const FIELD_ORDER = [
  "title",
  "description",
  "video",
  "thumbnail",
  "thumbnailAlt",
  "duration",
] as const;

/** What the browser checks before sending anything (the server checks all of it again). */
function clientSchema(videoRequired: boolean) {
  return momentFormSchema.omit({ videoUrl: true, thumbnailUrl: true }).extend({
    video: z.custom<File | undefined>().superRefine((file, ctx) => {
      const message = momentVideoFileError(file instanceof File ? file : undefined, videoRequired);
      if (message) ctx.addIssue({ code: "custom", message });
    }),
    thumbnail: z.custom<File | undefined>().optional(),
    removeThumbnail: z.literal("on").optional(),
  });
}

interface MomentFormProps {
  /** The moment being edited; absent in create mode. */
  moment?: TravelMoment;
  reply: MomentReply | undefined;
  pending: boolean;
}

/** The Add Video / Edit Video form: a multipart POST that works the same without JavaScript. */
export function MomentForm({ moment, reply, pending }: MomentFormProps) {
  const editing = moment !== undefined;
  const intent = editing ? "update" : "create";
  const lastResult = reply?.intent === intent ? reply.result : undefined;
  const [form, fields] = useForm({
    id: editing ? `reel-form-${moment.id}` : "reel-form-new",
    lastResult,
    defaultValue: {
      title: moment?.title ?? "",
      description: moment?.description ?? "",
      thumbnailAlt: moment?.thumbnailAlt ?? "",
      duration: moment?.duration ?? "",
      isActive: moment === undefined || moment.isActive ? "on" : undefined,
    },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema: clientSchema(!editing), disableAutoCoercion: true }),
  });

  // The duration is read from the chosen video's own metadata; the admin can still change it.
  const probe = useRef<HTMLVideoElement>(null);
  // What may be replaced: the last value filled in, or the saved one (the old video's length).
  const autoDuration = useRef<string | undefined>(moment?.duration);
  const probeUrl = useRef<string | undefined>(undefined);
  useEffect(
    () => () => {
      if (probeUrl.current) URL.revokeObjectURL(probeUrl.current);
    },
    [],
  );
  const onVideoChosen = (event: React.ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    form.validate({ name: fields.video.name });
    if (!file || momentVideoFileError(file, false) || !probe.current) return;
    if (probeUrl.current) URL.revokeObjectURL(probeUrl.current);
    probeUrl.current = URL.createObjectURL(file);
    probe.current.src = probeUrl.current;
  };
  const onMetadata = () => {
    const value = formatDuration(probe.current?.duration ?? Number.NaN);
    const input = document.getElementById(fields.duration.id);
    if (!value || !(input instanceof HTMLInputElement)) return;
    // Never overwrite what the admin typed in this dialog.
    if (input.value.trim() !== "" && input.value !== autoDuration.current) return;
    autoDuration.current = value;
    form.update({ name: fields.duration.name, value });
  };

  const videoErrors = fields.video.errors;
  // After a refused submission (a whole page without JavaScript) focus starts on the first field
  // to fix; never on a plain page load.
  const firstInvalid = FIELD_ORDER.find((name) => lastResult?.error?.[name]?.length);
  const focus = (name: string) => (name === firstInvalid ? { autoFocus: true } : {});
  const action = editing
    ? momentDialogHref({ mode: "edit", id: moment.id })
    : momentDialogHref({ mode: "create" });
  const { key: titleKey, ...titleProps } = getInputProps(fields.title, { type: "text" });
  const { key: durationKey, ...durationProps } = getInputProps(fields.duration, { type: "text" });
  const { key: altKey, ...altProps } = getInputProps(fields.thumbnailAlt, { type: "text" });
  const { key: descriptionKey, ...descriptionProps } = getTextareaProps(fields.description);
  const { key: activeKey, ...activeProps } = getInputProps(fields.isActive, {
    type: "checkbox",
    value: "on",
  });

  return (
    <Form
      method="post"
      action={action}
      encType="multipart/form-data"
      className="reel-form"
      {...getFormProps(form)}
    >
      <input type="hidden" name="intent" value={intent} />
      {editing ? <input type="hidden" name="id" value={moment.id} /> : null}
      {form.errors?.length ? (
        <div id={form.errorId} className="form-error" role="alert">
          {form.errors.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      ) : null}

      <div className="field">
        <label htmlFor={fields.title.id}>
          Title<span aria-hidden="true"> *</span>
        </label>
        <input
          key={titleKey}
          {...titleProps}
          {...focus("title")}
          autoComplete="off"
          maxLength={200}
        />
        <FieldError id={fields.title.errorId} errors={fields.title.errors} />
      </div>

      <div className="field">
        <label htmlFor={fields.description.id}>Description</label>
        <textarea
          key={descriptionKey}
          {...descriptionProps}
          {...focus("description")}
          rows={3}
          maxLength={10000}
        />
        <FieldError id={fields.description.errorId} errors={fields.description.errors} />
      </div>

      <div className="field">
        <label htmlFor={fields.video.id}>
          {editing ? "Replace video file" : "Video file"}
          {editing ? null : <span aria-hidden="true"> *</span>}
        </label>
        <input
          {...focus("video")}
          id={fields.video.id}
          name={fields.video.name}
          type="file"
          accept={MOMENT_VIDEO_ACCEPT}
          aria-invalid={videoErrors?.length ? true : undefined}
          aria-describedby={`${fields.video.descriptionId}${videoErrors?.length ? ` ${fields.video.errorId}` : ""}`}
          onChange={onVideoChosen}
        />
        <p id={fields.video.descriptionId} className="reel-field-hint">
          MP4, AVI, MOV, WMV, FLV or WebM, up to 60 MB.
          {editing ? " Leave empty to keep the current video." : ""} MP4 and MOV files lose what a
          phone recorded in them (such as where they were filmed); AVI, WMV, FLV and WebM files are
          published as they are, with any such details.
        </p>
        <FieldError id={fields.video.errorId} errors={videoErrors} />
        <video ref={probe} hidden muted preload="metadata" onLoadedMetadata={onMetadata} />
      </div>

      <div className="field">
        <label htmlFor={fields.thumbnail.id}>
          {editing && moment.thumbnailUrl ? "Replace thumbnail image" : "Thumbnail image"}
        </label>
        <input
          {...focus("thumbnail")}
          id={fields.thumbnail.id}
          name={fields.thumbnail.name}
          type="file"
          accept={MOMENT_THUMBNAIL_ACCEPT}
          aria-invalid={fields.thumbnail.errors?.length ? true : undefined}
          aria-describedby={fields.thumbnail.errors?.length ? fields.thumbnail.errorId : undefined}
        />
        <FieldError id={fields.thumbnail.errorId} errors={fields.thumbnail.errors} />
        {editing && moment.thumbnailUrl ? (
          <img
            className="reel-current-thumbnail"
            src={moment.thumbnailUrl}
            alt="Current thumbnail"
            width={160}
            height={90}
          />
        ) : null}
        {editing && moment.thumbnailUrl ? (
          <label className="reel-check">
            <input type="checkbox" name={fields.removeThumbnail.name} value="on" /> Remove the
            current thumbnail
          </label>
        ) : null}
      </div>

      <div className="field">
        <label htmlFor={fields.thumbnailAlt.id}>Thumbnail description (alt text)</label>
        <input
          key={altKey}
          {...altProps}
          {...focus("thumbnailAlt")}
          aria-describedby={`${fields.thumbnailAlt.descriptionId}${fields.thumbnailAlt.errors?.length ? ` ${fields.thumbnailAlt.errorId}` : ""}`}
          autoComplete="off"
          maxLength={LIMITS.altText}
        />
        <p id={fields.thumbnailAlt.descriptionId} className="reel-field-hint">
          What the thumbnail shows, for visitors who cannot see it. Leave empty to use the title.
        </p>
        <FieldError id={fields.thumbnailAlt.errorId} errors={fields.thumbnailAlt.errors} />
      </div>

      <div className="field">
        <label htmlFor={fields.duration.id}>Duration</label>
        <input
          key={durationKey}
          {...durationProps}
          {...focus("duration")}
          aria-describedby={`${fields.duration.descriptionId}${fields.duration.errors?.length ? ` ${fields.duration.errorId}` : ""}`}
          placeholder="2:30"
          inputMode="numeric"
          autoComplete="off"
          maxLength={16}
        />
        <p id={fields.duration.descriptionId} className="reel-field-hint">
          m:ss or h:mm:ss; filled in from the video when it tells its length.
        </p>
        <FieldError id={fields.duration.errorId} errors={fields.duration.errors} />
      </div>

      <label className="reel-check">
        <input key={activeKey} {...activeProps} /> Active (shown on the home page)
      </label>

      <DialogActions>
        <Link to={momentDialogHref(null)} className="button button-secondary" replace>
          Cancel
        </Link>
        <button type="submit" className="button button-primary" disabled={pending}>
          {pending
            ? editing
              ? "Saving..."
              : "Uploading..."
            : editing
              ? "Save Changes"
              : "Add Video"}
        </button>
      </DialogActions>
    </Form>
  );
}

function FieldError({ id, errors }: { id: string; errors: string[] | undefined }) {
  if (!errors?.length) return null;
  return (
    <p id={id} className="reel-field-error">
      {errors.join(" ")}
    </p>
  );
}
