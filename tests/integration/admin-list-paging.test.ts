import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_PAGE_SIZE } from "~/domain/admin-paging";
import { kindMessages } from "~/domain/package-kinds";
import type { PackageKind } from "~/domain/schemas";
import { REORDER_FILTERED } from "~/server/catalogue/admin-lists.server";
import {
  packageGone,
  positionNotANumber,
  positionOutOfRange,
} from "~/server/catalogue/package-order.server";
import { deletePackage } from "~/server/catalogue/packages.server";
import { makePackage } from "../support/factories";
import { adminOrderOf, flashOf } from "../support/admin-http-support";
import { useSignedInServer } from "../support/auth-support";
import { formPost } from "../support/form-post";
import { tempDirs } from "../support/files";

/**
 * The paged admin lists through the built server (decisions 077 and 078): `?page=N`,
 * canonical page URLs, drag and move buttons with global positions, "Move to position…", and the
 * public list following the new order past the page cache.
 */
describe("paged admin package lists", () => {
  const temp = tempDirs("wlx-admin-paging-");
  const dataDir = temp.make();
  const suite = useSignedInServer({ DATA_DIR: dataDir });
  afterAll(() => {
    temp.removeAll();
  });

  const TOTAL = 53; // three pages: 24, 24, 5
  let all: string[] = [];

  const get = (url: string) =>
    suite.server.fetch(url, { headers: { Cookie: suite.cookie }, redirect: "manual" });
  const page = async (url: string) => (await (await get(url)).text()).replaceAll("<!-- -->", "");
  const post = (url: string, fields: [string, string][]) =>
    formPost(suite.server, url, fields, { Cookie: suite.cookie });
  // The admin order is the live packages': a soft-deleted one is out of it.
  const orderOf = (kind: PackageKind) => adminOrderOf(suite.database.db, kind);
  const titleOf = async (id: string) =>
    (
      await suite.database.db
        .selectFrom("packages")
        .select("title")
        .where("id", "=", id)
        .executeTakeFirstOrThrow()
    ).title;
  const cardIds = (html: string) =>
    [...html.matchAll(/<h2 id="card-([0-9a-f-]{36})"/g)].map((m) => m[1]);
  const ids = (list: readonly string[]): [string, string][] => list.map((id) => ["ids", id]);

  beforeAll(async () => {
    for (let i = 1; i <= TOTAL; i++) {
      await makePackage(suite.database.db, "trip", {
        title: `Paged trip ${String(i).padStart(2, "0")}`,
        status: i % 4 === 0 ? "draft" : "published",
      });
    }
    all = await orderOf("trip");
  }, 120_000);

  it("shows 24 cards a page with a count, global positions and page links that work without JavaScript", async () => {
    const first = await page("/admin/dashboard");
    expect(cardIds(first)).toEqual(all.slice(0, ADMIN_PAGE_SIZE));
    expect(first).toContain(`Showing 1–24 of ${TOTAL} packages · page 1 of 3`);
    expect(first).toMatch(
      /<a[^>]*href="\/admin\/dashboard\?page=2"[^>]*rel="next"|rel="next"[^>]*href="\/admin\/dashboard\?page=2"/,
    );
    expect(first).toContain(`1 of ${TOTAL}`);
    // The no-JS move forms carry this page's ids, not the whole list's.
    expect(first.match(/name="ids"/g)).toHaveLength(2 * ADMIN_PAGE_SIZE);

    const second = await page("/admin/dashboard?page=2");
    expect(cardIds(second)).toEqual(all.slice(24, 48));
    expect(second).toContain(`Showing 25–48 of ${TOTAL} packages · page 2 of 3`);
    expect(second).toContain(`25 of ${TOTAL}`);
    expect(second).toContain(`48 of ${TOTAL}`);
    expect(second).toMatch(
      /href="\/admin\/dashboard"[^>]*rel="prev"|rel="prev"[^>]*href="\/admin\/dashboard"/,
    );
    // Each card's "Move to position…" form offers the whole range.
    expect(second).toContain(`max="${TOTAL}"`);
    expect(second).toContain("Move to position…");

    // The back office, like the public pages, loads its scripts after the first paint (decision
    // 107: on a phone the scripts and the hydration before it cost the list a second of LCP).
    expect(first).toContain("x-deferred-module");
    expect(first).not.toMatch(/<link rel="modulepreload"/);
    expect(await (await suite.server.fetch("/about")).text()).toContain("x-deferred-module");

    const last = await page("/admin/dashboard?page=3");
    expect(cardIds(last)).toEqual(all.slice(48));
    expect(last).not.toContain('rel="next"');
  });

  it("redirects page 1, a malformed page and a page past the last to the canonical URL", async () => {
    for (const [from, to] of [
      ["/admin/dashboard?page=1", "/admin/dashboard"],
      ["/admin/dashboard?page=abc", "/admin/dashboard"],
      ["/admin/dashboard?page=0", "/admin/dashboard"],
      ["/admin/dashboard?page=-2", "/admin/dashboard"],
      ["/admin/dashboard?page=4", "/admin/dashboard?page=3"],
      ["/admin/dashboard?page=999999", "/admin/dashboard?page=3"],
      // A filter's last page; the search and filter are kept.
      ["/admin/dashboard?status=draft&page=2", "/admin/dashboard?status=draft"],
      ["/admin/dashboard?q=Paged+trip+1&page=9", "/admin/dashboard?q=Paged+trip+1"],
      // A delete confirmation keeps its parameter.
      [`/admin/dashboard?page=7&delete=${all[50]}`, `/admin/dashboard?page=3&delete=${all[50]}`],
    ]) {
      const response = await get(from!);
      expect(response.status, from).toBe(302);
      expect(response.headers.get("Location"), from).toBe(to);
    }
    // An empty list has one (empty) page.
    const empty = await get("/admin/local?page=2");
    expect(empty.headers.get("Location")).toBe("/admin/local");
    // A filtered list pages too, with its own count.
    const drafts = await page("/admin/dashboard?status=draft");
    expect(drafts).toContain(`13 packages`);
    expect(drafts).toContain("Reordering is off while a search or a filter is active.");
    expect(drafts).not.toContain("Move to position…");
  });

  it("moves a package to a position on another page, follows it there, and the public list follows past the page cache", async () => {
    const before = await orderOf("trip");
    const published = new Set(
      (
        await suite.database.db
          .selectFrom("packages")
          .select("id")
          .where("kind", "=", "trip")
          .where("status", "=", "published")
          .execute()
      ).map((r) => r.id),
    );
    // A published package on page 3 goes to the very front.
    const target = before.slice(48).find((id) => published.has(id))!;
    const firstPublished = before.find((id) => published.has(id))!;
    const publicBefore = await suite.server.fetch("/upcoming-trips");
    const again = await suite.server.fetch("/upcoming-trips");
    expect(again.headers.get("X-Page-Cache")).toBe("hit");
    expect(await publicBefore.text()).not.toContain(await titleOf(target));

    const moved = await post("/admin/dashboard?page=3", [
      ["intent", "move-to"],
      ["id", target],
      ["position", "1"],
    ]);
    expect(moved.status).toBe(302);
    expect(moved.headers.get("Location")).toBe(`/admin/dashboard#card-${target}`);
    expect(flashOf(moved)?.message).toBe(kindMessages("trip").reordered);
    expect(await orderOf("trip")).toEqual([target, ...before.filter((id) => id !== target)]);

    const publicAfter = await suite.server.fetch("/upcoming-trips");
    expect(publicAfter.headers.get("X-Page-Cache")).not.toBe("hit");
    const html = await publicAfter.text();
    const firstCard = html.indexOf(await titleOf(target));
    expect(firstCard).toBeGreaterThan(-1);
    expect(firstCard).toBeLessThan(html.indexOf(await titleOf(firstPublished)));

    // And to the last place: the redirect goes to the last page, where the card now is.
    const toEnd = await post("/admin/dashboard", [
      ["intent", "move-to"],
      ["id", target],
      ["position", ` ${TOTAL} `],
    ]);
    expect(toEnd.headers.get("Location")).toBe(`/admin/dashboard?page=3#card-${target}`);
    expect(await orderOf("trip")).toEqual([...before.filter((id) => id !== target), target]);
    // A middle place on page 2.
    const toMiddle = await post("/admin/dashboard?page=3", [
      ["intent", "move-to"],
      ["id", target],
      ["position", "30"],
    ]);
    expect(toMiddle.headers.get("Location")).toBe(`/admin/dashboard?page=2#card-${target}`);
    expect((await orderOf("trip")).indexOf(target)).toBe(29);
  });

  it("refuses a bad position or a deleted package with a clear message on the list, changing nothing", async () => {
    const before = await orderOf("trip");
    const target = before[30]!;
    for (const [position, status, message] of [
      ["abc", 400, positionNotANumber(TOTAL)],
      ["", 400, positionNotANumber(TOTAL)],
      ["2.5", 400, positionNotANumber(TOTAL)],
      ["-1", 400, positionNotANumber(TOTAL)],
      ["0", 400, positionOutOfRange(0, TOTAL)],
      [String(TOTAL + 1), 400, positionOutOfRange(TOTAL + 1, TOTAL)],
    ] as const) {
      const response = await post("/admin/dashboard?page=2", [
        ["intent", "move-to"],
        ["id", target],
        ["position", position],
      ]);
      expect(response.status, position).toBe(status);
      const html = (await response.text()).replaceAll("<!-- -->", "");
      // The message is shown at the card's form (the list renders the page again).
      expect(html, position).toContain(`id="move-to-error-${target}"`);
      expect(html, position).toContain(message.replaceAll('"', "&quot;"));
      expect(await orderOf("trip")).toEqual(before);
    }

    const doomed = await makePackage(suite.database.db, "trip", { title: "Deleted meanwhile" });
    const withDoomed = await orderOf("trip");
    await deletePackage(suite.database.db, "trip", doomed.id);
    for (const id of [doomed.id, randomUUID()]) {
      const gone = await post("/admin/dashboard", [
        ["intent", "move-to"],
        ["id", id],
        ["position", "3"],
      ]);
      expect(gone.status).toBe(404);
      expect(await gone.text()).toContain(packageGone("trip"));
    }
    expect(await orderOf("trip")).toEqual(withDoomed.filter((id) => id !== doomed.id));
  });

  it("drags within page 2 keeping the other pages, and moves a page's first card to the page before", async () => {
    const before = await orderOf("trip");
    const page2 = before.slice(24, 48);
    const dragged = [page2[5]!, ...page2.filter((_, i) => i !== 5)];
    const ok = await post("/admin/dashboard?page=2", [["intent", "reorder"], ...ids(dragged)]);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain(kindMessages("trip").reordered);
    expect(await orderOf("trip")).toEqual([
      ...before.slice(0, 24),
      ...dragged,
      ...before.slice(48),
    ]);

    // The same drag posted to page 1 (or as a stale page) is refused and changes nothing.
    const current = await orderOf("trip");
    for (const url of ["/admin/dashboard", "/admin/dashboard?page=3"]) {
      const refused = await post(url, [["intent", "reorder"], ...ids(dragged)]);
      expect(refused.status, url).toBe(409);
      expect(await refused.text()).toContain(kindMessages("trip").reorderFailed);
    }
    // With a filter on, positions are not places in the whole order: refused.
    const filtered = await post("/admin/dashboard?status=published&page=2", [
      ["intent", "reorder"],
      ...ids(dragged),
    ]);
    expect(filtered.status).toBe(409);
    expect(await filtered.text()).toContain(REORDER_FILTERED);
    expect(await orderOf("trip")).toEqual(current);

    // Move earlier on page 2's first card: it swaps with page 1's last and the list follows it.
    const earlier = await post("/admin/dashboard?page=2", [
      ["intent", "move"],
      ["direction", "earlier"],
      ["id", current[24]!],
      ...ids(current.slice(24, 48)),
    ]);
    expect(earlier.status).toBe(302);
    expect(earlier.headers.get("Location")).toBe("/admin/dashboard");
    const after = await orderOf("trip");
    expect(after[23]).toBe(current[24]);
    expect(after[24]).toBe(current[23]);
    expect([...after.slice(0, 23), ...after.slice(25)]).toEqual([
      ...current.slice(0, 23),
      ...current.slice(25),
    ]);
  });
});
