import { MESSAGES } from "~/domain/schemas";
import { recordEvent } from "../events/events.server";
import type { Db } from "../platform/db.server";
import type { MediaStore } from "./media-store.server";
import {
  parseUploadForm,
  UploadError,
  type ParseUploadOptions,
  type UploadBody,
  type UploadKind,
} from "./uploads.server";

/** What POST /admin/uploads answers: the stored file, or a user-facing error. */
export type InstantUploadResult =
  | { url: string; kind: UploadKind; width: number | null; height: number | null; name: string }
  | { error: string };

export const INSTANT_UPLOAD_MESSAGES = {
  noFile: "Please choose a file to upload.",
  badTarget: "Unknown upload target.",
  oneFile: "Send one file per upload: this request carried several, and none was kept.",
} as const;

/** The answer to an instant upload: its HTTP status and its JSON body. */
export interface InstantUploadOutcome {
  status: 200 | UploadError["status"];
  result: InstantUploadResult;
}

const answer = (result: InstantUploadResult, status: InstantUploadOutcome["status"]) => ({
  status,
  result,
});

/**
 * An instant upload as posted: the query's `kind` and `folder` as sent (null when absent), and
 * the body, read as it streams.
 */
export interface InstantUploadPost {
  kind: string | null;
  folder: string | null;
  upload: UploadBody;
}

/**
 * One file sent at once by the admin forms with JavaScript (`file` field). The query says what it
 * is for: `?kind=image|video&folder=packages|travel-moments` (the part must be typed before its
 * bytes arrive). The object is stored and recorded but attached to nothing until the form saves;
 * if it never does, the sweep removes it after 24 h.
 */
export async function storeInstantUpload(
  db: Db,
  post: InstantUploadPost,
  { media }: { media: MediaStore },
): Promise<InstantUploadOutcome> {
  const { kind } = post;
  const folder = post.folder ?? "packages";
  if (
    (kind !== "image" && kind !== "video") ||
    (folder !== "packages" && folder !== "travel-moments")
  )
    return answer({ error: INSTANT_UPLOAD_MESSAGES.badTarget }, 400);
  // The answer names one file: a request with more is refused whole, so none waits for the sweep.
  const options: ParseUploadOptions = {
    folder,
    files: { file: kind },
    maxFiles: 1,
    tooManyFilesMessage: INSTANT_UPLOAD_MESSAGES.oneFile,
    db,
    store: media,
  };
  if (folder === "travel-moments" && kind === "video")
    options.messages = {
      tooLarge: () => MESSAGES.momentVideoTooLarge,
      wrongType: MESSAGES.momentVideoType,
    };
  try {
    const { stored } = await parseUploadForm(post.upload, options);
    const [media] = stored;
    if (!media) return answer({ error: INSTANT_UPLOAD_MESSAGES.noFile }, 400);
    await recordEvent(db, {
      type: "media.uploaded",
      details: { file: media.fileName.slice(0, 200), kind: media.kind, folder },
    });
    return answer(
      {
        url: media.url,
        kind: media.kind,
        width: media.width,
        height: media.height,
        name: media.fileName,
      },
      200,
    );
  } catch (error) {
    if (error instanceof UploadError) return answer({ error: error.message }, error.status);
    throw error;
  }
}
