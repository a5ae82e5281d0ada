import { sql } from "kysely";
import { beforeEach, describe, expect, it } from "vitest";
import { createAdmin } from "~/server/auth/admins.server";
import { listEvents } from "~/server/events/events.server";
import {
  apiLogin,
  clearLoginAttempts,
  cookieHeader,
  cookieNamed,
  signedInCookie,
  useAuthServer,
} from "../support/auth-support";
import { formPost } from "../support/form-post";
import { linkShown, tokenOf } from "../support/smtp-server";

const PASSWORD = "correct horse battery staple";

/** The account screens' smaller refusals: each answers with its reason and changes nothing. */
describe("account screens refuse bad requests", () => {
  const suite = useAuthServer();
  let n = 0;
  let email: string;
  let adminId: string;
  let cookie: string;
  beforeEach(async () => {
    await clearLoginAttempts(suite.database);
    email = `errors${++n}@example.com`;
    adminId = (await createAdmin(suite.database.db, email, PASSWORD)).id;
    cookie = await signedInCookie(suite.server, email, PASSWORD);
  });
  const settings = (fields: Record<string, string>) =>
    formPost(suite.server, "/admin/settings", fields, { Cookie: cookie });
  const team = (fields: Record<string, string>) =>
    formPost(suite.server, "/admin/team", fields, { Cookie: cookie });
  const admin = () =>
    suite.database.db
      .selectFrom("admins")
      .select(["email", "totp_secret", "totp_pending_secret", "totp_enabled_at"])
      .where("id", "=", adminId)
      .executeTakeFirstOrThrow();

  it("cancels an enrolment, and refuses to start one while two-factor is on", async () => {
    await settings({ intent: "two-factor-enable" });
    expect((await admin()).totp_pending_secret).toMatch(/^[A-Z2-7]{32}$/);
    const cancelled = await settings({ intent: "two-factor-cancel" });
    expect(cancelled.status).toBe(302);
    expect((await admin()).totp_pending_secret).toBeNull();

    await sql`update admins set totp_secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
      totp_enabled_at = now() where id = ${adminId}`.execute(suite.database.db);
    await sql`update sessions set aal = 2 where admin_id = ${adminId}`.execute(suite.database.db);
    const again = await settings({ intent: "two-factor-enable" });
    expect(again.status).toBe(400);
    expect(await again.text()).toContain("Two-factor authentication is already on.");
    expect((await admin()).totp_pending_secret).toBeNull();
  });

  it("never lets the trusted-device cookie skip the second factor", async () => {
    // A browser that signed in before (and so holds a device cookie)…
    const first = await apiLogin(suite.server, { email, password: PASSWORD });
    expect(cookieNamed(first, "wlx_device")).toBeDefined();
    await sql`update admins set totp_secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
      totp_enabled_at = now() where id = ${adminId}`.execute(suite.database.db);
    // …still gets only a challenge once two-factor is on.
    const again = await apiLogin(
      suite.server,
      { email, password: PASSWORD },
      { Cookie: cookieHeader(first) },
    );
    expect(again.status).toBe(401);
    expect(await again.json()).toMatchObject({ twoFactorRequired: true });
    expect(cookieNamed(again, "wlx_session")).toBeUndefined();
  });

  it("refuses the primary as Set as Primary, a pending duplicate, and an unknown team action", async () => {
    const primary = await settings({ intent: "email-make-primary", address: "primary" });
    expect(primary.status).toBe(400);
    expect(await primary.text()).toContain("That address is already the primary one.");
    expect((await settings({ intent: "email-add", email: `more${n}@example.com` })).status).toBe(
      302,
    );
    const duplicate = await settings({ intent: "email-add", email: `MORE${n}@example.com` });
    expect(duplicate.status).toBe(400);
    expect(await duplicate.text()).toContain("waiting for verification");
    const unknown = await team({ intent: "promote" });
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain("Unknown action");
    // Deleting the pending address is recorded.
    const row = await suite.database.db
      .selectFrom("admin_emails")
      .select("id")
      .where("admin_id", "=", adminId)
      .executeTakeFirstOrThrow();
    expect((await settings({ intent: "email-delete", address: row.id })).status).toBe(302);
    expect(
      (await listEvents(suite.database.db, { adminId, type: "account.email_deleted" })).length,
    ).toBe(1);
  });

  it("refuses an invitation whose address became an admin meanwhile, leaving the link unused", async () => {
    const invited = `meanwhile${n}@example.com`;
    const response = await team({ intent: "invite", email: invited, role: "editor" });
    const link = linkShown(await response.text(), "/admin/accept-invite");
    await createAdmin(suite.database.db, invited, PASSWORD);
    const accept = await formPost(suite.server, link, {
      token: tokenOf(link),
      password: "another long passphrase",
      confirmPassword: "another long passphrase",
    });
    expect(accept.status).toBe(409);
    expect(await accept.text()).toContain("is already an admin: sign in instead");
    const [row] = await suite.database.db
      .selectFrom("verifications")
      .select("used_at")
      .where("target", "=", invited)
      .execute();
    expect(row!.used_at).toBeNull();
  });

  it("refuses NUL in a new password on the reset page", async () => {
    const reset = await formPost(suite.server, "/admin/reset-password?token=x", {
      token: "x",
      newPassword: "a long pass\u0000phrase",
      confirmPassword: "a long pass\u0000phrase",
    });
    expect(reset.status).toBe(400);
    expect(await reset.text()).toContain("NUL characters");
  });
});
