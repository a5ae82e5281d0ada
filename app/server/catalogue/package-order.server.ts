import { sql } from "kysely";
import type { PackageKind } from "~/domain/schemas";
import { PACKAGE_KIND_INFO } from "~/domain/package-kinds";
import { inTransaction, type Db } from "../platform/db.server";
import { badRequest, notFound } from "../platform/errors.server";
import { assertSameIds } from "./packages.server";
import { recordEvent } from "../events/events.server";
import { inAdminOrder } from "./admin-order.server";

/*
 * Order changes made from one page of a paged admin list (decision 078). Each runs in
 * one transaction that locks the kind's rows (as reorderPackages does), reads the whole admin
 * order (position, then created_at desc, then id), changes it, and writes back positions
 * 0..n-1 for the rows whose place changed. Refusals throw before any write: nothing changes.
 */

/** The 1-based global place the user typed, or NaN when it is not a whole number. */
export function parsePositionInput(raw: string): number {
  const text = raw.trim();
  return /^\d{1,9}$/.test(text) ? Number(text) : Number.NaN;
}

export const positionRangeText = (total: number) =>
  total === 1 ? "1 (there is only one)" : `1 to ${total.toLocaleString("en-US")}`;

export function positionNotANumber(total: number): string {
  return `Enter the new position as a whole number from ${positionRangeText(total)}.`;
}

export function positionOutOfRange(position: number, total: number): string {
  return `There is no position ${position.toLocaleString("en-US")}: enter a number from ${positionRangeText(total)}.`;
}

export function packageGone(kind: PackageKind): string {
  return `This ${PACKAGE_KIND_INFO[kind].nouns.one} no longer exists (it may have been deleted). Reload the list and try again.`;
}

/** Locks the kind's rows, then reads their admin order (a fresh read once the lock is held). */
async function lockedOrder(trx: Db, kind: PackageKind): Promise<Map<string, number>> {
  await trx.selectFrom("packages").select("id").where("kind", "=", kind).forUpdate().execute();
  const rows = await trx
    .selectFrom("packages")
    .select(["id", "position"])
    .where("kind", "=", kind)
    // Soft-deleted packages are out of the order; they keep their position for a restore.
    .where("deleted_at", "is", null)
    .$call(inAdminOrder)
    .execute();
  return new Map(rows.map((r) => [r.id, r.position]));
}

/** Writes `order` as positions 0..n-1, touching only the rows whose position differs. */
async function writeOrder(
  trx: Db,
  kind: PackageKind,
  current: Map<string, number>,
  order: readonly string[],
): Promise<void> {
  const changed = order.flatMap((id, index) => (current.get(id) === index ? [] : [[id, index]]));
  if (changed.length === 0) return;
  const ids = changed.map(([id]) => String(id));
  const positions = changed.map(([, index]) => Number(index));
  await sql`
    update packages as p set position = x.position
    from unnest(${ids}::uuid[], ${positions}::int[]) as x(id, position)
    where p.id = x.id and p.kind = ${kind}
  `.execute(trx);
  await recordEvent(trx, { type: "package.reordered", details: { kind, moved: changed.length } });
}

export interface PageWindow {
  /** Index of the page's first card in the whole order. */
  offset: number;
  /** How many cards a page holds. */
  size: number;
  /** The page's package ids in the order the admin now wants (drag) or saw (move buttons). */
  ids: readonly string[];
}

/**
 * The whole order with the page replaced by `window.ids`. The ids must be exactly the packages the
 * page holds now: otherwise the page the admin saw is stale (a package was added, deleted or
 * moved across its edge) and a 409 refuses it.
 */
function withWindow(order: readonly string[], window: PageWindow): string[] {
  const { offset, size, ids } = window;
  if (!Number.isInteger(offset) || offset < 0) throw badRequest("Unknown page.");
  assertSameIds(order.slice(offset, offset + size), ids);
  return [...order.slice(0, offset), ...ids, ...order.slice(offset + ids.length)];
}

/** Drag and drop within one page: the page's cards in their new order. */
export async function reorderPage(db: Db, kind: PackageKind, window: PageWindow): Promise<void> {
  await inTransaction(db, async (trx) => {
    const current = await lockedOrder(trx, kind);
    await writeOrder(trx, kind, current, withWindow([...current.keys()], window));
  });
}

/**
 * Move earlier / Move later (no JavaScript): one place in the whole order, so the first card of
 * a page goes to the end of the page before. Returns the package's new 1-based position.
 */
export async function movePageItem(
  db: Db,
  kind: PackageKind,
  window: PageWindow,
  id: string,
  direction: "earlier" | "later",
): Promise<number> {
  return inTransaction(db, async (trx) => {
    const current = await lockedOrder(trx, kind);
    const order = withWindow([...current.keys()], window);
    const from = order.indexOf(id);
    if (from === -1) throw notFound(packageGone(kind));
    const to = direction === "earlier" ? from - 1 : from + 1;
    if (to < 0 || to >= order.length) return from + 1;
    [order[from], order[to]] = [order[to]!, order[from]!];
    await writeOrder(trx, kind, current, order);
    return to + 1;
  });
}

/**
 * "Move to position…": puts the package at the 1-based global `position` of its kind's order,
 * shifting the packages between. A package that is gone is a 404; a position that is not a whole
 * number from 1 to the count is a 400. Returns the position and the kind's count.
 */
export async function movePackageToPosition(
  db: Db,
  kind: PackageKind,
  id: string,
  position: number,
): Promise<{ position: number; total: number }> {
  return inTransaction(db, async (trx) => {
    const current = await lockedOrder(trx, kind);
    if (!current.has(id)) throw notFound(packageGone(kind));
    const total = current.size;
    if (!Number.isInteger(position)) throw badRequest(positionNotANumber(total));
    if (position < 1 || position > total) throw badRequest(positionOutOfRange(position, total));
    const order = [...current.keys()].filter((other) => other !== id);
    order.splice(position - 1, 0, id);
    await writeOrder(trx, kind, current, order);
    return { position, total };
  });
}
