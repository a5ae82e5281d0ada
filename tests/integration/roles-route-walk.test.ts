import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  can,
  ROLES,
  ROUTE_PERMISSIONS,
  requiredPermission,
  type IntentRule,
  type Role,
  type Rule,
} from "~/domain/permissions";
import { createAdmin } from "~/server/auth/admins.server";
import { AUTH_COOKIES } from "~/server/auth/cookies.server";
import { createSession } from "~/server/auth/session.server";
import type { TestServer } from "../support/app-server";
import {
  builtRoutes,
  concretePath,
  startAuthServer,
  type BuiltRoute,
} from "../support/auth-support";
import { createTestDatabase, type TestDatabase } from "../support/db";
import { formPost } from "../support/form-post";

/*
 * The permission table, walked over HTTP (decision 125): for every role, every admin URL, every
 * form intent, every API route and method answers as ROUTE_PERMISSIONS says: 403 when the role
 * lacks the permission, anything else when it has it. The routes come from the built server, so
 * a route added without a table entry fails the first test.
 */
const WRITES = ["POST", "PUT", "PATCH", "DELETE"] as const;
/** An intent no form posts: a route's `other` permission covers it. */
const UNKNOWN_INTENT = "not-a-known-intent";

describe("every role gets the permission table's answer on every route, method and intent", () => {
  let database: TestDatabase;
  let server: TestServer;
  let table: (BuiltRoute & { fullPath: string })[];
  const adminIds = new Map<Role, string>();

  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    for (const role of ROLES) {
      const admin = await createAdmin(
        database.db,
        `${role}@example.com`,
        "correct horse battery staple",
        role,
      );
      adminIds.set(role, admin.id);
    }
    server = await startAuthServer(database);
    table = (await builtRoutes()).list.filter(
      (r) => /^(admin|api)(\/|$)/.test(r.fullPath) && r.module !== undefined,
    );
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  /** A fresh session each time: a sign-out that is allowed ends the session it was sent with. */
  async function cookieOf(role: Role): Promise<string> {
    const session = await createSession(database.db, adminIds.get(role)!);
    return `${AUTH_COOKIES.session.name}=${session.id}`;
  }

  const expectAnswer = (status: number, role: Role, rule: Rule, what: string) => {
    const allowed = rule === "public" || can(role, rule);
    if (allowed) expect(status, `${role} ${what} (needs ${rule}): allowed`).not.toBe(403);
    else expect(status, `${role} ${what} (needs ${rule}): refused`).toBe(403);
  };

  const leaves = () =>
    table.filter(
      (r) => typeof r.module.loader === "function" || typeof r.module.action === "function",
    );

  it("has an entry for every route and every method it answers, and none for routes that are gone", async () => {
    const missing: string[] = [];
    for (const route of leaves()) {
      const rule = ROUTE_PERMISSIONS[route.fullPath];
      if (!rule) {
        missing.push(`${route.fullPath}: no entry`);
        continue;
      }
      if (route.fullPath.startsWith("api/") && route.fullPath !== "api/*") {
        // An API route's methods are its Allow header.
        const allow = (
          await server.fetch(concretePath(route.fullPath, randomUUID()), {
            method: "OPTIONS",
          })
        ).headers.get("Allow");
        for (const method of (allow ?? "").split(/,\s*/)) {
          if (method === "HEAD" || method === "OPTIONS" || !method) continue;
          if (requiredPermission(route.fullPath, method) === undefined)
            missing.push(`${route.fullPath} ${method}`);
        }
      } else {
        if (typeof route.module.loader === "function" && !rule.GET)
          missing.push(`${route.fullPath} GET`);
        if (typeof route.module.action === "function" && !rule.POST)
          missing.push(`${route.fullPath} POST`);
      }
    }
    expect(missing, "routes the permission table does not name").toEqual([]);
    const built = new Set(leaves().map((r) => r.fullPath));
    expect(
      Object.keys(ROUTE_PERMISSIONS).filter((path) => !built.has(path)),
      "table entries for routes that do not exist",
    ).toEqual([]);
  });

  it("answers every admin page and data request as the table says, for every role", async () => {
    const pages = leaves().filter(
      (r) => r.fullPath.startsWith("admin") && typeof r.module.loader === "function",
    );
    expect(pages.length).toBeGreaterThan(20);
    for (const role of ROLES) {
      const cookie = await cookieOf(role);
      for (const route of pages) {
        const rule = requiredPermission(route.fullPath, "GET")!;
        if (rule === "public") continue;
        const url = concretePath(route.fullPath, randomUUID());
        const page = await server.fetch(url, { headers: { Cookie: cookie } });
        expectAnswer(page.status, role, rule, `GET ${url}`);
        if (page.status === 403) expect(await page.text(), url).toContain("does not allow this");
        const data = await server.fetch(`${url}.data`, { headers: { Cookie: cookie } });
        expectAnswer(data.status, role, rule, `GET ${url}.data`);
      }
    }
  });

  it("answers every form intent (and any other intent) as the table says, for every role", async () => {
    const actions = leaves().filter(
      (r) => r.fullPath.startsWith("admin") && typeof r.module.action === "function",
    );
    for (const role of ROLES) {
      for (const route of actions) {
        const post = ROUTE_PERMISSIONS[route.fullPath]!.POST!;
        if (post === "public") continue;
        const intents =
          typeof post === "string"
            ? [undefined]
            : [...Object.keys((post as IntentRule).intents), UNKNOWN_INTENT];
        for (const intent of intents) {
          const rule = requiredPermission(route.fullPath, "POST", intent)!;
          const url = concretePath(route.fullPath, randomUUID());
          const fields: Record<string, string> = { id: randomUUID(), adminId: randomUUID() };
          if (intent) fields.intent = intent;
          const response = await formPost(server, url, fields, { Cookie: await cookieOf(role) });
          expectAnswer(response.status, role, rule, `POST ${url} intent=${intent ?? "–"}`);
        }
      }
    }
  });

  it("answers every API route and method as the table says, for every role", async () => {
    const api = leaves().filter((r) => r.fullPath.startsWith("api/") && r.fullPath !== "api/*");
    for (const role of ROLES) {
      for (const route of api) {
        for (const method of WRITES) {
          const rule = requiredPermission(route.fullPath, method);
          if (rule === undefined || rule === "public") continue;
          const url = concretePath(route.fullPath, randomUUID());
          const response = await server.fetch(url, {
            method,
            headers: { Cookie: await cookieOf(role), "Content-Type": "application/json" },
            body: "{}",
          });
          expectAnswer(response.status, role, rule, `${method} ${url}`);
          if (response.status === 403) {
            const body = (await response.json()) as { error: string };
            expect(body.error).toContain("does not allow this");
          }
        }
      }
    }
  });
});
