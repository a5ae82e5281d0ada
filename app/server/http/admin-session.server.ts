import { getSessionAdmin, type SessionAdmin } from "../auth/session.server";
import type { Db } from "../platform/db.server";
import { sessionIdOf } from "./cookies.server";

/**
 * The signed-in admin with full access, or null, read from the request's session cookie. Decided
 * on the server from the session row, never the browser: null too for an admin who must set up
 * two-factor first (drafts, API).
 */
export async function getOptionalAdmin(db: Db, request: Request): Promise<SessionAdmin | null> {
  const admin = await getSessionAdmin(db, sessionIdOf(request));
  return admin && !admin.mustEnrol ? admin : null;
}
