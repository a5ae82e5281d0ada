import {
  createContext,
  redirect,
  type MiddlewareFunction,
  type RouterContextProvider,
} from "react-router";
import { getDb } from "../platform/db.server";
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

/** The admin a guarded layout's middleware has let through; set for every loader/action below it. */
export const adminContext = createContext<SessionAdmin | null>(null);

/**
 * Middleware for the admin layout: runs before every loader and action under it, including
 * data requests that ask for a child route's loader alone, so no admin data leaves anonymously.
 */
export const requireAdminMiddleware: MiddlewareFunction<Response> = async ({
  request,
  context,
}) => {
  context.set(adminContext, await requireAdmin(request));
};

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
