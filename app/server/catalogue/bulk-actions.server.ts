import { z } from "zod";
import { PACKAGE_KIND_INFO } from "~/domain/package-kinds";
import { isUuid, type PackageKind } from "~/domain/schemas";
import { inTransaction, type Db } from "../platform/db.server";
import { badRequest, conflict } from "../platform/errors.server";
import { deletePackage, setPackageStatus } from "./packages.server";

/*
 * Bulk actions on an admin package list: Publish, Unpublish or Delete the selected
 * cards, all or nothing. The selected rows are locked first; if any is gone, of another kind, or
 * repeated, nothing changes (409). Each package goes through the same service call as its card's
 * own button, so every per-package rule (versions, events, cache) applies to each.
 */

export const BULK_INTENTS = ["bulk-publish", "bulk-unpublish", "bulk-delete"] as const;
export type BulkIntent = (typeof BULK_INTENTS)[number];

export const isBulkIntent = (value: unknown): value is BulkIntent =>
  (BULK_INTENTS as readonly unknown[]).includes(value);

/** At most this many in one action: a page holds 24, "select all" selects one page. */
export const BULK_MAX = 100;

const selectionSchema = z.array(z.string().max(100)).max(BULK_MAX);

export function bulkTexts(kind: PackageKind) {
  const { one, many } = PACKAGE_KIND_INFO[kind].nouns;
  const n = (count: number) => `${count} ${count === 1 ? one : many}`;
  return {
    noneSelected: `Select at least one ${one} first.`,
    tooMany: `Select at most ${BULK_MAX} ${many} at a time.`,
    stale: `Some of the selected ${many} were deleted or changed elsewhere, or are not on this list. Nothing was changed: reload the page and try again.`,
    done: (intent: BulkIntent, count: number) =>
      `${n(count)} ${intent === "bulk-publish" ? "published" : intent === "bulk-unpublish" ? "unpublished" : "deleted"}`,
    confirm: (count: number) => `Delete ${n(count)}?`,
  };
}

/** The selected ids of a bulk form: 1 to BULK_MAX, or a 400 saying what is wrong. */
export function readSelection(kind: PackageKind, form: FormData): string[] {
  const parsed = selectionSchema.safeParse(form.getAll("selected"));
  const texts = bulkTexts(kind);
  if (!parsed.success) throw badRequest(texts.tooMany);
  if (parsed.data.length === 0) throw badRequest(texts.noneSelected);
  return parsed.data;
}

/**
 * Locks the selected packages of this kind; any id that is malformed, repeated, gone or of
 * another kind makes the whole selection stale (409).
 */
async function lockSelection(
  trx: Db,
  kind: PackageKind,
  ids: readonly string[],
): Promise<{ id: string; title: string }[]> {
  const stale = conflict(bulkTexts(kind).stale);
  if (new Set(ids).size !== ids.length || !ids.every(isUuid)) throw stale;
  const rows = await trx
    .selectFrom("packages")
    .select(["id", "title"])
    .where("kind", "=", kind)
    .where("deleted_at", "is", null)
    .where("id", "in", [...ids])
    .orderBy("id")
    .forUpdate()
    .execute();
  if (rows.length !== ids.length) throw stale;
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)!);
}

/** What a Delete needs confirmed: the selected packages' titles (409 when stale). */
export async function bulkDeletePreview(
  db: Db,
  kind: PackageKind,
  ids: readonly string[],
): Promise<{ id: string; title: string }[]> {
  return inTransaction(db, (trx) => lockSelection(trx, kind, ids));
}

/**
 * Applies one bulk action in one transaction. Returns how many packages it changed. A deleted
 * package keeps its files until it is purged (deletePackage), so a bulk delete releases none.
 */
export async function applyBulkAction(
  db: Db,
  kind: PackageKind,
  intent: BulkIntent,
  ids: readonly string[],
  by: string | null,
): Promise<{ count: number }> {
  return inTransaction(db, async (trx) => {
    const selected = await lockSelection(trx, kind, ids);
    for (const { id } of selected) {
      if (intent === "bulk-delete") await deletePackage(trx, kind, id, { by });
      else {
        const status = intent === "bulk-publish" ? "published" : "draft";
        await setPackageStatus(trx, kind, id, status, { by });
      }
    }
    return { count: selected.length };
  });
}
