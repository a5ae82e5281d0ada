import type { Db } from "../platform/db.server";
import { getDb } from "../platform/db.server";
import { pruneMedia } from "../media/images.server";
import { log } from "../platform/log.server";
import { getMediaStore } from "../platform/runtime.server";

/** Media a package references now; pruned after an update once nothing references them. */
export async function packageMediaIds(db: Db, packageId: string): Promise<string[]> {
  const rows = await db
    .selectFrom("package_images")
    .select("media_id")
    .where("package_id", "=", packageId)
    .union(db.selectFrom("package_videos").select("media_id").where("package_id", "=", packageId))
    .execute();
  return rows.map((r) => r.media_id).filter((id): id is string => id !== null);
}

/** Orphaned media cost disk, not correctness: a failed prune is logged, the write still succeeds. */
export async function pruneQuietly(ids: readonly (string | null)[]): Promise<void> {
  const wanted = ids.filter((id): id is string => id !== null);
  if (wanted.length === 0) return;
  try {
    await pruneMedia(getDb(), getMediaStore(), wanted);
  } catch (error) {
    log("warn", "media prune failed", { ids: wanted, error: String(error) });
  }
}
