import { sql, type SelectQueryBuilder } from "kysely";
import { packageDepositOf } from "~/domain/deposits";
import { kindMessages, PACKAGE_KIND_INFO } from "~/domain/package-kinds";
import {
  isUuid,
  packageInputSchema,
  slugify,
  type Package,
  type PackageImage,
  type PackageInput,
  type PackageKind,
  type PackageStatus,
  type DepartureSeats,
} from "~/domain/schemas";
import type { PackageSnapshot } from "~/domain/versions";
import { inTransaction, type Db } from "../platform/db.server";
import type { DB, PackageRow } from "../platform/db-schema";
import { AppError, conflict, isUniqueViolation, notFound } from "../platform/errors.server";
import { mediaKeyFromUrl } from "../media/media-urls.server";
import { writeWithMedia, type MediaEffects } from "../media/references.server";
import {
  recordVersion,
  type VersionAction,
  type VersionedItem,
  type VersionMeta,
} from "./versions.server";
import { recordEvent } from "../events/events.server";
import { inAdminOrder } from "./admin-order.server";
import { appearsInSql } from "./appearance.server";
import { manualStatusColumns, scheduleColumns } from "./schedule.server";
import { DEFAULT_CURRENCY, departuresOf, replaceDepartures } from "./departures.server";
import { recordSlugChange } from "./slug-history.server";

export interface ListOptions {
  kind: PackageKind;
  /** Only published packages (the public site and anonymous API callers). */
  publishedOnly?: boolean;
  status?: PackageStatus;
  /** Case-insensitive match on title or slug. */
  search?: string;
  limit?: number;
}

const iso = (d: Date | string) => (d instanceof Date ? d.toISOString() : new Date(d).toISOString());

async function hydrate(db: Db, rows: PackageRow[]): Promise<Package[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [images, videos, departures] = await Promise.all([
    db
      .selectFrom("package_images as i")
      .leftJoin("media_objects as m", "m.id", "i.media_id")
      .select([
        "i.package_id",
        "i.url",
        "i.alt",
        "i.focal_x",
        "i.focal_y",
        "i.position",
        "m.width",
        "m.height",
        "m.variants",
      ])
      .where("i.package_id", "in", ids)
      .orderBy("i.position")
      .execute(),
    db
      .selectFrom("package_videos")
      .selectAll()
      .where("package_id", "in", ids)
      .orderBy("position")
      .execute(),
    departuresOf(db, ids),
  ]);
  return rows.map((row) => {
    const own = images.filter((i) => i.package_id === row.id);
    return {
      id: row.id,
      kind: row.kind,
      slug: row.slug,
      title: row.title,
      description: row.description,
      location: row.location,
      price: row.price,
      duration: row.duration,
      travel_period: row.travel_period,
      rating: row.rating,
      review_count: row.review_count,
      status: row.status,
      position: row.position,
      images: own.map((i) => i.url),
      imageDetails: own.map((i) => ({
        url: i.url,
        alt: i.alt,
        focal_x: i.focal_x,
        focal_y: i.focal_y,
        width: i.width ?? null,
        height: i.height ?? null,
        variants: i.variants ?? [],
      })),
      videos: videos
        .filter((v) => v.package_id === row.id)
        .map((v) => ({
          id: v.id,
          type: v.type,
          url: v.url,
          ...(v.title ? { title: v.title } : {}),
          ...(v.description ? { description: v.description } : {}),
          order: v.position,
        })),
      highlights: row.highlights ?? [],
      inclusions: row.inclusions ?? [],
      exclusions: row.exclusions ?? [],
      itinerary: row.itinerary ?? [],
      departures: departures.get(row.id) ?? [],
      faqs: row.faqs ?? [],
      meeting_point: row.meeting_point,
      rating_source: row.rating_source,
      deposit: packageDepositOf(row.deposit_type, row.deposit_value),
      publish_at: row.publish_at === null ? null : iso(row.publish_at),
      unpublish_at: row.unpublish_at === null ? null : iso(row.unpublish_at),
      created_at: iso(row.created_at),
      updated_at: iso(row.updated_at),
    };
  });
}

export async function listPackages(db: Db, options: ListOptions): Promise<Package[]> {
  let query = db
    .selectFrom("packages")
    .selectAll()
    .where("kind", "=", options.kind)
    .where("deleted_at", "is", null);
  if (options.publishedOnly) query = query.where("status", "=", "published");
  if (options.status) query = query.where("status", "=", options.status);
  const search = options.search?.trim();
  if (search) {
    const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or([eb("title", "ilike", pattern), eb("slug", "ilike", pattern)]),
    );
  }
  query = inAdminOrder(query);
  if (options.limit !== undefined) query = query.limit(options.limit);
  return hydrate(db, await query.execute());
}

/**
 * Only packages that appear in `lang`: published there (decision 154), their title and
 * description translated (decision 139). Undefined: the default language, where every published package appears.
 */
function appearingIn<Q extends SelectQueryBuilder<DB, "packages", object>>(
  query: Q,
  lang: string | undefined,
): Q {
  if (lang === undefined) return query;
  return query.where((eb) =>
    eb.exists(
      eb
        .selectFrom("package_translations as t")
        .select(sql<number>`1`.as("one"))
        .whereRef("t.package_id", "=", "packages.id")
        .where("t.lang", "=", lang)
        .where(appearsInSql("t")),
    ),
  ) as Q;
}

/** What a package card shows: a few columns and the first image, nothing else. */
export interface PackageCard {
  id: string;
  kind: PackageKind;
  title: string;
  location: string;
  duration: string;
  price: string;
  travel_period: string;
  rating: number | null;
  review_count: number | null;
  rating_source: string;
  departures: DepartureSeats[];
  cover?: PackageImage;
}

/**
 * Published packages of a kind as cards, in admin order: one query selecting the card columns and
 * the first image (with its size and variants), instead of whole rows with every image and video.
 */
export function listPublishedCards(
  db: Db,
  kind: PackageKind,
  limit?: number,
  /** Only these packages (a page of a filtered list), still in admin order. */
  ids?: readonly string[],
  /** Only packages that appear in this language (decision 139); none: the default language. */
  publishedIn?: string,
): Promise<PackageCard[]> {
  return publishedCards(db, { kinds: [kind], limit, ids, publishedIn });
}

/**
 * The first `perKind` published cards of each kind, in one query (the home page's four sections:
 * one statement for PostgreSQL to parse and plan instead of four, decision 106), by kind and then
 * in admin order.
 */
export function listPublishedCardsPerKind(
  db: Db,
  kinds: readonly PackageKind[],
  perKind: number,
  publishedIn?: string,
): Promise<PackageCard[]> {
  return publishedCards(db, { kinds, perKind, publishedIn });
}

async function publishedCards(
  db: Db,
  options: {
    kinds: readonly PackageKind[];
    limit?: number;
    perKind?: number;
    ids?: readonly string[];
    publishedIn?: string;
  },
): Promise<PackageCard[]> {
  const { kinds, limit, perKind, ids, publishedIn } = options;
  if ((ids && ids.length === 0) || kinds.length === 0) return [];
  let query = db
    .with("p", (qc) =>
      qc
        .selectFrom("packages")
        .select([
          "id",
          "kind",
          "title",
          "location",
          "duration",
          "price",
          "travel_period",
          "rating",
          "review_count",
          "rating_source",
          "position",
          "created_at",
        ])
        // The rank within its kind in admin order, for a limit per kind.
        .select((eb) =>
          eb.fn
            .agg<number>("row_number")
            .over((ob) =>
              ob
                .partitionBy("kind")
                .orderBy("position")
                .orderBy("created_at", "desc")
                .orderBy("id"),
            )
            .as("rank"),
        )
        .where("kind", "in", kinds)
        .where("status", "=", "published")
        .where("deleted_at", "is", null)
        .$if(ids !== undefined, (q) => q.where("id", "in", ids!))
        .$call((q) => appearingIn(q, publishedIn)),
    )
    .selectFrom("p")
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom("package_images as i")
          .leftJoin("media_objects as m", "m.id", "i.media_id")
          .select(["i.url", "i.alt", "i.focal_x", "i.focal_y", "m.width", "m.height", "m.variants"])
          .whereRef("i.package_id", "=", "p.id")
          .orderBy("i.position")
          .limit(1)
          .as("c"),
      (join) => join.onTrue(),
    )
    .select([
      "p.id",
      "p.kind",
      "p.title",
      "p.location",
      "p.duration",
      "p.price",
      "p.travel_period",
      "p.rating",
      "p.review_count",
      "p.rating_source",
      "c.url",
      "c.alt",
      "c.focal_x",
      "c.focal_y",
      "c.width",
      "c.height",
      "c.variants",
    ])
    .$if(perKind !== undefined, (q) => q.where("p.rank", "<=", perKind!))
    .orderBy("p.kind")
    .orderBy("p.rank");
  if (limit !== undefined) query = query.limit(limit);
  const rows = await query.execute();
  const departures = await departuresOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map(({ url, alt, focal_x, focal_y, width, height, variants, ...card }) => ({
    ...card,
    departures: departures.get(card.id) ?? [],
    ...(url !== null
      ? {
          cover: {
            url,
            alt: alt ?? "",
            focal_x: focal_x ?? 0.5,
            focal_y: focal_y ?? 0.5,
            width: width ?? null,
            height: height ?? null,
            variants: variants ?? [],
          },
        }
      : {}),
  }));
}

/** What a public list filters and sorts on, for every published package of a kind (no media). */
export type PackageFacts = Pick<
  PackageCard,
  "id" | "location" | "price" | "duration" | "travel_period" | "departures"
>;

export async function listPublishedFacts(
  db: Db,
  kind: PackageKind,
  publishedIn?: string,
): Promise<PackageFacts[]> {
  const rows = await db
    .selectFrom("packages")
    .select(["id", "location", "price", "duration", "travel_period"])
    .where("kind", "=", kind)
    .where("status", "=", "published")
    .where("deleted_at", "is", null)
    .$call((q) => appearingIn(q, publishedIn))
    .$call(inAdminOrder)
    .execute();
  const departures = await departuresOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({ ...row, departures: departures.get(row.id) ?? [] }));
}

export interface GetOptions {
  publishedOnly?: boolean;
  /** Also a soft-deleted package (history, Recently deleted); every other read leaves it out. */
  includeDeleted?: boolean;
}

export async function getPackageById(
  db: Db,
  kind: PackageKind,
  id: string,
  options: GetOptions = {},
): Promise<Package | undefined> {
  if (!isUuid(id)) return undefined;
  let query = db.selectFrom("packages").selectAll().where("kind", "=", kind).where("id", "=", id);
  if (!options.includeDeleted) query = query.where("deleted_at", "is", null);
  if (options.publishedOnly) query = query.where("status", "=", "published");
  const row = await query.executeTakeFirst();
  return row ? (await hydrate(db, [row]))[0] : undefined;
}

/** What a version of a package keeps: everything but its identity, place and timestamps. */
export function packageSnapshot(pkg: Package) {
  const { id: _id, position: _p, created_at: _c, updated_at: _u, departures, ...content } = pkg;
  // Seats taken are bookings, not content: a version keeps what staff wrote.
  const written = departures.map(({ seats_taken: _t, ...d }) => d);
  return { ...content, departures: written } satisfies PackageSnapshot;
}

/** The package to version, read back (soft-deleted too) in the writer's transaction. */
export function versionedPackage(kind: PackageKind, id: string): VersionedItem {
  return {
    type: "package",
    id,
    snapshot: async (trx) => {
      const pkg = await getPackageById(trx, kind, id, { includeDeleted: true });
      if (!pkg) throw new Error(`recordPackageVersion: package ${id} not found`);
      return packageSnapshot(pkg);
    },
  };
}

/** Records the package as it is now (in `trx`, after the write) as its next version. */
export async function recordPackageVersion(
  trx: Db,
  kind: PackageKind,
  id: string,
  meta: VersionMeta,
): Promise<void> {
  await recordVersion(trx, versionedPackage(kind, id), meta);
}

/** Slug lookup always requires published (spec §4). */
export async function getPackageBySlug(
  db: Db,
  kind: PackageKind,
  slug: string,
): Promise<Package | undefined> {
  const row = await db
    .selectFrom("packages")
    .selectAll()
    .where("kind", "=", kind)
    .where("slug", "=", slug.toLowerCase())
    .where("status", "=", "published")
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  return row ? (await hydrate(db, [row]))[0] : undefined;
}

/** 'bali-escape', then 'bali-escape-2', 'bali-escape-3', … within one kind. */
export async function uniqueSlug(
  db: Db,
  kind: PackageKind,
  base: string,
  exceptId?: string,
): Promise<string> {
  const root = base || "package";
  // A '-N' suffix must still fit the 120-character limit of the slug column.
  const stem = root.slice(0, 110).replace(/-+$/, "");
  let query = db
    .selectFrom("packages")
    .select("slug")
    .where("kind", "=", kind)
    // A deleted package gives its slug up (decision 101): a restore renumbers on a clash.
    .where("deleted_at", "is", null)
    .where((eb) => eb.or([eb("slug", "=", root), eb("slug", "like", `${stem}-%`)]));
  if (exceptId) query = query.where("id", "!=", exceptId);
  const taken = new Set((await query.execute()).map((r) => r.slug));
  if (!taken.has(root)) return root;
  for (let n = 2; ; n++) {
    const candidate = `${stem}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

function columns(input: PackageInput) {
  return {
    title: input.title,
    description: input.description,
    location: input.location,
    price: input.price,
    duration: input.duration,
    travel_period: input.travel_period,
    status: input.status,
    highlights: JSON.stringify(input.highlights),
    inclusions: JSON.stringify(input.inclusions),
    exclusions: JSON.stringify(input.exclusions),
    itinerary: JSON.stringify(input.itinerary),
    faqs: JSON.stringify(input.faqs),
    meeting_point: input.meeting_point,
    rating_source: input.rating_source,
    ...(input.rating !== undefined ? { rating: input.rating } : {}),
    ...(input.review_count !== undefined ? { review_count: input.review_count } : {}),
    // Absent keeps the package's own deposit rule; null returns it to the company's (decision 142).
    ...(input.deposit !== undefined
      ? {
          deposit_type: input.deposit?.type ?? null,
          deposit_value: input.deposit?.value ?? null,
        }
      : {}),
  };
}

async function replaceMedia(db: Db, packageId: string, input: PackageInput): Promise<void> {
  // Alt text and focal point follow an image by its URL: given ones win, else what it had (an
  // API client that does not send image_details keeps them), else none and the centre.
  const before = await db
    .selectFrom("package_images")
    .select(["url", "alt", "focal_x", "focal_y"])
    .where("package_id", "=", packageId)
    .execute();
  const detailOf = (url: string) =>
    input.image_details?.find((d) => d.url === url) ??
    before.find((b) => b.url === url) ?? { alt: "", focal_x: 0.5, focal_y: 0.5 };
  await db.deleteFrom("package_images").where("package_id", "=", packageId).execute();
  await db.deleteFrom("package_videos").where("package_id", "=", packageId).execute();
  const keys = [...input.images, ...input.videos.map((v) => v.url)]
    .map(mediaKeyFromUrl)
    .filter((k): k is string => k !== undefined);
  const media = keys.length
    ? await db
        .selectFrom("media_objects")
        .select(["id", "storage_key"])
        .where("storage_key", "in", keys)
        .execute()
    : [];
  const mediaId = (url: string) => {
    const key = mediaKeyFromUrl(url);
    return media.find((m) => m.storage_key === key)?.id ?? null;
  };
  if (input.images.length) {
    await db
      .insertInto("package_images")
      .values(
        input.images.map((url, position) => {
          const { alt, focal_x, focal_y } = detailOf(url);
          return {
            package_id: packageId,
            position,
            url,
            media_id: mediaId(url),
            alt,
            focal_x,
            focal_y,
          };
        }),
      )
      .execute();
  }
  if (input.videos.length) {
    const ordered = input.videos
      .map((v, i) => ({ v, i }))
      .sort((a, b) => (a.v.order ?? a.i) - (b.v.order ?? b.i) || a.i - b.i);
    await db
      .insertInto("package_videos")
      .values(
        ordered.map(({ v }, position) => ({
          package_id: packageId,
          position,
          type: v.type,
          url: v.url,
          title: v.title ?? null,
          description: v.description ?? null,
          media_id: mediaId(v.url),
        })),
      )
      .execute();
  }
}

/**
 * Serialises slug allocation within a kind for the rest of the transaction, so concurrent writers
 * do not pick the same free slug (the unique index stays the final guard).
 */
export async function lockSlugs(trx: Db, kind: PackageKind): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`packages-slug:${kind}`}))`.execute(trx);
}

/** A backstop: retries when a writer outside lockSlugs (e.g. a manual insert) took the slug. */
export async function withSlugRetry<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt < 3 && isUniqueViolation(error, "packages_kind_slug_key")) continue;
      throw error;
    }
  }
}

/** Validates with the kind's schema; throws a ZodError on bad input. */
export function parsePackageInput(kind: PackageKind, raw: unknown): PackageInput {
  return packageInputSchema(kind).parse(raw);
}

/**
 * How a wanted slug that another package of the kind holds is handled: the JSON API takes the next
 * free one ('bali-escape-2'); the admin form refuses, so the admin decides (409 with `details.slug`).
 */
export type SlugConflict = "suffix" | "refuse";

/**
 * `media` and `uploads` (MediaEffects): an update releases the files the package no longer uses,
 * and a write that fails releases the files the request stored for it (writeWithMedia).
 */
export interface WriteOptions extends MediaEffects {
  slugConflict?: SlugConflict;
  /** The admin who saves, for the version it records; null or absent: the system. */
  by?: string | null;
  /** The clock a schedule is checked against (tests); default the current time. */
  now?: Date;
  /** The site's currency (SITE_CURRENCY) for departures that name none; default ZAR. */
  currency?: string;
  /**
   * More writes in the package's transaction, after it is stored (the API's translations): a
   * throw undoes the package write too.
   */
  alsoInTransaction?: (trx: Db, id: string) => Promise<void>;
}

export interface UpdateOptions extends WriteOptions {
  /** The `updated_at` the editor loaded: a newer row is refused (409) instead of overwritten. */
  expectedUpdatedAt?: string;
  /** What the version records (a restore of version N instead of a plain update). */
  version?: { action: VersionAction; restoredFrom?: number };
}

/** The message a package changed since it was loaded gets (the form keeps the admin's input). */
export const STALE_EDIT_MESSAGE =
  "This package was changed by someone else after you opened it. Your changes have not been saved: open the latest version, then apply them again.";

async function allocateSlug(
  trx: Db,
  kind: PackageKind,
  wanted: string,
  policy: SlugConflict,
  exceptId?: string,
): Promise<string> {
  const slug = await uniqueSlug(trx, kind, wanted, exceptId);
  if (policy === "refuse" && slug !== (wanted || "package")) {
    const message = `The URL slug "${wanted}" is already used by another ${PACKAGE_KIND_INFO[kind].nouns.one}. Choose another, for example "${slug}".`;
    throw new AppError(message, 409, { slug: [message] });
  }
  return slug;
}

export async function createPackage(
  db: Db,
  kind: PackageKind,
  input: PackageInput,
  options: WriteOptions = {},
): Promise<Package> {
  const id = await writeWithMedia(db, null, options, () =>
    withSlugRetry(() =>
      inTransaction(db, async (trx) => {
        await lockSlugs(trx, kind);
        const slug = await allocateSlug(
          trx,
          kind,
          input.slug ?? slugify(input.title),
          options.slugConflict ?? "suffix",
        );
        const { min } = await trx
          .selectFrom("packages")
          .select((eb) => eb.fn.min<number | null>("position").as("min"))
          .where("kind", "=", kind)
          .executeTakeFirstOrThrow();
        const row = await trx
          .insertInto("packages")
          .values({
            kind,
            slug,
            position: (min ?? 1) - 1,
            ...columns(input),
            ...scheduleColumns(input, undefined, options.now ?? new Date()),
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        await replaceMedia(trx, row.id, input);
        await replaceDepartures(
          trx,
          row.id,
          input.departures,
          options.currency ?? DEFAULT_CURRENCY,
        );
        await recordPackageVersion(trx, kind, row.id, { action: "create", by: options.by ?? null });
        await options.alsoInTransaction?.(trx, row.id);
        return row.id;
      }),
    ),
  );
  return (await getPackageById(db, kind, id))!;
}

export async function updatePackage(
  db: Db,
  kind: PackageKind,
  id: string,
  input: PackageInput,
  options: UpdateOptions = {},
): Promise<Package> {
  if (!isUuid(id)) throw notFound(kindMessages(kind).notFound);
  await writeWithMedia(db, { packageId: id }, options, () =>
    withSlugRetry(() =>
      inTransaction(db, async (trx) => {
        const existing = await trx
          .selectFrom("packages")
          .select(["id", "slug", "updated_at", "status", "publish_at", "unpublish_at"])
          .where("kind", "=", kind)
          .where("id", "=", id)
          .where("deleted_at", "is", null)
          .forUpdate()
          .executeTakeFirst();
        if (!existing) throw notFound(kindMessages(kind).notFound);
        if (
          options.expectedUpdatedAt !== undefined &&
          iso(existing.updated_at) !== options.expectedUpdatedAt
        ) {
          throw conflict(STALE_EDIT_MESSAGE);
        }
        const schedule = scheduleColumns(input, existing, options.now ?? new Date());
        await lockSlugs(trx, kind);
        const wanted = input.slug ?? existing.slug;
        const slug =
          wanted === existing.slug
            ? wanted
            : await allocateSlug(trx, kind, wanted, options.slugConflict ?? "suffix", id);
        // The slug given up keeps answering, with a 301 to the new one (decision 139).
        await recordSlugChange(trx, id, "", existing.slug, slug);
        await trx
          .updateTable("packages")
          .set({ ...columns(input), ...schedule, slug, updated_at: sql<Date>`now()` })
          .where("id", "=", id)
          .execute();
        await replaceMedia(trx, id, input);
        await replaceDepartures(trx, id, input.departures, options.currency ?? DEFAULT_CURRENCY);
        await recordPackageVersion(trx, kind, id, {
          action: options.version?.action ?? "update",
          by: options.by ?? null,
          restoredFrom: options.version?.restoredFrom ?? null,
        });
        await options.alsoInTransaction?.(trx, id);
      }),
    ),
  );
  return (await getPackageById(db, kind, id))!;
}

export async function setPackageStatus(
  db: Db,
  kind: PackageKind,
  id: string,
  status: PackageStatus,
  /** `action`: what the version records ("scheduled_publish" for the job runner). */
  options: { by?: string | null; action?: VersionAction } = {},
): Promise<Package> {
  if (!isUuid(id)) throw notFound(kindMessages(kind).notFound);
  await inTransaction(db, async (trx) => {
    const result = await trx
      .updateTable("packages")
      .set({ status, ...manualStatusColumns(status), updated_at: sql<Date>`now()` })
      .where("kind", "=", kind)
      .where("id", "=", id)
      .where("deleted_at", "is", null)
      .executeTakeFirst();
    if (result.numUpdatedRows === 0n) throw notFound(kindMessages(kind).notFound);
    await recordPackageVersion(trx, kind, id, {
      action: options.action ?? (status === "published" ? "publish" : "unpublish"),
      by: options.by ?? null,
    });
  });
  return (await getPackageById(db, kind, id))!;
}

/**
 * Deletes the package softly (decision 101): it is gone from every read at once and listed under
 * Recently deleted for 30 days, then purged (deleted-packages.server.ts), which releases the media
 * nothing else uses. Until then the package and its history keep every file: nothing to release.
 */
export async function deletePackage(
  db: Db,
  kind: PackageKind,
  id: string,
  options: { by?: string | null } = {},
): Promise<void> {
  if (!isUuid(id)) throw notFound(kindMessages(kind).notFound);
  await inTransaction(db, async (trx) => {
    const result = await trx
      .updateTable("packages")
      .set({ deleted_at: sql<Date>`now()`, deleted_by: options.by ?? null })
      .where("kind", "=", kind)
      .where("id", "=", id)
      .where("deleted_at", "is", null)
      .executeTakeFirst();
    if (result.numUpdatedRows === 0n) throw notFound(kindMessages(kind).notFound);
    await recordPackageVersion(trx, kind, id, { action: "delete", by: options.by ?? null });
  });
}

/**
 * Applies a full ordered id list in one transaction. A list that is not exactly this kind's ids
 * (missing, extra, duplicated or stale) is refused with a 409 and nothing changes.
 */
export async function reorderPackages(
  db: Db,
  kind: PackageKind,
  ids: readonly string[],
): Promise<void> {
  await inTransaction(db, async (trx) => {
    const current = await trx
      .selectFrom("packages")
      .select("id")
      .where("kind", "=", kind)
      .where("deleted_at", "is", null)
      .forUpdate()
      .execute();
    assertSameIds(
      current.map((r) => r.id),
      ids,
    );
    if (ids.length === 0) return;
    await sql`
      update packages as p set position = x.ord - 1
      from unnest(${[...ids]}::uuid[]) with ordinality as x(id, ord)
      where p.id = x.id and p.kind = ${kind}
    `.execute(trx);
    await recordEvent(trx, { type: "package.reordered", details: { kind, moved: ids.length } });
  });
}

/** Throws 409 unless `given` is a permutation of `current`. */
export function assertSameIds(current: readonly string[], given: readonly string[]): void {
  const unique = new Set(given);
  const known = new Set(current);
  if (unique.size !== given.length) throw conflict("The order list contains duplicate ids.");
  const missing = current.filter((id) => !unique.has(id));
  const unknown = given.filter((id) => !known.has(id));
  if (missing.length || unknown.length) {
    throw conflict(
      "The order list does not match the current items" +
        (missing.length ? `: ${missing.length} missing` : "") +
        (unknown.length ? `${missing.length ? "," : ":"} ${unknown.length} unknown` : "") +
        ". Reload and try again.",
    );
  }
}
