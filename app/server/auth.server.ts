import { redirect } from "react-router";
import { getDb } from "./db.server";
import { getSessionAdmin, readCookie, SESSION_COOKIE, type SessionAdmin } from "./session.server";

/** The signed-in admin, or null. Decided on the server from the session row, never the browser. */
export function getOptionalAdmin(request: Request): Promise<SessionAdmin | null> {
  return getSessionAdmin(getDb(), readCookie(request, SESSION_COOKIE));
}

/** For admin pages: anonymous visitors are redirected to /admin before any data is loaded. */
export async function requireAdmin(request: Request): Promise<SessionAdmin> {
  const admin = await getOptionalAdmin(request);
  if (!admin) throw redirect("/admin");
  return admin;
}

/** For mutating /api calls: anonymous callers get 401 JSON. */
export async function requireAdminApi(request: Request): Promise<SessionAdmin> {
  const admin = await getOptionalAdmin(request);
  if (!admin) throw Response.json({ error: "Authentication required" }, { status: 401 });
  return admin;
}
