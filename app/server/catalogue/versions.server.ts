import { sql } from "kysely";
import {
  describeMomentChanges,
  describePackageChanges,
  type MomentSnapshot,
  type PackageSnapshot,
  type VersionAction,
} from "~/domain/versions";
import { recordEvent, type EventType } from "../events/events.server";
import { inTransaction, type Db } from "../platform/db.server";
import { momentMediaIds, packageMediaIds, releaseQuietly } from "../media/references.server";
import type { MediaStore } from "../media/media-store.server";

export type { VersionAction } from "~/domain/versions";

/*
 * Versions (decision 100): a snapshot of a package or travel moment per save, written
 * by the central write functions (packages.server.ts, moments.server.ts) inside their own
 * transaction, so every caller (forms, API, scheduled changes, bulk actions) gets them for free.
 * A path that cannot go through those functions calls recordContentVersion itself. The owner of
 * an item says how to read its snapshot (versionedPackage, versionedMoment): this file reads no
 * package or moment itself, so packages.server.ts and moments.server.ts import it, not the reverse.
 *
 * The media a snapshot uses are stored with it (media_ids) and count as references
 * (media/references.server.ts): restoring a version never shows a broken image. Pruning a version
 * releases what nothing else uses any more.
 */

export interface VersionMeta {
  action: VersionAction;
  /** The admin who saved; null for the system (seed, scheduled change). */
  by: string | null;
  restoredFrom?: number | null;
}

/** An item to version, with its owner's reader of the item as it is now (in `trx`). */
export type VersionedItem =
  | { type: "package"; id: string; snapshot: (trx: Db) => Promise<PackageSnapshot> }
  | { type: "moment"; id: string; snapshot: (trx: Db) => Promise<MomentSnapshot> };

/** The activity-log event of each version action. */
const PACKAGE_EVENTS: Record<VersionAction, EventType> = {
  create: "package.created",
  update: "package.updated",
  publish: "package.published",
  unpublish: "package.unpublished",
  restore: "package.version_restored",
  delete: "package.deleted",
  undelete: "package.restored",
  scheduled_publish: "package.published_by_schedule",
  scheduled_unpublish: "package.unpublished_by_schedule",
  show: "package.updated",
  hide: "package.updated",
};
const MOMENT_EVENTS: Partial<Record<VersionAction, EventType>> = { create: "moment.created" };

/** At most this many changes, each clipped, go into an event (the version keeps everything). */
const EVENT_CHANGES = 20;

/**
 * The content event for a version: who, what kind, the title, and what changed in words (against
 * the item's previous version), in the same transaction as the write.
 */
async function recordContentEvent(
  trx: Db,
  item: { type: "package" | "moment"; id: string },
  content: PackageSnapshot | MomentSnapshot,
  meta: VersionMeta,
): Promise<void> {
  const previous = await trx
    .selectFrom("content_versions")
    .select("content")
    .where("item_type", "=", item.type)
    .where("item_id", "=", item.id)
    .orderBy("number", "desc")
    .limit(1)
    .executeTakeFirst();
  const changes =
    item.type === "package"
      ? describePackageChanges(
          (previous?.content as PackageSnapshot | undefined) ?? null,
          content as PackageSnapshot,
        )
      : describeMomentChanges(
          (previous?.content as MomentSnapshot | undefined) ?? null,
          content as MomentSnapshot,
        );
  const type =
    item.type === "package"
      ? PACKAGE_EVENTS[meta.action]
      : (MOMENT_EVENTS[meta.action] ?? "moment.updated");
  await recordEvent(trx, {
    type,
    adminId: meta.by,
    details: {
      id: item.id,
      ...(item.type === "package" ? { kind: (content as PackageSnapshot).kind } : {}),
      title: content.title,
      ...(meta.action === "update" || meta.action === "restore" || item.type === "moment"
        ? {
            changes: changes
              .filter((c) => c !== "Created")
              .slice(0, EVENT_CHANGES)
              .map((c) => c.slice(0, 300)),
          }
        : {}),
      ...(meta.restoredFrom ? { restored_from: meta.restoredFrom } : {}),
    },
  });
}

async function insertVersion(
  trx: Db,
  item: { type: "package" | "moment"; id: string },
  content: PackageSnapshot | MomentSnapshot,
  mediaIds: string[],
  meta: VersionMeta,
): Promise<void> {
  await recordContentEvent(trx, item, content, meta);
  // The write that records a version holds the item's row lock, so numbers do not race; the
  // unique (item, number) constraint is the final guard.
  await trx
    .insertInto("content_versions")
    .values((eb) => ({
      item_type: item.type,
      item_id: item.id,
      number: eb
        .selectFrom("content_versions")
        .select(sql<number>`coalesce(max(number), 0) + 1`.as("n"))
        .where("item_type", "=", item.type)
        .where("item_id", "=", item.id),
      action: meta.action,
      admin_id: meta.by,
      restored_from: meta.restoredFrom ?? null,
      content: JSON.stringify(content),
      media_ids: mediaIds,
    }))
    .execute();
}

/** Records the item as it is now (in `trx`, after the write) as its next version. */
export async function recordVersion(
  trx: Db,
  item: VersionedItem,
  meta: VersionMeta,
): Promise<void> {
  const content = await item.snapshot(trx);
  const mediaIds =
    item.type === "package"
      ? await packageMediaIds(trx, item.id)
      : await momentMediaIds(trx, item.id);
  await insertVersion(trx, { type: item.type, id: item.id }, content, mediaIds, meta);
}

/**
 * The one entry point for a write path that cannot go through the central write functions: call
 * it with the writer's transaction after the write, so the version exists exactly when it does.
 */
export async function recordContentVersion(
  db: Db,
  item: VersionedItem,
  meta: VersionMeta,
): Promise<void> {
  await inTransaction(db, (trx) => recordVersion(trx, item, meta));
}

/** Deletes an item's whole history (a moment deleted, a package purged); returns its media ids. */
export async function deleteHistory(
  trx: Db,
  type: "package" | "moment",
  ids: readonly string[],
): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await trx
    .deleteFrom("content_versions")
    .where("item_type", "=", type)
    .where("item_id", "in", ids)
    .returning("media_ids")
    .execute();
  return [...new Set(rows.flatMap((r) => r.media_ids))];
}

export interface RetentionOptions {
  now?: Date;
  /** Versions kept per item whatever their age (the newest ones). */
  keepVersions: number;
  /** Versions younger than this are kept whatever their number. */
  keepDays: number;
}

/**
 * Deletes versions that are neither among the `keepVersions` newest of their item nor younger
 * than `keepDays`, then releases the media only they used. Returns how many versions went.
 */
export async function pruneVersions(
  db: Db,
  store: MediaStore,
  options: RetentionOptions,
): Promise<number> {
  const now = options.now ?? new Date();
  const before = new Date(now.getTime() - options.keepDays * 86_400_000);
  const keep = Math.max(1, Math.floor(options.keepVersions));
  const { rows } = await sql<{ media_ids: string[] }>`
    delete from content_versions as v
    using (
      select id, row_number() over (partition by item_type, item_id order by number desc) as rank
      from content_versions
    ) as r
    where v.id = r.id and r.rank > ${keep} and v.created_at < ${before}
    returning v.media_ids
  `.execute(db);
  await releaseQuietly(db, store, [...new Set(rows.flatMap((r) => r.media_ids))]);
  return rows.length;
}
