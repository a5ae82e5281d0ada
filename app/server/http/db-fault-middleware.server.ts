import type { MiddlewareFunction } from "react-router";
import { hadDatabaseFault, RETRY_AFTER_SECONDS } from "../platform/db-faults.server";

/**
 * Root middleware: a page or data request whose loader/action failed because the database was
 * away answers 503 + Retry-After (the error page already says "try again in a moment"), not 500.
 */
export const databaseFaultMiddleware: MiddlewareFunction<Response> = async ({ context }, next) => {
  const response = await next();
  if (response.status !== 500 || !hadDatabaseFault(context)) return response;
  const headers = new Headers(response.headers);
  headers.set("Retry-After", String(RETRY_AFTER_SECONDS));
  headers.set("Cache-Control", "no-store");
  return new Response(response.body, { status: 503, headers });
};
