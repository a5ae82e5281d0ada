import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { z } from "zod";
import { kindMessages, PACKAGE_KIND_INFO, type PackageKindInfo } from "~/domain/package-kinds";
import { isUuid, type PackageKind } from "~/domain/schemas";
import { pruneQuietly } from "../api/api-media.server";
import { redirectWithToast } from "../auth/toast.server";
import type { Db } from "../platform/db.server";
import { isAppError } from "../platform/errors.server";
import { log } from "../platform/log.server";
import { formHasUnstorableText, UNSTORABLE_TEXT_MESSAGE } from "../platform/unstorable-text.server";
import {
  deletePackage,
  getPackageById,
  listPackages,
  reorderPackages,
  setPackageStatus,
} from "./packages.server";
import { listMoments } from "./moments.server";

export const STATUS_FILTERS = ["all", "published", "draft"] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

const listQuerySchema = z.object({
  q: z.string().trim().max(200).catch(""),
  status: z.enum(STATUS_FILTERS).catch("all"),
});
export type AdminListQuery = z.infer<typeof listQuerySchema>;

type RouteArgs = LoaderFunctionArgs | ActionFunctionArgs;

/** The package kind whose admin list the matched route pattern is ('admin/local' → local). */
export function kindForListPattern(pattern: string): PackageKindInfo | undefined {
  const path = `/${pattern.replace(/^\/+/, "").replace(/\/+$/, "")}`;
  return Object.values(PACKAGE_KIND_INFO).find((info) => info.admin.listPath === path);
}

function listKind(args: RouteArgs): PackageKind {
  const info = kindForListPattern(args.pattern);
  if (!info) throw new Error(`No package list serves ${args.pattern}`);
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
  /** Book Now clicks over the last 30 days (issue 18), filled in by the list route. */
  bookNowClicks?: number;
}

export interface AdminPackageListData {
  kind: PackageKind;
  query: AdminListQuery;
  packages: AdminPackageCard[];
  /** Reordering needs every card on screen: off while a search or status filter hides some. */
  canReorder: boolean;
  /** The package named by `?delete=ID` (the confirmation step), if it exists. */
  confirmDelete: { id: string; title: string } | null;
}

function parseQuery(searchParams: URLSearchParams): AdminListQuery {
  return listQuerySchema.parse({
    q: searchParams.get("q") ?? "",
    status: searchParams.get("status") ?? "all",
  });
}

/** The list URL with the search and filter kept (and any dialog parameter dropped). */
export function listUrl(kind: PackageKind, query: AdminListQuery): string {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.status !== "all") params.set("status", query.status);
  const search = params.toString();
  return `${PACKAGE_KIND_INFO[kind].admin.listPath}${search ? `?${search}` : ""}`;
}

/** One admin list screen: the kind's packages in their order, filtered by search and status. */
export async function adminPackageList(
  db: Db,
  args: LoaderFunctionArgs,
): Promise<AdminPackageListData> {
  const kind = listKind(args);
  const searchParams = new URL(args.request.url).searchParams;
  const query = parseQuery(searchParams);
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
  const deleteId = searchParams.get("delete") ?? "";
  const target = isUuid(deleteId) ? await getPackageById(db, kind, deleteId) : undefined;
  return {
    kind,
    query,
    packages: cards,
    canReorder: query.q === "" && query.status === "all",
    confirmDelete: target ? { id: target.id, title: target.title } : null,
  };
}

export async function adminMomentList(db: Db) {
  return listMoments(db);
}

const id = z.string().max(100);
const ids = z.array(id).max(1000);

/** What a list screen posts: the card forms, the no-JS move buttons and the drag-and-drop fetcher. */
const listActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("publish"), id }),
  z.object({ intent: z.literal("unpublish"), id }),
  z.object({ intent: z.literal("delete"), id }),
  /** Drag and drop: the kind's full list in its new order. */
  z.object({ intent: z.literal("reorder"), ids }),
  /** No JavaScript: the full list as shown, and one card to move by one place. */
  z.object({
    intent: z.literal("move"),
    id,
    direction: z.enum(["earlier", "later"]),
    ids,
  }),
]);
type ListAction = z.infer<typeof listActionSchema>;

export const UNKNOWN_LIST_ACTION = "Unknown action. Reload the page and try again.";

/** What a list action answers when it does not redirect: shown on the list (toast with JavaScript). */
export type ListActionReply =
  | { ok: true; intent: "reorder"; message: string }
  | { ok: false; intent: string; message: string; detail?: string };

const failure = (intent: string, message: string, status: number, detail?: string) =>
  data<ListActionReply>({ ok: false, intent, message, ...(detail ? { detail } : {}) }, { status });

/** The full order after moving `target` one place (unchanged at the ends). */
export function movedOrder(
  order: readonly string[],
  target: string,
  direction: "earlier" | "later",
): string[] {
  const next = [...order];
  const from = next.indexOf(target);
  const to = direction === "earlier" ? from - 1 : from + 1;
  if (from === -1 || to < 0 || to >= next.length) return next;
  [next[from], next[to]] = [next[to]!, next[from]!];
  return next;
}

function readAction(form: FormData): ListAction | undefined {
  const parsed = listActionSchema.safeParse({
    intent: form.get("intent"),
    id: form.get("id") ?? undefined,
    direction: form.get("direction") ?? undefined,
    ids: form.getAll("ids"),
  });
  return parsed.success ? parsed.data : undefined;
}

async function perform(db: Db, kind: PackageKind, action: ListAction): Promise<string> {
  const m = kindMessages(kind);
  switch (action.intent) {
    case "publish":
    case "unpublish":
      await setPackageStatus(
        db,
        kind,
        action.id,
        action.intent === "publish" ? "published" : "draft",
      );
      return m.updated;
    case "delete":
      // The same path as DELETE /api/{kind}/{id}: the row goes, then media nothing else uses.
      await pruneQuietly(await deletePackage(db, kind, action.id));
      return m.deleted;
    case "reorder":
      await reorderPackages(db, kind, action.ids);
      return m.reordered;
    case "move":
      await reorderPackages(db, kind, movedOrder(action.ids, action.id, action.direction));
      return m.reordered;
  }
}

function failureText(kind: PackageKind, intent: ListAction["intent"]): string {
  const m = kindMessages(kind);
  if (intent === "delete") return m.deleteFailed;
  if (intent === "reorder" || intent === "move") return m.reorderFailed;
  return m.updateFailed;
}

/**
 * Publish, unpublish, delete and reorder from a list screen. Form posts come back to the list
 * (search and filter kept) with a flash message; the drag-and-drop fetcher gets a reply it shows
 * as a toast. Refusals keep everything as it was: 400 (bad input), 404 (unknown package),
 * 409 (an order list that is not the kind's full current list).
 */
export async function adminListAction(db: Db, args: ActionFunctionArgs) {
  const kind = listKind(args);
  const query = parseQuery(new URL(args.request.url).searchParams);
  const form = await args.request.formData();
  const intent = String(form.get("intent") ?? "");
  if (formHasUnstorableText(form)) return failure(intent, UNSTORABLE_TEXT_MESSAGE, 400);
  const action = readAction(form);
  if (!action) return failure(intent, UNKNOWN_LIST_ACTION, 400);
  try {
    const message = await perform(db, kind, action);
    if (action.intent === "reorder") {
      return data<ListActionReply>({ ok: true, intent: "reorder", message });
    }
    return redirectWithToast(args.request, listUrl(kind, query), { type: "success", message });
  } catch (error) {
    if (isAppError(error) && (error.status === 404 || error.status === 409)) {
      const message = error.status === 404 ? error.message : failureText(kind, action.intent);
      return failure(action.intent, message, error.status, error.message);
    }
    log("error", "admin list action failed", {
      kind,
      intent: action.intent,
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
    return failure(action.intent, failureText(kind, action.intent), 500);
  }
}
