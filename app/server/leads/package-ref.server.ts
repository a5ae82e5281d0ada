import { isUuid } from "~/domain/schemas";
import { siteKindInfo } from "~/domain/site-kinds";
import type { Db } from "../platform/db.server";

/** A published package an enquiry or a Book Now click may name. */
export interface PackageRef {
  id: string;
  title: string;
  href: string;
}

/** The published package with this id; undefined for drafts, unknown ids and non-UUIDs. */
export async function findPublishedPackage(
  db: Db,
  id: string | null | undefined,
): Promise<PackageRef | undefined> {
  if (!id || !isUuid(id)) return undefined;
  const row = await db
    .selectFrom("packages")
    .select(["id", "title", "kind"])
    .where("id", "=", id)
    .where("status", "=", "published")
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  return row
    ? { id: row.id, title: row.title, href: siteKindInfo(row.kind).detailPath(row.id) }
    : undefined;
}
