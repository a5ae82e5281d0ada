import { createHash } from "node:crypto";
import { sql } from "kysely";
import { beforeEach, describe, expect, it } from "vitest";
import { createAdmin } from "~/server/auth/admins.server";
import { listEvents } from "~/server/events/events.server";
import { linkFrom, tokenOf, useSmtpServer } from "../support/smtp-server";
import {
  apiLogin,
  clearLoginAttempts,
  cookieNamed,
  signedInCookie,
  useAuthServer,
} from "../support/auth-support";
import { formPost } from "../support/form-post";

const PASSWORD = "correct horse battery staple";
const NEW_PASSWORD = "a brand new passphrase";
const SENT =
  "If an account uses that address, we have sent it a link to choose a new password. The link works once, for 1 hour.";
const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");

describe("password recovery with e-mail configured", () => {
  const env: Record<string, string> = { PUBLIC_URL: "http://wanderlux.test" };
  const smtp = useSmtpServer(env);
  const suite = useAuthServer(env);
  let n = 0;
  let email: string;
  let adminId: string;
  beforeEach(async () => {
    await clearLoginAttempts(suite.database);
    email = `recover${++n}@example.com`;
    adminId = (await createAdmin(suite.database.db, email, PASSWORD)).id;
  });

  const ask = (address: string) =>
    formPost(suite.server, "/admin/forgot-password", { email: address });
  /** Asks for a link and returns its path + query as delivered by e-mail. */
  async function linkFor(address: string): Promise<string> {
    const seen = smtp().messages.length;
    const response = await ask(address);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(SENT);
    const message = await smtp().nextMessage(seen);
    expect(message.to).toEqual([address]);
    expect(message.subject).toContain("Reset your password");
    const link = linkFrom(message, "http://wanderlux.test/admin/reset-password");
    expect(message.html).toContain(`href="http://wanderlux.test${link}"`);
    return link;
  }
  const reset = (link: string, password: string, confirm = password, cookie = "") =>
    formPost(
      suite.server,
      link,
      {
        token: tokenOf(link),
        newPassword: password,
        confirmPassword: confirm,
      },
      cookie ? { Cookie: cookie } : {},
    );

  it("e-mails a 1-hour single-use link; using it sets the password, ends every session and signs in", async () => {
    const before = await signedInCookie(suite.server, email, PASSWORD);
    const login = await suite.server.fetch("/admin");
    expect(await login.text()).toContain('href="/admin/forgot-password"');
    const link = await linkFor(email);
    const stored = await suite.database.db
      .selectFrom("verifications")
      .select(["token_hash", "expires_at"])
      .where("admin_id", "=", adminId)
      .executeTakeFirstOrThrow();
    const token = tokenOf(link);
    expect(stored.token_hash).toBe(sha256(token));
    const ttl = new Date(stored.expires_at).getTime() - Date.now();
    expect(ttl).toBeGreaterThan(55 * 60 * 1000);
    expect(ttl).toBeLessThanOrEqual(60 * 60 * 1000);

    const page = await suite.server.fetch(link);
    expect(page.status).toBe(200);
    expect(page.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    expect(await page.text()).toContain('name="newPassword"');

    const done = await reset(link, NEW_PASSWORD);
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/admin/dashboard");
    const session = cookieNamed(done, "wlx_session")!.value;
    expect(
      (
        await suite.server.fetch("/admin/dashboard", {
          headers: { Cookie: `wlx_session=${session}` },
        })
      ).status,
    ).toBe(200);
    // The session from before the reset is gone; the old password no longer works.
    expect(
      (await suite.server.fetch("/admin/dashboard", { headers: { Cookie: before } })).headers.get(
        "Location",
      ),
    ).toBe("/admin");
    expect((await apiLogin(suite.server, { email, password: PASSWORD })).status).toBe(401);
    expect((await apiLogin(suite.server, { email, password: NEW_PASSWORD })).status).toBe(200);
    expect((await listEvents(suite.database.db, { adminId })).map((e) => e.type)).toContain(
      "account.password_reset",
    );

    // Single use: the page and the form both say so, and change nothing.
    expect(await (await suite.server.fetch(link)).text()).toContain("already been used");
    const again = await reset(link, "yet another passphrase");
    expect(again.status).toBe(400);
    expect(await again.text()).toContain("already been used");
    expect((await apiLogin(suite.server, { email, password: NEW_PASSWORD })).status).toBe(200);
  });

  it("answers an unknown address exactly like a known one, and e-mails nothing", async () => {
    const seen = smtp().messages.length;
    const unknown = await ask("nobody-here@example.com");
    expect(unknown.status).toBe(200);
    expect(await unknown.text()).toContain(SENT);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp().messages.length).toBe(seen);
    expect(
      await suite.database.db
        .selectFrom("verifications")
        .selectAll()
        .where("target", "=", "nobody-here@example.com")
        .execute(),
    ).toEqual([]);
  });

  it("refuses malformed and over-long addresses with a message, creating nothing", async () => {
    for (const bad of [
      "not-an-email",
      "",
      `${"a".repeat(250)}@example.com`,
      "a\u0000@example.com",
    ]) {
      const response = await ask(bad);
      expect(response.status, bad).toBe(400);
      const html = await response.text();
      expect(html, bad).toMatch(/Please enter a valid e-mail address|NUL characters/);
    }
    expect(
      await suite.database.db
        .selectFrom("verifications")
        .selectAll()
        .where("admin_id", "=", adminId)
        .execute(),
    ).toEqual([]);
  });

  it("limits requests per e-mail like sign-in (429 after 5 in 15 minutes)", async () => {
    const seen = smtp().messages.length;
    for (let i = 0; i < 5; i++) expect((await ask(email)).status).toBe(200);
    // The links go out after each answer: wait for all five, so none lands in the next test.
    await smtp().nextMessage(seen + 4);
    expect(
      smtp()
        .messages.slice(seen)
        .filter((m) => m.to.includes(email)),
    ).toHaveLength(5);
    const limited = await ask(email);
    expect(limited.status).toBe(429);
    expect(await limited.text()).toContain("Too many password reset requests");
    // An unknown address is limited the same way (no hint which exist).
    for (let i = 0; i < 5; i++) expect((await ask("ghost@example.com")).status).toBe(200);
    expect((await ask("ghost@example.com")).status).toBe(429);
  });

  it("keeps the link usable after a too-short or mismatched password, and refuses an expired one", async () => {
    const link = await linkFor(email);
    const short = await reset(link, "too short");
    expect(short.status).toBe(400);
    expect(await short.text()).toContain("Password must be at least 12 characters");
    const mismatch = await reset(link, NEW_PASSWORD, "something else entirely");
    expect(mismatch.status).toBe(400);
    expect(await mismatch.text()).toContain("The new passwords do not match");
    expect((await apiLogin(suite.server, { email, password: PASSWORD })).status).toBe(200);

    await sql`update verifications set expires_at = now() - interval '1 second'
      where admin_id = ${adminId}`.execute(suite.database.db);
    expect(await (await suite.server.fetch(link)).text()).toContain("This link has expired");
    const late = await reset(link, NEW_PASSWORD);
    expect(late.status).toBe(400);
    expect(await late.text()).toContain("This link has expired");
    const forged = await reset("/admin/reset-password?token=forged", NEW_PASSWORD);
    expect(forged.status).toBe(400);
    expect((await apiLogin(suite.server, { email, password: PASSWORD })).status).toBe(200);
  });

  it("sends a two-factor account through the code step after the reset, with no session yet", async () => {
    await sql`update admins set totp_secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
      totp_enabled_at = now() where id = ${adminId}`.execute(suite.database.db);
    const link = await linkFor(email);
    const done = await reset(link, NEW_PASSWORD);
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/admin/two-factor");
    expect(cookieNamed(done, "wlx_session")).toBeUndefined();
    expect(cookieNamed(done, "wlx_2fa")?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});

describe("password recovery without e-mail configured", () => {
  const suite = useAuthServer();

  it("says on the screen that e-mail is not configured, and still answers the same", async () => {
    await createAdmin(suite.database.db, "offline@example.com", PASSWORD);
    const page = await suite.server.fetch("/admin/forgot-password");
    expect(await page.text()).toContain("E-mail is not configured on this server");
    const response = await formPost(suite.server, "/admin/forgot-password", {
      email: "offline@example.com",
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(SENT);
    const rows = await suite.database.db.selectFrom("verifications").selectAll().execute();
    expect(rows).toHaveLength(1);
  });
});
