import {
  createContext,
  redirect,
  type MiddlewareFunction,
  type RouterContextProvider,
} from "react-router";
import { noteRequestAdmin } from "../events/request-origin.server";
import type { Db } from "../platform/db.server";
import { cookieValue } from "./cookies.server";
import { getSessionAdmin, SESSION_COOKIE, type SessionAdmin } from "./session.server";

/** Where an admin who must set up two-factor first is sent, and the only screen they may use. */
export const ENROLMENT_PATH = "/admin/settings";
export const ENROL_FIRST_MESSAGE =
  "Your team requires two-factor authentication: set it up before doing anything else.";

/** The session's admin, whatever it may do (also one who must enrol first), or null. */
function getSessionOf(db: Db, request: Request): Promise<SessionAdmin | null> {
  return getSessionAdmin(db, cookieValue(request.headers.get("Cookie"), SESSION_COOKIE));
}

/**
 * For admin pages: anonymous visitors are redirected to /admin before any data is loaded; an
 * admin the team requires to set up two-factor reaches the enrolment screen only.
 */
export async function requireAdmin(db: Db, request: Request): Promise<SessionAdmin> {
  const admin = await getSessionOf(db, request);
  if (!admin) throw redirect("/admin");
  const path = new URL(request.url).pathname.replace(/\.data$/, "");
  if (admin.mustEnrol && path !== ENROLMENT_PATH) throw redirect(ENROLMENT_PATH);
  noteRequestAdmin(admin.id);
  return admin;
}

/** For mutating /api calls: anonymous callers get 401 JSON, an admin who must enrol first 403. */
export async function requireAdminApi(db: Db, request: Request): Promise<SessionAdmin> {
  const admin = await getSessionOf(db, request);
  if (!admin) throw Response.json({ error: "Authentication required" }, { status: 401 });
  if (admin.mustEnrol) throw Response.json({ error: ENROL_FIRST_MESSAGE }, { status: 403 });
  noteRequestAdmin(admin.id);
  return admin;
}

/** The admin a guarded layout's middleware has let through; set for every loader/action below it. */
export const adminContext = createContext<SessionAdmin | null>(null);

/**
 * Middleware for the admin layout: runs before every loader and action under it, including
 * data requests that ask for a child route's loader alone, so no admin data leaves anonymously.
 * `dbOf` reads the request's database from its context (the layout passes it in).
 */
export function requireAdminMiddleware(
  dbOf: (context: Readonly<RouterContextProvider>) => Db,
): MiddlewareFunction<Response> {
  return async ({ request, context }) => {
    context.set(adminContext, await requireAdmin(dbOf(context), request));
  };
}

/** Admin pages are personal and must never be stored by a browser or proxy cache. */
export const noStoreMiddleware: MiddlewareFunction<Response> = async (_args, next) => {
  const response = await next();
  response.headers.set("Cache-Control", "no-store");
  return response;
};

export function adminFromContext(context: Readonly<RouterContextProvider>): SessionAdmin {
  const admin = context.get(adminContext);
  if (!admin) throw redirect("/admin");
  return admin;
}
