import { runContentRetention } from "~/server/catalogue/deleted-packages.server";
import type { MediaStore } from "~/server/media/media-store.server";
import type { Db } from "~/server/platform/db.server";

/**
 * What the retention job does given time: purges soft-deleted packages and prunes all
 * but each item's newest version, releasing what only they used. Media tests call it where an
 * object used to be freed at once and is now freed once no version uses it any more.
 */
export function retentionLater(db: Db, store: MediaStore): Promise<number> {
  const later = new Date(Date.now() + 400 * 86_400_000);
  return runContentRetention(db, store, { keepVersions: 1, keepDays: 1 }, later);
}
