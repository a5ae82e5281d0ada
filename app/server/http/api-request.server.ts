import { kindMessages } from "~/domain/package-kinds";
import { LIMITS, type PackageKind } from "~/domain/schemas";
import {
  CACHE,
  etagMatches,
  etagOf,
  JSON_TYPE,
  privateJson,
  type CachePolicy,
} from "../api/api-http.server";
import { kindFromPattern } from "../api/api-kinds.server";
import {
  PRECONDITION_FAILED_MESSAGE,
  versionEtag,
  type WritePrecondition,
} from "../api/api-preconditions.server";
import { writerOf, type ApiArgs, type ApiMethod } from "../api/api-route.server";
import { AppError, badRequest } from "../platform/errors.server";
import { hasUnstorableText, UNSTORABLE_TEXT_MESSAGE } from "../platform/unstorable-text.server";

/*
 * The JSON API's reading of the request, at the HTTP edge: the body, the headers a read or a write
 * answers to (If-None-Match, If-Match), the matched pattern and params, the admin a write was let
 * through for. Routes call these with the request or their args; the services they then call get
 * plain values (docs/architecture.md).
 */

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

/**
 * The precondition a PUT asked for, checked against the version read just before (`current`):
 * a miss throws 412 at once; undefined when the caller asked for none (or `If-Match: *`, which
 * any existing item meets). RFC 9110: If-Match compares strongly, so a weak tag never matches.
 */
export function writePrecondition(
  request: Request,
  body: Record<string, unknown>,
  current: string,
): WritePrecondition | undefined {
  const header = request.headers.get("If-Match");
  if (header !== null) {
    const tags = header.split(",").map((tag) => tag.trim());
    if (tags.includes("*")) return undefined;
    if (!tags.includes(versionEtag(current))) throw new AppError(PRECONDITION_FAILED_MESSAGE, 412);
    return { expectedUpdatedAt: current, via: "if-match" };
  }
  if (typeof body.updated_at === "string")
    return { expectedUpdatedAt: body.updated_at, via: "updated_at" };
  return undefined;
}

/** The id of the admin making this (write) request; null when none was checked. */
export function apiAdminId(args: ApiArgs): string | null {
  return writerOf(args.request);
}

/** A route param that the router guarantees for the matched pattern. */
export function param(args: ApiArgs, name: string): string {
  return args.params[name] ?? "";
}

/** The package kind of the matched route pattern ('api/local/:id' → local). */
export const kindOf = (args: ApiArgs): PackageKind => kindFromPattern(args.pattern);

/** The spec §8 text for a failed call on a kind ('Failed to create local package', …). */
export function packageFailure(method: ApiMethod, args: ApiArgs, reorder = false): string {
  const m = kindMessages(kindOf(args));
  if (reorder) return m.reorderFailed;
  const byMethod: Record<ApiMethod, string> = {
    GET: m.fetchFailed,
    POST: m.createFailed,
    PUT: m.updateFailed,
    PATCH: m.updateFailed,
    DELETE: m.deleteFailed,
  };
  return byMethod[method];
}
