import { createHash } from "node:crypto";
import { sql } from "kysely";
import { beforeEach, describe, expect, it } from "vitest";
import { createAdmin } from "~/server/auth/admins.server";
import { REAUTH_REQUIRED_MESSAGE } from "~/domain/reauthentication";
import { createSession } from "~/server/auth/session.server";
import { secretKey, totpCodeAt } from "~/server/auth/totp.server";
import { confirmEnrolment, startEnrolment, twoFactorView } from "~/server/auth/two-factor.server";
import { listEvents } from "~/server/events/events.server";
import {
  ADMIN,
  clearLoginAttempts,
  cookieHeader,
  signedInCookie,
  useAuthServer,
} from "../support/auth-support";
import { formPost } from "../support/form-post";

const ORIGIN = { ip: "10.1.2.3", userAgent: "test" };
const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");

// Decision 119: the actions that change who can get in ask for the password or a code again
// when the session proved who it is more than ten minutes ago, on the server, whatever the form.
describe("confirm access before sensitive actions (the sudo window)", () => {
  const suite = useAuthServer();
  const db = () => suite.database.db;
  const post = (cookie: string, path: string, fields: Record<string, string>) =>
    formPost(suite.server, path, fields, { Cookie: cookie });
  const get = (cookie: string, path: string) =>
    suite.server.fetch(path, { headers: { Cookie: cookie } });
  /** Moves the session's last proof 11 minutes back. */
  const makeStale = (cookie: string) =>
    sql`update sessions set authenticated_at = now() - interval '11 minutes'
      where id_hash = ${sha256(/wlx_session=([^;]+)/.exec(cookie)![1]!)}`.execute(db());
  const setRequired = (on: boolean) =>
    sql`insert into team_settings (name, value) values ('require_two_factor', ${JSON.stringify(on)})
      on conflict (name) do update set value = excluded.value`.execute(db());
  const required = async () =>
    (
      await sql<{ on: boolean }>`select (value #>> '{}')::boolean as on from team_settings
        where name = 'require_two_factor'`.execute(db())
    ).rows[0]?.on ?? false;

  let n = 0;
  let other: { id: string; email: string };
  beforeEach(async () => {
    await clearLoginAttempts(suite.database);
    await setRequired(false);
    other = await createAdmin(db(), `colleague${++n}@example.com`, "another long password");
  });

  /** A new admin with two-factor on and a signed-in (aal2) session: its cookie and TOTP key. */
  async function adminWithTwoFactor(password: string) {
    const admin = await createAdmin(db(), `coded${n}@example.com`, password);
    await startEnrolment(db(), admin.id);
    const view = await twoFactorView(db(), admin.id, "Wanderlux");
    if (view.state !== "enrolling") throw new Error("not enrolling");
    const key = secretKey(view.secret);
    await confirmEnrolment(
      db(),
      { id: admin.id, sessionId: undefined },
      totpCodeAt(key, Date.now()),
      ORIGIN,
    );
    const session = await createSession(db(), admin.id, { aal: 2 });
    return { id: admin.id, key, cookie: `wlx_session=${session.id}` };
  }

  /** Every sensitive form intent, with a check that it changed nothing (or something). */
  const SENSITIVE = [
    {
      name: "add an address",
      path: "/admin/settings",
      fields: () => ({ intent: "email-add", email: `extra${n}@example.com` }),
      done: async () =>
        Boolean(
          await db()
            .selectFrom("admin_emails")
            .select("id")
            .where("email", "=", `extra${n}@example.com`)
            .executeTakeFirst(),
        ),
    },
    {
      name: "invite an admin",
      path: "/admin/team",
      fields: () => ({ intent: "invite", email: `invitee${n}@example.com`, role: "editor" }),
      done: async () =>
        Boolean(
          await db()
            .selectFrom("verifications")
            .select("id")
            .where("type", "=", "invite")
            .where("target", "=", `invitee${n}@example.com`)
            .executeTakeFirst(),
        ),
    },
    {
      name: "remove an admin",
      path: "/admin/team",
      fields: () => ({ intent: "remove", adminId: other.id }),
      done: async () =>
        !(await db()
          .selectFrom("admins")
          .select("id")
          .where("id", "=", other.id)
          .executeTakeFirst()),
    },
    {
      name: "stop requiring two-factor",
      path: "/admin/team",
      fields: () => ({ intent: "require-two-factor", value: "off" }),
      before: () => setRequired(true),
      done: async () => !(await required()),
      // Only an admin with two-factor may act while it is required.
      twoFactor: true,
    },
  ];

  for (const action of SENSITIVE) {
    it(`refuses to ${action.name} with a stale sign-in, and does it after the password again`, async () => {
      await action.before?.();
      const cookie = action.twoFactor
        ? (await adminWithTwoFactor(ADMIN.password)).cookie
        : await signedInCookie(suite.server);
      await makeStale(cookie);
      const refused = await post(cookie, action.path, action.fields());
      expect(refused.status).toBe(302);
      const location = refused.headers.get("Location")!;
      expect(location).toMatch(/^\/admin\/confirm-access\?next=%2Fadmin%2F/);
      expect(await action.done()).toBe(false);
      // The confirm page says why, with the refusal's toast (JavaScript off: a plain page).
      const page = await (await get(cookieHeader(refused) + `; ${cookie}`, location)).text();
      expect(page).toContain(REAUTH_REQUIRED_MESSAGE);
      expect(page).toContain('autoComplete="current-password"');

      const wrong = await post(cookie, "/admin/confirm-access", {
        password: "not my password",
        next: action.path,
      });
      expect(wrong.status).toBe(401);
      expect(await wrong.text()).toContain("That password is not right.");
      expect((await post(cookie, action.path, action.fields())).status).toBe(302);
      expect(await action.done()).toBe(false);

      const confirmed = await post(cookie, "/admin/confirm-access", {
        password: ADMIN.password,
        next: new URL(location, "http://x").searchParams.get("next")!,
      });
      expect(confirmed.status).toBe(302);
      expect(confirmed.headers.get("Location")).toMatch(new RegExp(`^${action.path}`));
      const accepted = await post(cookie, action.path, action.fields());
      expect(accepted.headers.get("Location") ?? "").not.toContain("confirm-access");
      expect(await action.done()).toBe(true);
    });
  }

  it("refuses the same way a submission made by the hydrated page (a data request)", async () => {
    const cookie = await signedInCookie(suite.server);
    await makeStale(cookie);
    const email = `hydrated${n}@example.com`;
    const response = await post(cookie, "/admin/team.data", {
      intent: "invite",
      email,
      role: "editor",
    });
    expect([200, 202, 204, 302, 303]).toContain(response.status);
    expect((await response.text()) + (response.headers.get("Location") ?? "")).toContain(
      "/admin/confirm-access",
    );
    const invited = await db()
      .selectFrom("verifications")
      .select("id")
      .where("target", "=", email)
      .executeTakeFirst();
    expect(invited).toBeUndefined();
  });

  it("lets other intents through with a stale sign-in, and changing the password carries its own proof", async () => {
    const email = `changer${n}@example.com`;
    const password = "the changer's long password";
    await createAdmin(db(), email, password);
    const cookie = await signedInCookie(suite.server, email, password);
    await makeStale(cookie);
    const named = await post(cookie, "/admin/settings", { intent: "account-name", name: "Ana" });
    expect(named.headers.get("Location")).toBe("/admin/settings#account-heading");
    // Turning require-two-factor on tightens access: no confirmation is asked (it is refused
    // here for another reason: this admin has no two-factor).
    const on = await post(cookie, "/admin/team", { intent: "require-two-factor", value: "on" });
    expect(on.status).toBe(400);
    const fields = {
      newPassword: "a brand new long password",
      confirmPassword: "a brand new long password",
    };
    const wrong = await post(cookie, "/admin/settings", {
      currentPassword: "not it at all",
      ...fields,
    });
    expect(wrong.status).toBe(400);
    const changed = await post(cookie, "/admin/settings", { currentPassword: password, ...fields });
    expect(changed.status).toBe(302);
    expect(changed.headers.get("Location")).toBe("/admin/settings");
  });

  it("confirms with a current authenticator code when two-factor is on, and refuses a wrong one", async () => {
    const { id: adminId, key, cookie } = await adminWithTwoFactor("a coded long password");
    await makeStale(cookie);
    const page = await (await get(cookie, "/admin/confirm-access?next=%2Fadmin%2Fteam")).text();
    expect(page).toContain("Or a code from your authenticator app");

    const wrong = await post(cookie, "/admin/confirm-access", {
      code: "000000",
      next: "/admin/team",
    });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain("That code is not valid");
    const malformed = await post(cookie, "/admin/confirm-access", {
      code: "12ab",
      next: "/admin/team",
    });
    expect(malformed.status).toBe(400);
    expect(
      (
        await post(cookie, "/admin/team", {
          intent: "invite",
          email: `x${n}@example.com`,
          role: "editor",
        })
      ).headers.get("Location"),
    ).toMatch(/confirm-access/);

    const ok = await post(cookie, "/admin/confirm-access", {
      code: totpCodeAt(key, Date.now() + 30_000),
      next: "/admin/team",
    });
    expect(ok.status).toBe(302);
    expect(ok.headers.get("Location")).toBe("/admin/team");
    const invited = await post(cookie, "/admin/team", {
      intent: "invite",
      email: `x${n}@example.com`,
      role: "editor",
    });
    expect(invited.headers.get("Location") ?? "").not.toContain("confirm-access");
    expect((await listEvents(db(), { adminId })).map((e) => e.type)).toContain(
      "auth.access_confirmed",
    );
  });

  it("returns only to an admin page after confirming", async () => {
    const cookie = await signedInCookie(suite.server);
    for (const next of ["https://evil.example/", "//evil.example", "/admin/../x", "javascript:1"]) {
      const response = await post(cookie, "/admin/confirm-access", {
        password: ADMIN.password,
        next,
      });
      expect(response.headers.get("Location"), next).toBe("/admin/dashboard");
    }
    const empty = await post(cookie, "/admin/confirm-access", {
      password: "",
      next: "/admin/team",
    });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("Enter your password.");
  });
});
