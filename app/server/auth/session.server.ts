import { createHash, randomBytes } from "node:crypto";
import { sql } from "kysely";
import type { Role } from "~/domain/permissions";
import type { Db } from "../platform/db.server";
import { AUTH_COOKIES } from "./cookies.server";

/** The session cookie's name (declared in cookies.server.ts). */
export const SESSION_COOKIE = AUTH_COOKIES.session.name;
/** Signed out after 2 hours without a request, and after 7 days whatever happens. */
export const IDLE_TIMEOUT_MS = 2 * 60 * 60 * 1000;
export const ABSOLUTE_TIMEOUT_MS = 7 * 24 * 60 * 60 * 1000;
/** last_seen_at is written at most once a minute, not on every request. */
const TOUCH_INTERVAL_MS = 60 * 1000;

export interface SessionAdmin {
  id: string;
  email: string;
  /** What the admin may do: read from the account on every request, so a change applies at once. */
  role: Role;
  /** The session's authenticator assurance level: 2 when a second factor was given. */
  aal: 1 | 2;
  /**
   * The team requires two-factor and this admin has not set it up: signed in only to enrol
   * (auth.server.ts lets such a session reach the enrolment screen and nothing else).
   */
  mustEnrol: boolean;
}

/**
 * The one rule for "signed in at which level": an account with two-factor on needs a session at
 * aal2; any other account's sessions are enough at aal1. Every guard (pages, actions, API writes,
 * drafts, the sign-in screen's redirect) reads the admin through getSessionAdmin, which applies it.
 */
export function requiredAal(account: { totp_enabled_at: Date | string | null }): 1 | 2 {
  return account.totp_enabled_at ? 2 : 1;
}

export function hashSessionId(id: string): string {
  return createHash("sha256").update(id).digest("hex");
}

/** 256 random bits, base64url; only the SHA-256 of it is stored. */
export async function createSession(
  db: Db,
  adminId: string,
  options: { aal?: 1 | 2; ip?: string | null; userAgent?: string | null } = {},
): Promise<{ id: string; expiresAt: Date }> {
  const id = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + ABSOLUTE_TIMEOUT_MS);
  await db
    .insertInto("sessions")
    .values({
      id_hash: hashSessionId(id),
      admin_id: adminId,
      expires_at: expiresAt,
      aal: options.aal ?? 1,
      ip: options.ip?.slice(0, 100) ?? null,
      user_agent: options.userAgent?.slice(0, 500) ?? null,
    })
    .execute();
  return { id, expiresAt };
}

/**
 * Replaces the session `oldId` of `adminId` by a new id at `aal`, keeping its expiry, address and
 * browser: the old id stops working at once. Used when a session is raised to aal2 at two-factor
 * enrolment, so an id seen before the raise (a shared screen, a logged header) cannot ride it.
 * When it last proved who it is carries over too (decision 119).
 * Returns null when `oldId` is not a session of that admin.
 */
export async function rotateSession(
  db: Db,
  oldId: string,
  adminId: string,
  aal: 1 | 2,
): Promise<{ id: string; expiresAt: Date } | null> {
  const old = await db
    .deleteFrom("sessions")
    .where("id_hash", "=", hashSessionId(oldId))
    .where("admin_id", "=", adminId)
    .returning(["expires_at", "ip", "user_agent", "authenticated_at"])
    .executeTakeFirst();
  if (!old) return null;
  const id = randomBytes(32).toString("base64url");
  const expiresAt = new Date(old.expires_at);
  await db
    .insertInto("sessions")
    .values({
      id_hash: hashSessionId(id),
      admin_id: adminId,
      expires_at: expiresAt,
      aal,
      ip: old.ip,
      user_agent: old.user_agent,
      authenticated_at: old.authenticated_at,
    })
    .execute();
  return { id, expiresAt };
}

/** The admin of a live session, or null; refreshes the idle clock. Expired rows are removed. */
export async function getSessionAdmin(
  db: Db,
  id: string | undefined,
): Promise<SessionAdmin | null> {
  if (!id || id.length > 128) return null;
  const idHash = hashSessionId(id);
  const row = await db
    .selectFrom("sessions as s")
    .innerJoin("admins as a", "a.id", "s.admin_id")
    .select([
      "a.id",
      "a.email",
      "a.role",
      "a.totp_enabled_at",
      "s.aal",
      "s.last_seen_at",
      "s.expires_at",
      sql<boolean>`coalesce((select (t.value #>> '{}')::boolean from team_settings t
        where t.name = 'require_two_factor'), false)`.as("team_requires_two_factor"),
    ])
    .where("s.id_hash", "=", idHash)
    .executeTakeFirst();
  if (!row) return null;
  const now = Date.now();
  const lastSeen = new Date(row.last_seen_at).getTime();
  if (new Date(row.expires_at).getTime() <= now || lastSeen + IDLE_TIMEOUT_MS <= now) {
    await db.deleteFrom("sessions").where("id_hash", "=", idHash).execute();
    return null;
  }
  // A session below the account's level (made before two-factor was turned on) grants nothing.
  const aal = row.aal === 2 ? 2 : 1;
  if (aal < requiredAal(row)) return null;
  if (now - lastSeen > TOUCH_INTERVAL_MS) {
    await db
      .updateTable("sessions")
      .set({ last_seen_at: sql<Date>`now()` })
      .where("id_hash", "=", idHash)
      .execute();
  }
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    aal,
    mustEnrol: row.team_requires_two_factor && !row.totp_enabled_at,
  };
}

/** Deletes a session row; returns the admin it belonged to, if there was one. */
export async function destroySession(db: Db, id: string | undefined): Promise<string | null> {
  if (!id || id.length > 128) return null;
  const row = await db
    .deleteFrom("sessions")
    .where("id_hash", "=", hashSessionId(id))
    .returning("admin_id")
    .executeTakeFirst();
  return row?.admin_id ?? null;
}

/**
 * Ends every session of an admin but `exceptId`, and every sign-in of theirs still waiting for its
 * second step: a challenge earned with the password must not outlive a change of that password.
 */
export async function destroyAdminSessions(
  db: Db,
  adminId: string,
  exceptId?: string,
): Promise<void> {
  await db.deleteFrom("login_challenges").where("admin_id", "=", adminId).execute();
  let query = db.deleteFrom("sessions").where("admin_id", "=", adminId);
  if (exceptId) query = query.where("id_hash", "!=", hashSessionId(exceptId));
  await query.execute();
}

export async function purgeExpiredSessions(db: Db): Promise<void> {
  await db
    .deleteFrom("sessions")
    .where((eb) =>
      eb.or([
        eb("expires_at", "<=", sql<Date>`now()`),
        eb(
          "last_seen_at",
          "<=",
          sql<Date>`now() - make_interval(secs => ${IDLE_TIMEOUT_MS / 1000})`,
        ),
      ]),
    )
    .execute();
}
