import type { PackageKind } from "./schemas";
import { SITE_KIND_INFO, type SiteKindInfo } from "./site-kinds.ts";

/** Everything about a package kind: the public site's part (site-kinds.ts) plus the admin's. */
export interface PackageKindInfo extends SiteKindInfo {
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
    ...SITE_KIND_INFO.trip,
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
    ...SITE_KIND_INFO.exclusive,
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
    ...SITE_KIND_INFO.local,
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
    ...SITE_KIND_INFO.discovery,
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
