import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import {
  MOMENT_FAILURES,
  MOMENT_INTENTS,
  MOMENT_TOASTS,
  momentFormSchema,
  type MomentDialog,
  type MomentIntent,
  type MomentReply,
} from "~/domain/moment-form";
import { isUuid, LIMITS, MESSAGES, type TravelMoment } from "~/domain/schemas";
import type { SiteConfig } from "~/domain/site";
import type { TranslationBadge } from "~/domain/translations";
import type { MediaStore } from "../media/media-store.server";
import {
  parseUploadForm,
  UploadError,
  type ParsedUploadForm,
  type UploadBody,
} from "../media/uploads.server";
import type { Db } from "../platform/db.server";
import { AppError, badRequest, isAppError, notFound } from "../platform/errors.server";
import { log } from "../platform/log.server";
import { formHasUnstorableText, UNSTORABLE_TEXT_MESSAGE } from "../platform/unstorable-text.server";
import {
  createMoment,
  deleteMoment,
  getMoment,
  listMoments,
  reorderMoments,
  setMomentActive,
  updateMoment,
} from "./moments.server";
import { momentTranslationBadges } from "./translation-screens.server";

/*
 * The travel-moments admin screen (spec §2, §5, §8): one loader and one action behind
 * /admin/travel-moments. Dialogs are URLs (?add, ?edit=ID, ?delete=ID), so the server renders the
 * same dialog the browser opens and every action is a plain form post. Successes redirect to the
 * list with a flash toast (the action answers `{ flash }`, the route redirects); refusals answer
 * the dialog's form with its errors.
 */

const NOT_FOUND = "Travel moment not found";

export interface MomentScreen {
  moments: TravelMoment[];
  dialog: MomentDialog | null;
  max: number;
  /** Per moment, "German: 2 of 3 fields" for each other language (none with one language). */
  translations: Record<string, TranslationBadge[]>;
}

/**
 * The moments in their order and the dialog the URL's search params ask for (?add, ?edit=ID,
 * ?delete=ID; an unknown id opens none).
 */
export async function loadMomentScreen(
  db: Db,
  params: URLSearchParams,
  site: Pick<SiteConfig, "languages">,
): Promise<MomentScreen> {
  const moments = await listMoments(db);
  const byId = (key: string) => {
    const id = params.get(key);
    return id ? moments.find((m) => m.id === id) : undefined;
  };
  const edit = byId("edit");
  const remove = byId("delete");
  let dialog: MomentDialog | null = null;
  if (edit) dialog = { mode: "edit", moment: edit };
  else if (remove) dialog = { mode: "delete", moment: remove };
  else if (params.has("add") && moments.length < LIMITS.travelMoments) dialog = { mode: "create" };
  const translations = await momentTranslationBadges(db, site, moments);
  return { moments, dialog, max: LIMITS.travelMoments, translations };
}

function reply(
  intent: MomentIntent,
  result: SubmissionResult<string[]>,
  status: number,
  toast?: string,
) {
  return data<MomentReply>({ intent, result, ...(toast ? { toast } : {}) }, { status });
}

/** A refusal or fault of the whole submission: its message in the dialog and as a toast. */
function failure(intent: MomentIntent, error: unknown) {
  if (isAppError(error) || error instanceof UploadError) {
    return reply(
      intent,
      { status: "error", error: { "": [error.message] } },
      error.status,
      error.message,
    );
  }
  log("error", "travel moment action failed", { intent, error: String(error) });
  const message = MOMENT_FAILURES[intent];
  return reply(intent, { status: "error", error: { "": [message] } }, 500, message);
}

/** A thumbnail over the upload limit (the spec gives texts for the video only). */
export const THUMBNAIL_TOO_LARGE = "Thumbnail image must be less than 60MB.";

/**
 * Which form field an upload refusal belongs to (the parser names the refused part), with the
 * spec's texts for the video. A refusal of the whole body (unreadable, storage down) has none.
 */
function uploadFieldError(error: UploadError): { field: string; message: string } | undefined {
  if (error.field === "thumbnail") {
    const message = error.status === 413 ? THUMBNAIL_TOO_LARGE : error.message;
    return { field: "thumbnail", message };
  }
  if (error.field !== "video") return undefined;
  if (error.status === 415) return { field: "video", message: MESSAGES.momentVideoType };
  if (error.status === 413) return { field: "video", message: MESSAGES.momentVideoTooLarge };
  return undefined;
}

async function readForm(db: Db, store: MediaStore, upload: UploadBody): Promise<ParsedUploadForm> {
  return parseUploadForm(upload, {
    folder: "travel-moments",
    files: { video: "video", thumbnail: "image" },
    messages: { tooLarge: () => MESSAGES.momentVideoTooLarge },
    db,
    store,
  });
}

function intentOf(form: FormData): MomentIntent | undefined {
  const value = form.get("intent");
  return MOMENT_INTENTS.find((intent) => intent === value);
}

function idOf(form: FormData): string {
  const id = form.get("id");
  if (typeof id !== "string" || !isUuid(id)) throw notFound(NOT_FOUND);
  return id;
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

/** The flash message a done action shows on the list it redirects to (momentDialogHref(null)). */
export interface MomentDone {
  flash: { type: "success" | "error"; message: string };
}

const done = (type: "success" | "error", message: string): MomentDone => ({
  flash: { type, message },
});

/** A post to the screen: its body (read as it streams) and whether the URL has ?edit. */
export interface MomentPost {
  upload: UploadBody;
  /** The edit dialog posted it: a body that cannot be read is answered as an update. */
  editing: boolean;
}

/**
 * The one action of the screen: reads the (streamed) body, then dispatches on its intent.
 * `media`: where uploads go and released files leave; `by`: the signed-in admin, whom the
 * versions name. Answers `{ flash }` when done (the route redirects to the list with it), or the
 * dialog's reply with its errors.
 */
export async function momentAction(
  db: Db,
  post: MomentPost,
  { media, by = null }: { media: MediaStore; by?: string | null },
) {
  let upload: ParsedUploadForm;
  try {
    upload = await readForm(db, media, post.upload);
  } catch (error) {
    if (!(error instanceof UploadError)) throw error;
    const field = uploadFieldError(error);
    const intent: MomentIntent = post.editing ? "update" : "create";
    if (!field) return failure(intent, error);
    return reply(
      intent,
      { status: "error", error: { [field.field]: [field.message] } },
      error.status,
    );
  }
  const form = upload.formData;
  const intent = intentOf(form);
  if (!intent) {
    await upload.release();
    return reply("create", { status: "error", error: { "": ["Unknown action."] } }, 400);
  }
  if (formHasUnstorableText(form)) {
    await upload.release();
    return failure(intent, badRequest(UNSTORABLE_TEXT_MESSAGE));
  }
  if (intent !== "create" && intent !== "update") await upload.release();
  try {
    switch (intent) {
      case "create":
      case "update":
        return await saveMoment(db, media, intent, upload, by);
      case "delete":
        return await removeMoment(db, media, idOf(form));
      case "toggle":
        return await toggleMoment(db, idOf(form), text(form, "active") === "true", by);
      case "move":
        return await moveMoment(db, idOf(form), text(form, "direction"));
      case "reorder":
        return await reorder(db, form.getAll("ids").map(String));
    }
  } catch (error) {
    if (intent === "toggle" || intent === "move" || intent === "reorder") {
      // Grid actions have no dialog to answer: the list shows the refusal as a flash message.
      const message = isAppError(error) ? error.message : MOMENT_FAILURES[intent];
      if (!isAppError(error))
        log("error", "travel moment action failed", { intent, error: String(error) });
      return done("error", message);
    }
    return failure(intent, error);
  }
}

async function saveMoment(
  db: Db,
  store: MediaStore,
  intent: "create" | "update",
  upload: ParsedUploadForm,
  by: string | null,
) {
  const form = upload.formData;
  const existing = intent === "update" ? await getMoment(db, idOf(form)) : undefined;
  if (intent === "update" && !existing) throw notFound(NOT_FOUND);
  // The URLs come from this request's uploads or the saved moment, never from the client's text.
  const uploaded = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" && value ? value : undefined;
  };
  const videoUrl = uploaded("video") ?? existing?.videoUrl ?? "";
  const keepThumbnail = text(form, "removeThumbnail") !== "on";
  const thumbnailUrl =
    uploaded("thumbnail") ?? (keepThumbnail ? existing?.thumbnailUrl : undefined) ?? "";
  const fields = new FormData();
  for (const name of ["title", "description", "thumbnailAlt", "duration", "isActive"]) {
    const value = form.get(name);
    if (typeof value === "string") fields.set(name, value);
  }
  fields.set("videoUrl", videoUrl);
  fields.set("thumbnailUrl", thumbnailUrl);
  const submission = parseWithZod(fields, { schema: momentFormSchema, disableAutoCoercion: true });
  if (submission.status !== "success") {
    await upload.release();
    const result = submission.reply({ hideFields: ["videoUrl", "thumbnailUrl"] });
    // The form's file input is `video`: the schema's videoUrl error belongs there.
    const error = { ...result.error };
    if (error.videoUrl) {
      error.video = error.videoUrl;
      delete error.videoUrl;
    }
    return reply(intent, { ...result, error }, 400);
  }
  if (intent === "create") {
    await createMoment(db, submission.value, { by, uploads: upload });
    return done("success", MOMENT_TOASTS.created);
  }
  await updateMoment(db, existing!.id, submission.value, { by, media: store, uploads: upload });
  return done("success", MOMENT_TOASTS.updated);
}

async function removeMoment(db: Db, store: MediaStore, id: string) {
  await deleteMoment(db, id, { media: store });
  return done("success", MOMENT_TOASTS.deleted);
}

async function toggleMoment(db: Db, id: string, active: boolean, by: string | null) {
  await setMomentActive(db, id, active, { by });
  return done("success", active ? MOMENT_TOASTS.activated : MOMENT_TOASTS.deactivated);
}

/** One step up or down (the move buttons, which work without JavaScript). */
async function moveMoment(db: Db, id: string, direction: string) {
  const ids = (await listMoments(db)).map((m) => m.id);
  const from = ids.indexOf(id);
  if (from < 0) throw notFound(NOT_FOUND);
  const to = direction === "up" ? from - 1 : direction === "down" ? from + 1 : -1;
  if (to < 0 || to >= ids.length) throw new AppError("This video cannot move further.", 409);
  [ids[from], ids[to]] = [ids[to]!, ids[from]!];
  return reorder(db, ids);
}

async function reorder(db: Db, ids: string[]) {
  await reorderMoments(db, ids);
  return done("success", MOMENT_TOASTS.reordered);
}
