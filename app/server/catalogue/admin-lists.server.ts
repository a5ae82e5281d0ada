import { packageCompleteness, type TranslationBadge } from "~/domain/translations";
import { data, redirect } from "react-router";
import { z } from "zod";
import {
  ADMIN_PAGE_SIZE,
  adminListHref,
  adminPageCount,
  adminPageOffset,
  parseAdminPage,
} from "~/domain/admin-paging";
import { LANGUAGE_NAMES_IN_ENGLISH } from "~/domain/i18n/languages";
import { kindMessages, PACKAGE_KIND_INFO, type PackageKindInfo } from "~/domain/package-kinds";
import { isUuid, type PackageKind, type PackageStatus } from "~/domain/schemas";
import { formatScheduleMoment } from "~/domain/schedule";
import type { SiteConfig } from "~/domain/site";
import type { Db } from "../platform/db.server";
import { conflict } from "../platform/errors.server";
import { listAdminCardPage } from "./admin-cards.server";
import { deletePackage, getPackageById, listPackages, setPackageStatus } from "./packages.server";
import {
  movePackageToPosition,
  movePageItem,
  parsePositionInput,
  reorderPage,
  type PageWindow,
} from "./package-order.server";
import { listMoments } from "./moments.server";
import { allPackageTranslations } from "./translations.server";

export const STATUS_FILTERS = ["all", "published", "draft"] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

const listQuerySchema = z.object({
  q: z.string().trim().max(200).catch(""),
  status: z.enum(STATUS_FILTERS).catch("all"),
});
export type AdminListQuery = z.infer<typeof listQuerySchema> & {
  /** 1-based page of ADMIN_PAGE_SIZE cards (decision 077). */
  page: number;
  /**
   * `?missing=de`: only packages whose translation into that language is incomplete (issue 33);
   * "" for none, and for a value that is not one of the site's other languages.
   */
  missing: string;
};

/** Whether a search or filter hides some cards: positions on the page are then not the order's. */
export function isFiltered(query: Pick<AdminListQuery, "q" | "status" | "missing">): boolean {
  return query.q !== "" || query.status !== "all" || query.missing !== "";
}

/** The package kind whose admin list the matched route pattern is ('admin/local' → local). */
export function kindForListPattern(pattern: string): PackageKindInfo | undefined {
  const path = `/${pattern.replace(/^\/+/, "").replace(/\/+$/, "")}`;
  return Object.values(PACKAGE_KIND_INFO).find((info) => info.admin.listPath === path);
}

/** The kind of the list screen the matched route pattern is. */
export function listKind(pattern: string): PackageKind {
  const info = kindForListPattern(pattern);
  if (!info) throw new Error(`No package list serves ${pattern}`);
  return info.kind;
}

export interface AdminPackageCard {
  id: string;
  title: string;
  slug: string;
  status: "published" | "draft";
  price: string;
  duration: string;
  image: string | null;
  /** The image's smaller stored variants as a `srcset`, or null. */
  imageSrcSet: string | null;
  /** "Scheduled: publishes 1 Mar 08:00" (company time zone), or null. */
  schedule: string | null;
  /** Book Now clicks over the last 30 days, filled in by the list route. */
  bookNowClicks?: number;
  /** How much of it is translated into each language other than the default (decision 139). */
  translations?: TranslationBadge[];
  /** "Changes in review", "In review"…, filled in by the list route (decisions 132, 137). */
  review?: string;
}

export interface AdminPackageListData {
  kind: PackageKind;
  query: AdminListQuery;
  /** The page's cards. */
  packages: AdminPackageCard[];
  /** Packages matching the search and filter, on every page. */
  total: number;
  pageCount: number;
  /** Index of the page's first card in the (filtered) order: positions shown are global. */
  offset: number;
  /** Reordering needs every card on screen: off while a search or filter hides some. */
  canReorder: boolean;
  /** The "Missing in …" filters: one per language other than the default (none with one). */
  missingFilters: { lang: string; name: string }[];
  /** The package named by `?delete=ID` (the confirmation step), if it exists. */
  confirmDelete: { id: string; title: string } | null;
  /** `?select=all`: every card of the page starts selected for a bulk action (no JavaScript). */
  selectAll: boolean;
}

/** The list URL's search, filters and page; `languages` are the site's, the default first. */
export function parseQuery(
  searchParams: URLSearchParams,
  languages: readonly string[],
): AdminListQuery {
  const missing = searchParams.get("missing") ?? "";
  return {
    ...listQuerySchema.parse({
      q: searchParams.get("q") ?? "",
      status: searchParams.get("status") ?? "all",
    }),
    page: parseAdminPage(searchParams.get("page")),
    missing: languages.slice(1).includes(missing) ? missing : "",
  };
}

/**
 * The ids, in admin order, of the kind's packages matching search and status whose translation
 * into `lang` is incomplete: fewer fields done than there are to translate, by the rule the
 * cards' badges count with. Worked out before paging, so the count and pages are the filter's.
 */
async function missingTranslationIds(
  db: Db,
  filter: { kind: PackageKind; search?: string; status?: PackageStatus },
  lang: string,
): Promise<string[]> {
  const packages = await listPackages(db, filter);
  const translations = await allPackageTranslations(
    db,
    packages.map((p) => p.id),
  );
  return packages
    .filter((pkg) => {
      const { done, total } = packageCompleteness(pkg, translations.get(pkg.id)?.get(lang));
      return done < total;
    })
    .map((pkg) => pkg.id);
}

/**
 * One admin list screen: one page of the kind's packages in their order, filtered by search and
 * status. A `page` that is malformed, 1 or past the last is redirected to the canonical URL (the
 * last page for one past it), as the public lists do (decision 069).
 */
export async function adminPackageList(
  db: Db,
  kind: PackageKind,
  searchParams: URLSearchParams,
  { site }: { site: Pick<SiteConfig, "timeZone" | "languages"> },
): Promise<AdminPackageListData> {
  const query = parseQuery(searchParams, site.languages);
  const filter = {
    kind,
    ...(query.q ? { search: query.q } : {}),
    ...(query.status === "all" ? {} : { status: query.status }),
  };
  const offset = adminPageOffset(query.page);
  const ids = query.missing ? await missingTranslationIds(db, filter, query.missing) : undefined;
  const { cards: rows, total } = await listAdminCardPage(db, {
    ...filter,
    ...(ids ? { ids } : {}),
    offset,
    limit: ADMIN_PAGE_SIZE,
  });
  const pageCount = adminPageCount(total);
  const { timeZone } = site;
  const cards: AdminPackageCard[] = rows.map(({ publish_at, unpublish_at, ...card }) => ({
    ...card,
    schedule: scheduleLine({ publish_at, unpublish_at }, timeZone),
  }));
  const deleteId = searchParams.get("delete") ?? "";
  const page = Math.min(query.page, pageCount);
  if (searchParams.get("page") !== (page > 1 ? String(page) : null)) {
    throw redirect(adminListHref(kind, { ...query, page }, deleteId ? { delete: deleteId } : {}));
  }
  const target = isUuid(deleteId) ? await getPackageById(db, kind, deleteId) : undefined;
  return {
    kind,
    query,
    packages: cards,
    total,
    pageCount,
    offset,
    canReorder: !isFiltered(query),
    missingFilters: site.languages
      .slice(1)
      .map((lang) => ({ lang, name: LANGUAGE_NAMES_IN_ENGLISH[lang] })),
    confirmDelete: target ? { id: target.id, title: target.title } : null,
    selectAll: searchParams.get("select") === "all",
  };
}

/** The pending scheduled changes of a package, in words, for its list card. */
export function scheduleLine(
  pkg: { publish_at: Date | string | null; unpublish_at: Date | string | null },
  timeZone: string,
  now: Date = new Date(),
): string | null {
  const parts: string[] = [];
  if (pkg.publish_at)
    parts.push(`publishes ${formatScheduleMoment(pkg.publish_at, timeZone, now)}`);
  if (pkg.unpublish_at)
    parts.push(`unpublishes ${formatScheduleMoment(pkg.unpublish_at, timeZone, now)}`);
  return parts.length ? `Scheduled: ${parts.join(", then ")}` : null;
}

export async function adminMomentList(db: Db) {
  return listMoments(db);
}

const id = z.string().max(100);
const ids = z.array(id).max(1000);

/** What a list screen posts: the card forms, the no-JS move forms and the drag-and-drop fetcher. */
const listActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("publish"), id }),
  z.object({ intent: z.literal("unpublish"), id }),
  z.object({ intent: z.literal("delete"), id }),
  /** Drag and drop: the page's cards (the list URL's `page`) in their new order. */
  z.object({ intent: z.literal("reorder"), ids }),
  /** No JavaScript: the page's cards as shown, and one card to move by one place. */
  z.object({
    intent: z.literal("move"),
    id,
    direction: z.enum(["earlier", "later"]),
    ids,
  }),
  /** "Move to position…": one card to a 1-based place in the kind's whole order. */
  z.object({ intent: z.literal("move-to"), id, position: z.string().max(40) }),
]);
export type ListAction = z.infer<typeof listActionSchema>;

export const UNKNOWN_LIST_ACTION = "Unknown action. Reload the page and try again.";
export const REORDER_FILTERED =
  "Reordering is off while a search or a filter is active. Show all packages to change the order.";

/** What a list action answers when it does not redirect: shown on the list (toast with JavaScript). */
export type ListActionReply =
  | { ok: true; intent: "reorder"; message: string }
  /** Bulk Delete without JavaScript: the confirmation step, naming what would go. */
  | { ok: true; intent: "bulk-delete-confirm"; message: string; selected: Target[] }
  | {
      ok: false;
      intent: string;
      message: string;
      detail?: string;
      /** The card a refused "Move to position…" was for: its form shows the message. */
      id?: string;
      /** What was typed there, shown again. */
      position?: string;
      /** A refused bulk action's selection, kept checked. */
      selected?: string[];
    };

type Target = { id: string; title: string };

export const failure = (
  intent: string,
  message: string,
  status: number,
  extra: { detail?: string; id?: string; position?: string; selected?: string[] } = {},
) => data<ListActionReply>({ ok: false, intent, message, ...extra }, { status });

export function readAction(form: FormData): ListAction | undefined {
  const parsed = listActionSchema.safeParse({
    intent: form.get("intent"),
    id: form.get("id") ?? undefined,
    direction: form.get("direction") ?? undefined,
    ids: form.getAll("ids"),
    position: form.get("position") ?? undefined,
  });
  return parsed.success ? parsed.data : undefined;
}

export interface Done {
  message: string;
  /** Where a moved card now is (1-based, whole order): the redirect follows it to its page. */
  position?: number;
}

/** One list action, with plain values; what to say, and where a moved card went. */
export async function perform(
  db: Db,
  kind: PackageKind,
  query: AdminListQuery,
  action: ListAction,
  by: string | null,
): Promise<Done> {
  const m = kindMessages(kind);
  const window = (ids: readonly string[]): PageWindow => {
    // Positions on a filtered page are not places in the whole order (the screen hides reordering).
    if (isFiltered(query)) throw conflict(REORDER_FILTERED);
    return { offset: adminPageOffset(query.page), size: ADMIN_PAGE_SIZE, ids };
  };
  switch (action.intent) {
    case "publish":
    case "unpublish":
      await setPackageStatus(
        db,
        kind,
        action.id,
        action.intent === "publish" ? "published" : "draft",
        { by },
      );
      return { message: m.updated };
    case "delete":
      // The same path as DELETE /api/{kind}/{id}: a soft delete, its files kept until the purge.
      await deletePackage(db, kind, action.id, { by });
      return { message: m.deleted };
    case "reorder":
      await reorderPage(db, kind, window(action.ids));
      return { message: m.reordered };
    case "move":
      return {
        message: m.reordered,
        position: await movePageItem(db, kind, window(action.ids), action.id, action.direction),
      };
    case "move-to": {
      const moved = await movePackageToPosition(
        db,
        kind,
        action.id,
        parsePositionInput(action.position),
      );
      return { message: m.reordered, position: moved.position };
    }
  }
}

/** The spec's text for a list action that failed. */
export function failureText(kind: PackageKind, intent: ListAction["intent"]): string {
  const m = kindMessages(kind);
  if (intent === "delete") return m.deleteFailed;
  if (intent === "reorder" || intent === "move" || intent === "move-to") return m.reorderFailed;
  return m.updateFailed;
}
