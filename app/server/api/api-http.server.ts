import { createHash } from "node:crypto";
import { z } from "zod";
import { badRequest, isAppError } from "../platform/errors.server";
import {
  DATABASE_UNAVAILABLE_MESSAGE,
  isDatabaseUnavailable,
  RETRY_AFTER_SECONDS,
} from "../platform/db-faults.server";
import { log } from "../platform/log.server";

/** JSON answers of the /api resource routes: errors, bodies, caching. */

export const JSON_TYPE = "application/json; charset=utf-8";
const NO_STORE = "private, no-store";

export const CACHE = {
  /** Lists change rarely and are read on every page: a short shared cache. */
  list: "public, max-age=30",
  /** Single items revalidate every time (cheap with the ETag) so unpublishing takes effect. */
  item: "public, no-cache",
} as const;
export type CachePolicy = keyof typeof CACHE;

export type ErrorDetails = Record<string, string[]>;

export function errorJson(
  status: number,
  message: string,
  options: { details?: ErrorDetails; headers?: Record<string, string> } = {},
): Response {
  return Response.json(
    { error: message, ...(options.details ? { details: options.details } : {}) },
    { status, headers: { "Cache-Control": NO_STORE, ...options.headers } },
  );
}

/** Answers of writes and of admin reads: never stored by any cache. */
export function privateJson(
  data: unknown,
  init: { status?: number; headers?: Record<string, string> } = {},
): Response {
  return new Response(JSON.stringify(data), {
    status: init.status ?? 200,
    headers: {
      "Content-Type": JSON_TYPE,
      "Cache-Control": NO_STORE,
      Vary: "Cookie",
      ...init.headers,
    },
  });
}

/** Weak: the compression middleware may re-encode the bytes, the JSON stays the same. */
export function etagOf(body: string): string {
  return `W/"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
}

/** RFC 9110 weak comparison: `*`, or any listed tag equal to ours once `W/` is ignored. */
export function etagMatches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  const ours = opaque(etag);
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || opaque(tag) === ours);
}

// Shared with the admin form actions; re-exported so API callers keep one import.
export { hasUnstorableText } from "../platform/unstorable-text.server";

/** The first issue's message is the error (the spec's texts); every issue is in details. */
export function zodErrorDetails(error: z.ZodError): { message: string; details: ErrorDetails } {
  const details: ErrorDetails = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join(".") || "_";
    (details[key] ??= []).push(issue.message);
  }
  return { message: error.issues[0]?.message ?? "Invalid request", details };
}

/** Parses with a zod schema; a failure becomes a 400 with the schema's message. */
export function parseBody<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) {
    const { message, details } = zodErrorDetails(result.error);
    throw badRequest(message, details);
  }
  return result.data;
}

/**
 * Maps anything thrown by a handler to a JSON answer. Client mistakes carry their own message; a
 * true server fault is logged and answered with the spec's 'Failed to …' text.
 */
export function toErrorResponse(
  error: unknown,
  fallbackMessage: string,
  request: Request,
): Response {
  if (error instanceof Response) return error;
  if (isAppError(error)) {
    // After a 413 the rest of an upload may still be on the wire: do not reuse the connection.
    const headers: Record<string, string> = error.status === 413 ? { Connection: "close" } : {};
    return errorJson(error.status, error.message, { details: error.details, headers });
  }
  if (error instanceof z.ZodError) {
    const { message, details } = zodErrorDetails(error);
    return errorJson(400, message, { details });
  }
  const url = new URL(request.url);
  if (isDatabaseUnavailable(error)) {
    log("error", "database unavailable", {
      method: request.method,
      path: url.pathname,
      error: error instanceof Error ? error.message : String(error),
    });
    return errorJson(503, DATABASE_UNAVAILABLE_MESSAGE, {
      headers: { "Retry-After": String(RETRY_AFTER_SECONDS) },
    });
  }
  log("error", "api request failed", {
    method: request.method,
    path: url.pathname,
    error: error instanceof Error ? (error.stack ?? error.message) : String(error),
  });
  return errorJson(500, fallbackMessage);
}
