import { beforeEach, describe, expect, it } from "vitest";
import { changePassword, createAdmin } from "~/server/auth/admins.server";
import { deviceCookieValue } from "~/server/auth/device.server";
import { signIn, SECOND_FACTOR_REQUIRED } from "~/server/auth/login.server";
import { LOGIN_LIMITS } from "~/server/auth/rate-limit.server";
import { loadCookieSecret } from "~/server/auth/secret.server";
import { createSession, getSessionAdmin } from "~/server/auth/session.server";
import { completeSecondFactor, type Challenge } from "~/server/auth/sign-in-challenge.server";
import { secretKey, totpCodeAt } from "~/server/auth/totp.server";
import { confirmEnrolment, startEnrolment, twoFactorView } from "~/server/auth/two-factor.server";
import { BACKENDS, useTestDatabase } from "../support/db";
import { recordingMailer } from "../support/recording-mailer";

const EMAIL = "owner@example.com";
const PASSWORD = "correct horse battery staple";
const ORIGIN = { ip: "10.9.8.7", userAgent: "test" };

describe.each(BACKENDS)("two-factor services on %s", (backend) => {
  const { db } = useTestDatabase(backend);
  let adminId: string;
  let secret: string;
  let recoveryCodes: string[];
  async function passwordStep(deviceCookie?: string): Promise<Challenge> {
    const result = await signIn(db(), {
      email: EMAIL,
      password: PASSWORD,
      ...ORIGIN,
      deviceCookie,
    });
    if (result.ok || !result.challenge) throw new Error("expected a challenge");
    expect(result.error).toBe(SECOND_FACTOR_REQUIRED);
    return result.challenge;
  }

  beforeEach(async () => {
    adminId = (await createAdmin(db(), EMAIL, PASSWORD)).id;
    const session = await createSession(db(), adminId);
    await startEnrolment(db(), adminId);
    const view = await twoFactorView(db(), adminId, "Wanderlux");
    if (view.state !== "enrolling") throw new Error("not enrolling");
    secret = view.secret;
    const enrolled = await confirmEnrolment(
      db(),
      { id: adminId, sessionId: session.id },
      totpCodeAt(secretKey(secret), Date.now()),
      ORIGIN,
    );
    recoveryCodes = enrolled.recoveryCodes;
    // The enrolling session was replaced by a new id at aal2; the old id opens nothing.
    expect(enrolled.session?.id).not.toBe(session.id);
    expect(await getSessionAdmin(db(), enrolled.session?.id)).toMatchObject({
      id: adminId,
      aal: 2,
    });
    expect(await getSessionAdmin(db(), session.id)).toBeNull();
    expect(await db().selectFrom("sessions").selectAll().execute()).toHaveLength(1);
  });

  it("creates no session at the password step, and an aal2 session for a code", async () => {
    const challenge = await passwordStep();
    expect(await db().selectFrom("sessions").selectAll().execute()).toHaveLength(1);
    const result = await completeSecondFactor(db(), {
      challengeId: challenge.id,
      code: totpCodeAt(secretKey(secret), Date.now() + 30_000),
      origin: ORIGIN,
    });
    if (!result.ok) throw new Error(result.error);
    expect(await getSessionAdmin(db(), result.session.id)).toEqual({
      id: adminId,
      email: EMAIL,
      aal: 2,
      mustEnrol: false,
      role: "owner",
    });
    expect(await db().selectFrom("login_challenges").selectAll().execute()).toEqual([]);
  });

  it("ends a sign-in waiting for its code when the password is changed meanwhile", async () => {
    const challenge = await passwordStep();
    const keep = await createSession(db(), adminId, { aal: 2 });
    await changePassword(
      db(),
      adminId,
      { currentPassword: PASSWORD, newPassword: "a different long password" },
      keep.id,
    );
    const result = await completeSecondFactor(db(), {
      challengeId: challenge.id,
      code: totpCodeAt(secretKey(secret), Date.now() + 30_000),
      origin: ORIGIN,
    });
    expect(result).toMatchObject({ ok: false, restart: true });
    expect(await db().selectFrom("login_challenges").selectAll().execute()).toEqual([]);
    // The session that changed the password stays.
    expect(await getSessionAdmin(db(), keep.id)).toMatchObject({ id: adminId });
  });

  it("lets exactly one of concurrent uses of the same code win, on one challenge or two", async () => {
    const code = totpCodeAt(secretKey(secret), Date.now() + 30_000);
    const one = await passwordStep();
    const two = await passwordStep();
    const results = await Promise.all([
      completeSecondFactor(db(), { challengeId: one.id, code, origin: ORIGIN }),
      completeSecondFactor(db(), { challengeId: one.id, code, origin: ORIGIN }),
      completeSecondFactor(db(), { challengeId: two.id, code, origin: ORIGIN }),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
  });

  it("lets exactly one of concurrent uses of a recovery code win", async () => {
    const code = recoveryCodes[3]!;
    const challenges = [await passwordStep(), await passwordStep(), await passwordStep()];
    const results = await Promise.all(
      challenges.map((c) =>
        completeSecondFactor(db(), { challengeId: c.id, code, origin: ORIGIN }),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
  });

  it("refuses over-long, NUL and bidi input as malformed without counting it", async () => {
    const challenge = await passwordStep();
    for (const code of ["1".repeat(65), "123\u0000456", "123\u202e456", 123456, null]) {
      const result = await completeSecondFactor(db(), {
        challengeId: challenge.id,
        code,
        origin: ORIGIN,
      });
      expect(result).toMatchObject({ ok: false, status: 400, restart: false });
    }
    const [row] = await db().selectFrom("login_challenges").select("attempts").execute();
    expect(row!.attempts).toBe(0);
  });

  it("keeps the admin's trusted device able to finish sign-in when wrong codes from elsewhere use up the admin's limit, and e-mails the admin once", async () => {
    await loadCookieSecret(db(), "a test key for signing device cookies");
    const device = deviceCookieValue(EMAIL);
    const mailer = recordingMailer();
    const notify = { mailer, site: { name: "Wanderlux", publicUrl: "https://travel.example.com" } };
    const attacker = { ip: "203.0.113.9", userAgent: "curl" };
    // Whoever knows the password, without the admin's device cookie: five wrong codes.
    const stolen = await passwordStep();
    for (let i = 0; i < LOGIN_LIMITS.totp; i++) {
      const wrong = await completeSecondFactor(
        db(),
        { challengeId: stolen.id, code: "000000", origin: attacker },
        notify,
      );
      expect(wrong).toMatchObject({ ok: false, status: 401 });
    }
    const blocked = await completeSecondFactor(
      db(),
      {
        challengeId: (await passwordStep()).id,
        code: totpCodeAt(secretKey(secret), Date.now()),
        origin: attacker,
      },
      notify,
    );
    expect(blocked).toMatchObject({ ok: false, status: 429 });
    // The admin's own browser: its wrong codes count on it alone, and its right code gets in.
    const own = await passwordStep(device);
    expect(
      await completeSecondFactor(db(), { challengeId: own.id, code: "111111", origin: ORIGIN }),
    ).toMatchObject({ ok: false, status: 401 });
    const result = await completeSecondFactor(db(), {
      challengeId: own.id,
      code: totpCodeAt(secretKey(secret), Date.now() + 30_000),
      origin: ORIGIN,
    });
    expect(result.ok).toBe(true);
    // One warning, to the admin, for five wrong codes; more wrong codes within the hour add none.
    expect(mailer.sent).toHaveLength(1);
    expect(mailer.sent[0]!.to).toBe(EMAIL);
    expect(mailer.sent[0]!.subject).toContain("Your password was used to sign in");
    expect(mailer.sent[0]!.text).toContain("from 203.0.113.9");
    await db().deleteFrom("login_attempts").execute();
    const again = await passwordStep();
    await completeSecondFactor(
      db(),
      { challengeId: again.id, code: "000000", origin: attacker },
      notify,
    );
    expect(mailer.sent).toHaveLength(1);
  });
});
