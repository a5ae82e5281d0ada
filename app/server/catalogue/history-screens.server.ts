import { data } from "react-router";
import { PACKAGE_KIND_INFO } from "~/domain/package-kinds";
import { packageKindSchema, type PackageKind } from "~/domain/schemas";
import type { HistoryKind } from "~/domain/versions";
import { formatReceived } from "~/domain/dates";
import type { SiteConfig } from "~/domain/site";
import type { Db } from "../platform/db.server";
import { isAppError } from "../platform/errors.server";
import { listDeletedPackages, RECENTLY_DELETED_DAYS } from "./deleted-packages.server";
import { isHistoryKind, loadHistory, loadVersion } from "./history.server";

/*
 * The history and Recently deleted screens, from the URL's params (plain values): data, or a 404
 * page. Their actions (a form and a redirect with a flash) sit beside their routes
 * (app/routes/admin/history-version.server.ts, recently-deleted.server.ts); refusals answer the
 * screen with the message and the error's status (JavaScript off shows it inline, on as a toast).
 */

function notFoundPage(message: string): never {
  throw data(message, { status: 404, statusText: "Not Found" });
}

/** The history kind a URL names (`:kind`); any other is the admin's not-found page. */
export function historyKind(kind: string | undefined): HistoryKind {
  const value = kind ?? "";
  if (!isHistoryKind(value)) notFoundPage("There is no history of that kind.");
  return value;
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

/** The versions of `id` (the route's `:kind` and `:id`). */
export async function historyScreen(db: Db, params: { kind?: string; id?: string }, deps: Site) {
  const kind = historyKind(params.kind);
  const history = await orNotFound(() => loadHistory(db, kind, params.id ?? ""));
  return {
    ...history,
    versions: history.versions.map((v) => ({ ...v, when: when(v.at, deps) })),
    translations: history.translations.map((t) => ({ ...t, when: when(t.at, deps) })),
  };
}

/** One version, read-only (the route's `:kind`, `:id` and `:versionId`). */
export async function versionScreen(
  db: Db,
  params: { kind?: string; id?: string; versionId?: string },
  deps: Site,
) {
  const kind = historyKind(params.kind);
  try {
    const view = await loadVersion(db, kind, params.id ?? "", params.versionId ?? "");
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

/** What a restore post that is not one answers. */
export const BAD_RESTORE = "Unknown action. Reload the page and try again.";

/** The package kind a Recently deleted URL names (`:kind`); any other is the not-found page. */
export function deletedKind(kind: string | undefined): PackageKind {
  const parsed = packageKindSchema.safeParse(kind);
  if (!parsed.success) notFoundPage("There is no such package list.");
  return parsed.data;
}

/** A kind's deleted packages still restorable (the route's `:kind`). */
export async function recentlyDeletedScreen(db: Db, kindParam: string | undefined, deps: Site) {
  const kind = deletedKind(kindParam);
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
