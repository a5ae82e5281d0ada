import { sql } from "kysely";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createAdmin } from "~/server/auth/admins.server";
import { loadActivity } from "~/server/events/activity.server";
import { recordEvent } from "~/server/events/events.server";
import { BACKENDS, type TestDatabase, useTestDatabase } from "../support/db";
import { pageLinks } from "../support/admin-http-support";
import { ADMIN, signedInCookie, useAuthServer } from "../support/auth-support";
import { formPost } from "../support/form-post";

const TZ = "Africa/Johannesburg";
const PASSWORD = "correct horse battery staple";

async function eventAt(
  database: TestDatabase,
  at: string,
  values: { type: string; admin_id?: string | null; actor_id?: string | null; email?: string },
) {
  await database.db
    .insertInto("events")
    .values({
      type: values.type,
      admin_id: values.admin_id ?? null,
      actor_id: values.actor_id ?? null,
      email: values.email ?? null,
      ip: "10.1.2.3",
      user_agent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36",
      details: JSON.stringify({ title: "Cape Winelands" }),
      created_at: new Date(at),
    })
    .execute();
}

describe.each(BACKENDS)("the activity log on %s", (backend) => {
  const { db, database } = useTestDatabase(backend);
  let thandi: { id: string };
  let sipho: { id: string };
  const load = (query: string) => loadActivity(db(), new URLSearchParams(query), TZ);

  beforeEach(async () => {
    await sql`delete from events`.execute(db());
    thandi = await createAdmin(db(), "thandi@example.com", PASSWORD);
    await db()
      .updateTable("admins")
      .set({ name: "Thandi Mokoena" })
      .where("id", "=", thandi.id)
      .execute();
    sipho = await createAdmin(db(), "sipho@example.com", PASSWORD);
  });

  it("lists newest first with who, what, address and browser", async () => {
    await eventAt(database(), "2026-03-01T08:00:00Z", {
      type: "auth.sign_in",
      admin_id: thandi.id,
    });
    await eventAt(database(), "2026-03-01T09:00:00Z", {
      type: "package.published",
      admin_id: sipho.id,
    });
    await eventAt(database(), "2026-03-01T10:00:00Z", {
      type: "auth.sign_in_failed",
      email: "mallory@example.com",
    });
    await eventAt(database(), "2026-03-01T11:00:00Z", {
      type: "team.admin_removed",
      admin_id: sipho.id,
      actor_id: thandi.id,
    });
    await eventAt(database(), "2026-03-01T12:00:00Z", { type: "package.published_by_schedule" });
    const view = await load("");
    expect(view.total).toBe(5);
    expect(view.entries.map((e) => [e.label, e.who, e.subject])).toEqual([
      ["Published by schedule", "System", null],
      ["Admin removed", "Thandi Mokoena (thandi@example.com)", "sipho@example.com"],
      ["Sign-in failed", "mallory@example.com", null],
      ["Package published", "sipho@example.com", null],
      ["Signed in", "Thandi Mokoena (thandi@example.com)", null],
    ]);
    expect(view.entries[0]).toMatchObject({
      ip: "10.1.2.3",
      browser: "Chrome on Linux",
      summary: "Title: Cape Winelands",
      at: "1 Mar 2026, 14:00",
    });
    expect(view.admins.map((a) => a.label)).toContain("Thandi Mokoena (thandi@example.com)");
    expect(view.groups.find((g) => g.value === "package")!.types.map((t) => t.value)).toEqual([
      "package.published",
      "package.published_by_schedule",
    ]);
  });

  it("filters by admin (by or about them), by group or exact kind, and by company-time-zone days", async () => {
    await eventAt(database(), "2026-03-01T21:59:00Z", {
      type: "auth.sign_in",
      admin_id: thandi.id,
    });
    await eventAt(database(), "2026-03-01T22:00:00Z", {
      type: "auth.sign_out",
      admin_id: thandi.id,
    });
    await eventAt(database(), "2026-02-28T21:59:00Z", {
      type: "package.updated",
      admin_id: sipho.id,
    });
    await eventAt(database(), "2026-03-01T12:00:00Z", {
      type: "team.admin_removed",
      admin_id: sipho.id,
      actor_id: thandi.id,
    });
    const types = async (query: string) => (await load(query)).entries.map((e) => e.type);
    expect(await types(`admin=${sipho.id}`)).toEqual(["team.admin_removed", "package.updated"]);
    expect(await types(`admin=${thandi.id}`)).toEqual([
      "auth.sign_out",
      "auth.sign_in",
      "team.admin_removed",
    ]);
    expect(await types("type=auth")).toEqual(["auth.sign_out", "auth.sign_in"]);
    expect(await types("type=auth.sign_in")).toEqual(["auth.sign_in"]);
    // 21:59 UTC is 23:59 on 1 March in Johannesburg; 22:00 UTC is already 2 March.
    expect(await types("from=2026-03-01&to=2026-03-01")).toEqual([
      "auth.sign_in",
      "team.admin_removed",
    ]);
    expect(await types("from=2026-03-02")).toEqual(["auth.sign_out"]);
    expect(await types("to=2026-02-28")).toEqual(["package.updated"]);
    // An underscore in a group is a letter, not a LIKE wildcard.
    expect(await types("type=aut_")).toEqual([]);
  });

  it("pages by 50 and answers a page past the end with the last page", async () => {
    for (let i = 0; i < 60; i++)
      await eventAt(database(), new Date(Date.UTC(2026, 2, 1, 0, i)).toISOString(), {
        type: "auth.sign_in",
        admin_id: thandi.id,
      });
    const first = await load("");
    expect([first.total, first.pages, first.entries.length]).toEqual([60, 2, 50]);
    const second = await load("page=2");
    expect(second.entries).toHaveLength(10);
    expect(new Set([...first.entries, ...second.entries].map((e) => e.id)).size).toBe(60);
    const beyond = await load("page=99");
    expect(beyond.page).toBe(2);
    expect(beyond.entries.map((e) => e.id)).toEqual(second.entries.map((e) => e.id));
  });

  it("keeps entries append-only: the database refuses to change one", async () => {
    await recordEvent(db(), { type: "auth.sign_in", adminId: thandi.id });
    await expect(
      db().updateTable("events").set({ type: "auth.sign_out" }).execute(),
    ).rejects.toThrow(/append-only/);
  });
});

describe("/admin/activity over HTTP", () => {
  const suite = useAuthServer();
  let cookie: string;
  beforeAll(async () => {
    cookie = await signedInCookie(suite.server);
  });

  it("shows the admin's own sign-in with address and browser, filters by URL, and says what it ignored", async () => {
    const page = await suite.server.fetch("/admin/activity", { headers: { Cookie: cookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("<h1");
    expect(html).toContain("Activity");
    expect(html).toContain("Signed in");
    expect(html).toContain(ADMIN.email);
    expect(html).toContain("127.0.0.1");
    const bad = await (
      await suite.server.fetch("/admin/activity?type=DROP&from=2026-13-01", {
        headers: { Cookie: cookie },
      })
    ).text();
    expect(bad).toContain("Unknown kind of event &quot;DROP&quot;: showing every kind.");
    expect(bad).toContain("is not a date (YYYY-MM-DD)");
    const none = await (
      await suite.server.fetch("/admin/activity?type=enquiry.deleted", {
        headers: { Cookie: cookie },
      })
    ).text();
    expect(none).toContain("No activity matches these filters.");
  });

  it("has no way to change the log: a POST is refused and deletes nothing", async () => {
    const before = await suite.database.db.selectFrom("events").select("id").execute();
    const response = await formPost(
      suite.server,
      "/admin/activity",
      { intent: "delete" },
      { Cookie: cookie },
    );
    // The permission table lists no POST for the log: refused before the route (decision 125),
    // and the refusal itself is recorded.
    expect(response.status).toBe(403);
    const after = await suite.database.db
      .selectFrom("events")
      .select(["id", "type"])
      .orderBy("created_at")
      .orderBy("seq")
      .execute();
    expect(after.map((e) => e.id)).toEqual(expect.arrayContaining(before.map((e) => e.id)));
    expect(after.filter((e) => !before.some((b) => b.id === e.id)).map((e) => e.type)).toEqual([
      "auth.permission_denied",
    ]);
  });

  it("records content changes with who, what changed, address and browser, and lists them", async () => {
    const json = (method: string, path: string, body: unknown) =>
      suite.server.fetch(path, {
        method,
        headers: {
          Cookie: cookie,
          "Content-Type": "application/json",
          "User-Agent": "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) Firefox/130.0",
        },
        body: JSON.stringify(body),
      });
    const created = await json("POST", "/api/trips", {
      title: "Audit Safari",
      price: "From R 12 000",
      status: "draft",
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const updated = await json("PUT", `/api/trips/${id}`, {
      title: "Audit Safari",
      price: "From R 13 500",
      status: "draft",
    });
    expect(updated.status).toBe(200);
    const published = await formPost(
      suite.server,
      "/admin/dashboard",
      { intent: "publish", id },
      { Cookie: cookie },
    );
    expect(published.status).toBe(302);

    const rows = await suite.database.db
      .selectFrom("events")
      .selectAll()
      .where("type", "like", "package.%")
      .orderBy("created_at")
      .orderBy("seq")
      .execute();
    const ours = rows.filter((r) => (r.details as { id?: string }).id === id);
    expect(ours.map((r) => r.type)).toEqual([
      "package.created",
      "package.updated",
      "package.published",
    ]);
    const admin = await suite.database.db
      .selectFrom("admins")
      .select("id")
      .where("email", "=", ADMIN.email)
      .executeTakeFirstOrThrow();
    expect(ours.every((r) => r.admin_id === admin.id)).toBe(true);
    expect(ours[1]!.ip).toBe("127.0.0.1");
    expect(ours[1]!.user_agent).toContain("Firefox/130.0");
    expect(ours[1]!.details).toMatchObject({
      title: "Audit Safari",
      kind: "trip",
      changes: ["Price: From R 12 000 → From R 13 500"],
    });

    const html = (
      await (
        await suite.server.fetch("/admin/activity?type=package", { headers: { Cookie: cookie } })
      ).text()
    ).replaceAll("<!-- -->", "");
    for (const text of [
      "Package created",
      "Package updated",
      "Package published",
      "Price: From R 12 000 → From R 13 500",
      "Firefox on macOS",
    ])
      expect(html).toContain(text);
  });

  it("pages with the shared page links, keeping the filter in them", async () => {
    const admin = await suite.database.db
      .selectFrom("admins")
      .select("id")
      .where("email", "=", ADMIN.email)
      .executeTakeFirstOrThrow();
    for (let i = 0; i < 55; i++)
      await eventAt(suite.database, new Date(Date.UTC(2026, 2, 1, 0, i)).toISOString(), {
        type: "auth.sign_in",
        admin_id: admin.id,
      });
    const html = async (query: string) =>
      (await suite.server.fetch(`/admin/activity${query}`, { headers: { Cookie: cookie } })).text();
    expect(pageLinks(await html("?type=auth"))).toEqual({
      current: "1",
      prev: undefined,
      next: "/admin/activity?type=auth&page=2",
    });
    expect(pageLinks(await html("?type=auth&page=2"))).toEqual({
      current: "2",
      prev: "/admin/activity?type=auth",
      next: undefined,
    });
  });

  it("is behind the sign-in like every admin screen", async () => {
    const anonymous = await suite.server.fetch("/admin/activity", { redirect: "manual" });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toMatch(/^\/admin(\?|$)/);
  });
});
