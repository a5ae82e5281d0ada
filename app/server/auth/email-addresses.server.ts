import { sql } from "kysely";
import { z } from "zod";
import { recordEvent, type RequestOrigin } from "../events/events.server";
import type { Mailer, MailOutcome } from "../mail/mailer.server";
import { emailVerificationMail, type MailSite } from "../mail/templates.server";
import { inTransaction, type Db } from "../platform/db.server";
import {
  AppError,
  badRequest,
  conflict,
  isUniqueViolation,
  notFound,
} from "../platform/errors.server";
import { hasUnstorableText, UNSTORABLE_TEXT_MESSAGE } from "../platform/unstorable-text.server";
import { addressHolder, findAdminByEmail, isAddressTaken } from "./admins.server";
import { consumeVerification, createVerification, revokeAccountLinks } from "./verification.server";

/*
 * Settings → E-mail addresses. admins.email is the primary address; further ones live
 * in admin_emails, pending until their link (the verification module, 24 hours) is used. Sign-in
 * and password recovery accept the primary or any verified address; a verified address belongs to
 * one account only. Only a verified address can become primary; the primary cannot be deleted.
 * Decision 117: a pending address is one account's claim too, exclusive with another account's
 * pending address and with an invitation (the database holds the rule; see addressHolder).
 */

export const PRIMARY_ID = "primary";
export const USED_ELSEWHERE = "That address is already used by another account.";
export const PENDING_ELSEWHERE =
  "That address is waiting for verification on another account. Try again once its link has expired.";
export const INVITED_ELSEWHERE =
  "That address has a pending invitation to the team. Withdraw the invitation first.";

export interface AddressView {
  id: string;
  email: string;
  primary: boolean;
  verified: boolean;
}

export async function loadAddresses(db: Db, adminId: string) {
  const admin = await db
    .selectFrom("admins")
    .select(["id", "email", "name", "created_at"])
    .where("id", "=", adminId)
    .executeTakeFirstOrThrow();
  const more = await db
    .selectFrom("admin_emails")
    .select(["id", "email", "verified_at"])
    .where("admin_id", "=", adminId)
    .orderBy("created_at")
    .execute();
  const addresses: AddressView[] = [
    { id: PRIMARY_ID, email: admin.email, primary: true, verified: true },
    ...more.map((m) => ({
      id: m.id,
      email: m.email,
      primary: false,
      verified: m.verified_at !== null,
    })),
  ];
  return {
    addresses,
    account: {
      id: admin.id,
      name: admin.name,
      count: addresses.length,
      memberSince: new Date(admin.created_at),
      verifiedCount: addresses.filter((a) => a.verified).length,
    },
  };
}

const addressSchema = z
  .string({ error: "Please enter a valid e-mail address" })
  .trim()
  .max(254, { error: "Please enter a valid e-mail address" })
  .pipe(z.email({ error: "Please enter a valid e-mail address" }));

const HOLDER_MESSAGES = {
  account: USED_ELSEWHERE,
  pending: PENDING_ELSEWHERE,
  invited: INVITED_ELSEWHERE,
} as const;

/**
 * Adds a pending address and e-mails it a link naming the account it joins; a failed send removes
 * it again.
 */
export async function addAddress(
  db: Db,
  input: { adminId: string; email: unknown; origin: RequestOrigin; mailer: Mailer; site: MailSite },
): Promise<{ email: string; delivery: MailOutcome }> {
  if (hasUnstorableText([input.email])) throw badRequest(UNSTORABLE_TEXT_MESSAGE);
  const parsed = addressSchema.safeParse(input.email);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? "Please enter a valid e-mail address";
    throw badRequest(message, { email: [message] });
  }
  const email = parsed.data.toLowerCase();
  const owner = await findAdminByEmail(db, email);
  if (owner && owner.id !== input.adminId) throw conflict(USED_ELSEWHERE);
  if (owner) throw badRequest("That address is already on your account.");
  const holder = await addressHolder(db, email, input.adminId);
  if (holder) throw conflict(HOLDER_MESSAGES[holder]);
  const account = await db
    .selectFrom("admins")
    .select(["email", "name"])
    .where("id", "=", input.adminId)
    .executeTakeFirstOrThrow();
  const { id, token } = await inTransaction(db, async (trx) => {
    let row: { id: string };
    try {
      row = await trx
        .insertInto("admin_emails")
        .values({ admin_id: input.adminId, email })
        .returning("id")
        .executeTakeFirstOrThrow();
    } catch (error) {
      if (isAddressTaken(error)) throw conflict(USED_ELSEWHERE);
      if (isUniqueViolation(error))
        throw badRequest("That address is already on your account, waiting for verification.");
      throw error;
    }
    const link = await createVerification(trx, {
      type: "email_verify",
      target: email,
      adminId: input.adminId,
    });
    await recordEvent(trx, {
      type: "account.email_added",
      adminId: input.adminId,
      email,
      ...input.origin,
    });
    return { id: row.id, token: link.token };
  });
  const delivery = await input.mailer.send({
    to: email,
    ...emailVerificationMail(input.site, { token, account }),
  });
  if (delivery.status === "failed") {
    await inTransaction(db, async (trx) => {
      await trx.deleteFrom("admin_emails").where("id", "=", id).execute();
      await trx
        .deleteFrom("verifications")
        .where("type", "=", "email_verify")
        .where("target", "=", email)
        .where("admin_id", "=", input.adminId)
        .execute();
    });
  }
  return { email, delivery };
}

/** The link's page: marks the address verified (once), unless another account has it by now. */
export async function verifyAddress(
  db: Db,
  input: { token: unknown; origin: RequestOrigin },
): Promise<{ email: string }> {
  return inTransaction(db, async (trx) => {
    const used = await consumeVerification(trx, "email_verify", input.token);
    if (!used.ok) throw new AppError(used.message, 400);
    const { adminId, target } = used.verification;
    const owner = await findAdminByEmail(trx, target);
    if (owner && owner.id !== adminId) throw conflict(USED_ELSEWHERE);
    let row: { id: string } | undefined;
    try {
      row = await trx
        .updateTable("admin_emails")
        .set({ verified_at: sql<Date>`now()` })
        .where("admin_id", "=", adminId ?? "")
        .where(sql<string>`lower(email)`, "=", target)
        .returning("id")
        .executeTakeFirst();
    } catch (error) {
      if (isUniqueViolation(error) || isAddressTaken(error)) throw conflict(USED_ELSEWHERE);
      throw error;
    }
    if (!row) throw new AppError("This address was removed from the account.", 400);
    await recordEvent(trx, {
      type: "account.email_verified",
      adminId,
      email: target,
      ...input.origin,
    });
    return { email: target };
  });
}

async function ownRow(db: Db, adminId: string, id: unknown) {
  if (id === PRIMARY_ID) return null;
  const parsed = z.uuid().safeParse(id);
  if (!parsed.success) throw notFound("No such address");
  const row = await db
    .selectFrom("admin_emails")
    .select(["id", "email", "verified_at"])
    .where("id", "=", parsed.data)
    .where("admin_id", "=", adminId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound("No such address");
  return row;
}

/** Set as Primary: only a verified address; the old primary stays as a verified address. */
export async function makePrimary(
  db: Db,
  input: { adminId: string; addressId: unknown; origin: RequestOrigin },
): Promise<{ email: string }> {
  return inTransaction(db, async (trx) => {
    const row = await ownRow(trx, input.adminId, input.addressId);
    if (!row) throw badRequest("That address is already the primary one.");
    if (!row.verified_at) throw badRequest("Only a verified address can be made primary.");
    const admin = await trx
      .selectFrom("admins")
      .select("email")
      .where("id", "=", input.adminId)
      .executeTakeFirstOrThrow();
    await trx
      .updateTable("admin_emails")
      .set({ email: admin.email })
      .where("id", "=", row.id)
      .execute();
    await trx
      .updateTable("admins")
      .set({ email: row.email, updated_at: new Date() })
      .where("id", "=", input.adminId)
      .execute();
    await revokeAccountLinks(trx, input.adminId);
    await recordEvent(trx, {
      type: "account.email_made_primary",
      adminId: input.adminId,
      email: row.email,
      ...input.origin,
    });
    return { email: row.email };
  });
}

/** Delete: any address but the primary; its pending link stops working. */
export async function deleteAddress(
  db: Db,
  input: { adminId: string; addressId: unknown; origin: RequestOrigin },
): Promise<{ email: string }> {
  return inTransaction(db, async (trx) => {
    const row = await ownRow(trx, input.adminId, input.addressId);
    if (!row) throw badRequest("The primary address cannot be deleted.");
    await trx.deleteFrom("admin_emails").where("id", "=", row.id).execute();
    await revokeAccountLinks(trx, input.adminId);
    await recordEvent(trx, {
      type: "account.email_deleted",
      adminId: input.adminId,
      email: row.email,
      ...input.origin,
    });
    return { email: row.email };
  });
}
