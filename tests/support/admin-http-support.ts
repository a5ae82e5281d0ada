// Helpers shared by the suites that drive the admin screens' forms through the built server
// (lists, list paging, bulk actions, package forms, history, scheduling).
import type { PackageKind } from "~/domain/schemas";
import type { Db } from "~/server/platform/db.server";
import { cookieNamed } from "./auth-support";

export interface Flash {
  type: string;
  message: string;
}

/** The toast a response set in the flash cookie, if any. */
export function flashOf(response: Response): Flash | undefined {
  const raw = cookieNamed(response, "wlx_flash")?.value;
  return raw ? (JSON.parse(Buffer.from(raw, "base64url").toString("utf8")) as Flash) : undefined;
}

/** A package's status while it is live; undefined once it is (soft-)deleted. */
export async function liveStatusOf(db: Db, id: string) {
  const row = await db
    .selectFrom("packages")
    .select("status")
    .where("id", "=", id)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  return row?.status;
}

/**
 * The kind's live packages in admin order, written out here rather than through the app's
 * `inAdminOrder`, so that a wrong order in the app shows up as a difference.
 */
export async function adminOrderOf(db: Db, kind: PackageKind): Promise<string[]> {
  const rows = await db
    .selectFrom("packages")
    .select("id")
    .where("kind", "=", kind)
    .where("deleted_at", "is", null)
    .orderBy("position")
    .orderBy("created_at", "desc")
    .orderBy("id")
    .execute();
  return rows.map((r) => r.id);
}

/**
 * The page links under an admin list or table (AdminPagination), read from the page's HTML: the
 * current page and where Previous and Next lead (undefined where there is none).
 */
export function pageLinks(html: string): { current?: string; prev?: string; next?: string } {
  const step = (rel: "prev" | "next") =>
    html
      .match(new RegExp(`<a[^>]*rel="${rel}"[^>]*>`))?.[0]
      .match(/href="([^"]*)"/)?.[1]
      ?.replaceAll("&amp;", "&");
  const current = html.match(
    /aria-current="page"><span class="visually-hidden">Page <\/span>(\d+)</,
  )?.[1];
  return { current, prev: step("prev"), next: step("next") };
}
