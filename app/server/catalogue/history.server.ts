import { sql } from "kysely";
import { departureWriteShape } from "~/domain/departures";
import { kindInfo, PACKAGE_KIND_INFO } from "~/domain/package-kinds";
import {
  isUuid,
  PACKAGE_KINDS,
  packageInputSchema,
  travelMomentInputSchema,
  type PackageKind,
} from "~/domain/schemas";
import {
  actionLabel,
  describeMomentChanges,
  describePackageChanges,
  type HistoryKind,
  type MomentSnapshot,
  type PackageSnapshot,
} from "~/domain/versions";
import type { MediaStore } from "../media/media-store.server";
import type { Db } from "../platform/db.server";
import { AppError, conflict, notFound } from "../platform/errors.server";
import { getMoment, updateMoment } from "./moments.server";
import { getPackageById, updatePackage } from "./packages.server";

/*
 * The history screens: an item's versions newest first, one version's content, and
 * "Restore this version", which saves the version's content as a new version (history is never
 * rewritten). The status (published / shown) is workflow, not content: a restore keeps the
 * current one (decision 100).
 */

export const HISTORY_KINDS: readonly HistoryKind[] = [...PACKAGE_KINDS, "moment"];

export function isHistoryKind(value: string): value is HistoryKind {
  return (HISTORY_KINDS as readonly string[]).includes(value);
}

/** How many versions the list shows (retention keeps at least 50 or 180 days' worth). */
export const HISTORY_PAGE = 200;

export interface HistoryItem {
  kind: HistoryKind;
  id: string;
  title: string;
  /** What a restore form sends back: a newer item is refused (stale edit, 409). */
  updatedAt: string;
  /** Soft-deleted packages show their history but restore from Recently deleted first. */
  deleted: boolean;
  editPath: string;
  listPath: string;
  listTitle: string;
  noun: string;
}

export interface VersionEntry {
  id: string;
  number: number;
  label: string;
  at: string;
  by: string;
  changes: string[];
}

const itemType = (kind: HistoryKind) => (kind === "moment" ? "moment" : "package");
const momentsPath = "/admin/travel-moments";

async function loadItem(db: Db, kind: HistoryKind, id: string): Promise<HistoryItem> {
  const missing = notFound(
    kind === "moment"
      ? "Travel moment not found"
      : `${capital(PACKAGE_KIND_INFO[kind].nouns.one)} not found`,
  );
  if (!isUuid(id)) throw missing;
  if (kind === "moment") {
    const moment = await getMoment(db, id);
    if (!moment) throw missing;
    const row = await db
      .selectFrom("travel_moments")
      .select("updated_at")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    return {
      kind,
      id,
      title: moment.title,
      updatedAt: new Date(row.updated_at).toISOString(),
      deleted: false,
      editPath: `${momentsPath}?edit=${id}`,
      listPath: momentsPath,
      listTitle: "Travel Moments",
      noun: "travel moment",
    };
  }
  const pkg = await getPackageById(db, kind, id, { includeDeleted: true });
  if (!pkg) throw missing;
  const row = await db
    .selectFrom("packages")
    .select("deleted_at")
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  const info = kindInfo(kind);
  return {
    kind,
    id,
    title: pkg.title,
    updatedAt: pkg.updated_at,
    deleted: row.deleted_at !== null,
    editPath: info.admin.editPath(id),
    listPath: info.admin.listPath,
    listTitle: info.admin.title,
    noun: info.nouns.one,
  };
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

interface VersionRow {
  id: string;
  number: number;
  action: string;
  restored_from: number | null;
  admin_id: string | null;
  email: string | null;
  created_at: Date;
  content: Record<string, unknown>;
}

function versionQuery(db: Db) {
  return db
    .selectFrom("content_versions as v")
    .leftJoin("admins as a", "a.id", "v.admin_id")
    .select([
      "v.id",
      "v.number",
      "v.action",
      "v.restored_from",
      "v.admin_id",
      "a.email",
      "v.created_at",
      "v.content",
      "v.item_type",
      "v.item_id",
    ]);
}

function whoSaved(row: Pick<VersionRow, "admin_id" | "email">): string {
  if (row.admin_id === null) return "System";
  return row.email ?? "A removed admin";
}

function describe(kind: HistoryKind, before: VersionRow | undefined, after: VersionRow): string[] {
  return kind === "moment"
    ? describeMomentChanges(
        (before?.content as MomentSnapshot | undefined) ?? null,
        after.content as MomentSnapshot,
      )
    : describePackageChanges(
        (before?.content as PackageSnapshot | undefined) ?? null,
        after.content as PackageSnapshot,
      );
}

function entry(kind: HistoryKind, row: VersionRow, before: VersionRow | undefined): VersionEntry {
  return {
    id: row.id,
    number: row.number,
    label: actionLabel(row.action, row.restored_from),
    at: new Date(row.created_at).toISOString(),
    by: whoSaved(row),
    changes: describe(kind, before, row),
  };
}

export interface HistoryData {
  item: HistoryItem;
  versions: VersionEntry[];
  /** More versions exist than the list shows. */
  truncated: boolean;
  /** The item's saved translations, newest first: which language, when, by whom. */
  translations: TranslationSave[];
}

/** A saved translation of the item (decision 150), from the activity log's own record of it. */
export interface TranslationSave {
  id: string;
  language: string;
  at: string;
  by: string;
}

/** How many translation saves the history lists. */
const TRANSLATION_SAVES = 20;

/**
 * The item's translation saves (`package.translated`, `moment.translated`): translations are
 * stored as one row per language without versions (decision 139), so the history names each save
 * and its language from the activity log, which records every one.
 */
async function translationSaves(db: Db, kind: HistoryKind, id: string): Promise<TranslationSave[]> {
  const rows = await db
    .selectFrom("events as e")
    .leftJoin("admins as a", "a.id", "e.admin_id")
    .select(["e.id", "e.details", "e.created_at", "e.admin_id", "a.email"])
    .where("e.type", "=", kind === "moment" ? "moment.translated" : "package.translated")
    .where(sql<string>`e.details->>'id'`, "=", id)
    .orderBy("e.created_at", "desc")
    .orderBy("e.seq", "desc")
    .limit(TRANSLATION_SAVES)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    language: typeof row.details.language === "string" ? row.details.language : "",
    at: new Date(row.created_at).toISOString(),
    by: whoSaved(row),
  }));
}

/** The item's versions, newest first, each with what changed from the one before it. */
export async function loadHistory(db: Db, kind: HistoryKind, id: string): Promise<HistoryData> {
  const item = await loadItem(db, kind, id);
  const rows = await versionQuery(db)
    .where("v.item_type", "=", itemType(kind))
    .where("v.item_id", "=", id)
    .orderBy("v.number", "desc")
    .limit(HISTORY_PAGE + 1)
    .execute();
  const versions = rows.slice(0, HISTORY_PAGE).map((row, i) => entry(kind, row, rows[i + 1]));
  const translations = await translationSaves(db, kind, id);
  return { item, versions, truncated: rows.length > HISTORY_PAGE, translations };
}

export interface VersionData {
  item: HistoryItem;
  version: VersionEntry;
  /** The newest version: restoring it would change nothing. */
  isLatest: boolean;
  content: PackageSnapshot | MomentSnapshot;
}

/**
 * One version of the item. An unknown version is 404; a version of another item is refused with
 * 409 and a message that says so (nothing is shown or restored).
 */
async function versionOf(db: Db, kind: HistoryKind, id: string, versionId: string) {
  const missing = notFound("This version does not exist (it may have been pruned).");
  if (!isUuid(versionId)) throw missing;
  const row = await versionQuery(db).where("v.id", "=", versionId).executeTakeFirst();
  if (!row) throw missing;
  if (row.item_type !== itemType(kind) || row.item_id !== id) {
    throw conflict(
      `That version belongs to another ${kind === "moment" ? "travel moment" : "package"}, not to this one. Nothing was changed.`,
    );
  }
  return row;
}

export async function loadVersion(
  db: Db,
  kind: HistoryKind,
  id: string,
  versionId: string,
): Promise<VersionData> {
  const item = await loadItem(db, kind, id);
  const row = await versionOf(db, kind, id, versionId);
  const [before, latest] = await Promise.all([
    versionQuery(db)
      .where("v.item_type", "=", itemType(kind))
      .where("v.item_id", "=", id)
      .where("v.number", "<", row.number)
      .orderBy("v.number", "desc")
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom("content_versions")
      .select((eb) => eb.fn.max("number").as("max"))
      .where("item_type", "=", itemType(kind))
      .where("item_id", "=", id)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    item,
    version: entry(kind, row, before),
    isLatest: Number(latest.max) === row.number,
    content: row.content as PackageSnapshot | MomentSnapshot,
  };
}

/** A version whose content no longer passes today's rules: refused, nothing changes. */
const UNRESTORABLE = "This version cannot be restored because it no longer passes today's checks";

function packageInputOf(kind: PackageKind, s: PackageSnapshot, status: PackageSnapshot["status"]) {
  const parsed = packageInputSchema(kind).safeParse({
    title: s.title,
    slug: s.slug,
    description: s.description,
    location: s.location,
    price: s.price,
    duration: s.duration,
    travel_period: s.travel_period,
    rating: s.rating,
    review_count: s.review_count,
    rating_source: s.rating_source,
    status,
    images: s.images,
    image_details: s.imageDetails.map(({ url, alt, focal_x, focal_y }) => ({
      url,
      alt,
      focal_x,
      focal_y,
    })),
    videos: s.videos.map((v) => ({
      type: v.type,
      url: v.url,
      ...(v.title ? { title: v.title } : {}),
      ...(v.description ? { description: v.description } : {}),
      order: v.order,
    })),
    highlights: s.highlights,
    inclusions: s.inclusions,
    exclusions: s.exclusions,
    itinerary: s.itinerary,
    departures: s.departures.map(departureWriteShape),
    faqs: s.faqs,
    meeting_point: s.meeting_point,
    // A version saved before packages had their own deposit rule has none: the stored one stays.
    deposit: s.deposit,
  });
  if (!parsed.success) {
    throw new AppError(`${UNRESTORABLE}: ${parsed.error.issues[0]?.message ?? "invalid"}.`, 409);
  }
  return parsed.data;
}

export interface RestoreOptions {
  by: string | null;
  /** The item's `updated_at` the screen showed: a newer item is refused (409). */
  expectedUpdatedAt: string;
  /** The store the files the restored item no longer uses are released from (writeWithMedia). */
  media?: MediaStore;
  /** SITE_CURRENCY: a price a version saved as text is read in it. */
  currency?: string;
}

/**
 * Saves the version's content as the item's newest version (recorded as "Restored version N").
 * Refused with nothing changed: an unknown item or version (404), another item's version, an
 * item changed since the screen was loaded, a deleted package (409).
 */
export async function restoreVersion(
  db: Db,
  kind: HistoryKind,
  id: string,
  versionId: string,
  options: RestoreOptions,
): Promise<{ message: string }> {
  const item = await loadItem(db, kind, id);
  const row = await versionOf(db, kind, id, versionId);
  const version = { action: "restore" as const, restoredFrom: row.number };
  if (kind === "moment") {
    const s = row.content as MomentSnapshot;
    const current = (await getMoment(db, id))!;
    const parsed = travelMomentInputSchema.safeParse({
      title: s.title,
      description: s.description,
      videoUrl: s.videoUrl,
      thumbnailUrl: s.thumbnailUrl,
      thumbnailAlt: s.thumbnailAlt,
      duration: s.duration,
      isActive: current.isActive,
    });
    if (!parsed.success) {
      throw new AppError(`${UNRESTORABLE}: ${parsed.error.issues[0]?.message ?? "invalid"}.`, 409);
    }
    await updateMoment(db, id, parsed.data, {
      by: options.by,
      expectedUpdatedAt: options.expectedUpdatedAt,
      version,
      ...(options.media ? { media: options.media } : {}),
    });
    return { message: `Version ${row.number} restored.` };
  }
  if (item.deleted) {
    throw conflict(
      `This ${item.noun} is deleted: restore it from Recently deleted first, then restore a version.`,
    );
  }
  const current = (await getPackageById(db, kind, id))!;
  const input = packageInputOf(kind, row.content as PackageSnapshot, current.status);
  const saved = await updatePackage(db, kind, id, input, {
    // Another package may hold the version's slug now: the next free one, said in the message.
    slugConflict: "suffix",
    expectedUpdatedAt: options.expectedUpdatedAt,
    by: options.by,
    version,
    ...(options.media ? { media: options.media } : {}),
    ...(options.currency ? { currency: options.currency } : {}),
  });
  const wanted = (row.content as PackageSnapshot).slug;
  const slugNote =
    saved.slug !== wanted
      ? ` Its URL slug "${wanted}" is used by another ${item.noun} now, so it is "${saved.slug}".`
      : "";
  return { message: `Version ${row.number} restored.${slugNote}` };
}
