import { PACKAGE_KIND_INFO } from "./package-kinds.ts";
import type { PackageKind } from "./schemas";

/*
 * Paging of the admin package lists (decision 077): 24 cards a page (whole rows of 1, 2
 * or 3 columns), `?page=N` in the URL, positions shown and posted as global 1-based places in
 * the kind's admin order.
 */

export const ADMIN_PAGE_SIZE = 24;

/** The page a `page` parameter names: a whole number ≥ 1, else page 1 (the URL is then corrected). */
export function parseAdminPage(raw: string | null): number {
  if (raw === null || !/^\d{1,6}$/.test(raw.trim())) return 1;
  return Math.max(1, Number(raw.trim()));
}

export function adminPageCount(total: number, size = ADMIN_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / size));
}

/** The page that shows the 1-based global `position`. */
export function adminPageOf(position: number, size = ADMIN_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(position / size));
}

/** Index of the page's first card in the whole order. */
export function adminPageOffset(page: number, size = ADMIN_PAGE_SIZE): number {
  return (Math.max(1, page) - 1) * size;
}

/**
 * The page links to show: the first and last pages, and two either side of the current one; a
 * `null` stands for the pages left out ("…"). 42 pages of 1,000 packages stay one short row.
 */
export function adminPageLinks(page: number, pageCount: number): (number | null)[] {
  const shown = new Set<number>([1, pageCount]);
  for (let n = page - 2; n <= page + 2; n++) if (n >= 1 && n <= pageCount) shown.add(n);
  const sorted = [...shown].sort((a, b) => a - b);
  const links: (number | null)[] = [];
  sorted.forEach((n, i) => {
    const previous = sorted[i - 1];
    if (previous !== undefined && n - previous === 2) links.push(previous + 1);
    else if (previous !== undefined && n - previous > 2) links.push(null);
    links.push(n);
  });
  return links;
}

/** "Showing 25–48 of 1,000 packages" (the result count above the cards). */
export function adminShowingText(
  page: number,
  total: number,
  nouns: { one: string; many: string },
  size = ADMIN_PAGE_SIZE,
): string {
  const count = total.toLocaleString("en-US");
  const noun = total === 1 ? nouns.one : nouns.many;
  if (total <= size) return `${count} ${noun}`;
  const first = adminPageOffset(page, size) + 1;
  const last = Math.min(total, first + size - 1);
  return `Showing ${first.toLocaleString("en-US")}–${last.toLocaleString("en-US")} of ${count} ${noun}`;
}

/** What an admin package list's URL carries: search, filters ("all" is the default status) and page. */
export interface AdminListLocation {
  q: string;
  status: string;
  page: number;
  /** `missing=de`: the "Missing in German" filter ("" or left out: none). */
  missing?: string;
}

/**
 * The list URL with its search, filter and page, plus `extra` parameters (a dialog's `delete`,
 * `select`): one builder for the links the screen renders and the redirects its actions answer
 * with, so both name the same page the same way. Defaults are left out (`/admin/local`).
 */
export function adminListHref(
  kind: PackageKind,
  query: AdminListLocation,
  extra: Record<string, string> = {},
): string {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.status !== "all") params.set("status", query.status);
  if (query.missing) params.set("missing", query.missing);
  if (query.page > 1) params.set("page", String(query.page));
  for (const [name, value] of Object.entries(extra)) params.set(name, value);
  const search = params.toString();
  return `${PACKAGE_KIND_INFO[kind].admin.listPath}${search ? `?${search}` : ""}`;
}
