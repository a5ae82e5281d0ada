import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startApiHarness, type ApiHarness } from "../support/api-harness";
import { flashOf } from "../support/admin-http-support";
import { formPost } from "../support/form-post";

/**
 * Versions and soft delete through the built server: a version on every HTTP write path (admin
 * forms, list actions, JSON API, moments), the history screens and their restore, and soft delete gone from
 * every public read at once, restorable from Recently deleted.
 */
let h: ApiHarness;
let adminId: string;
beforeAll(async () => {
  h = await startApiHarness();
  adminId = (
    await h.database.db
      .selectFrom("admins")
      .select("id")
      .where("email", "=", "api-admin@example.com")
      .executeTakeFirstOrThrow()
  ).id;
}, 120_000);
afterAll(async () => {
  await h?.close();
});
beforeEach(async () => {
  await h.resetContent();
});

const page = (path: string) => h.get(path, { admin: true });
const text = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "");

/** A browser form post (multipart, as the package form sends; urlencoded otherwise). */
const form = (path: string, fields: [string, string][], multipart = false) =>
  formPost(h.server, path, fields, { Cookie: h.cookie }, multipart ? "multipart" : "urlencoded");

const versionsOf = (id: string) =>
  h.database.db
    .selectFrom("content_versions")
    .select(["id", "number", "action", "admin_id", "content"])
    .where("item_id", "=", id)
    .orderBy("number")
    .execute();

const actionsOf = async (id: string) =>
  (await versionsOf(id)).map((v) => [v.action, v.admin_id === adminId ? "admin" : v.admin_id]);

async function apiTrip(body: Record<string, unknown> = {}) {
  const response = await h.send("POST", "/api/trips", {
    title: "Bali Escape",
    price: "From R 12 000",
    status: "published",
    ...body,
  });
  expect(response.status).toBe(201);
  return (await response.json()) as { id: string; slug: string; updated_at: string };
}

describe("a version on every write path", () => {
  it("JSON API: POST, PUT, PATCH and DELETE of a package", async () => {
    const { id } = await apiTrip();
    expect((await h.send("PUT", `/api/trips/${id}`, { title: "Bali", price: "R 1" })).status).toBe(
      200,
    );
    expect((await h.send("PATCH", `/api/trips/${id}`, { status: "draft" })).status).toBe(200);
    expect((await h.send("DELETE", `/api/trips/${id}`)).status).toBe(200);
    expect(await actionsOf(id)).toEqual([
      ["create", "admin"],
      ["update", "admin"],
      ["unpublish", "admin"],
      ["delete", "admin"],
    ]);
    // Refused writes record nothing.
    expect((await h.send("PUT", `/api/trips/${id}`, { title: "Again" })).status).toBe(404);
    expect(await versionsOf(id)).toHaveLength(4);
  });

  it("admin forms and list actions: create, update, publish, unpublish, delete", async () => {
    const title = `Lofoten ${randomUUID().slice(0, 6)}`;
    const created = await form(
      "/admin/new-package",
      [
        ["title", title],
        ["price", "From R 12 000"],
        ["status", "draft"],
      ],
      true,
    );
    expect(created.status).toBe(302);
    const row = await h.database.db
      .selectFrom("packages")
      .select(["id", "updated_at"])
      .where("title", "=", title)
      .executeTakeFirstOrThrow();
    const updated = await form(
      `/admin/edit-package/${row.id}`,
      [
        ["title", title],
        ["price", "From R 13 500"],
        ["status", "draft"],
        ["updated_at", new Date(row.updated_at).toISOString()],
      ],
      true,
    );
    expect(updated.status).toBe(302);
    for (const intent of ["publish", "unpublish", "delete"]) {
      const response = await form("/admin/dashboard", [
        ["intent", intent],
        ["id", row.id],
      ]);
      expect(response.status, intent).toBe(302);
    }
    expect(await actionsOf(row.id)).toEqual([
      ["create", "admin"],
      ["update", "admin"],
      ["publish", "admin"],
      ["unpublish", "admin"],
      ["delete", "admin"],
    ]);
  });

  it("travel moments: API create and update, the screen's show/hide", async () => {
    const created = await h.send("POST", "/api/admin/travel-moments", {
      title: "Reef",
      videoUrl: "https://example.com/reef.mp4",
    });
    const { id } = (await created.json()) as { id: string };
    await h.send("PUT", `/api/admin/travel-moments/${id}`, {
      title: "Reef dive",
      videoUrl: "https://example.com/reef.mp4",
    });
    const hidden = await form(
      "/admin/travel-moments",
      [
        ["intent", "toggle"],
        ["id", id],
        ["active", "false"],
      ],
      true,
    );
    expect(hidden.status).toBe(302);
    expect(await actionsOf(id)).toEqual([
      ["create", "admin"],
      ["update", "admin"],
      ["hide", "admin"],
    ]);
  });
});

describe("history screens", () => {
  it("lists versions newest first with what changed, shows one, and restores it as a new version", async () => {
    const { id } = await apiTrip({ images: ["https://example.com/a.jpg"] });
    await h.send("PUT", `/api/trips/${id}`, {
      title: "Bali Escape",
      price: "From R 13 500",
      images: [
        "https://example.com/a.jpg",
        "https://example.com/b.jpg",
        "https://example.com/c.jpg",
      ],
    });
    const edit = await text(await page(`/admin/edit-package/${id}`));
    expect(edit).toContain(`href="/admin/history/trip/${id}"`);

    const history = await text(await page(`/admin/history/trip/${id}`));
    expect(history).toContain("History of “Bali Escape”");
    expect(history).toContain("Price: From R 12 000 → From R 13 500");
    expect(history).toContain("2 images added");
    expect(history).toContain("api-admin@example.com");
    expect(history.indexOf("Version 2: Saved")).toBeLessThan(history.indexOf("Version 1: Created"));

    const [v1] = await versionsOf(id);
    const view = await text(await page(`/admin/history/trip/${id}/${v1!.id}`));
    expect(view).toContain("Version 1 of “Bali Escape”");
    expect(view).toContain("Restore this version");
    expect(view).toContain("From R 12 000");
    const updatedAt = /name="updated_at" value="([^"]+)"/.exec(view)![1]!;

    const restored = await form(`/admin/history/trip/${id}/${v1!.id}`, [
      ["intent", "restore"],
      ["updated_at", updatedAt],
    ]);
    expect(restored.status).toBe(302);
    expect(restored.headers.get("Location")).toBe(`/admin/history/trip/${id}`);
    expect(flashOf(restored)).toMatchObject({ type: "success", message: "Version 1 restored." });
    const api = (await (await page(`/api/trips/${id}`)).json()) as {
      price: string;
      images: string[];
    };
    expect(api).toMatchObject({ price: "From R 12 000", images: ["https://example.com/a.jpg"] });
    expect(await actionsOf(id)).toEqual([
      ["create", "admin"],
      ["update", "admin"],
      ["restore", "admin"],
    ]);

    // The same form again is stale now: 409, nothing changes.
    const stale = await form(`/admin/history/trip/${id}/${v1!.id}`, [
      ["intent", "restore"],
      ["updated_at", updatedAt],
    ]);
    expect(stale.status).toBe(409);
    expect(await text(stale)).toContain("changed by someone else");
    expect(await versionsOf(id)).toHaveLength(3);
  });

  it("refuses another package's version with a clear message, and unknown targets with 404", async () => {
    const mine = await apiTrip({ title: "Mine" });
    const other = await apiTrip({ title: "Other" });
    const [foreign] = await versionsOf(other.id);
    const refused = await form(`/admin/history/trip/${mine.id}/${foreign!.id}`, [
      ["intent", "restore"],
      ["updated_at", mine.updated_at],
    ]);
    expect(refused.status).toBe(409);
    expect(await text(refused)).toContain("That version belongs to another package");
    expect((await page(`/admin/history/trip/${mine.id}/${foreign!.id}`)).status).toBe(409);
    expect(await versionsOf(mine.id)).toHaveLength(1);
    expect(((await (await page(`/api/trips/${mine.id}`)).json()) as { title: string }).title).toBe(
      "Mine",
    );

    for (const path of [
      `/admin/history/nope/${mine.id}`,
      `/admin/history/local/${mine.id}`,
      `/admin/history/trip/${randomUUID()}`,
      `/admin/history/trip/${mine.id}/${randomUUID()}`,
      `/admin/recently-deleted/nope`,
    ]) {
      expect((await page(path)).status, path).toBe(404);
    }
    // A bad form changes nothing.
    const [own] = await versionsOf(mine.id);
    expect(
      (await form(`/admin/history/trip/${mine.id}/${own!.id}`, [["intent", "nonsense"]])).status,
    ).toBe(400);
    // Signed out: the sign-in screen, never history.
    const anonymous = await h.get(`/admin/history/trip/${mine.id}`);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toBe("/admin");
  });
});

describe("soft delete", () => {
  it("is gone from the public site, sitemap and API at once, and comes back from Recently deleted", async () => {
    const { id } = await apiTrip({ title: "Zanzibar Sun", slug: "zanzibar-sun" });
    const publicPath = `/package/${id}`;
    // Anonymous reads fill the page cache first.
    expect((await h.get(publicPath)).status).toBe(200);
    expect(await (await h.get("/sitemap.xml")).text()).toContain(publicPath);
    expect(await (await h.get("/api/trips")).text()).toContain("Zanzibar Sun");
    expect(await (await h.get("/upcoming-trips")).text()).toContain("Zanzibar Sun");

    expect((await h.send("DELETE", `/api/trips/${id}`)).status).toBe(200);
    expect((await h.get(publicPath)).status).toBe(404);
    expect(await (await h.get("/sitemap.xml")).text()).not.toContain(publicPath);
    expect(await (await h.get("/api/trips")).text()).not.toContain("Zanzibar Sun");
    expect(await (await h.get("/upcoming-trips")).text()).not.toContain("Zanzibar Sun");
    expect((await h.get("/api/trips/slug/zanzibar-sun")).status).toBe(404);
    // The admin API answers 404 too, like an unknown id; the admin list no longer shows it.
    expect((await page(`/api/trips/${id}`)).status).toBe(404);
    expect((await h.send("PATCH", `/api/trips/${id}`, { status: "published" })).status).toBe(404);
    expect(await text(await page("/admin/dashboard"))).not.toContain("Zanzibar Sun");

    const list = await text(await page("/admin/dashboard"));
    expect(list).toContain('href="/admin/recently-deleted/trip"');
    const bin = await text(await page("/admin/recently-deleted/trip"));
    expect(bin).toContain("Zanzibar Sun");
    expect(bin).toContain("by api-admin@example.com");

    const restored = await form("/admin/recently-deleted/trip", [
      ["intent", "restore"],
      ["id", id],
    ]);
    expect(restored.status).toBe(302);
    expect(flashOf(restored)).toMatchObject({
      type: "success",
      message: '"Zanzibar Sun" restored.',
    });
    expect((await h.get(publicPath)).status).toBe(200);
    expect(await (await h.get("/sitemap.xml")).text()).toContain(publicPath);
    expect(await text(await page("/admin/recently-deleted/trip"))).not.toContain("Zanzibar Sun");

    // Restoring again (or an unknown id) is a clear 404 and changes nothing.
    const again = await form("/admin/recently-deleted/trip", [
      ["intent", "restore"],
      ["id", id],
    ]);
    expect(again.status).toBe(404);
    expect(await text(again)).toContain("not in Recently deleted");
    expect(await actionsOf(id)).toEqual([
      ["create", "admin"],
      ["delete", "admin"],
      ["undelete", "admin"],
    ]);
  });
});
