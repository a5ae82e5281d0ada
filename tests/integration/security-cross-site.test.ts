import { randomUUID } from "node:crypto";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  ADMIN,
  apiLogin,
  builtRoutes,
  clearLoginAttempts,
  concretePath,
  cookieNamed,
  signedInCookie,
  useAuthServer,
  type BuiltRoute,
} from "../support/auth-support";
import { formPost } from "../support/form-post";

const CROSS_SITE: Record<string, Record<string, string>> = {
  "a foreign Origin": { Origin: "https://evil.example" },
  "Sec-Fetch-Site: cross-site": { "Sec-Fetch-Site": "cross-site" },
  "Sec-Fetch-Site: same-site (a sibling subdomain)": { "Sec-Fetch-Site": "same-site" },
  "Origin: null (a sandboxed frame)": { Origin: "null" },
};

describe("cross-site writes are refused with 403", () => {
  const suite = useAuthServer();
  let table: (BuiltRoute & { fullPath: string })[];
  beforeAll(async () => {
    table = (await builtRoutes()).list;
  });
  beforeEach(async () => {
    await clearLoginAttempts(suite.database);
  });

  it.each(Object.entries(CROSS_SITE))(
    "on every form action and API write, signed in, with %s",
    async (_label, headers) => {
      const cookie = await signedInCookie(suite.server);
      const writable = table.filter(
        (r) =>
          typeof r.module.action === "function" &&
          (r.fullPath === "admin" ||
            r.fullPath.startsWith("admin/") ||
            r.fullPath.startsWith("api/")),
      );
      expect(writable.length).toBeGreaterThanOrEqual(4);
      for (const route of writable) {
        const url = concretePath(route.fullPath, randomUUID());
        for (const target of [url, `${url}.data`]) {
          const response = await suite.server.fetch(target, {
            method: "POST",
            headers: {
              ...headers,
              Cookie: cookie,
              "Content-Type": "application/x-www-form-urlencoded",
            },
            body: new URLSearchParams({ email: ADMIN.email, password: ADMIN.password }).toString(),
          });
          expect(response.status, `POST ${target}`).toBe(403);
          if (route.fullPath.startsWith("api/"))
            expect(await response.json()).toEqual({ error: "Cross-site request refused" });
        }
        if (route.fullPath.startsWith("api/")) {
          for (const method of ["PUT", "PATCH", "DELETE"]) {
            const response = await suite.server.fetch(url, {
              method,
              headers: { ...headers, Cookie: cookie },
            });
            expect(response.status, `${method} ${url}`).toBe(403);
          }
        }
      }
    },
  );

  it("changes nothing: no sign-in, no sign-out, no password change", async () => {
    const evil = { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" };
    const login = await apiLogin(suite.server, ADMIN, evil);
    expect(login.status).toBe(403);
    expect(cookieNamed(login, "wlx_session")).toBeUndefined();
    const formLogin = await formPost(suite.server, "/admin", ADMIN, evil);
    expect(formLogin.status).toBe(403);
    expect(cookieNamed(formLogin, "wlx_session")).toBeUndefined();

    const cookie = await signedInCookie(suite.server);
    expect(
      (await formPost(suite.server, "/admin/sign-out", {}, { ...evil, Cookie: cookie })).status,
    ).toBe(403);
    expect(
      (
        await suite.server.fetch("/api/admin/logout", {
          method: "POST",
          headers: { ...evil, Cookie: cookie },
        })
      ).status,
    ).toBe(403);
    const changed = await formPost(
      suite.server,
      "/admin/settings",
      {
        currentPassword: ADMIN.password,
        newPassword: "attacker chosen password",
        confirmPassword: "attacker chosen password",
      },
      { ...evil, Cookie: cookie },
    );
    expect(changed.status).toBe(403);
    expect(
      (await suite.server.fetch("/admin/dashboard", { headers: { Cookie: cookie } })).status,
    ).toBe(200);
    expect((await apiLogin(suite.server, ADMIN)).status).toBe(200);
  });

  it("lets same-origin browser writes and non-browser clients through", async () => {
    const own = new URL(suite.server.url).origin;
    expect(
      (await apiLogin(suite.server, ADMIN, { Origin: own, "Sec-Fetch-Site": "same-origin" }))
        .status,
    ).toBe(200);
    expect((await apiLogin(suite.server, ADMIN, { "Sec-Fetch-Site": "none" })).status).toBe(200);
    expect((await apiLogin(suite.server, ADMIN)).status).toBe(200);
  });

  it("is also enforced by the root route middleware, behind any HTTP server", async () => {
    const { routes } = await builtRoutes();
    const middleware = routes.root!.module.middleware as ((
      args: { request: Request },
      next: () => unknown,
    ) => unknown)[];
    expect(middleware.length).toBeGreaterThan(0);
    const request = new Request("https://travel.example/admin/settings", {
      method: "POST",
      headers: { "Sec-Fetch-Site": "cross-site" },
    });
    let thrown: unknown;
    try {
      await middleware[0]!({ request }, () => undefined);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(403);
    const sameOrigin = new Request("https://travel.example/admin/settings", {
      method: "POST",
      headers: { Origin: "https://travel.example" },
    });
    await expect(
      Promise.resolve(middleware[0]!({ request: sameOrigin }, () => undefined)),
    ).resolves.toBeUndefined();
  });
});
