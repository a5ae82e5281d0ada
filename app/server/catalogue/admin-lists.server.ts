import { z } from "zod";
import { PACKAGE_KIND_INFO, type PackageKindInfo } from "~/domain/package-kinds";
import type { Db } from "../platform/db.server";
import { listPackages } from "./packages.server";
import { listMoments } from "./moments.server";

export const STATUS_FILTERS = ["all", "published", "draft"] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

const listQuerySchema = z.object({
  q: z.string().trim().max(200).catch(""),
  status: z.enum(STATUS_FILTERS).catch("all"),
});

/** The package kind whose admin list lives at `pathname` (/admin/dashboard → trip, …). */
export function kindForListPath(pathname: string): PackageKindInfo | undefined {
  // Client navigations load data from `/admin/dashboard.data`: the same screen.
  const path = pathname.replace(/\.data$/, "").replace(/\/+$/, "");
  return Object.values(PACKAGE_KIND_INFO).find((info) => info.admin.listPath === path);
}

export interface AdminPackageCard {
  id: string;
  title: string;
  slug: string;
  status: "published" | "draft";
  price: string;
  duration: string;
  image: string | null;
}

/** One admin list screen: the kind's packages in their order, filtered by search and status. */
export async function adminPackageList(
  db: Db,
  kind: PackageKindInfo["kind"],
  searchParams: URLSearchParams,
) {
  const query = listQuerySchema.parse({
    q: searchParams.get("q") ?? "",
    status: searchParams.get("status") ?? "all",
  });
  const packages = await listPackages(db, {
    kind,
    search: query.q || undefined,
    status: query.status === "all" ? undefined : query.status,
  });
  const cards: AdminPackageCard[] = packages.map((p) => ({
    id: p.id,
    title: p.title,
    slug: p.slug,
    status: p.status,
    price: p.price,
    duration: p.duration,
    image: p.images[0] ?? null,
  }));
  return { query, packages: cards };
}

export async function adminMomentList(db: Db) {
  return listMoments(db);
}
