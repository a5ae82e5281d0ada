import type { PackageKind } from "./schemas";

/**
 * What the public site knows about each package kind: its card label, its list page and its
 * detail URL. The admin's texts, paths and API bases are in package-kinds.ts, which builds on this,
 * so they stay out of the public pages' JS.
 */
export interface SiteKindInfo {
  kind: PackageKind;
  /** Label shown on cards and detail pages ('Discovery' for hidden gems). */
  label: string;
  publicList: { path: string; heading: string; empty: string; emptyDetail: string };
  /** The detail URL of a package of this kind. */
  detailPath: (id: string) => string;
}

export const SITE_KIND_INFO: Record<PackageKind, SiteKindInfo> = {
  trip: {
    kind: "trip",
    label: "Trip",
    publicList: {
      path: "/upcoming-trips",
      heading: "Upcoming Trips",
      empty: "No trips available",
      emptyDetail: "New departures are being planned. Check back soon.",
    },
    detailPath: (id) => `/package/${id}`,
  },
  exclusive: {
    kind: "exclusive",
    label: "Exclusive",
    publicList: {
      path: "/exclusive-trips",
      heading: "2026 Exclusive Trips",
      empty: "Coming Soon",
      emptyDetail: "Our 2026 exclusive departures will be announced shortly.",
    },
    detailPath: (id) => `/exclusive/${id}`,
  },
  local: {
    kind: "local",
    label: "Local",
    publicList: {
      path: "/local-trips",
      heading: "Local Trips",
      empty: "No local trips available",
      emptyDetail: "Local getaways are coming soon.",
    },
    detailPath: (id) => `/local-package/${id}`,
  },
  discovery: {
    kind: "discovery",
    label: "Discovery",
    publicList: {
      path: "/hidden-gems",
      heading: "Discover Hidden Gems",
      empty: "Coming Soon",
      emptyDetail: "New hidden gems are on their way.",
    },
    detailPath: (id) => `/package/${id}`,
  },
};

export function siteKindInfo(kind: PackageKind): SiteKindInfo {
  return SITE_KIND_INFO[kind];
}
