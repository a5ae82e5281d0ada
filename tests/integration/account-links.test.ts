import { sql } from "kysely";
import { beforeEach, describe, expect, it } from "vitest";
import { changePassword, createAdmin } from "~/server/auth/admins.server";
import { deleteAddress, makePrimary } from "~/server/auth/email-addresses.server";
import { operatorResetPassword, operatorResetTwoFactor } from "~/server/auth/operator-reset.server";
import { requestPasswordReset, resetPassword } from "~/server/auth/password-reset.server";
import { acceptInvitation, inviteAdmin, listTeam, removeAdmin } from "~/server/auth/team.server";
import { secretKey, totpCodeAt } from "~/server/auth/totp.server";
import {
  confirmEnrolment,
  disableTwoFactor,
  regenerateRecoveryCodes,
  startEnrolment,
} from "~/server/auth/two-factor.server";
import { checkVerification, createVerification } from "~/server/auth/verification.server";
import { BACKENDS, useTestDatabase } from "../support/db";
import { recordingMailer } from "../support/recording-mailer";

/*
 * Decision 113: a link dies with what it was sent for. A password-reset link works only while the
 * address it went to is still the account's; every unused link of an account ends when the
 * account's password, addresses or second factor change; an invitation ends with its sender.
 */

const EMAIL = "owner@example.com";
const SECOND = "old-mailbox@example.com";
const PASSWORD = "correct horse battery staple";
const SITE = { name: "Wanderlux", publicUrl: "https://travel.example.com" };
const ORIGIN = { ip: "10.0.0.9", userAgent: "test" };
const NEW_PASSWORD = "a brand new passphrase";

const tokenOf = (link: string | undefined) => {
  if (!link) throw new Error("nothing sent");
  return new URL(link).searchParams.get("token")!;
};

describe.each(BACKENDS)("account links on %s", (backend) => {
  const { db } = useTestDatabase(backend);
  let adminId: string;
  let secondId: string;

  beforeEach(async () => {
    adminId = (await createAdmin(db(), EMAIL, PASSWORD)).id;
    secondId = (
      await db()
        .insertInto("admin_emails")
        .values({ admin_id: adminId, email: SECOND, verified_at: new Date() })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
  });

  async function resetToken(email: string): Promise<string> {
    const mailer = recordingMailer();
    const result = await requestPasswordReset(db(), { email, ip: "10.0.0.9", mailer, site: SITE });
    await result.delivery;
    return tokenOf(mailer.sent[0]?.link);
  }

  const redeem = (token: string) =>
    resetPassword(db(), { token, newPassword: NEW_PASSWORD, origin: ORIGIN });

  async function expectDead(token: string) {
    const check = await checkVerification(db(), "password_reset", token);
    expect(check.ok).toBe(false);
    await expect(redeem(token)).rejects.toThrow(/not valid|already been used|expired/);
    const row = await db()
      .selectFrom("admins")
      .select("password_hash")
      .where("id", "=", adminId)
      .executeTakeFirstOrThrow();
    const argon2 = await import("argon2");
    expect(await argon2.verify(row.password_hash, NEW_PASSWORD)).toBe(false);
  }

  async function pendingAddress(email: string): Promise<string> {
    await db().insertInto("admin_emails").values({ admin_id: adminId, email }).execute();
    const { token } = await createVerification(db(), {
      type: "email_verify",
      target: email,
      adminId,
    });
    return token;
  }

  it("refuses a reset link whose address is no longer a verified address of the account", async () => {
    const token = await resetToken(SECOND);
    expect((await checkVerification(db(), "password_reset", token)).ok).toBe(true);
    // However the address left (here behind every service's back), the link goes with it.
    await db().deleteFrom("admin_emails").where("id", "=", secondId).execute();
    await expectDead(token);
    expect((await checkVerification(db(), "password_reset", token)).ok || "refused").toBe(
      "refused",
    );
  });

  it("refuses a reset link sent to an address that is now unverified", async () => {
    const token = await resetToken(SECOND);
    await db()
      .updateTable("admin_emails")
      .set({ verified_at: null })
      .where("id", "=", secondId)
      .execute();
    await expectDead(token);
  });

  it("ends every unused link when an address is deleted", async () => {
    const toSecond = await resetToken(SECOND);
    const toPrimary = await resetToken(EMAIL);
    const check = await pendingAddress("pending@example.com");
    await deleteAddress(db(), { adminId, addressId: secondId, origin: ORIGIN });
    await expectDead(toSecond);
    await expectDead(toPrimary);
    expect((await checkVerification(db(), "email_verify", check)).ok).toBe(false);
    const left = await db()
      .selectFrom("admin_emails")
      .select("email")
      .where("admin_id", "=", adminId)
      .execute();
    expect(left).toEqual([]);
  });

  it("ends every unused link when the primary address changes", async () => {
    const toPrimary = await resetToken(EMAIL);
    await makePrimary(db(), { adminId, addressId: secondId, origin: ORIGIN });
    await expectDead(toPrimary);
  });

  it("ends every unused link when the password is changed", async () => {
    const token = await resetToken(SECOND);
    const check = await pendingAddress("pending@example.com");
    await changePassword(
      db(),
      adminId,
      { currentPassword: PASSWORD, newPassword: "yet another passphrase" },
      undefined,
      ORIGIN,
    );
    const row = await db()
      .selectFrom("admins")
      .select("password_hash")
      .where("id", "=", adminId)
      .executeTakeFirstOrThrow();
    await expect(redeem(token)).rejects.toThrow(/not valid/);
    expect((await checkVerification(db(), "email_verify", check)).ok).toBe(false);
    const after = await db()
      .selectFrom("admins")
      .select("password_hash")
      .where("id", "=", adminId)
      .executeTakeFirstOrThrow();
    expect(after.password_hash).toBe(row.password_hash);
  });

  it("ends the other links when one reset link is used", async () => {
    const toSecond = await resetToken(SECOND);
    const toPrimary = await resetToken(EMAIL);
    await redeem(toPrimary);
    const hash = await db()
      .selectFrom("admins")
      .select("password_hash")
      .where("id", "=", adminId)
      .executeTakeFirstOrThrow();
    await expect(
      resetPassword(db(), { token: toSecond, newPassword: "attacker passphrase", origin: ORIGIN }),
    ).rejects.toThrow(/not valid/);
    const after = await db()
      .selectFrom("admins")
      .select("password_hash")
      .where("id", "=", adminId)
      .executeTakeFirstOrThrow();
    expect(after.password_hash).toBe(hash.password_hash);
  });

  it("ends every unused link when two-factor is turned on, renewed or off", async () => {
    await startEnrolment(db(), adminId);
    const { totp_pending_secret } = await db()
      .selectFrom("admins")
      .select("totp_pending_secret")
      .where("id", "=", adminId)
      .executeTakeFirstOrThrow();
    const secret = totp_pending_secret!;
    const code = (offset: number) => totpCodeAt(secretKey(secret), Date.now() + offset);

    let token = await resetToken(SECOND);
    await confirmEnrolment(db(), { id: adminId, sessionId: undefined }, code(0), ORIGIN);
    await expectDead(token);

    token = await resetToken(SECOND);
    const recovery = await regenerateRecoveryCodes(db(), adminId, code(30_000), ORIGIN);
    await expectDead(token);

    token = await resetToken(SECOND);
    await disableTwoFactor(db(), adminId, recovery[0], ORIGIN);
    await expectDead(token);
  });

  it("ends every unused link on the operator's password and two-factor resets", async () => {
    let token = await resetToken(SECOND);
    const check = await pendingAddress("pending@example.com");
    await operatorResetPassword(db(), EMAIL, "the operator's passphrase");
    await expect(redeem(token)).rejects.toThrow(/not valid/);
    expect((await checkVerification(db(), "email_verify", check)).ok).toBe(false);

    token = await resetToken(SECOND);
    await operatorResetTwoFactor(db(), EMAIL);
    await expect(redeem(token)).rejects.toThrow(/not valid/);
  });

  it("leaves a link alone when nothing about the account changed", async () => {
    const token = await resetToken(SECOND);
    const outcome = await redeem(token);
    expect(outcome.signedIn).toBe("session");
  });

  describe("invitations", () => {
    const invite = async (actor: { id: string; email: string }, email: string) => {
      const mailer = recordingMailer();
      await inviteAdmin(db(), { actor, email, role: "editor", origin: ORIGIN, mailer, site: SITE });
      return tokenOf(mailer.sent[0]?.link);
    };
    const accept = (token: string) =>
      acceptInvitation(db(), { token, password: NEW_PASSWORD, origin: ORIGIN });

    it("withdraws an admin's unused invitations when they are removed", async () => {
      const insider = await createAdmin(db(), "insider@example.com", PASSWORD);
      const token = await invite(insider, "accomplice@example.com");
      const kept = await invite({ id: adminId, email: EMAIL }, "colleague@example.com");
      await removeAdmin(db(), { actorId: adminId, targetId: insider.id, origin: ORIGIN });
      await expect(accept(token)).rejects.toThrow(/not valid/);
      const team = await listTeam(db());
      expect(team.invitations.map((i) => i.email)).toEqual(["colleague@example.com"]);
      expect((await accept(kept)).email).toBe("colleague@example.com");
    });

    it("refuses an invitation whose sender is gone, however it lost them", async () => {
      const insider = await createAdmin(db(), "insider@example.com", PASSWORD);
      const token = await invite(insider, "accomplice@example.com");
      // A row left by an earlier version (the sender deleted, created_by set to null).
      await db()
        .updateTable("verifications")
        .set({ created_by: null })
        .where("type", "=", "invite")
        .execute();
      expect((await checkVerification(db(), "invite", token)).ok).toBe(false);
      await expect(accept(token)).rejects.toThrow(/not valid/);
      expect((await listTeam(db())).invitations).toEqual([]);
      const admins = await db()
        .selectFrom("admins")
        .select(sql<number>`count(*)::int`.as("n"))
        .executeTakeFirstOrThrow();
      expect(admins.n).toBe(2);
    });
  });
});
