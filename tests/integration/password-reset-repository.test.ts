import { beforeEach, describe, expect, it } from "vitest";
import { createAdmin, verifyPassword } from "~/server/auth/admins.server";
import {
  requestPasswordReset,
  resetPassword,
  RESET_REQUESTED_MESSAGE,
} from "~/server/auth/password-reset.server";
import { createSession, getSessionAdmin } from "~/server/auth/session.server";
import { recordingMailer } from "../support/recording-mailer";
import { BACKENDS, useTestDatabase } from "../support/db";

const EMAIL = "owner@example.com";
const PASSWORD = "correct horse battery staple";
const SITE = { name: "Wanderlux", publicUrl: "https://travel.example.com" };
const ORIGIN = { ip: "10.0.0.9", userAgent: "test" };

describe.each(BACKENDS)("password reset services on %s", (backend) => {
  const { db } = useTestDatabase(backend);
  let adminId: string;

  beforeEach(async () => {
    adminId = (await createAdmin(db(), EMAIL, PASSWORD)).id;
  });

  async function tokenFor(email: string): Promise<string> {
    const mailer = recordingMailer();
    const result = await requestPasswordReset(db(), { email, ip: "10.0.0.9", mailer, site: SITE });
    expect(result.message).toBe(RESET_REQUESTED_MESSAGE);
    await result.delivery;
    const link = mailer.sent[0]?.link;
    if (!link) throw new Error("nothing sent");
    return new URL(link).searchParams.get("token")!;
  }

  it("matches the address without regard to case and sends the link to the account's address", async () => {
    const mailer = recordingMailer();
    const result = await requestPasswordReset(db(), {
      email: "  OWNER@example.com ",
      ip: "10.0.0.9",
      mailer,
      site: SITE,
    });
    await result.delivery;
    expect(mailer.sent.map((m) => m.to)).toEqual([EMAIL]);
    expect(mailer.sent[0]!.link).toMatch(
      /^https:\/\/travel\.example\.com\/admin\/reset-password\?token=[A-Za-z0-9_-]{43}$/,
    );
  });

  it("lets exactly one of two concurrent resets with the same link win", async () => {
    const token = await tokenFor(EMAIL);
    const results = await Promise.allSettled([
      resetPassword(db(), { token, newPassword: "first new passphrase", origin: ORIGIN }),
      resetPassword(db(), { token, newPassword: "second new passphrase", origin: ORIGIN }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const failed = results.find((r) => r.status === "rejected");
    expect(String((failed as PromiseRejectedResult).reason)).toMatch(/already been used/);
    const { password_hash } = await db()
      .selectFrom("admins")
      .select("password_hash")
      .where("id", "=", adminId)
      .executeTakeFirstOrThrow();
    const winners = await Promise.all([
      verifyPassword(password_hash, "first new passphrase"),
      verifyPassword(password_hash, "second new passphrase"),
    ]);
    expect(winners.filter(Boolean)).toHaveLength(1);
  });

  it("ends every session of the admin and signs in with a new one", async () => {
    const old = await createSession(db(), adminId);
    const token = await tokenFor(EMAIL);
    const outcome = await resetPassword(db(), {
      token,
      newPassword: "a new long passphrase",
      confirmPassword: "a new long passphrase",
      origin: ORIGIN,
    });
    if (outcome.signedIn !== "session") throw new Error("expected a session");
    expect(await getSessionAdmin(db(), old.id)).toBeNull();
    expect(await getSessionAdmin(db(), outcome.session.id)).toMatchObject({ id: adminId });
  });
});
