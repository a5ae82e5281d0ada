import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createAdmin } from "~/server/auth/admins.server";
import { secretKey, totpCodeAt } from "~/server/auth/totp.server";
import { listEvents } from "~/server/events/events.server";
import { makePackage } from "../support/factories";
import {
  ADMIN,
  builtRoutes,
  concretePath,
  cookieHeader,
  signedInCookie,
  useAuthServer,
} from "../support/auth-support";
import { formPost } from "../support/form-post";

const PASSWORD = "correct horse battery staple";
/**
 * Public sign-in help, the code step and signing out: not admin screens (auth-guards.test.ts
 * walks them); signing out stays possible for everyone.
 */
const NOT_SCREENS = new Set([
  "admin/sign-out",
  "admin/forgot-password",
  "admin/reset-password",
  "admin/accept-invite",
  "admin/verify-email",
  "admin/two-factor",
]);

describe("require two-factor for every admin", () => {
  const suite = useAuthServer();
  const post = (cookie: string, path: string, fields: Record<string, string>) =>
    formPost(suite.server, path, fields, { Cookie: cookie });
  const get = (cookie: string, path: string) =>
    suite.server.fetch(path, { headers: { Cookie: cookie } });

  /** Turns two-factor on for `cookie`'s admin; returns the cookie of the session that replaced it. */
  async function enrol(cookie: string): Promise<string> {
    expect((await post(cookie, "/admin/settings", { intent: "two-factor-enable" })).status).toBe(
      302,
    );
    const page = await (await get(cookie, "/admin/settings")).text();
    const secret = /class="totp-secret">([A-Z2-7]{32})</.exec(page)![1]!;
    const confirmed = await post(cookie, "/admin/settings", {
      intent: "two-factor-confirm",
      code: totpCodeAt(secretKey(secret), Date.now()),
    });
    expect(confirmed.status).toBe(200);
    return cookieHeader(confirmed);
  }

  it("is turned on only by an admin who has two-factor, and then sends everyone else to enrol first, on every way in", async () => {
    let owner = await signedInCookie(suite.server);
    const early = await post(owner, "/admin/team", { intent: "require-two-factor", value: "on" });
    expect(early.status).toBe(400);
    expect(await early.text()).toContain("Turn on two-factor authentication for your own account");
    const bogus = await post(owner, "/admin/team", { intent: "require-two-factor", value: "yes" });
    expect(bogus.status).toBe(400);

    owner = await enrol(owner);
    const on = await post(owner, "/admin/team", { intent: "require-two-factor", value: "on" });
    expect(on.status).toBe(302);
    expect(await (await get(owner, "/admin/team")).text()).toContain("Stop requiring two-factor");
    expect(
      await listEvents(suite.database.db, { type: "team.two_factor_requirement_changed" }),
    ).toHaveLength(1);

    // Another admin without two-factor: the password step leads to enrolment and nothing else.
    const email = "no-second-factor@example.com";
    await createAdmin(suite.database.db, email, PASSWORD);
    const login = await formPost(suite.server, "/admin", { email, password: PASSWORD });
    expect(login.status).toBe(302);
    let them = cookieHeader(login);
    const { list } = await builtRoutes();
    let walked = 0;
    for (const route of list.filter(
      (r) =>
        r.fullPath.startsWith("admin/") &&
        r.fullPath !== "admin/settings" &&
        !NOT_SCREENS.has(r.fullPath),
    )) {
      const url = concretePath(route.fullPath, randomUUID());
      const page = await get(them, url);
      expect([302, 303], url).toContain(page.status);
      expect(page.headers.get("Location"), url).toBe("/admin/settings");
      if (typeof route.module.action === "function") {
        const write = await post(them, url, { intent: "remove", adminId: randomUUID() });
        expect(write.headers.get("Location"), `POST ${url}`).toBe("/admin/settings");
      }
      walked += 1;
    }
    expect(walked).toBeGreaterThan(15);
    const settings = await get(them, "/admin/settings");
    expect(settings.status).toBe(200);
    expect(await settings.text()).toContain("Your team requires two-factor authentication");
    const password = await post(them, "/admin/settings", {
      currentPassword: PASSWORD,
      newPassword: "something else entirely",
      confirmPassword: "something else entirely",
    });
    expect(password.status).toBe(403);
    const api = await suite.server.fetch("/api/admin/travel-moments", {
      method: "POST",
      headers: { Cookie: them, "Content-Type": "application/json" },
      body: JSON.stringify({ title: "x", videoUrl: "/media/x.webm" }),
    });
    expect(api.status).toBe(403);
    expect(await api.json()).toEqual({
      error: "Your team requires two-factor authentication: set it up before doing anything else.",
    });

    // Nor does such a session see drafts where a signed-in admin would.
    const draft = await makePackage(suite.database.db, "trip", {
      title: "Draft only for admins",
      status: "draft",
    });
    const asThem = await (await get(them, "/api/trips")).text();
    expect(asThem).not.toContain(draft.id);
    expect(await (await get(owner, "/api/trips")).text()).toContain(draft.id);

    // Enrolling lifts it: the session (under its new id) now reaches everything.
    them = await enrol(them);
    expect((await get(them, "/admin/dashboard")).status).toBe(200);

    // Turned off, an admin without two-factor has full access again.
    expect(
      (await post(owner, "/admin/team", { intent: "require-two-factor", value: "off" })).status,
    ).toBe(302);
    await createAdmin(suite.database.db, "relaxed@example.com", PASSWORD);
    const relaxed = await signedInCookie(suite.server, "relaxed@example.com", PASSWORD);
    expect((await get(relaxed, "/admin/dashboard")).status).toBe(200);
    expect(ADMIN.email).not.toBe(email);
  });
});
