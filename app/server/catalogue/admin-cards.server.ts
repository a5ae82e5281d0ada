import { sql } from "kysely";
import type { PackageKind, PackageStatus } from "~/domain/schemas";
import type { Db } from "../platform/db.server";
import { inAdminOrder } from "./admin-order.server";
import { variantSrcSet } from "../media/media-urls.server";

/*
 * One page of an admin package list: the card columns and the first image of the
 * page's packages, plus how many match, in two small queries. The screen used to load every
 * package whole (with its images, videos and lists) to show all of them at once.
 */

export interface AdminCardRow {
  id: string;
  title: string;
  slug: string;
  status: PackageStatus;
  price: string;
  duration: string;
  image: string | null;
  /** `srcset` of the image's stored variants, when it has any (the cover is stored 1,200+ px wide). */
  imageSrcSet: string | null;
  /** Pending scheduled changes. */
  publish_at: Date | null;
  unpublish_at: Date | null;
}

export interface AdminCardQuery {
  kind: PackageKind;
  /** Case-insensitive match on title or slug. */
  search?: string;
  status?: PackageStatus;
  /** Only these packages (a filter worked out beforehand, as "missing in German"). */
  ids?: readonly string[];
  offset: number;
  limit: number;
}

function filtered(db: Db, query: AdminCardQuery) {
  const search = query.search?.trim();
  const pattern = search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  // Soft-deleted packages are listed under Recently deleted only.
  return db
    .selectFrom("packages as p")
    .where("p.kind", "=", query.kind)
    .where("p.deleted_at", "is", null)
    .$if(query.status !== undefined, (q) => q.where("p.status", "=", query.status!))
    .$if(query.ids !== undefined, (q) =>
      query.ids!.length > 0 ? q.where("p.id", "in", query.ids!) : q.where(sql<boolean>`false`),
    )
    .$if(pattern !== undefined, (q) =>
      q.where((eb) => eb.or([eb("p.title", "ilike", pattern!), eb("p.slug", "ilike", pattern!)])),
    );
}

/** The page's cards in admin order (position, then newest first, then id) and the match count. */
export async function listAdminCardPage(
  db: Db,
  query: AdminCardQuery,
): Promise<{ cards: AdminCardRow[]; total: number }> {
  const [count, rows] = await Promise.all([
    filtered(db, query)
      .select((eb) => eb.fn.countAll<string | number>().as("n"))
      .executeTakeFirstOrThrow(),
    filtered(db, query)
      .leftJoinLateral(
        (eb) =>
          eb
            .selectFrom("package_images as i")
            .leftJoin("media_objects as m", "m.id", "i.media_id")
            .select(["i.url", "m.width", "m.variants"])
            .whereRef("i.package_id", "=", "p.id")
            .orderBy("i.position")
            .limit(1)
            .as("c"),
        (join) => join.onTrue(),
      )
      .select([
        "p.id",
        "p.title",
        "p.slug",
        "p.status",
        "p.price",
        "p.duration",
        "p.publish_at",
        "p.unpublish_at",
        "c.url",
        "c.width",
        "c.variants",
      ])
      .$call((q) => inAdminOrder(q, "p"))
      .offset(query.offset)
      .limit(query.limit)
      .execute(),
  ]);
  return {
    total: Number(count.n),
    cards: rows.map(({ url, width, variants, ...card }) => ({
      ...card,
      image: url ?? null,
      imageSrcSet: url && width ? (variantSrcSet(url, width, variants ?? []) ?? null) : null,
    })),
  };
}
