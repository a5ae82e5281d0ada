import { data } from "react-router";
import { z } from "zod";
import { historyPath } from "~/domain/versions";
import { redirectWithToast } from "~/server/http/flash.server";
import {
  BAD_RESTORE,
  historyKind,
  type HistoryActionReply,
} from "~/server/catalogue/history-screens.server";
import { restoreVersion } from "~/server/catalogue/history.server";
import type { MediaStore } from "~/server/media/media-store.server";
import type { Db } from "~/server/platform/db.server";
import { isAppError } from "~/server/platform/errors.server";
import { log } from "~/server/platform/log.server";
import type { Route } from "./+types/history-version";

/*
 * The glue of "Restore this version" (history-version.tsx): read the form once, call
 * restoreVersion with plain values, answer a redirect with a flash or the refusal.
 */

const restoreSchema = z.object({
  intent: z.literal("restore"),
  updated_at: z.string().min(1).max(40),
});

/** Saves the version as a new one, then back to the history with a flash. */
export async function restoreVersionAction(
  db: Db,
  { request, params }: Route.ActionArgs,
  { media, by, currency }: { media: MediaStore; by: string; currency: string },
) {
  const kind = historyKind(params.kind);
  const id = params.id ?? "";
  const versionId = params.versionId ?? "";
  const form = await request.formData();
  const parsed = restoreSchema.safeParse({
    intent: form.get("intent"),
    updated_at: form.get("updated_at"),
  });
  if (!parsed.success) return data<HistoryActionReply>({ ok: false, message: BAD_RESTORE }, 400);
  try {
    const { message } = await restoreVersion(db, kind, id, versionId, {
      by,
      expectedUpdatedAt: parsed.data.updated_at,
      media,
      currency,
    });
    return redirectWithToast(request, historyPath(kind, id), { type: "success", message });
  } catch (error) {
    if (isAppError(error) && (error.status === 404 || error.status === 409)) {
      return data<HistoryActionReply>({ ok: false, message: error.message }, error.status);
    }
    log("error", "version restore failed", { kind, id, versionId, error: String(error) });
    return data<HistoryActionReply>(
      { ok: false, message: "The version could not be restored. Nothing was changed." },
      500,
    );
  }
}
