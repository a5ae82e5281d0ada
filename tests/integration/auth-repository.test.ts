import { createHash } from "node:crypto";
import { sql } from "kysely";
import { beforeEach, describe, expect, it } from "vitest";
import { changePassword, createAdmin, ensureAdmin } from "~/server/auth/admins.server";
import { INVALID_CREDENTIALS, signIn } from "~/server/auth/login.server";
import { LOGIN_LIMITS, LOGIN_WINDOW_SECONDS } from "~/server/auth/rate-limit.server";
import { createSession, getSessionAdmin } from "~/server/auth/session.server";
import { BACKENDS, useTestDatabase } from "../support/db";

const EMAIL = "Owner@Example.com";
const PASSWORD = "correct horse battery staple";

describe.each(BACKENDS)("sign-in, sessions and passwords on %s", (backend) => {
  const { db } = useTestDatabase(backend);
  let adminId: string;
  const attempt = (
    password: string,
    extra: { email?: string; ip?: string; previousSessionId?: string } = {},
  ) =>
    signIn(db(), {
      email: extra.email ?? EMAIL,
      password,
      ip: extra.ip ?? "10.0.0.1",
      previousSessionId: extra.previousSessionId,
    });

  beforeEach(async () => {
    adminId = (await createAdmin(db(), EMAIL, PASSWORD)).id;
  });

  it("signs in case-insensitively with a 256-bit session id of which only the SHA-256 is stored", async () => {
    const result = await attempt(PASSWORD, { email: "  owner@EXAMPLE.com " });
    if (!result.ok) throw new Error(result.error);
    expect(result.session.id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await db().selectFrom("sessions").selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id_hash).toBe(createHash("sha256").update(result.session.id).digest("hex"));
    expect(JSON.stringify(rows)).not.toContain(result.session.id);
    expect(await getSessionAdmin(db(), result.session.id)).toEqual({
      id: adminId,
      email: EMAIL,
      aal: 1,
      mustEnrol: false,
      role: "owner",
    });
  });

  it("answers a wrong password and an unknown e-mail the same way, and a malformed one with 400", async () => {
    expect(await attempt("wrong password here")).toEqual({
      ok: false,
      status: 401,
      error: INVALID_CREDENTIALS,
    });
    expect(await attempt(PASSWORD, { email: "nobody@example.com" })).toEqual({
      ok: false,
      status: 401,
      error: INVALID_CREDENTIALS,
    });
    expect(await attempt(PASSWORD, { email: "not-an-email" })).toMatchObject({
      ok: false,
      status: 400,
    });
    expect(await attempt("", {})).toMatchObject({
      ok: false,
      status: 400,
      error: "Password is required",
    });
  });

  it("rotates the session id on sign-in: the earlier session ends", async () => {
    const first = await attempt(PASSWORD);
    if (!first.ok) throw new Error("first sign-in failed");
    const second = await attempt(PASSWORD, { previousSessionId: first.session.id });
    if (!second.ok) throw new Error("second sign-in failed");
    expect(second.session.id).not.toBe(first.session.id);
    expect(await getSessionAdmin(db(), first.session.id)).toBeNull();
    expect(await getSessionAdmin(db(), second.session.id)).not.toBeNull();
  });

  it("ends sessions after 2 idle hours and after 7 days whatever happens, removing the row", async () => {
    const idle = await createSession(db(), adminId);
    await db()
      .updateTable("sessions")
      .set({ last_seen_at: sql<Date>`now() - interval '2 hours 1 second'` })
      .execute();
    expect(await getSessionAdmin(db(), idle.id)).toBeNull();
    const old = await createSession(db(), adminId);
    await db()
      .updateTable("sessions")
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .execute();
    expect(await getSessionAdmin(db(), old.id)).toBeNull();
    expect(await db().selectFrom("sessions").selectAll().execute()).toHaveLength(0);
  });

  it("answers 429 after 5 failures for an e-mail, even to the right password, with a retry time", async () => {
    for (let i = 0; i < LOGIN_LIMITS.email_ip; i++)
      expect(await attempt(`wrong password ${i}`)).toMatchObject({ status: 401 });
    const limited = await attempt(PASSWORD);
    expect(limited).toMatchObject({
      ok: false,
      status: 429,
      error: expect.stringMatching(
        /^Too many sign-in attempts\. Please try again in \d+ minutes?\.$/,
      ),
    });
    if (limited.ok || limited.status !== 429) throw new Error("expected 429");
    expect(limited.retryAfterSeconds).toBeGreaterThan(0);
    expect(limited.retryAfterSeconds).toBeLessThanOrEqual(LOGIN_WINDOW_SECONDS);
    // Refused attempts are not recorded, so waiting out the window is enough.
    const rows = await db()
      .selectFrom("login_attempts")
      .selectAll()
      .where("scope", "=", "email_ip")
      .execute();
    expect(rows).toHaveLength(LOGIN_LIMITS.email_ip);
    // Once the failures are older than 15 minutes, signing in works again.
    await db()
      .updateTable("login_attempts")
      .set({ attempted_at: sql<Date>`now() - interval '15 minutes 1 second'` })
      .execute();
    expect(await attempt(PASSWORD)).toMatchObject({ ok: true });
  });

  it("resets the e-mail's failures on success", async () => {
    for (let i = 0; i < LOGIN_LIMITS.email_ip - 1; i++) await attempt(`wrong password ${i}`);
    expect(await attempt(PASSWORD)).toMatchObject({ ok: true });
    for (let i = 0; i < LOGIN_LIMITS.email_ip; i++)
      expect(await attempt(`wrong again ${i}`)).toMatchObject({ status: 401 });
    expect(await attempt(PASSWORD)).toMatchObject({ status: 429 });
  });

  it("answers 429 after 20 failures from one IP across e-mails; other IPs are unaffected", async () => {
    for (let i = 0; i < LOGIN_LIMITS.ip; i++) {
      expect(
        await attempt("wrong password", { email: `guess${i}@example.com`, ip: "203.0.113.9" }),
      ).toMatchObject({ status: 401 });
    }
    expect(await attempt(PASSWORD, { ip: "203.0.113.9" })).toMatchObject({ status: 429 });
    expect(await attempt(PASSWORD, { ip: "198.51.100.7" })).toMatchObject({ ok: true });
  });

  it("changes a password: current one required, 12+ characters, other sessions end", async () => {
    const mine = await createSession(db(), adminId);
    const other = await createSession(db(), adminId);
    const change = (input: {
      currentPassword: string;
      newPassword: string;
      confirmPassword?: string;
    }) => changePassword(db(), adminId, input, mine.id);
    await expect(
      change({ currentPassword: "not my password", newPassword: "a brand new passphrase" }),
    ).rejects.toMatchObject({
      status: 400,
      message: "Your current password is incorrect",
    });
    await expect(
      change({ currentPassword: PASSWORD, newPassword: "short pw" }),
    ).rejects.toMatchObject({
      status: 400,
      message: "Password must be at least 12 characters",
    });
    await expect(
      change({
        currentPassword: PASSWORD,
        newPassword: "a brand new passphrase",
        confirmPassword: "something else!!",
      }),
    ).rejects.toMatchObject({ status: 400, message: "The new passwords do not match" });
    expect(await getSessionAdmin(db(), other.id)).not.toBeNull();

    await change({
      currentPassword: PASSWORD,
      newPassword: "a brand new passphrase",
      confirmPassword: "a brand new passphrase",
    });
    expect(await getSessionAdmin(db(), other.id)).toBeNull();
    expect(await getSessionAdmin(db(), mine.id)).not.toBeNull();
    const hash = await db().selectFrom("admins").select("password_hash").executeTakeFirstOrThrow();
    expect(hash.password_hash).toMatch(/^\$argon2id\$/);
    expect(await attempt(PASSWORD)).toMatchObject({ status: 401 });
    expect(await attempt("a brand new passphrase")).toMatchObject({ ok: true });
  });

  it("refuses passwords under 12 characters from the CLI and the env bootstrap", async () => {
    await expect(createAdmin(db(), "cli@example.com", "elevenchars")).rejects.toMatchObject({
      status: 400,
    });
    await expect(ensureAdmin(db(), "boot@example.com", "elevenchars")).rejects.toMatchObject({
      status: 400,
    });
    expect(await ensureAdmin(db(), "boot@example.com", "twelve chars")).toBe("created");
  });
});
