import { afterEach, describe, expect, it } from "vitest";
import { createAdmin } from "~/server/auth/admins.server";
import { signIn } from "~/server/auth/login.server";
import { completeSecondFactor } from "~/server/auth/sign-in-challenge.server";
import { secretKey, totpCodeAt } from "~/server/auth/totp.server";
import {
  isSealed,
  loadTotpKeys,
  openTotpSecret,
  resealTotpSecrets,
  TotpSealError,
} from "~/server/auth/totp-seal.server";
import { confirmEnrolment, startEnrolment, twoFactorView } from "~/server/auth/two-factor.server";
import { BACKENDS, useTestDatabase } from "../support/db";

const KEY = "k".repeat(40);
const OTHER_KEY = "o".repeat(40);
const EMAIL = "sealed@example.com";
const PASSWORD = "correct horse battery staple";
const ORIGIN = { ip: "10.0.0.9", userAgent: "test" };

// Decision 120: with SESSION_SECRET set, two-factor secrets are stored encrypted.
describe.each(BACKENDS)("two-factor secrets at rest on %s", (backend) => {
  const { db } = useTestDatabase(backend);
  afterEach(() => loadTotpKeys());

  const stored = (id: string) =>
    db()
      .selectFrom("admins")
      .select(["totp_secret", "totp_pending_secret"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();

  async function enrolled(): Promise<{ id: string; secret: string }> {
    const { id } = await createAdmin(db(), EMAIL, PASSWORD);
    await startEnrolment(db(), id);
    const view = await twoFactorView(db(), id, "Wanderlux");
    if (view.state !== "enrolling") throw new Error("not enrolling");
    // The pending secret is sealed too when a key is loaded.
    const pending = (await stored(id)).totp_pending_secret!;
    expect(isSealed(pending)).toBe(pending !== view.secret);
    await confirmEnrolment(
      db(),
      { id, sessionId: undefined },
      totpCodeAt(secretKey(view.secret), Date.now()),
      ORIGIN,
    );
    return { id, secret: view.secret };
  }

  async function signInWithCode(secret: string) {
    const first = await signIn(db(), { email: EMAIL, password: PASSWORD, ip: ORIGIN.ip });
    if (first.ok || !first.challenge) throw new Error("expected a challenge");
    return completeSecondFactor(db(), {
      challengeId: first.challenge.id,
      code: totpCodeAt(secretKey(secret), Date.now() + 30_000),
      origin: ORIGIN,
    });
  }

  it("stores the secret sealed when SESSION_SECRET is set, and a code still signs in", async () => {
    loadTotpKeys(KEY);
    const { id, secret } = await enrolled();
    const row = await stored(id);
    expect(isSealed(row.totp_secret!)).toBe(true);
    expect(row.totp_secret).not.toContain(secret);
    expect(openTotpSecret(row.totp_secret!, id)).toBe(secret);
    // Sealed for this account only: the value copied to another admin does not open.
    expect(() => openTotpSecret(row.totp_secret!, "someone-else")).toThrow(TotpSealError);
    expect((await signInWithCode(secret)).ok).toBe(true);
  });

  it("still reads a secret stored plain, and seals it at start", async () => {
    const { id, secret } = await enrolled();
    expect((await stored(id)).totp_secret).toBe(secret);
    loadTotpKeys(KEY);
    expect(await resealTotpSecrets(db())).toBe(1);
    const row = await stored(id);
    expect(isSealed(row.totp_secret!)).toBe(true);
    expect(await resealTotpSecrets(db())).toBe(0);
    expect((await signInWithCode(secret)).ok).toBe(true);
  });

  it("fails clearly with another key, and SESSION_SECRET_PREVIOUS rotates it", async () => {
    loadTotpKeys(KEY);
    const { id, secret } = await enrolled();
    const sealed = (await stored(id)).totp_secret!;
    loadTotpKeys(OTHER_KEY);
    await expect(resealTotpSecrets(db())).rejects.toThrow(
      /encrypted with another SESSION_SECRET: set SESSION_SECRET \(or SESSION_SECRET_PREVIOUS\)/,
    );
    await expect(signInWithCode(secret)).rejects.toThrow(TotpSealError);
    expect((await stored(id)).totp_secret).toBe(sealed);

    loadTotpKeys(OTHER_KEY, KEY);
    expect(await resealTotpSecrets(db())).toBe(1);
    const rotated = (await stored(id)).totp_secret!;
    expect(rotated).not.toBe(sealed);
    loadTotpKeys(OTHER_KEY);
    expect(openTotpSecret(rotated, id)).toBe(secret);
    expect((await signInWithCode(secret)).ok).toBe(true);

    // Unsetting the key with the old one as previous stores it plain again.
    loadTotpKeys(undefined, OTHER_KEY);
    expect(await resealTotpSecrets(db())).toBe(1);
    expect((await stored(id)).totp_secret).toBe(secret);
  });
});
