import { beforeEach, describe, expect, it } from "vitest";
import { createAdmin } from "~/server/auth/admins.server";
import { signIn, SECOND_FACTOR_REQUIRED } from "~/server/auth/login.server";
import { createSession, getSessionAdmin } from "~/server/auth/session.server";
import { completeSecondFactor, type Challenge } from "~/server/auth/sign-in-challenge.server";
import { secretKey, totpCodeAt } from "~/server/auth/totp.server";
import { confirmEnrolment, startEnrolment, twoFactorView } from "~/server/auth/two-factor.server";
import { BACKENDS, useTestDatabase } from "../support/db";

const EMAIL = "owner@example.com";
const PASSWORD = "correct horse battery staple";
const ORIGIN = { ip: "10.9.8.7", userAgent: "test" };

describe.each(BACKENDS)("two-factor services on %s", (backend) => {
  const { db } = useTestDatabase(backend);
  let adminId: string;
  let secret: string;
  let recoveryCodes: string[];
  async function passwordStep(): Promise<Challenge> {
    const result = await signIn(db(), { email: EMAIL, password: PASSWORD, ...ORIGIN });
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
    recoveryCodes = await confirmEnrolment(
      db(),
      { id: adminId, sessionId: session.id },
      totpCodeAt(secretKey(secret), Date.now()),
      ORIGIN,
    );
    // The enrolling session went to aal2 and stays valid.
    expect(await getSessionAdmin(db(), session.id)).toMatchObject({ id: adminId, aal: 2 });
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
    });
    expect(await db().selectFrom("login_challenges").selectAll().execute()).toEqual([]);
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
});
