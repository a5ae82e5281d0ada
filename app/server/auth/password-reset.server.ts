import { z } from "zod";
import { recordEvent, type RequestOrigin } from "../events/events.server";
import type { Mailer } from "../mail/mailer.server";
import { passwordResetMail, type MailSite } from "../mail/templates.server";
import { inTransaction, type Db } from "../platform/db.server";
import { AppError, badRequest } from "../platform/errors.server";
import { hasUnstorableText, UNSTORABLE_TEXT_MESSAGE } from "../platform/unstorable-text.server";
import { findAdminByEmail, hashPassword, newAdminSchema } from "./admins.server";
import { beginResetRequest } from "./rate-limit.server";
import { createChallenge, type Challenge } from "./sign-in-challenge.server";
import { createSession, destroyAdminSessions } from "./session.server";
import { consumeVerification, createVerification, revokeAccountLinks } from "./verification.server";

/*
 * Password recovery, a thin caller of the verification module. The request answers the
 * same, in about the same time, whether or not the address has an account: the e-mail goes out
 * after the answer (the mailer never throws; a failure is logged), so neither the timing nor a
 * failed send tells anyone which addresses exist.
 */

export const RESET_REQUESTED_MESSAGE =
  "If an account uses that address, we have sent it a link to choose a new password. The link works once, for 1 hour.";
export const PASSWORD_RESET_DONE =
  "Your password has been changed. Every other session has been signed out.";

const emailSchema = z
  .string({ error: "Please enter a valid e-mail address" })
  .trim()
  .max(254, { error: "Please enter a valid e-mail address" })
  .pipe(z.email({ error: "Please enter a valid e-mail address" }));

export async function requestPasswordReset(
  db: Db,
  input: { email: unknown; ip: string; mailer: Mailer; site: MailSite },
): Promise<{ message: string; delivery: Promise<unknown> }> {
  if (hasUnstorableText([input.email])) throw badRequest(UNSTORABLE_TEXT_MESSAGE);
  const parsed = emailSchema.safeParse(input.email);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? "Please enter a valid e-mail address";
    throw badRequest(message, { email: [message] });
  }
  const email = parsed.data;
  const ticket = await beginResetRequest(db, email, input.ip);
  if (!ticket.allowed) {
    const minutes = Math.max(1, Math.ceil(ticket.retryAfterSeconds / 60));
    throw new AppError(
      `Too many password reset requests. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
      429,
    );
  }
  const admin = await findAdminByEmail(db, email);
  if (!admin) return { message: RESET_REQUESTED_MESSAGE, delivery: Promise.resolve() };
  const target = email.toLowerCase();
  const { token } = await createVerification(db, {
    type: "password_reset",
    // The address it goes to: the link works only while that address is still the account's.
    target,
    adminId: admin.id,
  });
  const content = passwordResetMail(input.site, { token });
  // Not awaited by the request: its answer must not wait on (or reveal) the mail server.
  // To the address typed: the primary or a verified further address of the account.
  const delivery = input.mailer.send({ to: target, ...content });
  return { message: RESET_REQUESTED_MESSAGE, delivery };
}

export const resetPasswordSchema = z
  .object({
    newPassword: newAdminSchema.shape.password,
    confirmPassword: z.string().max(1024).optional(),
  })
  .refine((v) => v.confirmPassword === undefined || v.confirmPassword === v.newPassword, {
    error: "The new passwords do not match",
    path: ["confirmPassword"],
  });

export type ResetOutcome =
  | { signedIn: "session"; adminId: string; session: { id: string; expiresAt: Date } }
  | { signedIn: "second_factor"; adminId: string; challenge: Challenge };

/**
 * The link's form: a valid new password uses the link (once), sets the password, ends every
 * session of the admin, and signs in: a session, or for a two-factor account the code step.
 * Bad input changes nothing and keeps the link usable.
 */
export async function resetPassword(
  db: Db,
  input: { token: unknown; newPassword: unknown; confirmPassword?: unknown; origin: RequestOrigin },
): Promise<ResetOutcome> {
  if (hasUnstorableText([input.newPassword, input.confirmPassword]))
    throw badRequest(UNSTORABLE_TEXT_MESSAGE);
  const parsed = resetPasswordSchema.safeParse({
    newPassword: input.newPassword,
    confirmPassword: input.confirmPassword,
  });
  if (!parsed.success) {
    const details: Record<string, string[]> = {};
    for (const issue of parsed.error.issues)
      (details[String(issue.path[0] ?? "form")] ??= []).push(issue.message);
    throw badRequest(parsed.error.issues[0]?.message ?? "Invalid password", details);
  }
  const password_hash = await hashPassword(parsed.data.newPassword);
  return inTransaction(db, async (trx) => {
    const used = await consumeVerification(trx, "password_reset", input.token);
    if (!used.ok) throw new AppError(used.message, 400, { token: [used.message] });
    const adminId = used.verification.adminId;
    const admin = adminId
      ? await trx
          .updateTable("admins")
          .set({ password_hash, updated_at: new Date() })
          .where("id", "=", adminId)
          .returning(["id", "email", "totp_enabled_at"])
          .executeTakeFirst()
      : undefined;
    if (!admin) throw new AppError("This link is not valid. Ask for a new one.", 400);
    await destroyAdminSessions(trx, admin.id);
    await revokeAccountLinks(trx, admin.id);
    await recordEvent(trx, {
      type: "account.password_reset",
      adminId: admin.id,
      email: admin.email,
      ...input.origin,
    });
    if (admin.totp_enabled_at) {
      const challenge = await createChallenge(trx, { adminId: admin.id, deviceEmail: admin.email });
      return { signedIn: "second_factor", adminId: admin.id, challenge };
    }
    const session = await createSession(trx, admin.id, { aal: 1, ...input.origin });
    await recordEvent(trx, {
      type: "auth.sign_in",
      adminId: admin.id,
      email: admin.email,
      ...input.origin,
      details: { via: "password_reset" },
    });
    return { signedIn: "session", adminId: admin.id, session };
  });
}
