import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PACKAGE_KIND_INFO } from "~/domain/package-kinds";
import { ROLES, type Role } from "~/domain/permissions";
import { createAdmin } from "~/server/auth/admins.server";
import { loadBookingTerms } from "~/server/bookings/booking-terms.server";
import { AUTH_COOKIES } from "~/server/auth/cookies.server";
import { createSession } from "~/server/auth/session.server";
import type { TestServer } from "../support/app-server";
import { startAuthServer } from "../support/auth-support";
import { createTestDatabase, type TestDatabase } from "../support/db";
import { makePackage } from "../support/factories";
import { formPost } from "../support/form-post";

/** Refusals by role over HTTP (decision 125): 403, nothing changed, an event; personal data. */
describe("roles over HTTP", () => {
  let database: TestDatabase;
  let server: TestServer;
  const ids = new Map<Role, string>();
  const list = PACKAGE_KIND_INFO.trip.admin.listPath;

  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    for (const role of ROLES) {
      const admin = await createAdmin(
        database.db,
        `${role}@example.com`,
        "a long passphrase",
        role,
      );
      ids.set(role, admin.id);
    }
    // An event with a network address, as a sign-in leaves one.
    await database.db
      .insertInto("events")
      .values({
        type: "auth.sign_in_failed",
        email: "someone@example.net",
        ip: "203.0.113.77",
        details: "{}",
      })
      .execute();
    server = await startAuthServer(database);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  const cookie = async (role: Role) =>
    `${AUTH_COOKIES.session.name}=${(await createSession(database.db, ids.get(role)!)).id}`;
  const get = async (role: Role, path: string) =>
    server.fetch(path, { headers: { Cookie: await cookie(role) } });
  const refusals = (role: Role) =>
    database.db
      .selectFrom("events")
      .selectAll()
      .where("type", "=", "auth.permission_denied")
      .where("admin_id", "=", ids.get(role)!)
      .execute();
  const packageState = async (id: string) =>
    database.db
      .selectFrom("packages")
      .select(["status", "deleted_at", "title"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();

  it("refuses a Contributor's bulk delete with 403 and an event, deleting nothing; an Editor's works", async () => {
    const pkg = await makePackage(database.db, "trip", { title: "Kept trip", status: "published" });
    const fields: [string, string][] = [
      ["intent", "bulk-delete"],
      ["confirm", "yes"],
      ["selected", pkg.id],
    ];
    const refused = await formPost(server, list, fields, { Cookie: await cookie("contributor") });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("Your role (Contributor) does not allow this");
    expect((await packageState(pkg.id)).deleted_at).toBeNull();
    const [event] = await refusals("contributor");
    expect(event!.details).toMatchObject({
      role: "contributor",
      permission: "content.delete",
      intent: "bulk-delete",
      method: "POST",
      path: list,
    });
    const done = await formPost(server, list, fields, { Cookie: await cookie("editor") });
    expect(done.status).not.toBe(403);
    expect((await packageState(pkg.id)).deleted_at).not.toBeNull();
  });

  it("refuses a Contributor's save of a scheduled package before storing anything", async () => {
    // A published package's changes are kept for review instead (decision 137).
    const publishAt = new Date(Date.now() + 86_400_000).toISOString();
    const pkg = await makePackage(database.db, "trip", {
      title: "Live trip",
      status: "draft",
      publish_at: publishAt,
    });
    const response = await formPost(
      server,
      PACKAGE_KIND_INFO.trip.admin.editPath(pkg.id),
      { title: "Changed by a contributor", status: "draft" },
      { Cookie: await cookie("contributor") },
      "multipart",
    );
    expect(response.status).toBe(403);
    expect(await response.text()).toContain("saves drafts only");
    expect(await packageState(pkg.id)).toMatchObject({ title: "Live trip", status: "draft" });
    expect(
      (await refusals("contributor")).some((e) => e.details.permission === "content.publish"),
    ).toBe(true);
  });

  it("shows enquiries, bookings and addresses only to Owner, Admin and Sales", async () => {
    for (const role of ROLES) {
      const sees = role === "owner" || role === "admin" || role === "sales";
      for (const path of ["/admin/enquiries", "/admin/bookings", "/admin/bookings/export"]) {
        expect((await get(role, path)).status, `${role} ${path}`).toBe(sees ? 200 : 403);
      }
      const activity = await get(role, "/admin/activity");
      if (role === "contributor") {
        expect(activity.status).toBe(403);
        continue;
      }
      const html = await activity.text();
      expect(html.includes("203.0.113.77"), `${role} sees the address`).toBe(sees);
      expect(html.includes("someone@example.net"), `${role} sees the typed address`).toBe(sees);
    }
  });

  it("records every export of personal data, with who took it", async () => {
    for (const path of ["/admin/enquiries/export", "/admin/bookings/export"]) {
      const response = await get("sales", `${path}?status=new`);
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toContain("text/csv");
    }
    const exports = await database.db
      .selectFrom("events")
      .selectAll()
      .where("type", "in", ["enquiry.exported", "booking.exported"])
      .where(sql<boolean>`details->>'filter' = '?status=new'`)
      .execute();
    expect(exports.map((e) => e.type).sort()).toEqual(["booking.exported", "enquiry.exported"]);
    for (const e of exports) {
      expect(e.admin_id).toBe(ids.get("sales"));
      expect(e.details).toMatchObject({ count: 0 });
    }
  });

  it("lets only Owners and Admins change the company's booking terms, and shows the editor only to them", async () => {
    const before = await loadBookingTerms(database.db);
    for (const role of ["editor", "contributor", "sales"] as const) {
      const refused = await formPost(
        server,
        "/admin/settings",
        { intent: "booking-terms", terms: `# Terms by ${role}` },
        { Cookie: await cookie(role) },
      );
      expect(refused.status, role).toBe(403);
      // The page says which permission the role lacks (decision 137).
      expect(await refused.text()).toContain("does not allow this: the company");
      const page = await (await get(role, "/admin/settings")).text();
      expect(page).not.toContain("booking-terms-heading");
      expect(page).toContain("Change password");
    }
    expect(await loadBookingTerms(database.db)).toEqual(before);
    const owner = await (await get("owner", "/admin/settings")).text();
    expect(owner).toContain("booking-terms-heading");
    const saved = await formPost(
      server,
      "/admin/settings",
      { intent: "booking-terms", terms: "# Terms by the admin" },
      { Cookie: await cookie("admin") },
    );
    expect(saved.status).toBe(302);
    expect((await loadBookingTerms(database.db)).text).toBe("# Terms by the admin");
  });

  it("leaves out of the navigation what the role cannot open", async () => {
    const sales = await (await get("sales", "/admin/bookings")).text();
    expect(sales).toContain('href="/admin/bookings"');
    expect(sales).not.toContain('href="/admin/team"');
    expect(sales).toMatch(/Role: (<!-- -->)?Sales/);
    const editor = await (await get("editor", list)).text();
    expect(editor).not.toContain('href="/admin/bookings"');
    expect(editor).not.toContain('href="/admin/team"');
  });
});
