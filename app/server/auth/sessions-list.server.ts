import { recordEvent, type RequestOrigin } from "../events/events.server";
import { inTransaction, type Db } from "../platform/db.server";
import { notFound } from "../platform/errors.server";
import { describeUserAgent } from "~/domain/user-agent";
import { hashSessionId } from "./session.server";

/*
 * Settings → Sessions: the admin's own live sessions, each signed out on its own, or
 * all but this one. A session is named by the SHA-256 of its id (what the table stores): it lets
 * the owner pick a row without ever showing a cookie value.
 */

export interface SessionRow {
  key: string;
  browser: string;
  ip: string | null;
  signedInAt: Date;
  lastSeenAt: Date;
  current: boolean;
}

export async function listSessions(
  db: Db,
  adminId: string,
  currentId: string | undefined,
): Promise<SessionRow[]> {
  const current = currentId ? hashSessionId(currentId) : null;
  const rows = await db
    .selectFrom("sessions")
    .select(["id_hash", "user_agent", "ip", "created_at", "last_seen_at"])
    .where("admin_id", "=", adminId)
    .orderBy("last_seen_at", "desc")
    .execute();
  return rows.map((r) => ({
    key: r.id_hash,
    browser: describeUserAgent(r.user_agent),
    ip: r.ip,
    signedInAt: new Date(r.created_at),
    lastSeenAt: new Date(r.last_seen_at),
    current: r.id_hash === current,
  }));
}

/** Signs out one of the admin's own sessions (never another admin's: unknown key → 404). */
export async function signOutSession(
  db: Db,
  input: { adminId: string; key: unknown; origin: RequestOrigin },
): Promise<void> {
  if (typeof input.key !== "string" || !/^[0-9a-f]{64}$/.test(input.key))
    throw notFound("No such session");
  const key = input.key;
  await inTransaction(db, async (trx) => {
    const gone = await trx
      .deleteFrom("sessions")
      .where("id_hash", "=", key)
      .where("admin_id", "=", input.adminId)
      .returning("id_hash")
      .executeTakeFirst();
    if (!gone) throw notFound("No such session");
    await recordEvent(trx, {
      type: "auth.sign_out",
      adminId: input.adminId,
      ...input.origin,
      details: { from: "settings" },
    });
  });
}

/** "Sign out all other sessions": every session of the admin but the current one. */
export async function signOutOtherSessions(
  db: Db,
  input: { adminId: string; currentId: string | undefined; origin: RequestOrigin },
): Promise<number> {
  return inTransaction(db, async (trx) => {
    let query = trx.deleteFrom("sessions").where("admin_id", "=", input.adminId);
    if (input.currentId) query = query.where("id_hash", "!=", hashSessionId(input.currentId));
    const gone = await query.returning("id_hash").execute();
    if (gone.length) {
      await recordEvent(trx, {
        type: "auth.sign_out",
        adminId: input.adminId,
        ...input.origin,
        details: { from: "settings", sessions: gone.length },
      });
    }
    return gone.length;
  });
}
