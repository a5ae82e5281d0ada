import { randomBytes } from "node:crypto";
import { loginSchema } from "~/domain/schemas";
import { findAdminByEmail, hashPassword, verifyPassword } from "./admins.server";
import { inTransaction, type Db } from "../platform/db.server";
import { recordEvent, type RequestOrigin } from "../events/events.server";
import { hasUnstorableText, UNSTORABLE_TEXT_MESSAGE } from "../platform/unstorable-text.server";
import { trustedDeviceId } from "./device.server";
import { createChallenge, type Challenge } from "./sign-in-challenge.server";
import { beginAttempt, recordSuccess } from "./rate-limit.server";
import { createSession, destroySession } from "./session.server";

export const INVALID_CREDENTIALS = "Invalid credentials";

export const SECOND_FACTOR_REQUIRED = "Two-factor authentication required";

export type SignInResult =
  | {
      ok: true;
      admin: { id: string; email: string };
      session: { id: string; expiresAt: Date };
      /** The trusted-device cookie to (re)issue: this browser has now signed in. */
      device: { email: string; id?: string };
    }
  | {
      /** The password was right, but the account has two-factor on: no session, only a challenge. */
      ok: false;
      status: 401;
      error: typeof SECOND_FACTOR_REQUIRED;
      challenge: Challenge;
    }
  | { ok: false; status: 400 | 401; error: string; challenge?: undefined }
  | {
      ok: false;
      status: 429;
      error: string;
      retryAfterSeconds: number;
      challenge?: undefined;
    };

export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}

// Unknown e-mails are checked against this hash, so they cost the same argon2 work as a wrong password.
let dummyHash: Promise<string> | undefined;
function getDummyHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(32).toString("base64url"));
  return dummyHash;
}

/**
 * The one sign-in path for the login form and POST /api/admin/login: validates, rate-limits,
 * checks the password in constant work, and on success replaces any earlier session (rotation).
 */
export async function signIn(
  db: Db,
  input: {
    email: unknown;
    password: unknown;
    ip: string;
    previousSessionId?: string;
    /** The raw device cookie the browser sent, if any (device.server.ts). */
    deviceCookie?: string;
    userAgent?: string | null;
  },
): Promise<SignInResult> {
  if (hasUnstorableText([input.email, input.password])) {
    return { ok: false, status: 400, error: UNSTORABLE_TEXT_MESSAGE };
  }
  const email = typeof input.email === "string" ? input.email.trim() : input.email;
  const parsed = loginSchema.safeParse({ email, password: input.password });
  if (!parsed.success) {
    return {
      ok: false,
      status: 400,
      error: parsed.error.issues[0]?.message ?? "Invalid sign-in request",
    };
  }
  const { password } = parsed.data;
  const keys = {
    email: parsed.data.email,
    ip: input.ip,
    device: trustedDeviceId(input.deviceCookie, parsed.data.email),
  };
  const failed = (adminId: string | null, reason: string) =>
    recordEvent(db, {
      type: "auth.sign_in_failed",
      adminId,
      email: parsed.data.email,
      ip: input.ip,
      userAgent: input.userAgent,
      details: { reason },
    });
  const ticket = await beginAttempt(db, keys);
  if (!ticket.allowed) {
    await failed(null, "rate_limited");
    return {
      ok: false,
      status: 429,
      error: tooManyAttemptsMessage(ticket.retryAfterSeconds),
      retryAfterSeconds: ticket.retryAfterSeconds,
    };
  }
  const admin = await findAdminByEmail(db, parsed.data.email);
  const valid = await verifyPassword(admin?.password_hash ?? (await getDummyHash()), password);
  if (!admin || !valid) {
    await failed(admin?.id ?? null, admin ? "wrong_password" : "unknown_email");
    return { ok: false, status: 401, error: INVALID_CREDENTIALS };
  }

  await recordSuccess(db, keys, ticket);
  if (admin.totp_enabled_at) {
    const challenge = await createChallenge(db, {
      adminId: admin.id,
      deviceEmail: parsed.data.email,
      deviceId: keys.device,
    });
    return { ok: false, status: 401, error: SECOND_FACTOR_REQUIRED, challenge };
  }
  const session = await inTransaction(db, async (trx) => {
    await destroySession(trx, input.previousSessionId);
    const created = await createSession(trx, admin.id, {
      aal: 1,
      ip: input.ip,
      userAgent: input.userAgent,
    });
    await recordEvent(trx, {
      type: "auth.sign_in",
      adminId: admin.id,
      email: admin.email,
      ip: input.ip,
      userAgent: input.userAgent,
    });
    return created;
  });
  return {
    ok: true,
    admin: { id: admin.id, email: admin.email },
    session,
    device: { email: parsed.data.email, id: keys.device },
  };
}

/**
 * Deletes the session row of `sessionId` (the caller's cookie), if any, and records the sign-out;
 * the route expires the cookie.
 */
export async function signOut(
  db: Db,
  sessionId: string | undefined,
  origin: RequestOrigin,
): Promise<void> {
  await inTransaction(db, async (trx) => {
    const adminId = await destroySession(trx, sessionId);
    if (adminId) await recordEvent(trx, { type: "auth.sign_out", adminId, ...origin });
  });
}
