import fs from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { kindMessages, PACKAGE_KIND_INFO } from "~/domain/package-kinds";
import type { PackageKind } from "~/domain/schemas";
import { UNKNOWN_LIST_ACTION } from "~/server/catalogue/admin-lists.server";
import { purgeDeletedPackages } from "~/server/catalogue/deleted-packages.server";
import { LocalMediaStore } from "~/server/media/media-store.server";
import { makePackage, makeStoredMedia } from "../support/factories";
import { adminOrderOf, flashOf, liveStatusOf } from "../support/admin-http-support";
import { useSignedInServer } from "../support/auth-support";
import { formPost } from "../support/form-post";
import { tempDirs } from "../support/files";

/** The admin list screens' actions (publish, delete, reorder, move) through the built server. */
describe("admin package lists", () => {
  const temp = tempDirs("wlx-admin-lists-");
  const dataDir = temp.make();
  const suite = useSignedInServer({ DATA_DIR: dataDir });
  afterAll(() => {
    temp.removeAll();
  });

  const listPath = (kind: PackageKind) => PACKAGE_KIND_INFO[kind].admin.listPath;
  const get = (url: string) => suite.server.fetch(url, { headers: { Cookie: suite.cookie } });
  /** The page's HTML without React's text separators (`Price: <!-- -->R 999`). */
  const page = async (url: string) => (await (await get(url)).text()).replaceAll("<!-- -->", "");
  const post = (url: string, fields: [string, string][]) =>
    formPost(suite.server, url, fields, { Cookie: suite.cookie });
  const statusOf = (id: string) => liveStatusOf(suite.database.db, id);
  const orderOf = (kind: PackageKind) => adminOrderOf(suite.database.db, kind);

  it("publishes and unpublishes from a card, back to the list with its filter and the spec's toast", async () => {
    const pkg = await makePackage(suite.database.db, "discovery", {
      title: "Toggle me",
      status: "draft",
    });
    const published = await post(`${listPath("discovery")}?status=draft&q=Toggle`, [
      ["intent", "publish"],
      ["id", pkg.id],
    ]);
    expect(published.status).toBe(302);
    expect(published.headers.get("Location")).toBe("/admin/discovery?q=Toggle&status=draft");
    expect(flashOf(published)).toMatchObject({
      type: "success",
      message: kindMessages("discovery").updated,
    });
    expect(await statusOf(pkg.id)).toBe("published");

    const unpublished = await post(listPath("discovery"), [
      ["intent", "unpublish"],
      ["id", pkg.id],
    ]);
    expect(unpublished.status).toBe(302);
    expect(unpublished.headers.get("Location")).toBe("/admin/discovery");
    expect(await statusOf(pkg.id)).toBe("draft");
  });

  it("renders the cards with the New button, hint, price, duration and the no-JS move buttons", async () => {
    const pkg = await makePackage(suite.database.db, "local", {
      title: "Card Shape",
      price: "R 999",
      duration: "2 days",
    });
    const html = await page(listPath("local"));
    expect(html).toContain(`href="${PACKAGE_KIND_INFO.local.admin.newPath}"`);
    expect(html).toContain("The order here will be reflected on your main website.");
    expect(html).toContain("Price: R 999");
    expect(html).toContain("Duration: 2 days");
    expect(html).toContain(`href="/local-package/${pkg.id}" target="_blank"`);
    expect(html).toContain(`href="${PACKAGE_KIND_INFO.local.admin.editPath(pkg.id)}"`);
    expect(html).toMatch(/Move earlier/);

    // With a filter on, reordering is off and the screen says why.
    const filtered = await page(`${listPath("local")}?q=Card`);
    expect(filtered).toContain("Reordering is off while a search or a filter is active.");
    expect(filtered).not.toMatch(/Move earlier/);
  });

  it("loads the first card's picture at once, in the size shown; later cards' pictures wait (decision 107)", async () => {
    const key = `packages/${randomUUID()}.webp`;
    const variant = (width: number) => ({
      key: key.replace(/\.webp$/, `-w${width}.webp`),
      width,
      height: Math.round((width * 676) / 1200),
      format: "webp",
    });
    const media = await suite.database.db
      .insertInto("media_objects")
      .values({
        storage_key: key,
        content_type: "image/webp",
        bytes: 5,
        width: 1200,
        height: 676,
        variants: JSON.stringify([variant(960), variant(480)]),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const covered = await makePackage(suite.database.db, "exclusive", {
      title: "Picture Order Covered",
      images: [`/media/${key}`],
    });
    await suite.database.db
      .updateTable("package_images")
      .set({ media_id: media.id })
      .where("package_id", "=", covered.id)
      .execute();
    await makePackage(suite.database.db, "exclusive", {
      title: "Picture Order Plain",
      images: ["/media/packages/plain.webp"],
    });

    const html = await page(`${listPath("exclusive")}?q=Picture%20Order`);
    const images = [
      ...html.matchAll(/<article[^>]*aria-labelledby="card-([^"]+)"[\s\S]*?(<img[^>]*>)/g),
    ];
    expect(images).toHaveLength(2);
    const [first, second] = images.map((m) => m[2]!);
    expect(first).toContain('loading="eager"');
    expect(first).toContain('fetchPriority="high"');
    expect(second).toContain('loading="lazy"');
    expect(second).not.toContain("fetchPriority");
    const img = images.find((m) => m[1] === covered.id)![2]!;
    expect(img).toContain(
      `srcSet="/media/${variant(480).key} 480w, /media/${variant(960).key} 960w, /media/${key} 1200w"`,
    );
    expect(img).toMatch(/sizes="[^"]+100vw"/);
    // A picture without stored variants keeps its one URL.
    const plain = images.find((m) => m[1] !== covered.id)![2]!;
    expect(plain).not.toContain("srcSet");
    expect(plain).toContain('src="/media/packages/plain.webp"');
  });

  it("shows the delete confirmation as a step of the URL, then deletes and prunes the package's media", async () => {
    const key = `packages/${randomUUID()}.webp`;
    const file = await makeStoredMedia(suite.database.db, path.join(dataDir, "media"), key);
    const pkg = await makePackage(suite.database.db, "exclusive", {
      title: "Doomed Escape",
      images: [`/media/${key}`],
    });

    const confirm = await page(`${listPath("exclusive")}?delete=${pkg.id}`);
    expect(confirm).toMatch(/<dialog[^>]*open=""/);
    expect(confirm).toContain("Are you sure you want to delete &quot;Doomed Escape&quot;?");
    // Without the parameter there is no open dialog.
    expect(await (await get(listPath("exclusive"))).text()).not.toMatch(/<dialog[^>]*open=""/);

    const deleted = await post(`${listPath("exclusive")}?delete=${pkg.id}`, [
      ["intent", "delete"],
      ["id", pkg.id],
    ]);
    expect(deleted.status).toBe(302);
    expect(deleted.headers.get("Location")).toBe("/admin/exclusive");
    expect(flashOf(deleted)?.message).toBe(kindMessages("exclusive").deleted);
    expect(await statusOf(pkg.id)).toBeUndefined();
    // A soft delete (decision 101): recorded as a version by the signed-in admin; the media stay
    // for Recently deleted until the purge 30 days later, which frees them.
    const last = await suite.database.db
      .selectFrom("content_versions")
      .select(["action", "admin_id"])
      .where("item_id", "=", pkg.id)
      .orderBy("number", "desc")
      .executeTakeFirstOrThrow();
    expect(last.action).toBe("delete");
    expect(last.admin_id).not.toBeNull();
    expect(fs.existsSync(file)).toBe(true);
    await purgeDeletedPackages(
      suite.database.db,
      new LocalMediaStore(path.join(dataDir, "media")),
      new Date(Date.now() + 31 * 86_400_000),
    );
    const rows = await suite.database.db
      .selectFrom("media_objects")
      .select("id")
      .where("storage_key", "=", key)
      .execute();
    expect(rows).toHaveLength(0);
    expect(fs.existsSync(file)).toBe(false);
  });

  it("answers 404 for an unknown or another kind's package, and changes nothing", async () => {
    const other = await makePackage(suite.database.db, "trip", {
      title: "Trip, not local",
      status: "draft",
    });
    for (const [intent, id] of [
      ["publish", randomUUID()],
      ["delete", randomUUID()],
      ["publish", other.id],
      ["delete", other.id],
      ["unpublish", "not-a-uuid"],
    ] as const) {
      const response = await post(listPath("local"), [
        ["intent", intent],
        ["id", id],
      ]);
      expect(response.status, `${intent} ${id}`).toBe(404);
      expect(await response.text()).toContain(kindMessages("local").notFound);
    }
    expect(await statusOf(other.id)).toBe("draft");
  });

  it("shows no 'Missing in …' filter on a one-language site and ignores `missing` (issue 33)", async () => {
    const pkg = await makePackage(suite.database.db, "exclusive", {
      title: "Only in English",
      status: "draft",
    });
    const html = await page(`${listPath("exclusive")}?missing=de`);
    expect(html).toContain(`id="card-${pkg.id}"`);
    expect(html).not.toContain("Filter by translation");
    expect(html).not.toContain("Missing in");
    expect(html).not.toContain('name="missing"');
    // Reordering stays on, and the action's redirect drops the parameter.
    expect(html).not.toContain("Reordering is off");
    const published = await post(`${listPath("exclusive")}?missing=de`, [
      ["intent", "publish"],
      ["id", pkg.id],
    ]);
    expect(published.status).toBe(302);
    expect(published.headers.get("Location")).toBe(listPath("exclusive"));
  });

  it("answers 400 for a bad intent or missing fields, and for NUL characters", async () => {
    const pkg = await makePackage(suite.database.db, "trip", {
      title: "Stays put",
      status: "draft",
    });
    for (const fields of [
      [
        ["intent", "explode"],
        ["id", pkg.id],
      ],
      [["id", pkg.id]],
      [["intent", "publish"]],
      [
        ["intent", "move"],
        ["id", pkg.id],
        ["direction", "sideways"],
      ],
    ] as [string, string][][]) {
      const response = await post(listPath("trip"), fields);
      expect(response.status, JSON.stringify(fields)).toBe(400);
      expect(await response.text()).toContain(UNKNOWN_LIST_ACTION);
    }
    const nul = await post(listPath("trip"), [
      ["intent", "publish"],
      ["id", `${pkg.id}\u0000`],
    ]);
    expect(nul.status).toBe(400);
    expect(await statusOf(pkg.id)).toBe("draft");
  });

  it("answers a database fault with 500 and the spec's 'Failed to …' text, changing nothing", async () => {
    const pkg = await makePackage(suite.database.db, "trip", {
      title: "Doomed publish",
      status: "draft",
    });
    const other = await makePackage(suite.database.db, "trip", {
      title: "Doomed neighbour",
      status: "draft",
    });
    const before = await orderOf("trip");
    // A fault the app does not expect: a constraint only this test knows refuses the writes.
    await sql`alter table packages add constraint test_fault check (title not like 'Doomed%' or status = 'draft')`.execute(
      suite.database.db,
    );
    await sql`create function test_fault_order() returns trigger language plpgsql as $$ begin if new.title like 'Doomed%' then raise exception 'order fault'; end if; return new; end $$`.execute(
      suite.database.db,
    );
    await sql`create trigger test_fault_order before update of position on packages for each row execute function test_fault_order()`.execute(
      suite.database.db,
    );
    try {
      const publish = await post(listPath("trip"), [
        ["intent", "publish"],
        ["id", pkg.id],
      ]);
      expect(publish.status).toBe(500);
      expect(await publish.text()).toContain(kindMessages("trip").updateFailed);
      expect(await statusOf(pkg.id)).toBe("draft");

      const move = await post(listPath("trip"), [
        ["intent", "move"],
        ["id", pkg.id],
        ["direction", before.indexOf(pkg.id) === 0 ? "later" : "earlier"],
        ...before.map((id): [string, string] => ["ids", id]),
      ]);
      expect(move.status).toBe(500);
      expect(await move.text()).toContain(kindMessages("trip").reorderFailed);
      expect(await orderOf("trip")).toEqual(before);
      expect(await statusOf(other.id)).toBe("draft");
    } finally {
      await sql`drop trigger test_fault_order on packages`.execute(suite.database.db);
      await sql`drop function test_fault_order()`.execute(suite.database.db);
      await sql`alter table packages drop constraint test_fault`.execute(suite.database.db);
    }
  });

  it("reorders with the kind's full list (drag and drop), and refuses a partial or stale list with 409", async () => {
    const a = await makePackage(suite.database.db, "exclusive", { title: "Order A" });
    const b = await makePackage(suite.database.db, "exclusive", { title: "Order B" });
    const before = await orderOf("exclusive");
    expect(before).toEqual(expect.arrayContaining([a.id, b.id]));

    const reversed = [...before].reverse();
    const ok = await post(listPath("exclusive"), [
      ["intent", "reorder"],
      ...reversed.map((id): [string, string] => ["ids", id]),
    ]);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain(kindMessages("exclusive").reordered);
    expect(await orderOf("exclusive")).toEqual(reversed);

    for (const ids of [
      reversed.slice(1), // partial
      [...reversed, randomUUID()], // stale: an id that is not (or no longer) there
      [...reversed.slice(1), reversed[1]!], // duplicate
    ]) {
      const refused = await post(listPath("exclusive"), [
        ["intent", "reorder"],
        ...ids.map((id): [string, string] => ["ids", id]),
      ]);
      expect(refused.status).toBe(409);
      expect(await refused.text()).toContain(kindMessages("exclusive").reorderFailed);
      expect(await orderOf("exclusive")).toEqual(reversed);
    }
  });

  it("moves a card one place without JavaScript, and refuses a stale list with 409", async () => {
    await makePackage(suite.database.db, "local", { title: "Move One" });
    await makePackage(suite.database.db, "local", { title: "Move Two" });
    const before = await orderOf("local");
    const second = before[1]!;
    const moved = await post(listPath("local"), [
      ["intent", "move"],
      ["direction", "earlier"],
      ["id", second],
      ...before.map((id): [string, string] => ["ids", id]),
    ]);
    expect(moved.status).toBe(302);
    expect(moved.headers.get("Location")).toBe("/admin/local");
    expect(flashOf(moved)?.message).toBe(kindMessages("local").reordered);
    const after = await orderOf("local");
    expect(after.slice(0, 2)).toEqual([second, before[0]]);
    expect(after.slice(2)).toEqual(before.slice(2));

    // The list the page showed is out of date (a package was added since): nothing moves.
    await makePackage(suite.database.db, "local", { title: "Added elsewhere" });
    const current = await orderOf("local");
    const stale = await post(listPath("local"), [
      ["intent", "move"],
      ["direction", "later"],
      ["id", after[0]!],
      ...after.map((id): [string, string] => ["ids", id]),
    ]);
    expect(stale.status).toBe(409);
    expect(await stale.text()).toContain(kindMessages("local").reorderFailed);
    expect(await orderOf("local")).toEqual(current);
  });

  it("shows unknown admin URLs and unknown edit ids as a 404 inside the admin shell", async () => {
    for (const url of ["/admin/no-such-screen", `/admin/edit-package/${randomUUID()}`]) {
      const response = await get(url);
      expect(response.status, url).toBe(404);
      const html = await response.text();
      expect(html, url).toContain('class="admin-sidebar"');
      expect(html, url).toContain("Not found");
    }
    // Anonymous: the guard runs first.
    const anonymous = await suite.server.fetch("/admin/no-such-screen");
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toBe("/admin");
  });
});
