import { data } from "react-router";
import { adminListHref, adminPageOf } from "~/domain/admin-paging";
import { kindMessages } from "~/domain/package-kinds";
import type { PackageKind } from "~/domain/schemas";
import { redirectWithToast } from "~/server/http/flash.server";
import {
  failure,
  failureText,
  isFiltered,
  listKind,
  parseQuery,
  perform,
  readAction,
  REORDER_FILTERED,
  UNKNOWN_LIST_ACTION,
  type AdminListQuery,
  type ListActionReply,
} from "~/server/catalogue/admin-lists.server";
import {
  applyBulkAction,
  bulkDeletePreview,
  bulkTexts,
  isBulkIntent,
  readSelection,
  type BulkIntent,
} from "~/server/catalogue/bulk-actions.server";
import type { Db } from "~/server/platform/db.server";
import { isAppError } from "~/server/platform/errors.server";
import { log } from "~/server/platform/log.server";
import {
  formHasUnstorableText,
  UNSTORABLE_TEXT_MESSAGE,
} from "~/server/platform/unstorable-text.server";
import type { Route } from "./+types/package-list";

/*
 * The glue of the admin list screens' action (package-list.tsx): read the URL and the form once,
 * call the list services with plain values, answer a redirect with a flash or the reply.
 */

/**
 * Publish, unpublish, delete and reorder from a list screen. Form posts come back to the list
 * (search, filter and page kept; a moved card is followed to its new page) with a flash message;
 * the drag-and-drop fetcher gets a reply it shows as a toast. Refusals keep everything as it was:
 * 400 (bad input, a position that is not on the list), 404 (unknown package), 409 (a page that is
 * no longer what the admin saw).
 */
export async function adminListAction(
  db: Db,
  { request, pattern }: Route.ActionArgs,
  { by, languages }: { by: string; languages: readonly string[] },
) {
  const kind = listKind(pattern);
  const query = parseQuery(new URL(request.url).searchParams, languages);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  if (formHasUnstorableText(form)) return failure(intent, UNSTORABLE_TEXT_MESSAGE, 400);
  if (isBulkIntent(intent)) return bulkAction(db, request, { kind, query, intent, form, by });
  const action = readAction(form);
  if (!action) return failure(intent, UNKNOWN_LIST_ACTION, 400);
  try {
    const done = await perform(db, kind, query, action, by);
    if (action.intent === "reorder") {
      return data<ListActionReply>({ ok: true, intent: "reorder", message: done.message });
    }
    const page =
      done.position === undefined || isFiltered(query) ? query.page : adminPageOf(done.position);
    const to = adminListHref(kind, { ...query, page });
    // A card moved by "Move to position…" is scrolled to on its (new) page.
    const hash = action.intent === "move-to" ? `#card-${action.id}` : "";
    return redirectWithToast(request, `${to}${hash}`, {
      type: "success",
      message: done.message,
    });
  } catch (error) {
    if (isAppError(error) && [400, 404, 409].includes(error.status)) {
      // Bad input and a gone package say what is wrong; a stale page gets the spec's text.
      const message =
        error.status === 409 && error.message !== REORDER_FILTERED
          ? failureText(kind, action.intent)
          : error.message;
      return failure(action.intent, message, error.status, {
        detail: error.message,
        ...(action.intent === "move-to" ? { id: action.id, position: action.position } : {}),
      });
    }
    log("error", "admin list action failed", {
      kind,
      intent: action.intent,
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
    return failure(action.intent, failureText(kind, action.intent), 500);
  }
}

/**
 * Publish, Unpublish or Delete the cards selected on a list: all or nothing, one toast
 * for all ("3 packages published"). Delete asks once: a post without `confirm=yes` answers with
 * the confirmation step (JavaScript asks in a dialog first and posts the confirmation directly).
 */
async function bulkAction(
  db: Db,
  request: Request,
  input: {
    kind: PackageKind;
    query: AdminListQuery;
    intent: BulkIntent;
    form: FormData;
    by: string;
  },
) {
  const { kind, query, intent, form } = input;
  const posted = form.getAll("selected").filter((v): v is string => typeof v === "string");
  try {
    const ids = readSelection(kind, form);
    if (intent === "bulk-delete" && form.get("confirm") !== "yes") {
      const selected = await bulkDeletePreview(db, kind, ids);
      return data<ListActionReply>({
        ok: true,
        intent: "bulk-delete-confirm",
        message: bulkTexts(kind).confirm(selected.length),
        selected,
      });
    }
    const { count } = await applyBulkAction(db, kind, intent, ids, input.by);
    return redirectWithToast(request, adminListHref(kind, query), {
      type: "success",
      message: bulkTexts(kind).done(intent, count),
    });
  } catch (error) {
    if (isAppError(error) && (error.status === 400 || error.status === 409)) {
      return failure(intent, error.message, error.status, { selected: posted.slice(0, 100) });
    }
    log("error", "admin bulk action failed", {
      kind,
      intent,
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
    return failure(intent, kindMessages(kind).updateFailed, 500, {
      selected: posted.slice(0, 100),
    });
  }
}
