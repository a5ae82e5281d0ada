import { sql } from "kysely";
import { recordEvent, type RequestOrigin } from "../events/events.server";
import { inTransaction, type Db } from "../platform/db.server";
import { AppError, badRequest } from "../platform/errors.server";
import { hasUnstorableText, UNSTORABLE_TEXT_MESSAGE } from "../platform/unstorable-text.server";
import { beginCodeAttempt, recordCodeSuccess, type CodeCounter } from "./rate-limit.server";
import { destroyAdminSessions, rotateSession } from "./session.server";
import { openTotpSecret, sealTotpSecret } from "./totp-seal.server";
import { revokeAccountLinks } from "./verification.server";
import {
  hashRecoveryCode,
  isRecoveryCodeShape,
  matchingStep,
  newRecoveryCodes,
  newTotpSecret,
  otpauthUri,
  qrCodeSvg,
} from "./totp.server";

/*
 * Two-factor settings and code checks. A code is a 6-digit TOTP code (accepted once:
 * the step it matched must be later than the last accepted one, set by a conditional UPDATE) or,
 * where allowed, a recovery code (used once: a conditional UPDATE of its row). Every check counts
 * against the admin's code limit first.
 */

export const CODE_FORMAT_MESSAGE =
  "Enter the 6-digit code from your authenticator app, or one of your recovery codes.";
export const TOTP_FORMAT_MESSAGE = "Enter the 6-digit code from your authenticator app.";
export const INVALID_CODE_MESSAGE =
  "That code is not valid. Check your authenticator app and try again.";

export type CodeMethod = "totp" | "recovery";

export function tooManyCodesMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many wrong codes. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}

/** The typed code, cleaned, and which kind it looks like; null when it is neither. */
export function parseCode(
  input: unknown,
  allowRecovery: boolean,
): { code: string; method: CodeMethod } | null {
  if (typeof input !== "string" || input.length > 64 || hasUnstorableText([input])) return null;
  const digits = input.replace(/\s/g, "");
  if (/^\d{6}$/.test(digits)) return { code: digits, method: "totp" };
  if (allowRecovery && isRecoveryCodeShape(input)) return { code: input, method: "recovery" };
  return null;
}

/**
 * Checks a parsed code for an account with two-factor on, using it up when it matches (the TOTP
 * step, or the recovery code). `stored` is the account's `totp_secret` column as read (sealed or
 * not, decision 120). Call inside the transaction of what the code allows.
 */
export async function useCode(
  db: Db,
  adminId: string,
  parsed: { code: string; method: CodeMethod },
  stored: string,
): Promise<boolean> {
  if (parsed.method === "recovery") {
    const used = await db
      .updateTable("recovery_codes")
      .set({ used_at: sql<Date>`now()` })
      .where("admin_id", "=", adminId)
      .where("code_hash", "=", hashRecoveryCode(parsed.code))
      .where("used_at", "is", null)
      .returning("id")
      .executeTakeFirst();
    return Boolean(used);
  }
  const step = matchingStep(openTotpSecret(stored, adminId), parsed.code);
  if (step === null) return false;
  const accepted = await db
    .updateTable("admins")
    .set({ totp_last_step: step })
    .where("id", "=", adminId)
    .where("totp_secret", "=", stored)
    .where((eb) => eb.or([eb("totp_last_step", "is", null), eb("totp_last_step", "<", step)]))
    .returning("id")
    .executeTakeFirst();
  return Boolean(accepted);
}

export type Checked<T> = { ok: true; value: T } | { ok: false };

/**
 * Rate-limits, then runs `check`; a wrong code counts, a right one clears its count. `counter` is
 * the admin's id, or an admin and trusted device (a sign-in code: decision 117).
 */
export async function withCodeLimit<T>(
  db: Db,
  counter: string | CodeCounter,
  check: () => Promise<Checked<T>>,
): Promise<
  | { ok: true; value: T }
  | { ok: false; status: 401 | 429; error: string; retryAfterSeconds?: number }
> {
  const on = typeof counter === "string" ? { adminId: counter } : counter;
  const ticket = await beginCodeAttempt(db, on);
  if (!ticket.allowed) {
    return {
      ok: false,
      status: 429,
      error: tooManyCodesMessage(ticket.retryAfterSeconds),
      retryAfterSeconds: ticket.retryAfterSeconds,
    };
  }
  const result = await check();
  if (!result.ok) return { ok: false, status: 401, error: INVALID_CODE_MESSAGE };
  await recordCodeSuccess(db, on);
  return result;
}

async function account(db: Db, adminId: string) {
  return db
    .selectFrom("admins")
    .select(["id", "email", "totp_secret", "totp_pending_secret", "totp_enabled_at"])
    .where("id", "=", adminId)
    .executeTakeFirstOrThrow();
}

/** Whether the admin has two-factor on. */
export async function twoFactorOn(db: Db, adminId: string): Promise<boolean> {
  const row = await account(db, adminId);
  return Boolean(row.totp_secret && row.totp_enabled_at);
}

export type TwoFactorView =
  | { state: "off" }
  | { state: "enrolling"; secret: string; uri: string; qrSvg: string }
  | { state: "on"; enabledAt: Date; recoveryCodesLeft: number };

/** What the settings screen shows about the signed-in admin's two-factor. */
export async function twoFactorView(
  db: Db,
  adminId: string,
  issuer: string,
): Promise<TwoFactorView> {
  const row = await account(db, adminId);
  if (row.totp_secret && row.totp_enabled_at) {
    const left = await db
      .selectFrom("recovery_codes")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .where("admin_id", "=", adminId)
      .where("used_at", "is", null)
      .executeTakeFirstOrThrow();
    return {
      state: "on",
      enabledAt: new Date(row.totp_enabled_at),
      recoveryCodesLeft: Number(left.n),
    };
  }
  if (row.totp_pending_secret) {
    const secret = openTotpSecret(row.totp_pending_secret, adminId);
    const uri = otpauthUri(secret, issuer, row.email);
    return {
      state: "enrolling",
      secret,
      uri,
      qrSvg: await qrCodeSvg(uri),
    };
  }
  return { state: "off" };
}

/** "Enable": a new secret to enrol (kept until confirmed or cancelled). */
export async function startEnrolment(db: Db, adminId: string): Promise<void> {
  const row = await account(db, adminId);
  if (row.totp_enabled_at) throw badRequest("Two-factor authentication is already on.");
  await db
    .updateTable("admins")
    .set({ totp_pending_secret: sealTotpSecret(newTotpSecret(), adminId) })
    .where("id", "=", adminId)
    .execute();
}

export async function cancelEnrolment(db: Db, adminId: string): Promise<void> {
  await db
    .updateTable("admins")
    .set({ totp_pending_secret: null })
    .where("id", "=", adminId)
    .execute();
}

async function replaceRecoveryCodes(db: Db, adminId: string): Promise<string[]> {
  const codes = newRecoveryCodes();
  await db.deleteFrom("recovery_codes").where("admin_id", "=", adminId).execute();
  await db
    .insertInto("recovery_codes")
    .values(codes.map((code) => ({ admin_id: adminId, code_hash: hashRecoveryCode(code) })))
    .execute();
  return codes;
}

function codeError(result: { status: 401 | 429; error: string }): AppError {
  return new AppError(result.error, result.status, { code: [result.error] });
}

/**
 * A correct current code turns two-factor on: the pending secret becomes the account's, ten
 * recovery codes are made (returned once, stored hashed), this session is replaced by a new one
 * at aal2 (a new id: the old one stops working) and the admin's other sessions end (they were
 * signed in with the password alone). The route sets the new session's cookie.
 */
export async function confirmEnrolment(
  db: Db,
  admin: { id: string; sessionId: string | undefined },
  input: unknown,
  origin: RequestOrigin,
): Promise<{ recoveryCodes: string[]; session: { id: string; expiresAt: Date } | null }> {
  if (typeof input === "string" && hasUnstorableText([input]))
    throw badRequest(UNSTORABLE_TEXT_MESSAGE);
  const parsed = parseCode(input, false);
  if (!parsed) throw badRequest(TOTP_FORMAT_MESSAGE, { code: [TOTP_FORMAT_MESSAGE] });
  const row = await account(db, admin.id);
  const pending = row.totp_pending_secret;
  if (row.totp_enabled_at || !pending)
    throw badRequest("Start again: choose Enable two-factor authentication first.");
  const plain = openTotpSecret(pending, admin.id);
  const step = matchingStep(plain, parsed.code);
  type Enrolled = { recoveryCodes: string[]; session: { id: string; expiresAt: Date } | null };
  const result = await withCodeLimit(db, admin.id, async (): Promise<Checked<Enrolled>> => {
    if (step === null) return { ok: false };
    const enrolled = await inTransaction(db, async (trx) => {
      const turnedOn = await trx
        .updateTable("admins")
        .set({
          totp_secret: sealTotpSecret(plain, admin.id),
          totp_pending_secret: null,
          totp_enabled_at: new Date(),
          totp_last_step: step,
          updated_at: new Date(),
        })
        .where("id", "=", admin.id)
        .where("totp_pending_secret", "=", pending)
        .where("totp_enabled_at", "is", null)
        .returning("id")
        .executeTakeFirst();
      if (!turnedOn) return null;
      const recoveryCodes = await replaceRecoveryCodes(trx, admin.id);
      const session = admin.sessionId
        ? await rotateSession(trx, admin.sessionId, admin.id, 2)
        : null;
      await destroyAdminSessions(trx, admin.id, session?.id);
      await revokeAccountLinks(trx, admin.id);
      await recordEvent(trx, { type: "account.two_factor_enabled", adminId: admin.id, ...origin });
      return { recoveryCodes, session };
    });
    return enrolled ? { ok: true, value: enrolled } : { ok: false };
  });
  if (!result.ok) throw codeError(result);
  return result.value;
}

/** Checks a current code (TOTP, or a recovery code when allowed) of an account with two-factor on. */
async function withCurrentCode<T>(
  db: Db,
  adminId: string,
  input: unknown,
  allowRecovery: boolean,
  then: (trx: Db, method: CodeMethod) => Promise<T>,
): Promise<T> {
  const parsed = parseCode(input, allowRecovery);
  const message = allowRecovery ? CODE_FORMAT_MESSAGE : TOTP_FORMAT_MESSAGE;
  if (!parsed) throw badRequest(message, { code: [message] });
  const row = await account(db, adminId);
  const secret = row.totp_secret;
  if (!secret) throw badRequest("Two-factor authentication is not on.");
  const result = await withCodeLimit(db, adminId, async (): Promise<Checked<T>> => {
    const value = await inTransaction(db, async (trx) => {
      if (!(await useCode(trx, adminId, parsed, secret))) return null;
      if (parsed.method === "recovery")
        await recordEvent(trx, { type: "account.recovery_code_used", adminId });
      return { value: await then(trx, parsed.method) };
    });
    return value ? { ok: true, value: value.value } : { ok: false };
  });
  if (!result.ok) throw codeError(result);
  return result.value;
}

/** Turning two-factor off asks for a current code (or a recovery code). */
export async function disableTwoFactor(
  db: Db,
  adminId: string,
  input: unknown,
  origin: RequestOrigin,
): Promise<void> {
  await withCurrentCode(db, adminId, input, true, async (trx) => {
    await trx
      .updateTable("admins")
      .set({
        totp_secret: null,
        totp_enabled_at: null,
        totp_last_step: null,
        updated_at: new Date(),
      })
      .where("id", "=", adminId)
      .execute();
    await trx.deleteFrom("recovery_codes").where("admin_id", "=", adminId).execute();
    await revokeAccountLinks(trx, adminId);
    await recordEvent(trx, { type: "account.two_factor_disabled", adminId, ...origin });
  });
}

/** New recovery codes (the old ones stop working) for a current authenticator code. */
export async function regenerateRecoveryCodes(
  db: Db,
  adminId: string,
  input: unknown,
  origin: RequestOrigin,
): Promise<string[]> {
  return withCurrentCode(db, adminId, input, false, async (trx) => {
    const codes = await replaceRecoveryCodes(trx, adminId);
    await revokeAccountLinks(trx, adminId);
    await recordEvent(trx, { type: "account.recovery_codes_regenerated", adminId, ...origin });
    return codes;
  });
}
