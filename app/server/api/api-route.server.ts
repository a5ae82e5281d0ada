import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { requireAdminApi, requirePermission } from "../auth/auth.server";
import type { Db } from "../platform/db.server";
import { errorJson, toErrorResponse } from "./api-http.server";
import { crossSiteRefusal, isCrossSiteWrite } from "../auth/security.server";

export const WRITE_METHODS = ["POST", "PUT", "PATCH", "DELETE"] as const;
export type WriteMethod = (typeof WRITE_METHODS)[number];
export type ApiMethod = "GET" | WriteMethod;

export type ApiArgs = LoaderFunctionArgs | ActionFunctionArgs;
export type ApiHandler = (args: ApiArgs) => Promise<Response>;

export interface ApiRouteSpec {
  /** The request's database (from its context): where a write's admin session is checked. */
  db: (args: ApiArgs) => Db;
  handlers: Partial<Record<ApiMethod, ApiHandler>>;
  /** The spec §8 text answered with a 500 when a handler fails for a reason that is not the caller's. */
  failure: (method: ApiMethod, args: ApiArgs) => string;
}

const ORDER: ApiMethod[] = ["GET", "POST", "PUT", "PATCH", "DELETE"];

/** The Allow header of a route: its methods, HEAD with GET, and OPTIONS. */
export function allowHeader(methods: readonly ApiMethod[]): string {
  const sorted = ORDER.filter((m) => methods.includes(m));
  return [...sorted.flatMap((m) => (m === "GET" ? ["GET", "HEAD"] : [m])), "OPTIONS"].join(", ");
}

/** The admin a write was let through for, by request: whom the versions it records name. */
const writers = new WeakMap<Request, string>();

/** The id of the admin `request` (a write) was let through for; null when none was checked. */
export function writerOf(request: Request): string | null {
  return writers.get(request) ?? null;
}

const isWrite = (method: ApiMethod): method is WriteMethod =>
  (WRITE_METHODS as readonly string[]).includes(method);

/**
 * One loader+action pair for a resource route. Wrong methods get 405 with Allow; every write is
 * refused cross-site (403) and without an admin session (401) before its handler runs; whatever a
 * handler throws becomes a JSON error.
 */
export function apiRoute(spec: ApiRouteSpec) {
  const methods = ORDER.filter((m) => spec.handlers[m] !== undefined);
  const allow = allowHeader(methods);
  async function dispatch(args: ApiArgs): Promise<Response> {
    const { request } = args;
    const raw = request.method.toUpperCase();
    if (raw === "OPTIONS") return new Response(null, { status: 204, headers: { Allow: allow } });
    const method = (raw === "HEAD" ? "GET" : raw) as ApiMethod;
    const handler = ORDER.includes(method) ? spec.handlers[method] : undefined;
    if (!handler) {
      return errorJson(405, `Method ${raw} is not allowed here`, { headers: { Allow: allow } });
    }
    try {
      if (isWrite(method)) {
        // Origin first: a cross-site request is refused without touching the session table.
        if (isCrossSiteWrite(request)) throw crossSiteRefusal();
        const db = spec.db(args);
        const admin = await requireAdminApi(db, request);
        // The role's permission for this route and method (decision 125): 403 JSON otherwise.
        const path = new URL(request.url).pathname;
        await requirePermission(db, admin, { pattern: args.pattern, method, path }, "json");
        writers.set(request, admin.id);
      }
      return await handler(args);
    } catch (error) {
      return toErrorResponse(error, spec.failure(method, args), request);
    }
  }
  return { loader: dispatch, action: dispatch, methods };
}
