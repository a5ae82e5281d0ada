import { SITE_KIND_INFO } from "./site-kinds";
import type { PackageKind } from "./schemas";

/** /discover is the same screen as /hidden-gems (spec §2); its canonical URL is /hidden-gems. */
export const LIST_ALIASES: Record<string, PackageKind> = { "/discover": "discovery" };

function normalise(pathname: string): string {
  // Client navigations fetch `<path>.data`; the document path is what decides the screen.
  const path = pathname.replace(/\.data$/, "").replace(/\/+$/, "");
  return path === "" ? "/" : path.toLowerCase();
}

export function listKindForPath(pathname: string): PackageKind | undefined {
  const path = normalise(pathname);
  if (LIST_ALIASES[path]) return LIST_ALIASES[path];
  return Object.values(SITE_KIND_INFO).find((info) => info.publicList.path === path)?.kind;
}

/**
 * Which packages a detail URL may show, in lookup order (spec §2): /package/{id} looks for a trip,
 * then a discovery package, then a trip slug; the exclusive and local paths only their own kind.
 */
export type DetailScope = "package" | "exclusive" | "local";

export function detailScopeForPath(pathname: string): DetailScope | undefined {
  const first = normalise(pathname).split("/")[1];
  if (first === "package") return "package";
  if (first === "exclusive") return "exclusive";
  if (first === "local-package") return "local";
  return undefined;
}

/** Every indexable public screen (the sitemap); /discover is left out as an alias of /hidden-gems. */
export const STATIC_PUBLIC_PATHS = [
  "/",
  "/upcoming-trips",
  "/exclusive-trips",
  "/local-trips",
  "/hidden-gems",
  "/flights",
  "/hotels",
  "/about",
  "/contact",
] as const;
