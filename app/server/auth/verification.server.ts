import { createHash, randomBytes } from "node:crypto";
import { sql } from "kysely";
import type { Role } from "~/domain/permissions";
import type { Db } from "../platform/db.server";
import type { VerificationType } from "../platform/db-schema";

/*
 * The one module for tokens that travel in links (the Epic Stack's verify.server.ts
 * shape): invitations, password resets and e-mail checks are thin callers of it. A token is 256
 * random bits; only its SHA-256 is stored, with the address it was sent to and an expiry. It is
 * consumed by a conditional UPDATE (unused and unexpired, in one statement), inside the caller's
 * transaction, so two concurrent uses cannot both win and a failed change gives the link back.
 */

export type { VerificationType };

export const VERIFICATION_TTL_MS: Record<VerificationType, number> = {
  invite: 72 * 60 * 60 * 1000,
  password_reset: 60 * 60 * 1000,
  email_verify: 24 * 60 * 60 * 1000,
};

export type VerificationProblem = "invalid" | "expired" | "used";

export const VERIFICATION_MESSAGES: Record<VerificationProblem, string> = {
  invalid: "This link is not valid. Check that you copied all of it, or ask for a new one.",
  expired: "This link has expired. Ask for a new one.",
  used: "This link has already been used. Ask for a new one if you still need it.",
};

export interface Verification {
  id: string;
  type: VerificationType;
  target: string;
  adminId: string | null;
  createdBy: string | null;
  /** The role an invitation grants; null for other verifications. */
  role: Role | null;
  expiresAt: Date;
}

export type VerificationResult =
  | { ok: true; verification: Verification }
  | { ok: false; problem: VerificationProblem; message: string };

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/**
 * A new link token for `target` (an e-mail address). An unused earlier token of the same type for
 * the same target and account stops working: only the latest link counts.
 */
export async function createVerification(
  db: Db,
  input: {
    type: VerificationType;
    target: string;
    adminId?: string | null;
    createdBy?: string | null;
    /** The role an invitation grants (decision 125). */
    role?: Role | null;
  },
): Promise<{ token: string; id: string; expiresAt: Date }> {
  const token = randomBytes(32).toString("base64url");
  const target = input.target.trim().toLowerCase();
  const expiresAt = new Date(Date.now() + VERIFICATION_TTL_MS[input.type]);
  let stale = db
    .deleteFrom("verifications")
    .where("type", "=", input.type)
    .where("target", "=", target)
    .where("used_at", "is", null);
  stale = input.adminId
    ? stale.where("admin_id", "=", input.adminId)
    : stale.where("admin_id", "is", null);
  await stale.execute();
  const row = await db
    .insertInto("verifications")
    .values({
      type: input.type,
      target,
      admin_id: input.adminId ?? null,
      created_by: input.createdBy ?? null,
      role: input.role ?? null,
      token_hash: hashToken(token),
      expires_at: expiresAt,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { token, id: row.id, expiresAt };
}

type Row = {
  id: string;
  type: VerificationType;
  target: string;
  admin_id: string | null;
  created_by: string | null;
  role: Role | null;
  expires_at: Date;
  used_at: Date | null;
};

const toVerification = (row: Row): Verification => ({
  id: row.id,
  type: row.type,
  target: row.target,
  adminId: row.admin_id,
  createdBy: row.created_by,
  role: row.role,
  expiresAt: new Date(row.expires_at),
});

const failure = (problem: VerificationProblem): VerificationResult => ({
  ok: false,
  problem,
  message: VERIFICATION_MESSAGES[problem],
});

const COLUMNS = [
  "id",
  "type",
  "target",
  "admin_id",
  "created_by",
  "role",
  "expires_at",
  "used_at",
] as const;

/**
 * A link is good only while what it was sent for still holds (decision 113): a password-reset
 * link while the address it went to is still the account's primary or a verified further address;
 * an invitation while the admin who sent it is still on the team. Checked in the same statement
 * that reads or uses the token, so a change that lands first wins.
 */
const STILL_MEANT = sql<boolean>`(
  (verifications.type <> 'password_reset' or exists (
    select 1 from admins a
    where a.id = verifications.admin_id
      and (lower(a.email) = verifications.target or exists (
        select 1 from admin_emails e
        where e.admin_id = a.id and lower(e.email) = verifications.target
          and e.verified_at is not null))))
  and (verifications.type <> 'invite' or exists (
    select 1 from admins i where i.id = verifications.created_by))
)`;

/**
 * Why a token that did not verify failed: unknown (or another type's), used, expired, or no longer
 * meant (its address left the account, its inviter left the team: told apart from nothing, as
 * "not valid").
 */
async function problemOf(
  db: Db,
  type: VerificationType,
  hash: string,
): Promise<VerificationResult> {
  const row = await db
    .selectFrom("verifications")
    .select(["used_at", sql<boolean>`expires_at <= now()`.as("expired")])
    .where("token_hash", "=", hash)
    .where("type", "=", type)
    .executeTakeFirst();
  if (!row) return failure("invalid");
  if (row.used_at) return failure("used");
  return failure(row.expired ? "expired" : "invalid");
}

/** Checks a token without using it (a link's page shows its form, or says what is wrong). */
export async function checkVerification(
  db: Db,
  type: VerificationType,
  token: unknown,
): Promise<VerificationResult> {
  if (typeof token !== "string" || !TOKEN_PATTERN.test(token)) return failure("invalid");
  const hash = hashToken(token);
  const row = await db
    .selectFrom("verifications")
    .select(COLUMNS)
    .where("token_hash", "=", hash)
    .where("type", "=", type)
    .where("used_at", "is", null)
    .where("expires_at", ">", sql<Date>`now()`)
    .where(STILL_MEANT)
    .executeTakeFirst();
  return row ? { ok: true, verification: toVerification(row) } : problemOf(db, type, hash);
}

/**
 * Uses a token: marks it used in one conditional UPDATE and returns it, or says why not. Call it
 * inside the transaction that makes the change, so a concurrent second use waits on the row and
 * then finds it used, and a change that fails leaves the link unused.
 */
export async function consumeVerification(
  db: Db,
  type: VerificationType,
  token: unknown,
): Promise<VerificationResult> {
  if (typeof token !== "string" || !TOKEN_PATTERN.test(token)) return failure("invalid");
  const hash = hashToken(token);
  const row = await db
    .updateTable("verifications")
    .set({ used_at: sql<Date>`now()` })
    .where("token_hash", "=", hash)
    .where("type", "=", type)
    .where("used_at", "is", null)
    .where("expires_at", ">", sql<Date>`now()`)
    .where(STILL_MEANT)
    .returning(COLUMNS)
    .executeTakeFirst();
  return row ? { ok: true, verification: toVerification(row) } : problemOf(db, type, hash);
}

/**
 * Ends every unused link of an account (decision 113): its password-reset links and its address
 * checks, with the pending addresses those checks were for (a pending address without a working
 * link could never be verified; the admin adds it again). Called, inside the change's transaction,
 * by everything that changes how the account is reached or proven: a password change or reset, an
 * address removed or made primary, two-factor turned on or off or its codes renewed, and the
 * operator's CLI resets. Returns how many links ended.
 */
export async function revokeAccountLinks(db: Db, adminId: string): Promise<number> {
  const ended = await db
    .deleteFrom("verifications")
    .where("admin_id", "=", adminId)
    .where("type", "in", ["password_reset", "email_verify"])
    .where("used_at", "is", null)
    .returning("id")
    .execute();
  await db
    .deleteFrom("admin_emails")
    .where("admin_id", "=", adminId)
    .where("verified_at", "is", null)
    .execute();
  return ended.length;
}

export type LinkPage =
  { token: string; email: string; problem: null } | { token: null; email: null; problem: string };

/**
 * The loader of a link's page (invitation, password reset, address check): the token of the URL
 * (its `token` parameter, "" when missing) and its address when the link is good, otherwise what
 * is wrong with it. Opening the page changes nothing; only its form uses the token.
 */
export async function linkPage(db: Db, token: string, type: VerificationType): Promise<LinkPage> {
  const check = await checkVerification(db, type, token);
  return check.ok
    ? { token, email: check.verification.target, problem: null }
    : { token: null, email: null, problem: check.message };
}

/**
 * Headers of the sign-in help pages: never stored by a cache. The token in a link page's URL stays
 * out of other sites' Referer headers through the site-wide strict-origin-when-cross-origin.
 */
export function noStoreHeaders() {
  return { "Cache-Control": "no-store" };
}
