import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { PACKAGE_KIND_INFO } from "~/domain/package-kinds";
import { createAdmin } from "~/server/auth/admins.server";
import {
  applyBulkAction,
  bulkDeletePreview,
  bulkTexts,
  readSelection,
} from "~/server/catalogue/bulk-actions.server";
import { BACKENDS, useTestDatabase } from "../support/db";
import { makePackage } from "../support/factories";
import { flashOf } from "../support/admin-http-support";
import { useSignedInServer } from "../support/auth-support";
import { formPost } from "../support/form-post";

const selection = (ids: string[]) => {
  const form = new FormData();
  for (const id of ids) form.append("selected", id);
  return form;
};

describe.each(BACKENDS)("bulk actions on %s", (backend) => {
  const { db } = useTestDatabase(backend);
  let adminId: string;
  const state = async (ids: string[]) =>
    (
      await db()
        .selectFrom("packages")
        .select(["id", "status", "deleted_at"])
        .where("id", "in", ids)
        .orderBy("title")
        .execute()
    ).map((r) => `${r.status}${r.deleted_at ? " deleted" : ""}`);
  const versionsOf = async (id: string) =>
    (
      await db()
        .selectFrom("content_versions")
        .select("action")
        .where("item_id", "=", id)
        .orderBy("number")
        .execute()
    ).map((v) => v.action);

  beforeEach(async () => {
    adminId = (await createAdmin(db(), `bulk-${randomUUID()}@example.com`, "a long password here"))
      .id;
  });

  async function three(status: "published" | "draft") {
    const made = [];
    for (const title of ["A trip", "B trip", "C trip"])
      made.push(await makePackage(db(), "trip", { title, status }));
    return made.map((p) => p.id);
  }

  it("publishes, unpublishes and deletes the whole selection, each with its own version", async () => {
    const ids = await three("draft");
    expect(await applyBulkAction(db(), "trip", "bulk-publish", ids, adminId)).toMatchObject({
      count: 3,
    });
    expect(await state(ids)).toEqual(["published", "published", "published"]);
    await applyBulkAction(db(), "trip", "bulk-unpublish", ids.slice(0, 2), adminId);
    expect(await state(ids)).toEqual(["draft", "draft", "published"]);
    await applyBulkAction(db(), "trip", "bulk-delete", ids, adminId);
    expect(await state(ids)).toEqual(["draft deleted", "draft deleted", "published deleted"]);
    const versions = await versionsOf(ids[0]!);
    expect(versions.length).toBe(4);
    const who = await db()
      .selectFrom("content_versions")
      .select("admin_id")
      .where("item_id", "=", ids[0]!)
      .where("number", ">", 1)
      .execute();
    expect(who.every((v) => v.admin_id === adminId)).toBe(true);
  });

  it("changes nothing when any selected id is of another kind, deleted, repeated or malformed (409)", async () => {
    const ids = await three("draft");
    const local = await makePackage(db(), "local", { title: "Local one", status: "draft" });
    const gone = await makePackage(db(), "trip", { title: "Gone", status: "draft" });
    await applyBulkAction(db(), "trip", "bulk-delete", [gone.id], adminId);
    const stale = bulkTexts("trip").stale;
    for (const bad of [
      [...ids, local.id],
      [...ids, gone.id],
      [...ids, ids[0]!],
      [...ids, "not-a-uuid"],
      [...ids, randomUUID()],
    ]) {
      await expect(
        applyBulkAction(db(), "trip", "bulk-publish", bad, adminId),
      ).rejects.toMatchObject({ status: 409, message: stale });
      await expect(bulkDeletePreview(db(), "trip", bad)).rejects.toMatchObject({ status: 409 });
    }
    expect(await state(ids)).toEqual(["draft", "draft", "draft"]);
    expect(await versionsOf(ids[0]!)).toHaveLength(1);
  });

  it("is one transaction: a failure after it, in the same transaction, undoes every change", async () => {
    const ids = await three("draft");
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          await applyBulkAction(trx, "trip", "bulk-publish", ids.slice(0, 2), adminId);
          throw new Error("a later step fails");
        }),
    ).rejects.toThrow("a later step fails");
    expect(await state(ids)).toEqual(["draft", "draft", "draft"]);
  });

  it("asks for a selection of 1 to 100 ids", () => {
    expect(() => readSelection("trip", selection([]))).toThrow(bulkTexts("trip").noneSelected);
    expect(() =>
      readSelection("trip", selection(Array.from({ length: 101 }, () => randomUUID()))),
    ).toThrow(bulkTexts("trip").tooMany);
    expect(bulkTexts("local").done("bulk-publish", 1)).toBe("1 local package published");
    expect(bulkTexts("trip").done("bulk-delete", 3)).toBe("3 packages deleted");
  });
});

describe("bulk actions over HTTP, as a form without JavaScript", () => {
  const suite = useSignedInServer();
  const list = PACKAGE_KIND_INFO.exclusive.admin.listPath;
  const post = (fields: [string, string][], url = list) =>
    formPost(suite.server, url, fields, { Cookie: suite.cookie });
  const live = async (ids: string[]) =>
    (
      await suite.database.db
        .selectFrom("packages")
        .select(["status"])
        .where("id", "in", ids)
        .where("deleted_at", "is", null)
        .execute()
    ).map((r) => r.status);

  it("publishes the ticked cards in one post, with one toast, back to the same list page", async () => {
    const a = await makePackage(suite.database.db, "exclusive", {
      title: "Bulk A",
      status: "draft",
    });
    const b = await makePackage(suite.database.db, "exclusive", {
      title: "Bulk B",
      status: "draft",
    });
    const done = await post(
      [
        ["intent", "bulk-publish"],
        ["selected", a.id],
        ["selected", b.id],
      ],
      `${list}?q=Bulk`,
    );
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe(`${list}?q=Bulk`);
    expect(flashOf(done)).toMatchObject({
      type: "success",
      message: "2 exclusive packages published",
    });
    expect(await live([a.id, b.id])).toEqual(["published", "published"]);
  });

  it("asks once before deleting (the confirmation step names them), then deletes all", async () => {
    const a = await makePackage(suite.database.db, "exclusive", { title: "Doomed A" });
    const b = await makePackage(suite.database.db, "exclusive", { title: "Doomed B" });
    const fields: [string, string][] = [
      ["intent", "bulk-delete"],
      ["selected", a.id],
      ["selected", b.id],
    ];
    const ask = await post(fields);
    expect(ask.status).toBe(200);
    const html = (await ask.text()).replaceAll("<!-- -->", "");
    expect(html).toContain("Delete 2 exclusive packages?");
    expect(html).toContain("Doomed A");
    expect(html).toContain('name="confirm" value="yes"');
    expect(await live([a.id, b.id])).toHaveLength(2);
    const done = await post([...fields, ["confirm", "yes"]]);
    expect(done.status).toBe(302);
    expect(flashOf(done)).toMatchObject({ message: "2 exclusive packages deleted" });
    expect(await live([a.id, b.id])).toEqual([]);
  });

  it("refuses a stale or foreign selection with 409 and a message, keeping the ticks, changing nothing", async () => {
    const a = await makePackage(suite.database.db, "exclusive", {
      title: "Keep A",
      status: "draft",
    });
    const trip = await makePackage(suite.database.db, "trip", { title: "Other list" });
    const refused = await post([
      ["intent", "bulk-publish"],
      ["selected", a.id],
      ["selected", trip.id],
    ]);
    expect(refused.status).toBe(409);
    const html = await refused.text();
    expect(html).toContain("Nothing was changed: reload the page and try again.");
    expect(await live([a.id])).toEqual(["draft"]);
    const none = await post([["intent", "bulk-unpublish"]]);
    expect(none.status).toBe(400);
    expect(await none.text()).toContain("Select at least one exclusive package first.");
  });

  it("renders every card ticked with ?select=all (select all without JavaScript)", async () => {
    await makePackage(suite.database.db, "exclusive", { title: "Ticked" });
    const html = await (
      await suite.server.fetch(`${list}?select=all`, { headers: { Cookie: suite.cookie } })
    ).text();
    const boxes = html.match(/<input type="checkbox"[^>]*name="selected"[^>]*>/g) ?? [];
    expect(boxes.length).toBeGreaterThan(0);
    expect(boxes.every((b) => b.includes('checked=""'))).toBe(true);
    expect(boxes.every((b) => b.includes(`form="bulk-exclusive"`))).toBe(true);
    expect(html).toContain("Clear selection");
  });
});
