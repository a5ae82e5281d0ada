import { MESSAGES } from "~/domain/schemas";
import { recordEvent } from "../events/events.server";
import type { Db } from "../platform/db.server";
import type { MediaStore } from "./media-store.server";
import {
  parseUploadForm,
  UploadError,
  type ParseUploadOptions,
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

const json = (body: InstantUploadResult, status: number) =>
  Response.json(body, { status, headers: { "Cache-Control": "no-store" } });

/**
 * One file sent at once by the admin forms with JavaScript (`file` field). The query says what it
 * is for: `?kind=image|video&folder=packages|travel-moments` (the part must be typed before its
 * bytes arrive). The object is stored and recorded but attached to nothing until the form saves;
 * if it never does, the sweep removes it after 24 h.
 */
export async function handleInstantUpload(
  db: Db,
  request: Request,
  { media }: { media: MediaStore },
): Promise<Response> {
  const params = new URL(request.url).searchParams;
  const kind = params.get("kind");
  const folder = params.get("folder") ?? "packages";
  if (
    (kind !== "image" && kind !== "video") ||
    (folder !== "packages" && folder !== "travel-moments")
  )
    return json({ error: INSTANT_UPLOAD_MESSAGES.badTarget }, 400);
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
    const { stored } = await parseUploadForm(request, options);
    const [media] = stored;
    if (!media) return json({ error: INSTANT_UPLOAD_MESSAGES.noFile }, 400);
    await recordEvent(db, {
      type: "media.uploaded",
      details: { file: media.fileName.slice(0, 200), kind: media.kind, folder },
    });
    return json(
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
    if (error instanceof UploadError) return json({ error: error.message }, error.status);
    throw error;
  }
}
