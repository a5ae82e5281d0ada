import { createHash } from "node:crypto";
import { z } from "zod";
import { LIMITS } from "~/domain/schemas";
import { AppError, badRequest, isAppError } from "../platform/errors.server";
import {
  DATABASE_UNAVAILABLE_MESSAGE,
  isDatabaseUnavailable,
  RETRY_AFTER_SECONDS,
} from "../platform/db-faults.server";
import { log } from "../platform/log.server";
import { hasUnstorableText, UNSTORABLE_TEXT_MESSAGE } from "../platform/unstorable-text.server";

/** JSON answers of the /api resource routes: errors, bodies, caching. */

const JSON_TYPE = "application/json; charset=utf-8";
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

/** A public read: ETag, If-None-Match → 304, and a short shared Cache-Control. */
export function publicJson(request: Request, data: unknown, cache: CachePolicy): Response {
  const body = JSON.stringify(data);
  const etag = etagOf(body);
  // The same URL answers an admin with drafts, so shared caches must key on the cookie.
  const headers = { ETag: etag, "Cache-Control": CACHE[cache], Vary: "Cookie" };
  if (etagMatches(request.headers.get("If-None-Match"), etag)) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(body, { status: 200, headers: { ...headers, "Content-Type": JSON_TYPE } });
}

/** A read that is public for anonymous callers and private for admins. */
export function readJson(
  request: Request,
  data: unknown,
  options: { admin: boolean; cache: CachePolicy },
): Response {
  return options.admin ? privateJson(data) : publicJson(request, data, options.cache);
}

function isJsonContentType(header: string | null): boolean {
  if (!header) return false;
  const [type = "", ...params] = header
    .toLowerCase()
    .split(";")
    .map((s) => s.trim());
  if (type !== "application/json" && !/^application\/[a-z0-9.+-]+\+json$/.test(type)) return false;
  const charset = params
    .find((p) => p.startsWith("charset="))
    ?.slice("charset=".length)
    .replace(/"/g, "");
  return charset === undefined || charset === "utf-8" || charset === "utf8";
}

/** How much of an oversized body is read and thrown away so the client can read the 413. */
const DRAIN_BYTES = 16 * 1_048_576;

const tooLarge = () =>
  new AppError(`Request body must be at most ${LIMITS.jsonBodyBytes / 1_048_576} MB`, 413);

/**
 * Reads at most `limit` bytes. Past the limit the rest is drained (up to DRAIN_BYTES): a client
 * still uploading when the 413 goes out would otherwise see a reset connection instead of it.
 */
async function readLimited(
  body: ReadableStream<Uint8Array> | null,
  limit: number,
): Promise<Uint8Array> {
  if (!body) return new Uint8Array();
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > DRAIN_BYTES) {
      await reader.cancel().catch(() => undefined);
      break;
    }
    if (size <= limit) chunks.push(value);
  }
  if (size > limit) throw tooLarge();
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

// Shared with the admin form actions; re-exported so API callers keep one import.
export { hasUnstorableText } from "../platform/unstorable-text.server";

/** Reads a JSON request body: 415 unless JSON, 413 over 1 MB, 400 when it does not parse. */
export async function readJsonBody(
  request: Request,
  limit: number = LIMITS.jsonBodyBytes,
): Promise<Record<string, unknown>> {
  if (!isJsonContentType(request.headers.get("Content-Type"))) {
    throw new AppError("Request body must be JSON (Content-Type: application/json)", 415);
  }
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (Number.isFinite(declared) && declared > DRAIN_BYTES) throw tooLarge();
  const bytes = await readLimited(request.body, limit);
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw badRequest("Request body must be UTF-8 encoded JSON");
  }
  if (text.trim() === "") throw badRequest("Request body is empty");
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badRequest("Request body is not valid JSON");
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw badRequest("Request body must be a JSON object");
  }
  if (hasUnstorableText(value)) throw badRequest(UNSTORABLE_TEXT_MESSAGE);
  return value as Record<string, unknown>;
}

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
