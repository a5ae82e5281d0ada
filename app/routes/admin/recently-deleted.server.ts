import { data } from "react-router";
import { z } from "zod";
import { recentlyDeletedPath } from "~/domain/versions";
import { redirectWithToast } from "~/server/http/flash.server";
import { restoreDeletedPackage, undeleteMessage } from "~/server/catalogue/deleted-packages.server";
import {
  BAD_RESTORE,
  deletedKind,
  type HistoryActionReply,
} from "~/server/catalogue/history-screens.server";
import type { Db } from "~/server/platform/db.server";
import { isAppError } from "~/server/platform/errors.server";
import { log } from "~/server/platform/log.server";
import type { Route } from "./+types/recently-deleted";

/*
 * The glue of "Restore" on Recently deleted (recently-deleted.tsx): read the form once, call
 * restoreDeletedPackage with plain values, answer a redirect with a flash or the refusal.
 */

const undeleteSchema = z.object({ intent: z.literal("restore"), id: z.string().max(100) });

/** The package is back where it was, with a flash. */
export async function recentlyDeletedAction(
  db: Db,
  { request, params }: Route.ActionArgs,
  { by }: { by: string },
) {
  const kind = deletedKind(params.kind);
  const form = await request.formData();
  const parsed = undeleteSchema.safeParse({ intent: form.get("intent"), id: form.get("id") });
  if (!parsed.success) return data<HistoryActionReply>({ ok: false, message: BAD_RESTORE }, 400);
  try {
    const result = await restoreDeletedPackage(db, kind, parsed.data.id, { by });
    return redirectWithToast(request, recentlyDeletedPath(kind), {
      type: "success",
      message: undeleteMessage(kind, result),
    });
  } catch (error) {
    if (isAppError(error) && error.status === 404) {
      return data<HistoryActionReply>({ ok: false, message: error.message }, 404);
    }
    log("error", "package undelete failed", { kind, error: String(error) });
    return data<HistoryActionReply>(
      { ok: false, message: "The package could not be restored. Nothing was changed." },
      500,
    );
  }
}
