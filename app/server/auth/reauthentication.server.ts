import { sql } from "kysely";
import { CONFIRM_ACCESS_PATH, REAUTH_WINDOW_MINUTES } from "~/domain/reauthentication";
import { recordEvent, type RequestOrigin } from "../events/events.server";
import type { Db } from "../platform/db.server";
import { AppError, badRequest } from "../platform/errors.server";
import { hasUnstorableText, UNSTORABLE_TEXT_MESSAGE } from "../platform/unstorable-text.server";
import { verifyPassword } from "./admins.server";
import { beginPasswordChangeAttempt, recordPasswordChangeSuccess } from "./rate-limit.server";
import { hashSessionId } from "./session.server";
import { parseCode, TOTP_FORMAT_MESSAGE, useCode, withCodeLimit } from "./two-factor.server";

/*
 * The "sudo" window (decision 119). A session proves who it is when it signs in, and again on
 * /admin/confirm-access with the password or a current authenticator code. The actions that
 * change who can get in (inviting or removing an admin, no longer requiring two-factor, adding an
 * address) are refused when that proof is older than REAUTH_WINDOW_MS: the route sends the admin
 * to confirm access, and nothing is changed. Changing the password and turning two-factor off ask
 * for the current password or a code on every use, so they carry their own proof.
 */

export const REAUTH_WINDOW_MS = REAUTH_WINDOW_MINUTES * 60 * 1000;
const WRONG_PASSWORD = "That password is not right.";

/** Which form intents need a recent proof; `value` is the form's `value` field, if any. */
export function isSensitiveIntent(
  screen: "settings" | "team",
  intent: unknown,
  value?: unknown,
): boolean {
  if (screen === "settings") return intent === "email-add";
  return (
    intent === "invite" ||
    intent === "remove" ||
    (intent === "require-two-factor" && value === "off")
  );
}

/** True while the session `sessionId` proved who it is within the window. */
export async function recentlyAuthenticated(
  db: Db,
  sessionId: string | undefined,
  now = Date.now(),
): Promise<boolean> {
  if (!sessionId || sessionId.length > 128) return false;
  const row = await db
    .selectFrom("sessions")
    .select("authenticated_at")
    .where("id_hash", "=", hashSessionId(sessionId))
    .executeTakeFirst();
  return Boolean(row && now - new Date(row.authenticated_at).getTime() < REAUTH_WINDOW_MS);
}

/**
 * Where a refused action sends the admin: the confirm page, with the screen to come back to
 * (only an /admin path is kept).
 */
export function confirmAccessUrl(back: string): string {
  return `${CONFIRM_ACCESS_PATH}?next=${encodeURIComponent(safeNext(back))}`;
}

/** The page to return to after confirming: an /admin path, else the dashboard. */
export function safeNext(value: unknown): string {
  if (typeof value !== "string" || value.length > 300) return "/admin/dashboard";
  return /^\/admin(\/[A-Za-z0-9/_#-]*)?$/.test(value) ? value : "/admin/dashboard";
}

/**
 * Confirms access for the session with the account's password, or (two-factor on) a current
 * authenticator code; both are rate-limited as on the settings screen. On success the session's
 * window starts again. Throws an AppError with a message for the form otherwise.
 */
export async function confirmAccess(
  db: Db,
  input: {
    adminId: string;
    sessionId: string | undefined;
    password?: unknown;
    code?: unknown;
    origin: RequestOrigin;
  },
): Promise<void> {
  if (hasUnstorableText([input.password, input.code])) throw badRequest(UNSTORABLE_TEXT_MESSAGE);
  if (!input.sessionId) throw badRequest("Sign in again.");
  const account = await db
    .selectFrom("admins")
    .select(["password_hash", "totp_secret", "totp_enabled_at"])
    .where("id", "=", input.adminId)
    .executeTakeFirstOrThrow();
  const byCode = input.code !== undefined;
  if (byCode) {
    const secret = account.totp_secret;
    if (!secret || !account.totp_enabled_at)
      throw badRequest("Two-factor authentication is not on: enter your password.");
    const parsed = parseCode(input.code, false);
    if (!parsed) throw badRequest(TOTP_FORMAT_MESSAGE, { code: [TOTP_FORMAT_MESSAGE] });
    const result = await withCodeLimit(db, input.adminId, async () =>
      (await useCode(db, input.adminId, parsed, secret))
        ? { ok: true, value: true }
        : { ok: false },
    );
    if (!result.ok) throw new AppError(result.error, result.status, { code: [result.error] });
  } else {
    const password = input.password;
    if (typeof password !== "string" || password.length === 0 || password.length > 1024)
      throw badRequest("Enter your password.", { password: ["Enter your password."] });
    const ticket = await beginPasswordChangeAttempt(db, input.adminId);
    if (!ticket.allowed) {
      const minutes = Math.max(1, Math.ceil(ticket.retryAfterSeconds / 60));
      throw new AppError(
        `Too many wrong passwords. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
        429,
      );
    }
    if (!(await verifyPassword(account.password_hash, password)))
      throw new AppError(WRONG_PASSWORD, 401, { password: [WRONG_PASSWORD] });
    await recordPasswordChangeSuccess(db, input.adminId);
  }
  await db
    .updateTable("sessions")
    .set({ authenticated_at: sql<Date>`now()` })
    .where("id_hash", "=", hashSessionId(input.sessionId))
    .where("admin_id", "=", input.adminId)
    .execute();
  await recordEvent(db, {
    type: "auth.access_confirmed",
    adminId: input.adminId,
    ...input.origin,
    details: { method: byCode ? "totp" : "password" },
  });
}
