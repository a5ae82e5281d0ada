import { sql } from "kysely";
import {
  isUuid,
  LIMITS,
  MESSAGES,
  type TravelMoment,
  type TravelMomentInput,
} from "~/domain/schemas";
import type { MomentSnapshot } from "~/domain/versions";
import { inTransaction, type Db } from "../platform/db.server";
import type { TravelMomentRow } from "../platform/db-schema";
import { conflict, notFound } from "../platform/errors.server";
import { mediaKeyFromUrl } from "../media/media-urls.server";
import { writeWithMedia, type MediaEffects } from "../media/references.server";
import { assertSameIds } from "./packages.server";
import {
  deleteHistory,
  recordVersion,
  type VersionAction,
  type VersionedItem,
  type VersionMeta,
} from "./versions.server";
import { recordEvent } from "../events/events.server";

/**
 * `by`: who saves (the version records it); null or absent: the system. `media` and `uploads`
 * (MediaEffects): an update or delete releases the files the moment no longer uses, and a write
 * that fails releases the files the request stored for it (writeWithMedia).
 */
export interface MomentWriteOptions extends MediaEffects {
  by?: string | null;
  /** More writes in the moment's own transaction (the API's translations, decision 158). */
  alsoInTransaction?: (trx: Db, moment: TravelMoment) => Promise<void>;
}

const NOT_FOUND = "Travel moment not found";

export function toMoment(row: TravelMomentRow): TravelMoment {
  return {
    id: row.id,
    title: row.title,
    ...(row.description ? { description: row.description } : {}),
    videoUrl: row.video_url,
    ...(row.thumbnail_url ? { thumbnailUrl: row.thumbnail_url } : {}),
    ...(row.thumbnail_alt ? { thumbnailAlt: row.thumbnail_alt } : {}),
    ...(row.duration ? { duration: row.duration } : {}),
    orderIndex: row.order_index,
    isActive: row.is_active,
  };
}

export async function listMoments(
  db: Db,
  options: { activeOnly?: boolean } = {},
): Promise<TravelMoment[]> {
  let query = db.selectFrom("travel_moments").selectAll();
  if (options.activeOnly) query = query.where("is_active", "=", true);
  const rows = await query.orderBy("order_index").orderBy("created_at").orderBy("id").execute();
  return rows.map(toMoment);
}

export async function getMoment(db: Db, id: string): Promise<TravelMoment | undefined> {
  if (!isUuid(id)) return undefined;
  const row = await db
    .selectFrom("travel_moments")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirst();
  return row ? toMoment(row) : undefined;
}

/** What a version of a moment keeps: everything but its identity and place. */
export function momentSnapshot(moment: TravelMoment): MomentSnapshot {
  const { id: _id, orderIndex: _o, ...content } = moment;
  return content;
}

/** The travel moment to version, read back in the writer's transaction. */
export function versionedMoment(id: string): VersionedItem {
  return {
    type: "moment",
    id,
    snapshot: async (trx) => {
      const moment = await getMoment(trx, id);
      if (!moment) throw new Error(`recordMomentVersion: moment ${id} not found`);
      return momentSnapshot(moment);
    },
  };
}

/** Records the travel moment as it is now (in `trx`, after the write) as its next version. */
export async function recordMomentVersion(trx: Db, id: string, meta: VersionMeta): Promise<void> {
  await recordVersion(trx, versionedMoment(id), meta);
}

async function mediaIdFor(db: Db, url: string): Promise<string | null> {
  const key = mediaKeyFromUrl(url);
  if (!key) return null;
  const row = await db
    .selectFrom("media_objects")
    .select("id")
    .where("storage_key", "=", key)
    .executeTakeFirst();
  return row?.id ?? null;
}

/** The columns a create or update writes from validated input (optional fields as NULL). */
function momentColumns(input: TravelMomentInput) {
  return {
    title: input.title,
    description: input.description ?? null,
    video_url: input.videoUrl,
    thumbnail_url: input.thumbnailUrl ?? null,
    thumbnail_alt: input.thumbnailAlt ?? "",
    duration: input.duration ?? null,
    is_active: input.isActive,
  };
}

/** Creates a moment at the end of the order; the maximum of 7 holds under concurrency. */
export async function createMoment(
  db: Db,
  input: TravelMomentInput,
  options: MomentWriteOptions = {},
): Promise<TravelMoment> {
  return writeWithMedia(db, null, options, () =>
    inTransaction(db, async (trx) => {
      // Serialises concurrent creates so two of them cannot both see 6 and make 8.
      await sql`lock table travel_moments in share row exclusive mode`.execute(trx);
      const { count, max } = await trx
        .selectFrom("travel_moments")
        .select((eb) => [
          eb.fn.countAll<string>().as("count"),
          eb.fn.max<number | null>("order_index").as("max"),
        ])
        .executeTakeFirstOrThrow();
      if (Number(count) >= LIMITS.travelMoments) throw conflict(MESSAGES.momentsMax);
      const row = await trx
        .insertInto("travel_moments")
        .values({
          ...momentColumns(input),
          order_index: (max ?? -1) + 1,
          video_media_id: await mediaIdFor(trx, input.videoUrl),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordMomentVersion(trx, row.id, { action: "create", by: options.by ?? null });
      const moment = toMoment(row);
      await options.alsoInTransaction?.(trx, moment);
      return moment;
    }),
  );
}

/** The message a moment changed since it was loaded gets. */
export const STALE_MOMENT_MESSAGE =
  "This travel moment was changed by someone else after you opened it. Nothing was saved: reload and try again.";

/** Updates a moment; with `media`, the files it no longer uses are released after the commit. */
export async function updateMoment(
  db: Db,
  id: string,
  input: TravelMomentInput,
  options: MomentWriteOptions & {
    /** The `updated_at` the caller loaded: a newer row is refused (409). */
    expectedUpdatedAt?: string;
    version?: { action: VersionAction; restoredFrom?: number };
  } = {},
): Promise<{ moment: TravelMoment }> {
  if (!isUuid(id)) throw notFound(NOT_FOUND);
  return writeWithMedia(db, { momentId: id }, options, () =>
    inTransaction(db, async (trx) => {
      const before = await trx
        .selectFrom("travel_moments")
        .select("updated_at")
        .where("id", "=", id)
        .forUpdate()
        .executeTakeFirst();
      if (!before) throw notFound(NOT_FOUND);
      if (
        options.expectedUpdatedAt !== undefined &&
        new Date(before.updated_at).toISOString() !== options.expectedUpdatedAt
      ) {
        throw conflict(STALE_MOMENT_MESSAGE);
      }
      const videoMediaId = await mediaIdFor(trx, input.videoUrl);
      const row = await trx
        .updateTable("travel_moments")
        .set({
          ...momentColumns(input),
          video_media_id: videoMediaId,
          updated_at: sql<Date>`now()`,
        })
        .where("id", "=", id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordMomentVersion(trx, id, {
        action: options.version?.action ?? "update",
        by: options.by ?? null,
        restoredFrom: options.version?.restoredFrom ?? null,
      });
      const moment = toMoment(row);
      await options.alsoInTransaction?.(trx, moment);
      return { moment };
    }),
  );
}

/**
 * Deletes a moment and its history (decision 100: moments have no Recently deleted); with `media`,
 * the files it used and nothing else does are released after the commit. What only its old
 * versions used is left to the sweep.
 */
export async function deleteMoment(
  db: Db,
  id: string,
  options: Pick<MediaEffects, "media"> = {},
): Promise<void> {
  if (!isUuid(id)) throw notFound(NOT_FOUND);
  await writeWithMedia(db, { momentId: id }, options, () =>
    inTransaction(db, async (trx) => {
      const row = await trx
        .deleteFrom("travel_moments")
        .where("id", "=", id)
        .returning(["title"])
        .executeTakeFirst();
      if (!row) throw notFound(NOT_FOUND);
      await deleteHistory(trx, "moment", [id]);
      await recordEvent(trx, { type: "moment.deleted", details: { id, title: row.title } });
    }),
  );
}

export async function reorderMoments(db: Db, ids: readonly string[]): Promise<void> {
  await inTransaction(db, async (trx) => {
    const current = await trx.selectFrom("travel_moments").select("id").forUpdate().execute();
    assertSameIds(
      current.map((r) => r.id),
      ids,
    );
    if (ids.length === 0) return;
    await sql`
      update travel_moments as t set order_index = x.ord - 1
      from unnest(${[...ids]}::uuid[]) with ordinality as x(id, ord)
      where t.id = x.id
    `.execute(trx);
    await recordEvent(trx, { type: "moment.reordered", details: { moved: ids.length } });
  });
}

/** Shows or hides a moment on the public site; only that column (and updated_at) changes. */
export async function setMomentActive(
  db: Db,
  id: string,
  active: boolean,
  options: MomentWriteOptions = {},
): Promise<TravelMoment> {
  if (!isUuid(id)) throw notFound(NOT_FOUND);
  return inTransaction(db, async (trx) => {
    const row = await trx
      .updateTable("travel_moments")
      .set({ is_active: active, updated_at: sql<Date>`now()` })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw notFound(NOT_FOUND);
    await recordMomentVersion(trx, id, {
      action: active ? "show" : "hide",
      by: options.by ?? null,
    });
    return toMoment(row);
  });
}
