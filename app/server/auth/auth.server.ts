import {
  createContext,
  data,
  redirect,
  type MiddlewareFunction,
  type RouterContextProvider,
} from "react-router";
import {
  can,
  postReadsIntent,
  refusalMessage,
  requiredPermission,
  type Permission,
} from "~/domain/permissions";
import { recordEvent } from "../events/events.server";
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
  return async ({ request, context, pattern }) => {
    const db = dbOf(context);
    const admin = await requireAdmin(db, request);
    context.set(adminContext, admin);
    // The role's permission for this route, method and form intent (decision 125).
    const method = request.method.toUpperCase();
    const intent =
      method === "POST" && postReadsIntent(pattern) ? await formIntent(request) : undefined;
    await requirePermission(db, admin, {
      pattern,
      method,
      intent,
      path: new URL(request.url).pathname.replace(/\.data$/, ""),
    });
  };
}

/**
 * The posted intent of a url-encoded form, read from a copy so the action still gets the body.
 * Routes whose POST rule names intents post small url-encoded forms; anything else has none.
 */
async function formIntent(request: Request): Promise<string | undefined> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!type.startsWith("application/x-www-form-urlencoded")) return undefined;
  try {
    const value = (await request.clone().formData()).get("intent");
    return typeof value === "string" ? value.slice(0, 60) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Refuses, with 403 and an event, a request the admin's role does not allow; a route missing from
 * the permission table is refused too. Returns the permission that let it through.
 */
export async function requirePermission(
  db: Db,
  admin: SessionAdmin,
  request: { pattern: string; method: string; intent?: string; path: string },
  answer: "page" | "json" = "page",
): Promise<void> {
  const rule = requiredPermission(request.pattern, request.method, request.intent);
  if (rule === "public") return;
  if (rule && can(admin.role, rule)) return;
  const permission: Permission = rule ?? "team.owners";
  await recordEvent(db, {
    type: "auth.permission_denied",
    adminId: admin.id,
    email: admin.email,
    details: {
      role: admin.role,
      permission,
      method: request.method,
      path: request.path.slice(0, 200),
      intent: request.intent ?? null,
    },
  });
  const message = rule
    ? refusalMessage(admin.role, permission)
    : "This address is not in the permission table, so nobody may use it. Nothing was changed.";
  if (answer === "json") throw Response.json({ error: message }, { status: 403 });
  throw data(message, { status: 403 });
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
