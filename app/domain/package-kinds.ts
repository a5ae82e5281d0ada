import type { PackageKind } from "./schemas";

export interface PackageKindInfo {
  kind: PackageKind;
  /** Label shown on cards and detail pages ('Discovery' for hidden gems). */
  label: string;
  publicList: { path: string; heading: string; empty: string; emptyDetail: string };
  /** The detail URL of a package of this kind. */
  detailPath: (id: string) => string;
  /** The JSON API base of this kind and the reorder body field it takes. */
  api: { base: string; reorderField: "package_ids" | "packageIds" };
  admin: {
    listPath: string;
    newPath: string;
    editPath: (id: string) => string;
    title: string;
    newLabel: string;
    loadingText: string;
    searchPlaceholder: string;
    form: "full" | "exclusive";
    /** Admin's "view" opens the public page in a new tab (local) or navigates (others). */
    viewInNewTab: boolean;
  };
  /** Nouns for toasts and error texts (spec §8). */
  nouns: { one: string; many: string; reorder: string };
}

export const PACKAGE_KIND_INFO: Record<PackageKind, PackageKindInfo> = {
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
    api: { base: "/api/trips", reorderField: "package_ids" },
    admin: {
      listPath: "/admin/dashboard",
      newPath: "/admin/new-package",
      editPath: (id) => `/admin/edit-package/${id}`,
      title: "Manage Packages",
      newLabel: "New Package",
      loadingText: "Loading packages...",
      searchPlaceholder: "Search by title or slug...",
      form: "full",
      viewInNewTab: false,
    },
    nouns: { one: "package", many: "packages", reorder: "travel packages" },
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
    api: { base: "/api/exclusive-packages", reorderField: "package_ids" },
    admin: {
      listPath: "/admin/exclusive",
      newPath: "/admin/new-exclusive",
      editPath: (id) => `/admin/edit-exclusive/${id}`,
      title: "Manage Exclusive Packages",
      newLabel: "New Exclusive Package",
      loadingText: "Loading exclusive packages...",
      searchPlaceholder: "Search by title or slug...",
      form: "exclusive",
      viewInNewTab: false,
    },
    nouns: { one: "exclusive package", many: "exclusive packages", reorder: "exclusive packages" },
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
    api: { base: "/api/local", reorderField: "packageIds" },
    admin: {
      listPath: "/admin/local",
      newPath: "/admin/new-local",
      editPath: (id) => `/admin/edit-local/${id}`,
      title: "Manage Local Trips",
      newLabel: "New Local Trip",
      loadingText: "Loading local trips...",
      searchPlaceholder: "Search local trips...",
      form: "full",
      viewInNewTab: true,
    },
    nouns: { one: "local package", many: "local packages", reorder: "local packages" },
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
    api: { base: "/api/discovery", reorderField: "package_ids" },
    admin: {
      listPath: "/admin/discovery",
      newPath: "/admin/new-discovery",
      editPath: (id) => `/admin/edit-discovery/${id}`,
      title: "Manage Discovery Packages",
      newLabel: "New Discovery Package",
      loadingText: "Loading discovery packages...",
      searchPlaceholder: "Search by title or slug...",
      form: "full",
      viewInNewTab: false,
    },
    nouns: { one: "discovery package", many: "discovery packages", reorder: "discovery packages" },
  },
};

export function kindInfo(kind: PackageKind): PackageKindInfo {
  return PACKAGE_KIND_INFO[kind];
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Spec §8 texts: 'Failed to create local package', 'Package created successfully', … */
export function kindMessages(kind: PackageKind) {
  const { one, many, reorder } = PACKAGE_KIND_INFO[kind].nouns;
  return {
    fetchFailed: `Failed to fetch ${many}`,
    createFailed: `Failed to create ${one}`,
    updateFailed: `Failed to update ${one}`,
    deleteFailed: `Failed to delete ${one}`,
    reorderFailed: `Failed to reorder ${reorder}`,
    slugFailed: "Failed to generate unique slug",
    created: `${capitalize(one)} created successfully`,
    updated: `${capitalize(one)} updated successfully`,
    deleted: `${capitalize(one)} deleted successfully`,
    reordered: `${capitalize(many)} reordered successfully`,
    notFound: `${capitalize(one)} not found`,
  };
}
