import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import type { PackageKind } from "~/domain/schemas";
import { listAdminCardPage } from "~/server/catalogue/admin-cards.server";
import {
  movePackageToPosition,
  movePageItem,
  packageGone,
  positionNotANumber,
  positionOutOfRange,
  reorderPage,
} from "~/server/catalogue/package-order.server";
import {
  deletePackage,
  listPackages,
  listPublishedCards,
  listPublishedFacts,
} from "~/server/catalogue/packages.server";
import { isAppError } from "~/server/platform/errors.server";
import { BACKENDS, useTestDatabase } from "../support/db";
import { makePackage } from "../support/factories";

/** Order changes from a paged admin list (decision 078), on PostgreSQL and PGlite. */
describe.each(BACKENDS)("package order from a paged list on %s", (backend) => {
  const { db } = useTestDatabase(backend);

  /** `count` packages of the kind; returns their ids in admin order (the newest first). */
  async function seed(kind: PackageKind, count: number, prefix = "P"): Promise<string[]> {
    for (let i = 1; i <= count; i++) {
      await makePackage(db(), kind, {
        title: `${prefix} ${i}`,
        status: i % 3 ? "published" : "draft",
      });
    }
    return order(kind);
  }
  const order = async (kind: PackageKind) => (await listPackages(db(), { kind })).map((p) => p.id);
  const positions = async (kind: PackageKind) =>
    (
      await db()
        .selectFrom("packages")
        .select("position")
        .where("kind", "=", kind)
        .orderBy("position")
        .execute()
    ).map((r) => r.position);

  /** Runs `work` and returns the AppError it throws (status and message). */
  async function refusal(work: () => Promise<unknown>) {
    try {
      await work();
    } catch (error) {
      if (isAppError(error)) return { status: error.status, message: error.message };
      throw error;
    }
    throw new Error("expected a refusal");
  }

  describe("move to position", () => {
    it("moves a package to the first, the last and a middle place, shifting the others", async () => {
      const before = await seed("trip", 7);
      const [a, b, c, d, e, f, g] = before as [string, ...string[]];

      // Last → first.
      expect(await movePackageToPosition(db(), "trip", g!, 1)).toEqual({ position: 1, total: 7 });
      expect(await order("trip")).toEqual([g, a, b, c, d, e, f]);
      // First → last.
      await movePackageToPosition(db(), "trip", g!, 7);
      expect(await order("trip")).toEqual(before);
      // Second → fifth: the three after it move up one place.
      await movePackageToPosition(db(), "trip", b!, 5);
      expect(await order("trip")).toEqual([a, c, d, e, b, f, g]);
      // Fifth → third (towards the front): the ones between move down one place.
      await movePackageToPosition(db(), "trip", b!, 3);
      expect(await order("trip")).toEqual([a, c, b, d, e, f, g]);
      // Its own place: nothing moves.
      await movePackageToPosition(db(), "trip", b!, 3);
      expect(await order("trip")).toEqual([a, c, b, d, e, f, g]);
      // Positions stay a permutation of 0..n-1, so new packages still go first.
      expect(await positions("trip")).toEqual([0, 1, 2, 3, 4, 5, 6]);
      const newest = await makePackage(db(), "trip", { title: "Newest" });
      expect((await order("trip"))[0]).toBe(newest.id);
    });

    it("moves only within its kind", async () => {
      const trips = await seed("trip", 3, "Trip");
      const locals = await seed("local", 3, "Local");
      await movePackageToPosition(db(), "local", locals[2]!, 1);
      expect(await order("trip")).toEqual(trips);
      expect(await order("local")).toEqual([locals[2], locals[0], locals[1]]);
      // Another kind's package is not on this list.
      const refused = await refusal(() => movePackageToPosition(db(), "local", trips[0]!, 1));
      expect(refused).toEqual({ status: 404, message: packageGone("local") });
    });

    it("refuses a position outside 1..count or not a whole number with a clear message, changing nothing", async () => {
      const before = await seed("discovery", 4);
      const target = before[1]!;
      for (const [position, message] of [
        [0, positionOutOfRange(0, 4)],
        [5, positionOutOfRange(5, 4)],
        [1000, positionOutOfRange(1000, 4)],
        [Number.NaN, positionNotANumber(4)],
        [2.5, positionNotANumber(4)],
      ] as const) {
        expect(
          await refusal(() => movePackageToPosition(db(), "discovery", target, position)),
          String(position),
        ).toEqual({ status: 400, message });
      }
      expect(positionOutOfRange(5, 4)).toBe("There is no position 5: enter a number from 1 to 4.");
      expect(positionNotANumber(1000)).toBe(
        "Enter the new position as a whole number from 1 to 1,000.",
      );
      expect(await order("discovery")).toEqual(before);
    });

    it("refuses a package that was deleted (or never existed) with 404, changing nothing", async () => {
      const before = await seed("exclusive", 3);
      await deletePackage(db(), "exclusive", before[0]!);
      const rest = await order("exclusive");
      for (const id of [before[0]!, randomUUID(), "not-a-uuid"]) {
        expect(await refusal(() => movePackageToPosition(db(), "exclusive", id, 1)), id).toEqual({
          status: 404,
          message: packageGone("exclusive"),
        });
      }
      expect(await order("exclusive")).toEqual(rest);
    });

    it("keeps positions a permutation when several moves run at once", async () => {
      const before = await seed("trip", 12);
      const moves = before.map((id, i) =>
        movePackageToPosition(db(), "trip", id, ((i * 5) % 12) + 1),
      );
      await Promise.all(moves);
      const after = await order("trip");
      expect([...after].sort()).toEqual([...before].sort());
      expect(await positions("trip")).toEqual(Array.from({ length: 12 }, (_, i) => i));
    });
  });

  describe("a page's drag and drop and move buttons", () => {
    it("reorders the cards of page 2 in place, leaving the other pages as they were", async () => {
      const before = await seed("trip", 10);
      const page2 = before.slice(4, 8);
      const dragged = [page2[3]!, page2[0]!, page2[1]!, page2[2]!];
      await reorderPage(db(), "trip", { offset: 4, size: 4, ids: dragged });
      expect(await order("trip")).toEqual([...before.slice(0, 4), ...dragged, ...before.slice(8)]);
      // The last page may be short.
      const last = [before[9]!, before[8]!];
      await reorderPage(db(), "trip", { offset: 8, size: 4, ids: last });
      expect((await order("trip")).slice(8)).toEqual(last);
    });

    it("refuses a page that is no longer what the admin saw with 409, changing nothing", async () => {
      const before = await seed("local", 9);
      const page2 = before.slice(3, 6);
      // Another page's id, a missing card, a duplicate, a stranger.
      for (const ids of [
        [before[2]!, page2[1]!, page2[2]!],
        page2.slice(1),
        [page2[0]!, page2[0]!, page2[1]!],
        [...page2, randomUUID()],
      ]) {
        const refused = await refusal(() =>
          reorderPage(db(), "local", { offset: 3, size: 3, ids }),
        );
        expect(refused?.status, ids.join()).toBe(409);
      }
      // A package added since the page loaded shifts every page by one: the page is stale.
      await makePackage(db(), "local", { title: "Added meanwhile" });
      const current = await order("local");
      expect(
        (await refusal(() => reorderPage(db(), "local", { offset: 3, size: 3, ids: page2 })))
          ?.status,
      ).toBe(409);
      expect(await order("local")).toEqual(current);
    });

    it("moves the first card of a page to the end of the page before, and the last to the next", async () => {
      const before = await seed("discovery", 6);
      const page2 = before.slice(3, 6);
      expect(
        await movePageItem(
          db(),
          "discovery",
          { offset: 3, size: 3, ids: page2 },
          page2[0]!,
          "earlier",
        ),
      ).toBe(3);
      const after = await order("discovery");
      expect(after).toEqual([before[0], before[1], before[3], before[2], before[4], before[5]]);
      const page1 = after.slice(0, 3);
      expect(
        await movePageItem(
          db(),
          "discovery",
          { offset: 0, size: 3, ids: page1 },
          page1[2]!,
          "later",
        ),
      ).toBe(4);
      expect(await order("discovery")).toEqual(before);
      // At the very ends nothing moves.
      expect(
        await movePageItem(
          db(),
          "discovery",
          { offset: 0, size: 3, ids: before.slice(0, 3) },
          before[0]!,
          "earlier",
        ),
      ).toBe(1);
      expect(await order("discovery")).toEqual(before);
    });
  });

  describe("admin list pages", () => {
    it("gives one page of cards in admin order with the count, for the whole list and a filter", async () => {
      const all = await seed("trip", 30);
      const page1 = await listAdminCardPage(db(), { kind: "trip", offset: 0, limit: 24 });
      expect(page1.total).toBe(30);
      expect(page1.cards.map((c) => c.id)).toEqual(all.slice(0, 24));
      const page2 = await listAdminCardPage(db(), { kind: "trip", offset: 24, limit: 24 });
      expect(page2.cards.map((c) => c.id)).toEqual(all.slice(24));
      expect(page2.cards[0]).toMatchObject({ title: expect.stringMatching(/^P /), image: null });
      const beyond = await listAdminCardPage(db(), { kind: "trip", offset: 48, limit: 24 });
      expect(beyond).toEqual({ cards: [], total: 30 });

      const drafts = await listAdminCardPage(db(), {
        kind: "trip",
        status: "draft",
        offset: 0,
        limit: 4,
      });
      expect(drafts.total).toBe(10);
      expect(drafts.cards.every((c) => c.status === "draft")).toBe(true);
      const search = await listAdminCardPage(db(), {
        kind: "trip",
        search: "p 2",
        offset: 0,
        limit: 24,
      });
      // "P 2" and "P 20".."P 29"
      expect(search.total).toBe(11);
      // The card shows the package's first image.
      const pictured = await makePackage(db(), "local", {
        title: "Pictured",
        images: ["/media/packages/first.webp", "/media/packages/second.webp"],
      });
      const local = await listAdminCardPage(db(), { kind: "local", offset: 0, limit: 24 });
      expect(local.cards).toEqual([
        expect.objectContaining({ id: pictured.id, image: "/media/packages/first.webp" }),
      ]);
      // A pattern character is matched literally.
      expect(
        (await listAdminCardPage(db(), { kind: "trip", search: "%", offset: 0, limit: 24 })).total,
      ).toBe(0);
    });
  });

  describe("the admin order (inAdminOrder)", () => {
    it("is position, then newest first, then id, on every list that reads it and in a move", async () => {
      const made = [];
      for (const title of ["A", "B", "C", "D", "E"])
        made.push(await makePackage(db(), "local", { title, status: "published" }));
      const [a, b, c, d, e] = made.map((p) => p.id) as [string, string, string, string, string];
      const [tieLow, tieHigh] = [d, e].sort();
      // Ties on purpose: B and C share a position (B is newer); D and E share position and time.
      const set = async (id: string, position: number, createdAt: string) =>
        sql`update packages set position = ${position}, created_at = ${createdAt}::timestamptz
            where id = ${id}`.execute(db());
      await set(a, 0, "2026-01-01T00:00:00Z");
      await set(b, 1, "2026-01-03T00:00:00Z");
      await set(c, 1, "2026-01-02T00:00:00Z");
      await set(tieHigh!, 2, "2026-01-01T00:00:00Z");
      await set(tieLow!, 2, "2026-01-01T00:00:00Z");
      const expected = [a, b, c, tieLow, tieHigh];

      expect(await order("local")).toEqual(expected);
      expect((await listPublishedCards(db(), "local")).map((p) => p.id)).toEqual(expected);
      expect((await listPublishedFacts(db(), "local")).map((p) => p.id)).toEqual(expected);
      const page = await listAdminCardPage(db(), { kind: "local", offset: 0, limit: 24 });
      expect(page.cards.map((p) => p.id)).toEqual(expected);
      // A move rewrites the order it read under the lock: the others keep theirs.
      await movePackageToPosition(db(), "local", a, 5);
      expect(await order("local")).toEqual([b, c, tieLow, tieHigh, a]);
      expect(await positions("local")).toEqual([0, 1, 2, 3, 4]);
    });
  });
});
