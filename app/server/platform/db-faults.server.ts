import type { RouterContextProvider } from "react-router";

/*
 * A database that is down, restarting or overloaded is not the caller's fault and not "not found":
 * pages answer 503 (root middleware + entry.server's handleError), the JSON API 503 JSON, and the
 * error is logged once. Decision 032.
 */

/** SQLSTATE classes and codes that mean "the database cannot serve now", not "your query is wrong". */
const UNAVAILABLE_CODES = new Set([
  "57P01", // admin_shutdown
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now (starting up, shutting down)
  "53300", // too_many_connections
  "57014", // query_canceled (statement_timeout)
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

const UNAVAILABLE_MESSAGES = [
  /connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /query read timeout/i,
  /connection (?:error|ended|closed)/i,
  /client has encountered a connection error/i,
  /cannot use a pool after calling end/i,
  /the database system is (?:starting up|shutting down|in recovery mode)/i,
  // Kysely after the process closed its database (a request still running at shutdown).
  /driver has already been destroyed/i,
  // The embedded database's worker thread ended (pglite-engine.server.ts, WORKER_STOPPED).
  /the embedded database's worker stopped/i,
];

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    if (typeof e !== "object") return false;
    const { code, message, cause } = e as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === "string" && (UNAVAILABLE_CODES.has(code) || code.startsWith("08"))) {
      return true;
    }
    if (typeof message === "string" && UNAVAILABLE_MESSAGES.some((re) => re.test(message))) {
      return true;
    }
    if (e instanceof AggregateError && e.errors.some((inner) => isDatabaseUnavailable(inner))) {
      return true;
    }
    e = cause;
  }
  return false;
}

export const DATABASE_UNAVAILABLE_MESSAGE =
  "The service is temporarily unavailable. Please try again in a moment.";

/** Seconds a client is told to wait after a 503. */
export const RETRY_AFTER_SECONDS = 5;

const faults = new WeakSet<object>();

/** Remembers, for this request, that a loader or action failed because the database was away. */
export function markDatabaseFault(context: Readonly<RouterContextProvider> | undefined): void {
  if (context) faults.add(context);
}

export function hadDatabaseFault(context: Readonly<RouterContextProvider> | undefined): boolean {
  return context !== undefined && faults.has(context);
}
