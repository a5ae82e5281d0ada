import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { z } from "zod";
import { PACKAGE_KIND_INFO } from "~/domain/package-kinds";
import { packageKindSchema, type PackageKind } from "~/domain/schemas";
import { historyPath, recentlyDeletedPath, type HistoryKind } from "~/domain/versions";
import { formatReceived } from "~/domain/dates";
import type { SiteConfig } from "~/domain/site";
import { adminFromContext } from "../auth/auth.server";
import { redirectWithToast } from "../auth/toast.server";
import type { MediaStore } from "../media/media-store.server";
import type { Db } from "../platform/db.server";
import { isAppError } from "../platform/errors.server";
import { log } from "../platform/log.server";
import {
  listDeletedPackages,
  RECENTLY_DELETED_DAYS,
  restoreDeletedPackage,
  undeleteMessage,
} from "./deleted-packages.server";
import { isHistoryKind, loadHistory, loadVersion, restoreVersion } from "./history.server";

/*
 * The route glue of the history and Recently deleted screens: parse the URL and the form once,
 * call one service, answer data, a 404, or a redirect with a flash. Refusals answer the screen
 * with the message and the error's status (JavaScript off shows it inline, on as a toast too).
 */

type Args = LoaderFunctionArgs | ActionFunctionArgs;

function notFoundPage(message: string): never {
  throw data(message, { status: 404, statusText: "Not Found" });
}

function historyKind(args: Args): HistoryKind {
  const kind = args.params.kind ?? "";
  if (!isHistoryKind(kind)) notFoundPage("There is no history of that kind.");
  return kind;
}

/** Service 404s become the admin's not-found page; everything else goes on. */
async function orNotFound<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isAppError(error) && error.status === 404) notFoundPage(error.message);
    throw error;
  }
}

/** The site's time zone, which the screens' dates are shown in. */
type Site = { site: Pick<SiteConfig, "timeZone"> };

/** "25 Nov 2026, 14:05" in the company's time zone, formatted on the server (no hydration drift). */
const when = (iso: string, { site }: Site) => formatReceived(new Date(iso), site.timeZone);

export async function historyScreen(db: Db, args: LoaderFunctionArgs, deps: Site) {
  const kind = historyKind(args);
  const history = await orNotFound(() => loadHistory(db, kind, args.params.id ?? ""));
  return {
    ...history,
    versions: history.versions.map((v) => ({ ...v, when: when(v.at, deps) })),
  };
}

export async function versionScreen(db: Db, args: LoaderFunctionArgs, deps: Site) {
  const kind = historyKind(args);
  try {
    const view = await loadVersion(db, kind, args.params.id ?? "", args.params.versionId ?? "");
    return { ...view, version: { ...view.version, when: when(view.version.at, deps) } };
  } catch (error) {
    // A version of another item: its own message and status, never its content.
    if (isAppError(error) && error.status === 409) throw data(error.message, { status: 409 });
    if (isAppError(error) && error.status === 404) notFoundPage(error.message);
    throw error;
  }
}

export interface HistoryActionReply {
  ok: false;
  message: string;
}

const restoreSchema = z.object({
  intent: z.literal("restore"),
  updated_at: z.string().min(1).max(40),
});

const BAD_RESTORE = "Unknown action. Reload the page and try again.";

/** "Restore this version": saves it as a new version, then back to the history with a flash. */
export async function restoreVersionAction(
  db: Db,
  args: ActionFunctionArgs,
  { media }: { media: MediaStore },
) {
  const kind = historyKind(args);
  const id = args.params.id ?? "";
  const versionId = args.params.versionId ?? "";
  const form = await args.request.formData();
  const parsed = restoreSchema.safeParse({
    intent: form.get("intent"),
    updated_at: form.get("updated_at"),
  });
  if (!parsed.success) return data<HistoryActionReply>({ ok: false, message: BAD_RESTORE }, 400);
  try {
    const { message } = await restoreVersion(db, kind, id, versionId, {
      by: adminFromContext(args.context).id,
      expectedUpdatedAt: parsed.data.updated_at,
      media,
    });
    return redirectWithToast(args.request, historyPath(kind, id), { type: "success", message });
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

function deletedKind(args: Args): PackageKind {
  const kind = packageKindSchema.safeParse(args.params.kind);
  if (!kind.success) notFoundPage("There is no such package list.");
  return kind.data;
}

export async function recentlyDeletedScreen(db: Db, args: LoaderFunctionArgs, deps: Site) {
  const kind = deletedKind(args);
  const info = PACKAGE_KIND_INFO[kind];
  return {
    kind,
    title: `Recently deleted ${info.nouns.many}`,
    listPath: info.admin.listPath,
    listTitle: info.admin.title,
    days: RECENTLY_DELETED_DAYS,
    packages: (await listDeletedPackages(db, kind)).map((p) => ({
      ...p,
      deletedWhen: when(p.deletedAt, deps),
      purgeWhen: when(p.purgeAt, deps),
    })),
  };
}

const undeleteSchema = z.object({ intent: z.literal("restore"), id: z.string().max(100) });

/** "Restore" on Recently deleted: the package is back where it was, with a flash. */
export async function recentlyDeletedAction(db: Db, args: ActionFunctionArgs) {
  const kind = deletedKind(args);
  const form = await args.request.formData();
  const parsed = undeleteSchema.safeParse({ intent: form.get("intent"), id: form.get("id") });
  if (!parsed.success) return data<HistoryActionReply>({ ok: false, message: BAD_RESTORE }, 400);
  try {
    const result = await restoreDeletedPackage(db, kind, parsed.data.id, {
      by: adminFromContext(args.context).id,
    });
    return redirectWithToast(args.request, recentlyDeletedPath(kind), {
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
