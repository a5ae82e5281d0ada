import type { NextFunction, Request, Response } from "express";
import {
  hasPrivateCookie,
  isCacheableRequest,
  pageCacheKey,
  sendStored,
  storedEncoding,
  type PageCache,
} from "../site/page-cache.server";
import { logAccess } from "./access-log.server";
import type { Metrics } from "./metrics.server";
import { turnSlices } from "./turn-slices.server";

/*
 * Cache hits before the framework (issue 21, decision 095). An anonymous GET/HEAD whose page is in
 * the page cache is answered by the first middleware, without the rest of the stack (pino-http's
 * child loggers, compression's wrappers, the static file lookups, the cookie-privacy wrapper, the
 * router): the same access log line, metrics, security headers, nonce, ETag/304 and Vary, written
 * by the very functions the full path uses (logAccess, Metrics.track, securityHeaderWriter,
 * sendStored). Whatever it is not sure of goes the long way, which answers it exactly as before:
 * a session or flash cookie (decision 083 needs the database), a request body, a URL that is not
 * a plain path, and identity bodies to clients that accept an encoding the stored page lacks (the
 * compression middleware would compress those).
 */

export interface FastPathOptions {
  cache: PageCache;
  /** Writes the security headers and returns the response's nonce (securityHeaderWriter). */
  securityHeaders(res: Response, secure: boolean): string;
  metrics?: Pick<Metrics, "track" | "countFastHit">;
  /**
   * Requests that go the long way per event-loop turn before the rest wait for the next turns
   * (turn-slices.server.ts); default 8.
   */
  slowPerTurn?: number;
}

/** `Accept-Encoding` that makes the compression middleware leave a response alone. */
const acceptsOnlyIdentity = (header: string | undefined) =>
  header === undefined || header.trim() === "" || header.trim().toLowerCase() === "identity";

export function pageCacheFastPath(options: FastPathOptions) {
  const { cache } = options;
  const slowPath = turnSlices(options.slowPerTurn ?? 8);
  return (req: Request, res: Response, next: NextFunction): void => {
    const method = req.method;
    if ((method !== "GET" && method !== "HEAD") || cache.maxBytes === 0) return slowPath(next);
    const headers = req.headers;
    const url = req.url;
    if (
      url.charCodeAt(0) !== 47 /* "/" */ ||
      url.includes("#") ||
      headers["content-length"] !== undefined ||
      headers["transfer-encoding"] !== undefined ||
      (headers.cookie !== undefined && hasPrivateCookie(headers.cookie))
    )
      return slowPath(next);
    const query = url.indexOf("?");
    const path = query < 0 ? url : url.slice(0, query);
    if (!isCacheableRequest(method, path)) return slowPath(next);
    const hostname = req.hostname;
    if (!hostname) return slowPath(next);
    const page = cache.get(pageCacheKey(hostname, url));
    if (!page) return slowPath(next);
    const encoding = storedEncoding(page, headers["accept-encoding"]);
    if (encoding === "identity" && !acceptsOnlyIdentity(headers["accept-encoding"]))
      return slowPath(next);
    options.metrics?.track(req, path, res);
    options.metrics?.countFastHit();
    logAccess(req, res);
    const nonce = options.securityHeaders(res, req.secure);
    sendStored(req, res, page, nonce, "hit", encoding);
  };
}
