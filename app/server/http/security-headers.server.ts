import type { ServerResponse } from "node:http";
import type { NextFunction, Request, Response } from "express";
import { CROSS_SITE_ERROR, isCrossSiteWriteFrom } from "../auth/security.server";
import { freshNonce } from "./nonce-pool.server";

/** Video embeds the package detail page may show (privacy-enhanced YouTube and Vimeo). */
export const EMBED_ORIGINS = ["https://www.youtube-nocookie.com", "https://player.vimeo.com"];
/** YouTube thumbnails for video entries. */
export const THUMBNAIL_ORIGINS = ["https://i.ytimg.com", "https://img.youtube.com"];
/** Media URLs admins may enter (see app/domain/media-url.ts). */
export const ADMIN_MEDIA_SOURCES = ["https:", "http://localhost:*", "http://127.0.0.1:*"];

export interface CspOptions {
  nonce: string;
  /** Origin of the media host when media is not served by this app (S3), else undefined. */
  mediaOrigin?: string;
  /** Vite dev server: HMR needs inline/eval scripts and a websocket. Never in production. */
  development?: boolean;
  /**
   * Origins a form may be redirected to besides this app: Stripe Checkout's while payments are on
   * (decision 133), since Chromium checks every redirect hop of a form post against form-action.
   */
  formActionOrigins?: readonly string[];
}

export function contentSecurityPolicy({
  nonce,
  mediaOrigin,
  development,
  formActionOrigins = [],
}: CspOptions): string {
  const media = mediaOrigin ? [mediaOrigin] : [];
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": development
      ? ["'self'", "'unsafe-inline'", "'unsafe-eval'"]
      : ["'self'", `'nonce-${nonce}'`],
    // React renders style props as style attributes; sonner injects its stylesheet.
    "style-src": ["'self'", "'unsafe-inline'"],
    // Whatever an admin may save as a media URL (checkMediaUrl: https anywhere, loopback http for a
    // local MinIO) must load here, or a saved entry would be blocked on the public page.
    "img-src": ["'self'", "data:", "blob:", ...media, ...THUMBNAIL_ORIGINS, ...ADMIN_MEDIA_SOURCES],
    "media-src": ["'self'", "blob:", ...media, ...ADMIN_MEDIA_SOURCES],
    "font-src": ["'self'"],
    "connect-src": development ? ["'self'", "ws:", "wss:"] : ["'self'", ...media],
    "frame-src": EMBED_ORIGINS,
    "frame-ancestors": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'", ...formActionOrigins],
    "object-src": ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(" ")}`)
    .join("; ");
}

export const PERMISSIONS_POLICY =
  "camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=()";

/** Only origins of absolute media URLs (S3); '/media/' is this app. */
export function mediaOriginOf(publicBase: string): string | undefined {
  return /^https?:\/\//i.test(publicBase) ? new URL(publicBase).origin : undefined;
}

declare module "express-serve-static-core" {
  interface Locals {
    cspNonce?: string;
  }
}

export interface SecurityHeaderList {
  /** The Content-Security-Policy of a response with this nonce. */
  policy(nonce: string): string;
  /** The other security headers, in the order they are sent; HSTS only over HTTPS. */
  fixed(secure: boolean): readonly (readonly [string, string])[];
}

/**
 * The security headers as data: one source for the Express middleware and the page cache's fast
 * path (page-cache-fast-path.server.ts), so both send the same headers. The policy text around the
 * nonce is built once.
 */
export function securityHeaderList(options: {
  mediaOrigin?: string;
  development: boolean;
  formActionOrigins?: readonly string[];
}): SecurityHeaderList {
  const marker = "\u0000nonce\u0000";
  const [before, after] = contentSecurityPolicy({ nonce: marker, ...options }).split(marker) as [
    string,
    string | undefined,
  ];
  const plain = [
    ["X-Content-Type-Options", "nosniff"],
    ["X-Frame-Options", "DENY"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["Permissions-Policy", PERMISSIONS_POLICY],
  ] as const;
  const https = [
    ...plain,
    ["Strict-Transport-Security", "max-age=31536000; includeSubDomains"],
  ] as const;
  return {
    policy: (nonce) => (after === undefined ? before : before + nonce + after),
    fixed: (secure) => (secure ? https : plain),
  };
}

/** Writes the security headers on a response and returns its fresh CSP nonce. */
function securityHeaderWriter(options: {
  mediaOrigin?: string;
  development: boolean;
  formActionOrigins?: readonly string[];
}): (res: ServerResponse, secure: boolean) => string {
  const list = securityHeaderList(options);
  return (res, secure) => {
    const nonce = freshNonce();
    res.setHeader("Content-Security-Policy", list.policy(nonce));
    for (const [name, value] of list.fixed(secure)) res.setHeader(name, value);
    return nonce;
  };
}

/** Express middleware: security headers on every response, static files and /healthz included. */
export function securityHeaders(options: {
  mediaOrigin?: string;
  development: boolean;
  formActionOrigins?: readonly string[];
}) {
  const write = securityHeaderWriter(options);
  return (req: Request, res: Response, next: NextFunction) => {
    // req.secure honours X-Forwarded-Proto only when "trust proxy" is set (TRUST_PROXY).
    res.locals.cspNonce = write(res, req.secure);
    next();
  };
}

/**
 * Express middleware: cross-site writes are refused with 403 before any route runs, so form
 * actions, data requests and /api writes all answer the same way (React Router's own origin
 * check would answer 400, and only on Origin).
 */
export function refuseCrossSiteWrites(req: Request, res: Response, next: NextFunction) {
  const ownOrigin = `${req.protocol}://${req.host}`;
  if (!isCrossSiteWriteFrom(req.method, req.get("Sec-Fetch-Site"), req.get("Origin"), ownOrigin)) {
    next();
    return;
  }
  res.status(403).set("Cache-Control", "no-store");
  if (req.path.startsWith("/api/")) res.json({ error: CROSS_SITE_ERROR });
  else res.type("text/plain").send(`403 Forbidden: ${CROSS_SITE_ERROR}`);
}
