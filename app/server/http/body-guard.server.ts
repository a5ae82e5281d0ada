import type { IncomingMessage, ServerResponse } from "node:http";
import { Transform } from "node:stream";
import type express from "express";
import { LIMITS } from "~/domain/schemas";
import { log } from "../platform/log.server";
import { closeAfterAnswer } from "./lingering-close.server";

/*
 * Request bodies are judged before any route code reads them: the method, the content type the
 * URL accepts, and a byte limit enforced while the body streams (a declared Content-Length over
 * the limit is refused before a byte is read; a chunked body is cut off the moment it passes the
 * limit). Nothing past the limit is buffered. Decision 030.
 */

const KiB = 1024;
const MiB = 1024 * KiB;

/** A request line, everything that may carry a body. */
export const BODY_LIMITS = {
  /** The sign-in form and POST /api/admin/login. */
  login: 8 * KiB,
  /** JSON API writes (spec §7: 1 MB). */
  json: LIMITS.jsonBodyBytes,
  /** Every other form post (urlencoded): as much text as the same data sent as JSON. */
  form: LIMITS.jsonBodyBytes,
  /**
   * Multipart posts where files are uploaded: the largest legitimate form (a package with its
   * images and videos, each at most LIMITS.videoBytes) plus 1 MiB of fields. Files stream to the
   * media store with their own per-file limit; this bounds the request as a whole.
   */
  upload: (LIMITS.packageImages + LIMITS.packageVideos) * LIMITS.videoBytes + MiB,
} as const;

const KNOWN_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
const PAGE_ALLOW = "GET, HEAD, POST, OPTIONS";

export interface BodyPolicy {
  /** `api`: JSON resource routes (they judge content types themselves); `form`: page actions. */
  area: "api" | "form";
  limit: number;
  /** Whether multipart/form-data is accepted (only where files are uploaded). */
  multipart: boolean;
}

/** `/admin/settings.data` and `/_.data` (React Router's data requests) answer for their page. */
export function pagePath(pathname: string): string {
  if (pathname === "/_.data") return "/";
  return pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
}

const UPLOAD_ROUTE =
  /^\/admin\/(new-[a-z-]+|edit-[a-z-]+\/[^/]+|travel-moments|uploads(\/.*)?)\/?$/;

export function bodyPolicyFor(pathname: string): BodyPolicy {
  const path = pagePath(pathname);
  if (path === "/api" || path.startsWith("/api/")) {
    return {
      area: "api",
      limit: path === "/api/admin/login" ? BODY_LIMITS.login : BODY_LIMITS.json,
      multipart: false,
    };
  }
  if (path === "/admin" || path === "/admin/") {
    return { area: "form", limit: BODY_LIMITS.login, multipart: false };
  }
  if (UPLOAD_ROUTE.test(path)) return { area: "form", limit: BODY_LIMITS.upload, multipart: true };
  return { area: "form", limit: BODY_LIMITS.form, multipart: false };
}

const wantsJson = (req: IncomingMessage, pathname: string) =>
  pathname.startsWith("/api/") ||
  pathname.endsWith(".data") ||
  !(req.headers.accept ?? "").includes("text/html");

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Answers a client mistake (4xx) at once: JSON `{error}` for the API and data requests, a small
 * page for browsers. Logged as a warning without a stack: the fault is the caller's.
 */
export function refuse(
  req: IncomingMessage,
  res: ServerResponse,
  status: 400 | 405 | 413 | 415,
  message: string,
  headers: Record<string, string> = {},
): void {
  const pathname = new URL(req.url ?? "/", "http://x").pathname;
  log("warn", "request refused", { method: req.method, path: pathname, status, reason: message });
  if (res.headersSent) return;
  // The rest of the body is read into nothing after the answer (lingeringClose), bounded.
  closeAfterAnswer(req, res);
  const json = wantsJson(req, pathname);
  const body = json
    ? JSON.stringify({ error: message })
    : `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${status}</title></head><body><main id="main"><h1>${status}</h1><p>${escapeHtml(message)}</p><a href="/">Return to Home</a></main></body></html>`;
  res.statusCode = status;
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.setHeader("Cache-Control", "no-store");
  res.setHeader(
    "Content-Type",
    json ? "application/json; charset=utf-8" : "text/html; charset=utf-8",
  );
  res.setHeader("Content-Length", Buffer.byteLength(body));
  res.end(body);
}

function tooLargeMessage(limit: number): string {
  const size = limit >= MiB ? `${Math.round(limit / MiB)} MB` : `${Math.round(limit / KiB)} KB`;
  return `Request body must be at most ${size}`;
}

function refuseTooLarge(req: IncomingMessage, res: ServerResponse, limit: number): void {
  // The rest of the upload may still be on the wire: the connection is not reused.
  refuse(req, res, 413, tooLargeMessage(limit), { Connection: "close" });
}

const mediaType = (header: string | undefined) =>
  (header ?? "").split(";")[0]!.trim().toLowerCase();

const hasBody = (req: IncomingMessage) =>
  req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"] ?? 0) > 0;

/**
 * Express middleware in front of the React Router handler: odd methods, wrong content types, and
 * declared sizes over the limit are refused here; `res.locals.bodyLimit` tells the handler the
 * limit to enforce while the body streams.
 */
export function bodyGuard(req: express.Request, res: express.Response, next: express.NextFunction) {
  const method = req.method.toUpperCase();
  const pathname = req.path;
  if (!KNOWN_METHODS.has(method)) {
    const allow = pathname.startsWith("/api/")
      ? "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS"
      : PAGE_ALLOW;
    refuse(req, res, 405, `Method ${method} is not allowed`, { Allow: allow });
    return;
  }
  if (method === "GET" || method === "HEAD") return next();
  const policy = bodyPolicyFor(pathname);
  if (policy.area === "form") {
    if (method === "OPTIONS") {
      res.status(204).set({ Allow: PAGE_ALLOW, "Cache-Control": "no-store" }).end();
      return;
    }
    if (method !== "POST") {
      refuse(req, res, 405, `Method ${method} is not allowed here; forms are sent with POST`, {
        Allow: PAGE_ALLOW,
      });
      return;
    }
    const type = mediaType(req.headers["content-type"]);
    const accepted = policy.multipart
      ? "application/x-www-form-urlencoded or multipart/form-data"
      : "application/x-www-form-urlencoded";
    if (type === "" && !hasBody(req)) {
      refuse(req, res, 400, `This form post has no body (send ${accepted})`);
      return;
    }
    if (type === "multipart/form-data" && policy.multipart) {
      if (!/;\s*boundary=/i.test(req.headers["content-type"] ?? "")) {
        refuse(req, res, 400, "Multipart form posts need a boundary");
        return;
      }
    } else if (type !== "application/x-www-form-urlencoded") {
      refuse(req, res, 415, `Form posts here must be ${accepted}`);
      return;
    }
    // Form text is limited to the form size even on upload routes; files are what is large.
    if (type === "application/x-www-form-urlencoded") {
      policy.limit = Math.min(policy.limit, BODY_LIMITS.form);
    }
  }
  const declared = Number(req.headers["content-length"]);
  if (Number.isFinite(declared) && declared > policy.limit) {
    refuseTooLarge(req, res, policy.limit);
    return;
  }
  res.locals.bodyLimit = policy.limit;
  next();
}

/** Thrown into the body stream of a request cut off at its limit. */
export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(tooLargeMessage(limit));
    this.name = "BodyTooLargeError";
  }
}

/**
 * The request body as a stream that ends in an error the moment it passes `limit`; the 413 is
 * answered at that moment (`onRefused` runs first, e.g. to abort the request's signal).
 */
export function limitedBody(
  req: IncomingMessage,
  res: ServerResponse,
  limit: number,
  onRefused: (error: BodyTooLargeError) => void,
): Transform {
  let seen = 0;
  const limiter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen <= limit) return callback(null, chunk);
      const error = new BodyTooLargeError(limit);
      req.unpipe(limiter);
      onRefused(error);
      refuseTooLarge(req, res, limit);
      callback(error);
    },
  });
  // The reader (React Router's web stream) reports failures; when it cancels, it destroys this
  // stream with its reason after removing its own listener: without this one that would be an
  // unhandled 'error'.
  limiter.on("error", () => undefined);
  req.on("error", (error) => limiter.destroy(error));
  req.on("aborted", () => limiter.destroy(new Error("request aborted")));
  req.pipe(limiter);
  return limiter;
}
