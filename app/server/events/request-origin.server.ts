import { AsyncLocalStorage } from "node:async_hooks";
import type { NextFunction, Request, Response } from "express";

/*
 * The request a write runs in, for the audit trail: content events are recorded deep in
 * the catalogue services (with each version), far from the route that knows the client's address
 * and browser. The HTTP server runs each request's handler inside this storage; recordEvent reads
 * it when the caller gave no origin (or no admin). Work outside a request (the job runner, the
 * CLI) has none.
 */

/** What the request tells about its sender, for events. */
export interface RequestOrigin {
  ip: string;
  userAgent: string | null;
}

interface RequestScope extends RequestOrigin {
  /** The signed-in admin, once a guard has let the request through. */
  adminId?: string;
}

const storage = new AsyncLocalStorage<RequestScope>();

/** Express middleware: the rest of the request runs with its origin available. */
export function withRequestOrigin(req: Request, _res: Response, next: NextFunction): void {
  storage.run({ ip: req.ip ?? "unknown", userAgent: req.get("user-agent") ?? null }, next);
}

export function currentRequestOrigin(): RequestScope | undefined {
  return storage.getStore();
}

/** Called by the admin guards: events of this request name this admin unless told otherwise. */
export function noteRequestAdmin(adminId: string): void {
  const scope = storage.getStore();
  if (scope) scope.adminId = adminId;
}

/** Runs `work` as if it were a request from `origin` (tests, scripts). */
export function runWithRequestOrigin<T>(origin: RequestOrigin, work: () => T): T {
  return storage.run(origin, work);
}
