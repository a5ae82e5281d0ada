import argon2 from "argon2";
import { sql } from "kysely";
import { z } from "zod";
import { inTransaction, type Db } from "../platform/db.server";
import { AppError, badRequest, conflict, isUniqueViolation } from "../platform/errors.server";
import { hasUnstorableText, UNSTORABLE_TEXT_MESSAGE } from "../platform/unstorable-text.server";
import { beginPasswordChangeAttempt, recordPasswordChangeSuccess } from "./rate-limit.server";
import { destroyAdminSessions } from "./session.server";
import { revokeAccountLinks } from "./verification.server";
import { recordEvent, type RequestOrigin } from "../events/events.server";
import type { Role } from "~/domain/permissions";
import { LIMITS, stripInvisible } from "~/domain/schemas";

export const PASSWORD_MIN_LENGTH = 12;

export const newAdminSchema = z.object({
  email: z
    .email({ error: "Please enter a valid e-mail address" })
    .max(254)
    .transform((e) => e.trim()),
  password: z
    .string()
    .min(PASSWORD_MIN_LENGTH, {
      error: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
    })
    .max(1024, { error: "Password must be at most 1024 characters" }),
});

/**
 * argon2id with the library's defaults (OWASP-level memory cost). The test suites alone set
 * UNSAFE_TEST_PASSWORD_HASHING=1 for argon2id's cheapest cost: they hash and check thousands of
 * passwords, 200 ms of CPU each at full cost (decision 152). A hash records its own cost, so
 * checking works either way.
 */
export function hashPassword(password: string): Promise<string> {
  if (process.env.UNSAFE_TEST_PASSWORD_HASHING === "1")
    return argon2.hash(password, { type: argon2.argon2id, memoryCost: 1024, timeCost: 1 });
  return argon2.hash(password, { type: argon2.argon2id });
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/** The admin whose primary address, or one of whose verified further addresses, this is. */
export async function findAdminByEmail(db: Db, email: string) {
  const wanted = email.trim().toLowerCase();
  return db
    .selectFrom("admins")
    .selectAll()
    .where((eb) =>
      eb.or([
        eb(eb.fn("lower", ["email"]), "=", wanted),
        eb.exists(
          eb
            .selectFrom("admin_emails as e")
            .select("e.id")
            .whereRef("e.admin_id", "=", "admins.id")
            .where(sql<string>`lower(e.email)`, "=", wanted)
            .where("e.verified_at", "is not", null),
        ),
      ]),
    )
    .executeTakeFirst();
}

/**
 * Who else holds an address (decision 117), for `account` (an admin's id; none for an
 * invitation): "account" when it is another admin's primary or verified address, "pending" when
 * it waits for its link on another account, "invited" when an unused invitation is out for it.
 * The database enforces the same rule (`admin_address_key`); this names it for the message.
 */
export async function addressHolder(
  db: Db,
  email: string,
  account?: string,
): Promise<"account" | "pending" | "invited" | null> {
  const wanted = email.trim().toLowerCase();
  const other = account ?? "00000000-0000-0000-0000-000000000000";
  const owner = await findAdminByEmail(db, wanted);
  if (owner && owner.id !== account) return "account";
  const pending = await db
    .selectFrom("admin_emails as e")
    .select("e.id")
    .where(sql<string>`lower(e.email)`, "=", wanted)
    .where("e.admin_id", "<>", other)
    .where("e.verified_at", "is", null)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom("verifications as v")
          .select("v.id")
          .where("v.type", "=", "email_verify")
          .whereRef("v.admin_id", "=", "e.admin_id")
          .where("v.target", "=", wanted)
          .where("v.used_at", "is", null)
          .where("v.expires_at", ">", sql<Date>`now()`),
      ),
    )
    .executeTakeFirst();
  if (pending) return "pending";
  if (account === undefined) return null;
  const invited = await db
    .selectFrom("verifications")
    .select("id")
    .where("type", "=", "invite")
    .where("target", "=", wanted)
    .where("used_at", "is", null)
    .where("expires_at", ">", sql<Date>`now()`)
    .executeTakeFirst();
  return invited ? "invited" : null;
}

/** The database's refusal of an address another account or pending claim holds (decision 117). */
export const isAddressTaken = (error: unknown) => isUniqueViolation(error, "admin_address_key");

/** Creates an admin; e-mails are unique without regard to case. */
export async function createAdmin(
  db: Db,
  email: string,
  password: string,
  /** The command line makes Owners unless told otherwise (decision 125). */
  role: Role = "owner",
): Promise<{ id: string; email: string }> {
  const parsed = newAdminSchema.safeParse({ email, password });
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? "Invalid admin");
  const password_hash = await hashPassword(parsed.data.password);
  try {
    return await db
      .insertInto("admins")
      .values({ email: parsed.data.email, password_hash, role })
      .returning(["id", "email"])
      .executeTakeFirstOrThrow();
  } catch (error) {
    if (isUniqueViolation(error))
      throw conflict(`An admin with e-mail ${parsed.data.email} already exists`);
    throw error;
  }
}

/** ADMIN_EMAIL + ADMIN_PASSWORD at start: create that admin when it does not exist. */
export async function ensureAdmin(
  db: Db,
  email: string,
  password: string,
): Promise<"created" | "exists"> {
  if (await findAdminByEmail(db, email)) return "exists";
  try {
    await createAdmin(db, email, password);
    return "created";
  } catch (error) {
    // Another instance created it between our check and insert.
    if (error instanceof Error && "status" in error && error.status === 409) return "exists";
    throw error;
  }
}

export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string({ error: "Enter your current password" })
      .min(1, { error: "Enter your current password" })
      .max(1024),
    newPassword: newAdminSchema.shape.password,
    confirmPassword: z.string().max(1024).optional(),
  })
  .refine((v) => v.confirmPassword === undefined || v.confirmPassword === v.newPassword, {
    error: "The new passwords do not match",
    path: ["confirmPassword"],
  });

/**
 * A signed-in admin changes their own password: the current one must be right, the new one
 * 12+ characters. Every other session of that admin is ended; `keepSessionId` stays signed in.
 */
export async function changePassword(
  db: Db,
  adminId: string,
  input: { currentPassword: unknown; newPassword: unknown; confirmPassword?: unknown },
  keepSessionId: string | undefined,
  origin?: RequestOrigin,
): Promise<void> {
  if (hasUnstorableText(input)) throw badRequest(UNSTORABLE_TEXT_MESSAGE);
  const parsed = changePasswordSchema.safeParse(input);
  if (!parsed.success) {
    const details: Record<string, string[]> = {};
    for (const issue of parsed.error.issues)
      (details[String(issue.path[0] ?? "form")] ??= []).push(issue.message);
    throw badRequest(parsed.error.issues[0]?.message ?? "Invalid password change", details);
  }
  const ticket = await beginPasswordChangeAttempt(db, adminId);
  if (!ticket.allowed) {
    const minutes = Math.max(1, Math.ceil(ticket.retryAfterSeconds / 60));
    throw new AppError(
      `Too many password change attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
      429,
    );
  }
  const admin = await db
    .selectFrom("admins")
    .select(["password_hash"])
    .where("id", "=", adminId)
    .executeTakeFirst();
  if (!admin || !(await verifyPassword(admin.password_hash, parsed.data.currentPassword))) {
    throw badRequest("Your current password is incorrect", {
      currentPassword: ["Your current password is incorrect"],
    });
  }
  const password_hash = await hashPassword(parsed.data.newPassword);
  await inTransaction(db, async (trx) => {
    await trx
      .updateTable("admins")
      .set({ password_hash, updated_at: new Date() })
      .where("id", "=", adminId)
      .execute();
    await destroyAdminSessions(trx, adminId, keepSessionId);
    await revokeAccountLinks(trx, adminId);
    await recordEvent(trx, { type: "account.password_changed", adminId, ...origin });
  });
  await recordPasswordChangeSuccess(db, adminId);
}

const NAME_MAX_LENGTH = LIMITS.adminName;

/** A display name: invisible and bidi controls stripped, trimmed; empty means none. */
export const adminNameSchema = z
  .string({ error: "Enter your name as text" })
  .max(4 * NAME_MAX_LENGTH, { error: `Name must be at most ${NAME_MAX_LENGTH} characters` })
  .overwrite((value) => stripInvisible(value).replace(/\s+/g, " ").trim())
  .max(NAME_MAX_LENGTH, { error: `Name must be at most ${NAME_MAX_LENGTH} characters` })
  .transform((value) => (value === "" ? null : value));

export function parseAdminName(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (hasUnstorableText([value])) throw badRequest(UNSTORABLE_TEXT_MESSAGE);
  const parsed = adminNameSchema.safeParse(value);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? "Invalid name";
    throw badRequest(message, { name: [message] });
  }
  return parsed.data;
}

/** Settings → Account information: the admin's own display name (empty clears it). */
export async function setAdminName(
  db: Db,
  input: { adminId: string; name: unknown; origin?: RequestOrigin },
): Promise<string | null> {
  const name = parseAdminName(input.name ?? "");
  await inTransaction(db, async (trx) => {
    await trx
      .updateTable("admins")
      .set({ name, updated_at: new Date() })
      .where("id", "=", input.adminId)
      .execute();
    await recordEvent(trx, {
      type: "account.name_changed",
      adminId: input.adminId,
      ...input.origin,
      details: { name },
    });
  });
  return name;
}
