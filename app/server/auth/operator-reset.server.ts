import { recordEvent } from "../events/events.server";
import { inTransaction, type Db } from "../platform/db.server";
import { badRequest, notFound } from "../platform/errors.server";
import { findAdminByEmail, hashPassword, newAdminSchema } from "./admins.server";
import { destroyAdminSessions } from "./session.server";
import { revokeAccountLinks } from "./verification.server";

/*
 * For an admin locked out of their e-mail, or who lost their device and recovery codes: the
 * operator runs `npm run admin -- reset-password|reset-2fa <email>` on the server.
 * Both end every session of that admin and are recorded as events.
 */

async function lockedOut(db: Db, email: string) {
  const admin = await findAdminByEmail(db, email);
  if (!admin) throw notFound(`No admin with e-mail ${email.trim()}`);
  return admin;
}

async function endEverything(trx: Db, adminId: string): Promise<void> {
  await destroyAdminSessions(trx, adminId);
  await revokeAccountLinks(trx, adminId);
}

export async function operatorResetPassword(
  db: Db,
  email: string,
  password: string,
): Promise<{ email: string }> {
  const parsed = newAdminSchema.shape.password.safeParse(password);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? "Invalid password");
  const admin = await lockedOut(db, email);
  const password_hash = await hashPassword(parsed.data);
  await inTransaction(db, async (trx) => {
    await trx
      .updateTable("admins")
      .set({ password_hash, updated_at: new Date() })
      .where("id", "=", admin.id)
      .execute();
    await endEverything(trx, admin.id);
    await recordEvent(trx, {
      type: "account.password_reset",
      adminId: admin.id,
      email: admin.email,
      details: { via: "cli" },
    });
  });
  return { email: admin.email };
}

export async function operatorResetTwoFactor(db: Db, email: string): Promise<{ email: string }> {
  const admin = await lockedOut(db, email);
  await inTransaction(db, async (trx) => {
    await trx
      .updateTable("admins")
      .set({
        totp_secret: null,
        totp_pending_secret: null,
        totp_enabled_at: null,
        totp_last_step: null,
        updated_at: new Date(),
      })
      .where("id", "=", admin.id)
      .execute();
    await trx.deleteFrom("recovery_codes").where("admin_id", "=", admin.id).execute();
    await endEverything(trx, admin.id);
    await recordEvent(trx, {
      type: "account.two_factor_disabled",
      adminId: admin.id,
      email: admin.email,
      details: { via: "cli" },
    });
  });
  return { email: admin.email };
}
