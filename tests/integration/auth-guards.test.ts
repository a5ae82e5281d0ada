import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PACKAGE_KIND_INFO } from "~/domain/package-kinds";
import { PACKAGE_KINDS } from "~/domain/schemas";
import { createMoment } from "~/server/catalogue/moments.server";
import { deletePackage } from "~/server/catalogue/packages.server";
import { submitForReview } from "~/server/catalogue/reviews.server";
import { travelMomentInputSchema } from "~/domain/schemas";
import type { TestServer } from "../support/app-server";
import { createTestDatabase, type TestDatabase } from "../support/db";
import { makePackage } from "../support/factories";
import { sql } from "kysely";
import { createSession } from "~/server/auth/session.server";
import { newTotpSecret } from "~/server/auth/totp.server";
import {
  ADMIN,
  apiLogin,
  builtRoutes,
  cookieHeader,
  concretePath,
  ensureTestAdmin,
  signedInCookie,
  startAuthServer,
  type BuiltRoute,
} from "../support/auth-support";

/**
 * Walks the built route table, so a route added later without the guard fails here.
 * Writes that are public on purpose are listed with the reason.
 */
const PUBLIC_API_WRITES: Record<string, string> = {
  "api/admin/login": "signing in is how a session starts",
  "api/admin/logout": "signing out must work even without a session",
  "api/admin/login/verify":
    "the code step of a two-factor sign-in; needs the password step's challenge",
  "api/*": "unknown API paths answer 404 JSON",
};
const LOGIN_ROUTE = "admin";
/** Sign-in help under /admin/ that is public on purpose, with the reason; walked for leaks only. */
const PUBLIC_ADMIN_PAGES: Record<string, string> = {
  "admin/forgot-password": "asking for a reset link is for people who cannot sign in",
  "admin/reset-password": "the e-mailed link's page; only its single-use token grants anything",
  "admin/accept-invite": "an invitation's page; only its single-use token grants anything",
  "admin/verify-email": "an address check's page; only its single-use token changes anything",
};
/** The code step of a two-factor sign-in: shows a code form to the browser that has a challenge. */
const CODE_STEP_ROUTE = "admin/two-factor";
const WRITE_METHODS = ["POST", "PUT", "PATCH", "DELETE"] as const;

describe("every admin screen and every API write is guarded on the server", () => {
  let database: TestDatabase;
  let server: TestServer;
  let table: (BuiltRoute & { fullPath: string })[];
  const marker = `SECRET-${randomUUID().slice(0, 8)}`;
  /** An edit form URL pattern ('admin/edit-local/:id') → the id of that kind's marker package. */
  const editTargets = new Map<string, string>();
  /** Screens whose URL needs more than one id: the concrete URL to visit. */
  const screenUrls = new Map<string, string>();
  const noSecrets = (body: string) => {
    expect(body).not.toContain(marker);
    expect(body).not.toContain(ADMIN.email);
  };

  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    const owner = await ensureTestAdmin(database);
    for (const kind of PACKAGE_KINDS) {
      const pkg = await makePackage(database.db, kind, {
        title: `${marker} ${kind}`,
        status: "draft",
      });
      editTargets.set(PACKAGE_KIND_INFO[kind].admin.editPath(":id").slice(1), pkg.id);
    }
    // The marker trip's history and one version; a deleted marker in Recently deleted.
    const trip = editTargets.get(PACKAGE_KIND_INFO.trip.admin.editPath(":id").slice(1))!;
    const version = await database.db
      .selectFrom("content_versions")
      .select("id")
      .where("item_id", "=", trip)
      .executeTakeFirstOrThrow();
    const binned = await makePackage(database.db, "trip", { title: `${marker} deleted` });
    await deletePackage(database.db, "trip", binned.id);
    screenUrls.set("admin/history/:kind/:id", `/admin/history/trip/${trip}`);
    screenUrls.set(
      "admin/history/:kind/:id/:versionId",
      `/admin/history/trip/${trip}/${version.id}`,
    );
    screenUrls.set("admin/recently-deleted/:kind", "/admin/recently-deleted/trip");
    // The review queue lists the marker trip once it is submitted (decision 132).
    await submitForReview(database.db, { kind: "trip", id: trip, by: owner.id });
    // A departure's manifest names its trip: the marker's (decision 121).
    const dated = await makePackage(database.db, "trip", {
      title: `${marker} departures`,
      status: "draft",
      departures: [{ start_date: "2031-06-14", seats_total: 4, price_amount: 100_000 }],
    });
    screenUrls.set("admin/departures/:id", `/admin/departures/${dated.departures[0]!.id}`);
    await createMoment(
      database.db,
      travelMomentInputSchema.parse({
        title: `${marker} moment`,
        videoUrl: "/media/travel-moments/a.webm",
      }),
    );
    // The trip's German translation screen (decision 139) needs a second language.
    screenUrls.set("admin/translations/:kind/:id/:lang", `/admin/translations/trip/${trip}/de`);
    server = await startAuthServer(database, { SITE_LANGUAGES: "en,de" });
    table = (await builtRoutes()).list;
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  const adminRoutes = () =>
    table.filter((r) => r.fullPath.startsWith("admin/") && !(r.fullPath in PUBLIC_ADMIN_PAGES));
  const apiWrites = () =>
    table.filter((r) => r.fullPath.startsWith("api/") && typeof r.module.action === "function");

  it("finds the admin routes of spec §2 in the table (the walk itself works)", () => {
    const paths = adminRoutes().map((r) => r.fullPath);
    expect(paths).toEqual(
      expect.arrayContaining([
        "admin/dashboard",
        "admin/discovery",
        "admin/exclusive",
        "admin/local",
        "admin/travel-moments",
        "admin/settings",
        "admin/team",
        "admin/confirm-access",
        ...Object.values(PACKAGE_KIND_INFO).flatMap((info) => [
          info.admin.newPath.slice(1),
          info.admin.editPath(":id").slice(1),
        ]),
      ]),
    );
    expect(table.some((r) => r.fullPath === LOGIN_ROUTE)).toBe(true);
    for (const path of Object.keys(PUBLIC_API_WRITES)) {
      if (path !== "api/*") expect(apiWrites().map((r) => r.fullPath)).toContain(path);
    }
  });

  it("a signed-in admin does see the drafts (so the checks below would notice a leak)", async () => {
    const cookie = await signedInCookie(server);
    // A new-package form shows no package: it only has to answer.
    const isNewForm = (path: string) => /^admin\/new-/.test(path);
    // Screens only: resource routes (sign-out, the JSON upload endpoint) render no package.
    for (const route of adminRoutes().filter(
      (r) =>
        r.fullPath !== "admin/sign-out" &&
        r.fullPath !== "admin/settings" &&
        r.fullPath !== "admin/team" &&
        // Asks for the password again; shows no package.
        r.fullPath !== "admin/confirm-access" &&
        // Screens about enquiries, bookings and clicks, not packages.
        !r.fullPath.startsWith("admin/enquiries") &&
        !r.fullPath.startsWith("admin/bookings") &&
        r.fullPath !== "admin/insights" &&
        // The audit trail lists events, not packages.
        r.fullPath !== "admin/activity" &&
        r.fullPath !== CODE_STEP_ROUTE &&
        // The catch-all answers unknown admin URLs with a 404 (admin-lists.test.ts checks it).
        r.fullPath !== "admin/*" &&
        typeof r.module.default === "function",
    )) {
      // An edit form opens the marker package of its kind (a random id is a 404 there).
      const url =
        screenUrls.get(route.fullPath) ??
        concretePath(route.fullPath, editTargets.get(route.fullPath) ?? randomUUID());
      const response = await server.fetch(url, { headers: { Cookie: cookie } });
      expect(response.status, route.fullPath).toBe(200);
      const page = await response.text();
      if (!isNewForm(route.fullPath)) expect(page, route.fullPath).toContain(marker);
      const data = await server.fetch(`${url}.data`, { headers: { Cookie: cookie } });
      expect(data.status, `${route.fullPath}.data`).toBe(200);
      const body = await data.text();
      if (!isNewForm(route.fullPath)) expect(body, `${route.fullPath}.data`).toContain(marker);
    }
  });

  it("redirects anonymous GETs of every admin route to /admin, pages and data requests alike, without data", async () => {
    for (const route of adminRoutes()) {
      const url = concretePath(route.fullPath, randomUUID());
      const page = await server.fetch(url);
      expect([302, 303], `${url} status`).toContain(page.status);
      expect(page.headers.get("Location"), url).toBe("/admin");
      noSecrets(await page.text());

      // A client navigation may ask for the leaf loader alone: the layout's middleware still runs.
      const dataUrl = `${url}.data?_routes=${encodeURIComponent(route.id)}`;
      const data = await server.fetch(dataUrl);
      const body = await data.text();
      expect([202, 204, 302, 303], `${dataUrl} status`).toContain(data.status);
      expect(body + (data.headers.get("Location") ?? ""), dataUrl).toContain("/admin");
      noSecrets(body);
    }
  });

  it("redirects anonymous posts to every admin action to /admin without running it", async () => {
    for (const route of adminRoutes().filter((r) => typeof r.module.action === "function")) {
      const url = concretePath(route.fullPath, randomUUID());
      const response = await server.fetch(url, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: "currentPassword=x&newPassword=yyyyyyyyyyyyyy",
      });
      expect([302, 303], url).toContain(response.status);
      expect(response.headers.get("Location"), url).toBe("/admin");
      noSecrets(await response.text());
    }
  });

  it("answers anonymous writes to every mutating API route with 401 JSON (405 for methods it does not take)", async () => {
    let mutating = 0;
    for (const route of apiWrites().filter((r) => !(r.fullPath in PUBLIC_API_WRITES))) {
      const url = concretePath(route.fullPath, randomUUID());
      const statuses: number[] = [];
      for (const method of WRITE_METHODS) {
        const response = await server.fetch(url, {
          method,
          headers: { "Content-Type": "application/json" },
          body: "{}",
        });
        const body = await response.text();
        statuses.push(response.status);
        expect([401, 405], `${method} ${url}: ${body}`).toContain(response.status);
        expect(response.headers.get("Content-Type"), `${method} ${url}`).toMatch(
          /application\/json/,
        );
        if (response.status === 401)
          expect(JSON.parse(body), `${method} ${url}`).toHaveProperty("error");
        noSecrets(body);
      }
      // A route that answers 405 to every write (a read-only resource) mutates nothing.
      if (statuses.includes(401)) mutating += 1;
    }
    console.info(`auth-guards: ${mutating} mutating API routes checked`);
  });
  it("shows nothing of the admin's data on the public sign-in help pages", async () => {
    const found = table.filter((r) => r.fullPath in PUBLIC_ADMIN_PAGES).map((r) => r.fullPath);
    expect(found.sort()).toEqual(Object.keys(PUBLIC_ADMIN_PAGES).sort());
    for (const path of found) {
      const page = await server.fetch(`/${path}`);
      expect(page.status, path).toBe(200);
      noSecrets(await page.text());
    }
  });

  it("reaches no admin route or API write at aal1: with the password step's challenge, or an aal1 session of a two-factor account", async () => {
    const email = "second-factor@example.com";
    const { id } = await ensureTestAdmin(database, email, ADMIN.password);
    await sql`update admins set totp_secret = ${newTotpSecret()}, totp_enabled_at = now()
      where id = ${id}`.execute(database.db);
    const login = await apiLogin(server, { email, password: ADMIN.password });
    expect(login.status).toBe(401);
    expect(await login.json()).toMatchObject({ twoFactorRequired: true });
    const challenge = cookieHeader(login);
    expect(challenge).toMatch(/^wlx_2fa=[A-Za-z0-9_-]{43}$/);
    const aal1 = `wlx_session=${(await createSession(database.db, id, { aal: 1 })).id}`;
    const refuses = (body: string) => {
      noSecrets(body);
      expect(body).not.toContain(email);
    };

    for (const [label, cookie] of [
      ["challenge", challenge],
      ["aal1 session", aal1],
      ["both", `${challenge}; ${aal1}`],
    ] as const) {
      let walked = 0;
      for (const route of adminRoutes()) {
        const url = concretePath(route.fullPath, editTargets.get(route.fullPath) ?? randomUUID());
        const hasChallenge = label !== "aal1 session";
        if (route.fullPath === CODE_STEP_ROUTE && hasChallenge) {
          // The code form is what a challenge is for; it shows nothing of the admin's data.
          const page = await server.fetch(url, { headers: { Cookie: cookie } });
          expect(page.status, `${label} ${url}`).toBe(200);
          refuses(await page.text());
          continue;
        }
        const page = await server.fetch(url, { headers: { Cookie: cookie } });
        expect([302, 303], `${label} GET ${url}`).toContain(page.status);
        expect(page.headers.get("Location"), `${label} GET ${url}`).toBe("/admin");
        refuses(await page.text());
        const dataUrl = `${url}.data?_routes=${encodeURIComponent(route.id)}`;
        const data = await server.fetch(dataUrl, { headers: { Cookie: cookie } });
        const body = await data.text();
        expect([202, 204, 302, 303], `${label} ${dataUrl}`).toContain(data.status);
        expect(body + (data.headers.get("Location") ?? ""), `${label} ${dataUrl}`).toContain(
          "/admin",
        );
        refuses(body);
        if (typeof route.module.action === "function") {
          const post = await server.fetch(url, {
            method: "POST",
            headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
            body: "intent=two-factor-disable&code=123456&currentPassword=x&newPassword=yyyyyyyyyyyyyy",
          });
          expect([302, 303], `${label} POST ${url}`).toContain(post.status);
          expect(post.headers.get("Location"), `${label} POST ${url}`).toBe("/admin");
          refuses(await post.text());
        }
        walked += 1;
      }
      expect(walked, label).toBeGreaterThan(15);
      for (const route of apiWrites().filter((r) => !(r.fullPath in PUBLIC_API_WRITES))) {
        const url = concretePath(route.fullPath, randomUUID());
        for (const method of WRITE_METHODS) {
          const response = await server.fetch(url, {
            method,
            headers: { Cookie: cookie, "Content-Type": "application/json" },
            body: "{}",
          });
          expect([401, 405], `${label} ${method} ${url}`).toContain(response.status);
          refuses(await response.text());
        }
      }
    }
    // Nothing of the walk changed the account: two-factor is still on.
    const row = await database.db
      .selectFrom("admins")
      .select("totp_enabled_at")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row.totp_enabled_at).not.toBeNull();
  });
});
