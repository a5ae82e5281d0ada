import { sql } from "kysely";
import type { MediaVariant } from "~/domain/schemas";
import type { Db } from "../platform/db.server";
import { log } from "../platform/log.server";
import type { MediaStore } from "./media-store.server";

/*
 * The media lifecycle, decided here and nowhere else.
 *
 * A stored object (a media_objects row, its file and its variants) is in use while a package
 * image, a package video, a travel moment's video or a travel moment's thumbnail references it:
 * by media id, or by URL (the object's own URL or one of its variants'; a thumbnail is a bare
 * URL), or a saved version of a package or moment uses it (content_versions.media_ids:
 * restoring a version never shows a broken image), or a pending proposal to change a published
 * package uses it (package_proposals.media_ids, decision 137). Only unreferenced objects are ever deleted:
 *  - after a package or moment write, what it referenced before and no longer does is released;
 *  - when the database write after an upload fails, what the request stored is released;
 *  - uploads nothing attached (an admin who uploaded and never saved) are swept after 24 hours;
 *  - after old versions are pruned or a deleted package is purged, what they alone used is released.
 */

export const UNATTACHED_GRACE_MS = 24 * 60 * 60 * 1000;
export const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/**
 * SQL: `url` names the object `m`: its own URL, or one of its variants' (`-w480.webp`), however
 * it is written: relative or absolute (any host: the site's own, a CDN's, the bucket's), with or
 * without a query string or fragment. Only the path's tail is compared with the key: keys are a
 * timestamp and random bytes, so a URL naming another file never matches, and a URL that merely
 * looks like ours on another host keeps the object longer, never deletes one in use.
 */
function namesObject(url: ReturnType<typeof sql.ref>) {
  const path = sql`regexp_replace(${url}, '[?#].*$', '')`;
  return sql<boolean>`(right(${path}, length(m.storage_key) + 1) = '/' || m.storage_key
    or position('/' || regexp_replace(m.storage_key, '\\.[a-z0-9]+$', '') || '-w' in ${path}) > 0)`;
}

/** SQL: true when `m` (a media_objects alias) is referenced by anything. */
function referencedSql() {
  return sql<boolean>`(
    exists (select 1 from package_images i
            where i.media_id = m.id or ${namesObject(sql.ref("i.url"))})
    or exists (select 1 from package_videos v
               where v.media_id = m.id or ${namesObject(sql.ref("v.url"))})
    or exists (select 1 from travel_moments t
               where t.video_media_id = m.id
                  or ${namesObject(sql.ref("t.video_url"))}
                  or ${namesObject(sql.ref("t.thumbnail_url"))})
    or exists (select 1 from content_versions cv where cv.media_ids @> array[m.id])
    or exists (select 1 from package_proposals pp where pp.media_ids @> array[m.id])
  )`;
}

async function deleteWhere(
  db: Db,
  store: MediaStore,
  filter: { ids?: readonly string[]; createdBefore?: Date },
): Promise<number> {
  const ids = filter.ids ? sql`m.id = any(${[...filter.ids]}::uuid[])` : sql`true`;
  const age = filter.createdBefore ? sql`m.created_at < ${filter.createdBefore}` : sql`true`;
  // A DELETE fires media_objects' statement trigger even when it removes nothing, and that
  // notifies a content change that empties every page cache: the hourly sweep would do so each
  // time. So look first; delete (with the same check, under the statement's own snapshot) only
  // when there is something to delete.
  const { rows: candidates } = await sql<{ id: string }>`
    select m.id from media_objects as m where ${ids} and ${age} and not ${referencedSql()} limit 1
  `.execute(db);
  if (candidates.length === 0) return 0;
  const { rows } = await sql<{ storage_key: string; variants: MediaVariant[] | null }>`
    delete from media_objects as m
    where ${ids} and ${age} and not ${referencedSql()}
    returning m.storage_key, m.variants
  `.execute(db);
  const keys = rows.flatMap((r) => [r.storage_key, ...(r.variants ?? []).map((v) => v.key)]);
  const results = await Promise.allSettled(keys.map((key) => store.delete(key)));
  const failed = keys.filter((_, i) => results[i]!.status === "rejected");
  if (failed.length) log("warn", "media files not deleted", { keys: failed });
  return rows.length;
}

/** Deletes those of `ids` that nothing references (rows, files, variants); returns how many. */
export async function releaseMedia(
  db: Db,
  store: MediaStore,
  ids: readonly (string | null)[],
): Promise<number> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return 0;
  return deleteWhere(db, store, { ids: wanted });
}

/** Deletes media older than the grace period that nothing references: uploads never attached. */
export async function sweepUnattachedMedia(
  db: Db,
  store: MediaStore,
  now: Date = new Date(),
): Promise<number> {
  return deleteWhere(db, store, {
    createdBefore: new Date(now.getTime() - UNATTACHED_GRACE_MS),
  });
}

/** The media ids of rows whose storage key one of the URLs names (own URL or a variant's). */
async function mediaIdsForUrls(db: Db, urls: readonly string[]): Promise<string[]> {
  if (urls.length === 0) return [];
  const { rows } = await sql<{ id: string }>`
    select m.id from media_objects as m
    where exists (
      select 1 from unnest(${[...urls]}::text[]) as u(url) where ${namesObject(sql.ref("u.url"))}
    )
  `.execute(db);
  return rows.map((r) => r.id);
}

/** Media a package references now (images and videos), to release after it changes. */
export async function packageMediaIds(db: Db, packageId: string): Promise<string[]> {
  const rows = await db
    .selectFrom("package_images")
    .select(["media_id", "url"])
    .where("package_id", "=", packageId)
    .union(
      db
        .selectFrom("package_videos")
        .select(["media_id", "url"])
        .where("package_id", "=", packageId),
    )
    .execute();
  const byId = rows.map((r) => r.media_id).filter((id): id is string => id !== null);
  return [
    ...new Set([
      ...byId,
      ...(await mediaIdsForUrls(
        db,
        rows.map((r) => r.url),
      )),
    ]),
  ];
}

/** Media a travel moment references now (its video and its thumbnail). */
export async function momentMediaIds(db: Db, momentId: string): Promise<string[]> {
  const row = await db
    .selectFrom("travel_moments")
    .select(["video_media_id", "video_url", "thumbnail_url"])
    .where("id", "=", momentId)
    .executeTakeFirst();
  if (!row) return [];
  const urls = [row.video_url, ...(row.thumbnail_url ? [row.thumbnail_url] : [])];
  const ids = await mediaIdsForUrls(db, urls);
  return [...new Set([...(row.video_media_id ? [row.video_media_id] : []), ...ids])];
}

/** Whose references a write changes: what it referenced before may be released after. */
export type MediaOwner = { packageId: string } | { momentId: string };

/**
 * What a write service is given to keep the media store in step with the database: see
 * writeWithMedia. Both are optional: a caller without a store (seeding, a test) releases nothing,
 * and what its write let go of is freed by the hourly sweep.
 */
export interface MediaEffects {
  /** The store that released files leave. */
  media?: MediaStore;
  /** The files the request stored for this write: released when the write fails. */
  uploads?: { release(): Promise<unknown> };
}

/**
 * The one way a package or moment write handles its files. It reads what `owner` references,
 * runs the write (which commits its own transaction), then releases what it referenced before and
 * nothing references any more; a release that fails is logged (orphans cost disk, not
 * correctness, and the sweep retries them). When the write fails, the files this request stored
 * (`uploads`) are released and the error goes on; the files it referenced before stay.
 */
export async function writeWithMedia<T>(
  db: Db,
  owner: MediaOwner | null,
  { media, uploads }: MediaEffects,
  write: () => Promise<T>,
): Promise<T> {
  const releasing = owner !== null && media !== undefined;
  // Files are deleted only after the commit: inside a caller's transaction that is not yet.
  if (releasing && db.isTransaction) {
    throw new Error("writeWithMedia: pass the database, not a transaction, to release media");
  }
  const before = !releasing
    ? []
    : "packageId" in owner
      ? await packageMediaIds(db, owner.packageId)
      : await momentMediaIds(db, owner.momentId);
  let result: T;
  try {
    result = await write();
  } catch (error) {
    await uploads?.release();
    throw error;
  }
  if (media && before.length) await releaseQuietly(db, media, before);
  return result;
}

/** Like releaseMedia, but a failure is logged instead of thrown (the write already succeeded). */
export async function releaseQuietly(
  db: Db,
  store: MediaStore,
  ids: readonly (string | null)[],
): Promise<void> {
  try {
    await releaseMedia(db, store, ids);
  } catch (error) {
    log("warn", "media release failed", { ids, error: String(error) });
  }
}
