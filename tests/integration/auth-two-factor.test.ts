import { createHash } from "node:crypto";
import { sql } from "kysely";
import { beforeEach, describe, expect, it } from "vitest";
import { createAdmin } from "~/server/auth/admins.server";
import { createSession } from "~/server/auth/session.server";
import { secretKey, totpCodeAt } from "~/server/auth/totp.server";
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

const PASSWORD = "correct horse battery staple";
const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");
/** A code of the next time step: still accepted (±1 step), and later than any used so far. */
const nextCode = (secret: string) => totpCodeAt(secretKey(secret), Date.now() + 30_000);
const currentCode = (secret: string) => totpCodeAt(secretKey(secret), Date.now());

describe("two-factor sign-in (TOTP) over HTTP", () => {
  const suite = useAuthServer();
  let n = 0;
  let email: string;
  let adminId: string;

  beforeEach(async () => {
    await clearLoginAttempts(suite.database);
    email = `staff${++n}@example.com`;
    adminId = (await createAdmin(suite.database.db, email, PASSWORD)).id;
  });

  const server = () => suite.server;
  const db = () => suite.database.db;
  const get = (path: string, cookie: string) =>
    server().fetch(path, { headers: { Cookie: cookie } });
  const settingsPost = (cookie: string, fields: Record<string, string>) =>
    formPost(server(), "/admin/settings", fields, { Cookie: cookie });
  /** Forget the step last used, so a test can use a code of the current step again. */
  const forgetLastStep = () =>
    db().updateTable("admins").set({ totp_last_step: null }).where("id", "=", adminId).execute();

  /**
   * Enables two-factor through the settings screen (JS off); returns the secret, the codes and the
   * cookie of the session that replaced `cookie`'s.
   */
  async function enrol(
    cookie: string,
  ): Promise<{ secret: string; codes: string[]; cookie: string }> {
    const start = await settingsPost(cookie, { intent: "two-factor-enable" });
    expect(start.status).toBe(302);
    const page = await (await get("/admin/settings", cookie)).text();
    const secret = /class="totp-secret">([A-Z2-7]{32})</.exec(page)?.[1];
    if (!secret) throw new Error("no secret on the enrolment page");
    const confirmed = await settingsPost(cookie, {
      intent: "two-factor-confirm",
      code: currentCode(secret),
    });
    expect(confirmed.status).toBe(200);
    const html = await confirmed.text();
    // The page rendered with the codes counts the new session id as this browser's: enrolment
    // ended every other session, so none is offered to sign out.
    expect(html).toContain("Sessions");
    expect(html).not.toContain("Sign out all other sessions");
    const codes = [...html.matchAll(/<code>([A-Z2-9]{5}-[A-Z2-9]{5})<\/code>/g)].map((m) => m[1]!);
    return { secret, codes, cookie: cookieHeader(confirmed) };
  }

  /** The password step with the sign-in form: the challenge cookie, asserted to grant nothing. */
  async function passwordStep(): Promise<string> {
    const response = await formPost(server(), "/admin", { email, password: PASSWORD });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/two-factor");
    expect(cookieNamed(response, "wlx_session")).toBeUndefined();
    expect(cookieNamed(response, "wlx_2fa")?.attributes).toEqual(
      expect.arrayContaining(["HttpOnly", "SameSite=Lax", "Max-Age=300"]),
    );
    return cookieHeader(response);
  }

  const codeStep = (challenge: string, code: string) =>
    formPost(server(), "/admin/two-factor", { code }, { Cookie: challenge });

  it("enrols from settings with a server-rendered QR code, the base32 secret and the otpauth URI", async () => {
    const cookie = await signedInCookie(server(), email, PASSWORD);
    const other = await signedInCookie(server(), email, PASSWORD);
    await settingsPost(cookie, { intent: "two-factor-enable" });
    const page = await (await get("/admin/settings", cookie)).text();
    expect(page).toContain("Two-factor authentication");
    expect(page).toMatch(/<div class="totp-qr" role="img" aria-label="[^"]+"><svg[^>]*>/);
    const secret = /class="totp-secret">([A-Z2-7]{32})</.exec(page)![1]!;
    const uri = /<code>(otpauth:\/\/totp\/[^<]+)<\/code>/.exec(page)![1]!.replaceAll("&amp;", "&");
    expect(uri).toContain(`otpauth://totp/Wanderlux%20Journeys:${encodeURIComponent(email)}?`);
    expect(new URL(uri).searchParams.get("secret")).toBe(secret);
    // Not on until a correct code: a wrong one, a malformed one and an empty one change nothing.
    for (const [code, status, text] of [
      ["000000", 401, "That code is not valid"],
      ["12ab", 400, "Enter the 6-digit code"],
      ["", 400, "Enter the 6-digit code"],
    ] as const) {
      const wrong = await settingsPost(cookie, { intent: "two-factor-confirm", code });
      expect(wrong.status, code).toBe(status);
      expect(await wrong.text()).toContain(text);
    }
    const row = await db()
      .selectFrom("admins")
      .select(["totp_secret", "totp_enabled_at"])
      .where("id", "=", adminId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ totp_secret: null, totp_enabled_at: null });

    const confirmed = await settingsPost(cookie, {
      intent: "two-factor-confirm",
      code: currentCode(secret),
    });
    expect(confirmed.status).toBe(200);
    const html = await confirmed.text();
    expect(html).toContain("shown only this once");
    const codes = [...html.matchAll(/<code>([A-Z2-9]{5}-[A-Z2-9]{5})<\/code>/g)].map((m) => m[1]);
    expect(new Set(codes).size).toBe(10);
    // Stored hashed only; shown once (the settings page afterwards lists none).
    const stored = await db()
      .selectFrom("recovery_codes")
      .select("code_hash")
      .where("admin_id", "=", adminId)
      .execute();
    expect(stored).toHaveLength(10);
    expect(JSON.stringify(stored)).not.toContain(codes[0]!.slice(0, 5));
    // This session is replaced by a new id at aal2 (the old id opens nothing); the session signed
    // in with the password alone ends.
    expect(cookieNamed(confirmed, "wlx_session")?.attributes).toContain("HttpOnly");
    const raised = cookieHeader(confirmed);
    expect(raised).not.toBe(cookie);
    const after = await (await get("/admin/settings", raised)).text();
    expect(after).not.toContain(codes[0]!);
    expect(after).toContain("10 of 10 recovery codes left");
    expect((await get("/admin/dashboard", raised)).status).toBe(200);
    expect((await get("/admin/dashboard", cookie)).headers.get("Location")).toBe("/admin");
    expect((await get("/admin/dashboard", other)).headers.get("Location")).toBe("/admin");
    expect((await listEvents(db(), { adminId })).map((e) => e.type)).toContain(
      "account.two_factor_enabled",
    );
  });

  it("signs in in two steps without JavaScript: the password step grants nothing, the code completes it", async () => {
    const { secret } = await enrol(await signedInCookie(server(), email, PASSWORD));
    const challenge = await passwordStep();
    // The challenge alone opens no admin screen.
    expect((await get("/admin/dashboard", challenge)).headers.get("Location")).toBe("/admin");
    const form = await get("/admin/two-factor", challenge);
    expect(form.status).toBe(200);
    const input = /<input id="two-factor-code"[^>]*>/.exec(await form.text())?.[0];
    expect(input).toContain('name="code"');
    expect(input).toContain('autoComplete="one-time-code"');

    const wrong = await codeStep(challenge, "000000");
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain("That code is not valid");
    const malformed = await codeStep(challenge, "not a code");
    expect(malformed.status).toBe(400);

    const code = nextCode(secret);
    const done = await codeStep(challenge, code);
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/admin/dashboard");
    expect(cookieNamed(done, "wlx_2fa")?.attributes).toContain("Max-Age=0");
    expect(cookieNamed(done, "wlx_device")).toBeDefined();
    const session = cookieNamed(done, "wlx_session")!.value;
    const row = await db()
      .selectFrom("sessions")
      .select(["aal", "admin_id"])
      .where("id_hash", "=", sha256(session))
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ aal: 2, admin_id: adminId });
    expect((await get("/admin/dashboard", `wlx_session=${session}`)).status).toBe(200);

    // The challenge was single-use, and the same code does not work twice (replay).
    expect((await codeStep(challenge, code)).headers.get("Location")).toBe("/admin");
    const again = await passwordStep();
    const replay = await codeStep(again, code);
    expect(replay.status).toBe(401);
    expect(cookieNamed(replay, "wlx_session")).toBeUndefined();

    const types = (await listEvents(db(), { adminId })).map((e) => e.type);
    expect(types).toEqual(
      expect.arrayContaining(["auth.second_factor", "auth.second_factor_failed", "auth.sign_in"]),
    );
  });

  it("accepts each recovery code once in place of a TOTP code", async () => {
    const { codes } = await enrol(await signedInCookie(server(), email, PASSWORD));
    const first = await codeStep(await passwordStep(), codes[0]!.toLowerCase());
    expect(first.status).toBe(302);
    expect(first.headers.get("Location")).toBe("/admin/dashboard");
    const reused = await codeStep(await passwordStep(), codes[0]!);
    expect(reused.status).toBe(401);
    const left = await db()
      .selectFrom("recovery_codes")
      .select(sql<string>`count(*)`.as("n"))
      .where("admin_id", "=", adminId)
      .where("used_at", "is", null)
      .executeTakeFirstOrThrow();
    expect(Number(left.n)).toBe(9);
    expect((await listEvents(db(), { adminId })).map((e) => e.type)).toContain(
      "account.recovery_code_used",
    );
  });

  it("POST /api/admin/login answers that a second step is needed and grants nothing until the code is posted", async () => {
    const { secret } = await enrol(await signedInCookie(server(), email, PASSWORD));
    const login = await apiLogin(server(), { email, password: PASSWORD });
    expect(login.status).toBe(401);
    expect(await login.json()).toEqual({
      success: false,
      error: "Two-factor authentication required",
      twoFactorRequired: true,
    });
    expect(cookieNamed(login, "wlx_session")).toBeUndefined();
    const challenge = cookieHeader(login);
    // The challenge cookie is no key to any API write.
    const write = await server().fetch("/api/admin/travel-moments", {
      method: "POST",
      headers: { Cookie: challenge, "Content-Type": "application/json" },
      body: JSON.stringify({ title: "x", videoUrl: "/media/x.webm" }),
    });
    expect(write.status).toBe(401);

    const verify = (body: unknown, cookie?: string) =>
      server().fetch("/api/admin/login/verify", {
        method: "POST",
        headers: { "Content-Type": "application/json", ...(cookie ? { Cookie: cookie } : {}) },
        body: typeof body === "string" ? body : JSON.stringify(body),
      });
    const noChallenge = await verify({ code: nextCode(secret) });
    expect(noChallenge.status).toBe(401);
    expect((await noChallenge.json()) as unknown).toMatchObject({
      success: false,
      error: "Your sign-in has expired. Please sign in again.",
    });
    expect((await verify("not json", challenge)).status).toBe(400);
    expect((await verify({ code: "abc" }, challenge)).status).toBe(400);
    expect((await verify({ code: "000000" }, challenge)).status).toBe(401);
    const ok = await verify({ code: nextCode(secret) }, challenge);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ success: true });
    const session = cookieHeader(ok);
    expect(session).toContain("wlx_session=");
    expect((await get("/admin/dashboard", session)).status).toBe(200);
  });

  it("rate-limits codes: a challenge dies after 5 wrong codes, and the account's code limit then answers 429", async () => {
    const { secret } = await enrol(await signedInCookie(server(), email, PASSWORD));
    const challenge = await passwordStep();
    for (let i = 0; i < 4; i++) expect((await codeStep(challenge, "000000")).status).toBe(401);
    const fifth = await codeStep(challenge, "000000");
    expect(fifth.status).toBe(302);
    expect(fifth.headers.get("Location")).toBe("/admin");
    expect((await get("/admin/two-factor", challenge)).headers.get("Location")).toBe("/admin");

    const limited = await codeStep(await passwordStep(), nextCode(secret));
    expect(limited.status).toBe(429);
    expect(limited.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(await limited.text()).toContain("Too many wrong codes");
    expect(cookieNamed(limited, "wlx_session")).toBeUndefined();

    await clearLoginAttempts(suite.database);
    expect((await codeStep(await passwordStep(), nextCode(secret))).status).toBe(302);
  });

  it("refuses an expired challenge and an aal1 session of an account with two-factor on", async () => {
    const { secret } = await enrol(await signedInCookie(server(), email, PASSWORD));
    const challenge = await passwordStep();
    await sql`update login_challenges set expires_at = now() - interval '1 second'`.execute(db());
    expect((await get("/admin/two-factor", challenge)).headers.get("Location")).toBe("/admin");
    const late = await codeStep(challenge, nextCode(secret));
    expect(late.headers.get("Location")).toBe("/admin");
    expect(cookieNamed(late, "wlx_session")).toBeUndefined();

    const aal1 = await createSession(db(), adminId, { aal: 1 });
    const cookie = `wlx_session=${aal1.id}`;
    expect((await get("/admin/dashboard", cookie)).headers.get("Location")).toBe("/admin");
    // The sign-in screen does not treat it as signed in either.
    expect((await get("/admin", cookie)).status).toBe(200);
  });

  it("turns two-factor off and makes new recovery codes only for a current code", async () => {
    const cookie = await signedInCookie(server(), email, PASSWORD);
    const { secret, codes } = await enrol(cookie);
    const session = cookieHeader(await codeStep(await passwordStep(), nextCode(secret)));

    const wrong = await settingsPost(session, { intent: "two-factor-regenerate", code: "000000" });
    expect(wrong.status).toBe(401);
    await forgetLastStep();
    const regenerated = await settingsPost(session, {
      intent: "two-factor-regenerate",
      code: currentCode(secret),
    });
    expect(regenerated.status).toBe(200);
    const fresh = [...(await regenerated.text()).matchAll(/<code>([A-Z2-9-]{11})<\/code>/g)].map(
      (m) => m[1]!,
    );
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(codes[0]);

    const refused = await settingsPost(session, { intent: "two-factor-disable", code: codes[0]! });
    expect(refused.status).toBe(401);
    expect(await refused.text()).toContain("That code is not valid");
    const off = await settingsPost(session, { intent: "two-factor-disable", code: fresh[0]! });
    expect(off.status).toBe(302);
    const row = await db()
      .selectFrom("admins")
      .select(["totp_secret", "totp_enabled_at"])
      .where("id", "=", adminId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ totp_secret: null, totp_enabled_at: null });
    expect(
      await db().selectFrom("recovery_codes").where("admin_id", "=", adminId).selectAll().execute(),
    ).toEqual([]);
    // Signing in is one step again.
    expect((await apiLogin(server(), { email, password: PASSWORD })).status).toBe(200);
    const types = (await listEvents(db(), { adminId })).map((e) => e.type);
    expect(types).toEqual(
      expect.arrayContaining(["account.recovery_codes_regenerated", "account.two_factor_disabled"]),
    );
  });

  it("refuses an unknown settings intent and an enrolment confirmed before it was started", async () => {
    const cookie = await signedInCookie(server(), email, PASSWORD);
    const unknown = await settingsPost(cookie, { intent: "make-me-admin" });
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain("Unknown action");
    const early = await settingsPost(cookie, { intent: "two-factor-confirm", code: "123456" });
    expect(early.status).toBe(400);
    expect(await early.text()).toContain("Start again");
    const notOn = await settingsPost(cookie, { intent: "two-factor-disable", code: "123456" });
    expect(notOn.status).toBe(400);
    expect(await notOn.text()).toContain("Two-factor authentication is not on");
  });
});
