import { sql } from "kysely";
import { kindMessages, PACKAGE_KIND_INFO } from "~/domain/package-kinds";
import { isUuid, type Package, type PackageKind } from "~/domain/schemas";
import { inTransaction, type Db } from "../platform/db.server";
import { notFound } from "../platform/errors.server";
import {
  packageMediaIds,
  releaseQuietly,
  sweepUnattachedMedia,
  SWEEP_INTERVAL_MS,
} from "../media/references.server";
import type { Job } from "../platform/jobs.server";
import type { MediaStore } from "../media/media-store.server";
import {
  getPackageById,
  lockSlugs,
  recordPackageVersion,
  uniqueSlug,
  withSlugRetry,
} from "./packages.server";
import { deleteHistory, pruneVersions } from "./versions.server";

/*
 * Soft delete (decision 101). A deleted package keeps its row, media and history for
 * RECENTLY_DELETED_DAYS: listed under Recently deleted, restorable, invisible to every other
 * read. Then purgeDeletedPackages removes it for good and frees the media nothing else uses.
 */

export const RECENTLY_DELETED_DAYS = 30;
const DAY_MS = 86_400_000;

export interface DeletedPackage {
  id: string;
  title: string;
  slug: string;
  status: Package["status"];
  deletedAt: string;
  deletedBy: string | null;
  /** When it is purged for good. */
  purgeAt: string;
}

/** A kind's deleted packages still restorable, most recently deleted first. */
export async function listDeletedPackages(
  db: Db,
  kind: PackageKind,
  now: Date = new Date(),
): Promise<DeletedPackage[]> {
  const rows = await db
    .selectFrom("packages as p")
    .leftJoin("admins as a", "a.id", "p.deleted_by")
    .select(["p.id", "p.title", "p.slug", "p.status", "p.deleted_at", "a.email"])
    .where("p.kind", "=", kind)
    .where("p.deleted_at", "is not", null)
    .where("p.deleted_at", ">=", new Date(now.getTime() - RECENTLY_DELETED_DAYS * DAY_MS))
    .orderBy("p.deleted_at", "desc")
    .orderBy("p.id")
    .execute();
  return rows.map((r) => {
    const deletedAt = new Date(r.deleted_at!);
    return {
      id: r.id,
      title: r.title,
      slug: r.slug,
      status: r.status,
      deletedAt: deletedAt.toISOString(),
      deletedBy: r.email,
      purgeAt: new Date(deletedAt.getTime() + RECENTLY_DELETED_DAYS * DAY_MS).toISOString(),
    };
  });
}

export interface UndeleteResult {
  pkg: Package;
  /** Set when another package took the slug meanwhile: the restored one got the next free one. */
  slugChanged?: { from: string; to: string };
}

/**
 * Brings a deleted package back as it was (status included) and records a version. Its slug is
 * kept unless a live package of the kind took it meanwhile: then the next free one ('-2').
 */
export async function restoreDeletedPackage(
  db: Db,
  kind: PackageKind,
  id: string,
  options: { by?: string | null; now?: Date } = {},
): Promise<UndeleteResult> {
  if (!isUuid(id)) throw notFound(kindMessages(kind).notFound);
  const now = options.now ?? new Date();
  const oldest = new Date(now.getTime() - RECENTLY_DELETED_DAYS * DAY_MS);
  const slugs = await withSlugRetry(() =>
    inTransaction(db, async (trx) => {
      const row = await trx
        .selectFrom("packages")
        .select(["slug", "deleted_at"])
        .where("kind", "=", kind)
        .where("id", "=", id)
        .where("deleted_at", "is not", null)
        .where("deleted_at", ">=", oldest)
        .forUpdate()
        .executeTakeFirst();
      if (!row) throw notFound(NOT_IN_BIN(kind));
      await lockSlugs(trx, kind);
      const slug = await uniqueSlug(trx, kind, row.slug, id);
      await trx
        .updateTable("packages")
        .set({ deleted_at: null, deleted_by: null, slug, updated_at: sql<Date>`now()` })
        .where("id", "=", id)
        .execute();
      await recordPackageVersion(trx, kind, id, { action: "undelete", by: options.by ?? null });
      return { from: row.slug, to: slug };
    }),
  );
  const pkg = (await getPackageById(db, kind, id))!;
  return slugs.from === slugs.to ? { pkg } : { pkg, slugChanged: slugs };
}

const NOT_IN_BIN = (kind: PackageKind) =>
  `This ${PACKAGE_KIND_INFO[kind].nouns.one} is not in Recently deleted (it was restored or deleted for good).`;

/** The message a restore with a changed slug gets, for the flash. */
export function undeleteMessage(kind: PackageKind, result: UndeleteResult): string {
  const noun = PACKAGE_KIND_INFO[kind].nouns.one;
  const base = `"${result.pkg.title}" restored.`;
  if (!result.slugChanged) return base;
  return `${base} Its URL slug "${result.slugChanged.from}" is now used by another ${noun}, so it got "${result.slugChanged.to}".`;
}

/**
 * Deletes for good the packages deleted more than RECENTLY_DELETED_DAYS ago, with their history,
 * then releases the media nothing else uses. Returns how many packages went.
 */
export async function purgeDeletedPackages(
  db: Db,
  store: MediaStore,
  now: Date = new Date(),
): Promise<number> {
  const cutoff = new Date(now.getTime() - RECENTLY_DELETED_DAYS * DAY_MS);
  const media = await inTransaction(db, async (trx) => {
    const rows = await trx
      .selectFrom("packages")
      .select("id")
      .where("deleted_at", "<", cutoff)
      // A package with bookings keeps its rows (the bookings' history): it stays deleted, unpurged.
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom("bookings as b")
              .innerJoin("departures as d", "d.id", "b.departure_id")
              .select("b.id")
              .whereRef("d.package_id", "=", "packages.id"),
          ),
        ),
      )
      .forUpdate()
      .execute();
    const ids = rows.map((r) => r.id);
    if (ids.length === 0) return { count: 0, ids: [] as string[] };
    const used = (await Promise.all(ids.map((id) => packageMediaIds(trx, id)))).flat();
    const history = await deleteHistory(trx, "package", ids);
    await trx.deleteFrom("packages").where("id", "in", ids).execute();
    return { count: ids.length, ids: [...new Set([...used, ...history])] };
  });
  await releaseQuietly(db, store, media.ids);
  return media.count;
}

export interface ContentRetention {
  keepVersions: number;
  keepDays: number;
}

/**
 * The content retention job: prunes old versions and purges packages deleted long ago.
 * Returns how many rows went (versions + packages). Meant for the job runner.
 */
export async function runContentRetention(
  db: Db,
  store: MediaStore,
  retention: ContentRetention,
  now: Date = new Date(),
): Promise<number> {
  const purged = await purgeDeletedPackages(db, store, now);
  const pruned = await pruneVersions(db, store, { ...retention, now });
  return purged + pruned;
}

/**
 * The runner's hourly job (decision 092): history retention (old versions, packages deleted 30
 * days ago), then the sweep of uploads never attached to anything, so what retention alone
 * released is freed in the same pass. Whichever instance claims the hour runs it.
 */
export function contentRetentionJob(
  store: MediaStore,
  retention: ContentRetention,
  everyMs: number = SWEEP_INTERVAL_MS,
): Job {
  return {
    name: "content-retention",
    everyMs,
    run: async ({ db, now }) =>
      (await runContentRetention(db, store, retention, now)) +
      (await sweepUnattachedMedia(db, store, now)),
  };
}
