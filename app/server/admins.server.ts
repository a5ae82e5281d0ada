import argon2 from "argon2";
import { z } from "zod";
import type { Db } from "./db.server";
import { badRequest, conflict, isUniqueViolation } from "./errors.server";

export const PASSWORD_MIN_LENGTH = 12;

export const newAdminSchema = z.object({
  email: z.email({ error: "Please enter a valid e-mail address" }).max(254).transform((e) => e.trim()),
  password: z
    .string()
    .min(PASSWORD_MIN_LENGTH, { error: `Password must be at least ${PASSWORD_MIN_LENGTH} characters` })
    .max(1024, { error: "Password must be at most 1024 characters" }),
});

/** argon2id with the library's defaults (OWASP-level memory cost). */
export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id });
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

export async function findAdminByEmail(db: Db, email: string) {
  return db
    .selectFrom("admins")
    .selectAll()
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", email.trim().toLowerCase()))
    .executeTakeFirst();
}

/** Creates an admin; e-mails are unique without regard to case. */
export async function createAdmin(db: Db, email: string, password: string): Promise<{ id: string; email: string }> {
  const parsed = newAdminSchema.safeParse({ email, password });
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? "Invalid admin");
  const password_hash = await hashPassword(parsed.data.password);
  try {
    return await db
      .insertInto("admins")
      .values({ email: parsed.data.email, password_hash })
      .returning(["id", "email"])
      .executeTakeFirstOrThrow();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(`An admin with e-mail ${parsed.data.email} already exists`);
    throw error;
  }
}

/** ADMIN_EMAIL + ADMIN_PASSWORD at start: create that admin when it does not exist. */
export async function ensureAdmin(db: Db, email: string, password: string): Promise<"created" | "exists"> {
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
