import type { IncomingMessage, ServerResponse } from "node:http";
import {
  hasPrivateCookie,
  isCacheableRequest,
  markMiss,
  pageCacheKey,
  storedEncoding,
  type HitResponder,
  type PageCache,
} from "../site/page-cache.server";
import { logAccess, requestIdOf } from "./access-log.server";
import { acceptsOnlyIdentity, type assetResponder } from "./asset-fast-path.server";
import { hostnameOfHost, requestHost, requestProtocol } from "../platform/request-url.server";
import type { Metrics } from "./metrics.server";
import { freshNonce } from "./nonce-pool.server";
import { turnSlices } from "./turn-slices.server";

/*
 * Cache hits before the framework (decisions 095 and 109). An anonymous GET/HEAD whose
 * page is in the page cache is answered in the `node:http` request handler, before Express: no
 * prototype swaps, router, pino-http child loggers, compression wrappers, static file lookups or
 * cookie-privacy wrapper. It sends the same access log line, metrics, security headers, nonce,
 * ETag/304 and Vary as the full path, from the same sources (requestIdOf and logAccess,
 * Metrics.track, and the one hit responder of site/page-cache-hits.server.ts, which the middleware
 * uses for the hits it finds), and reads the host and scheme as the Express app does, per
 * TRUST_PROXY's hop count (hostnameOf, isSecure). Whatever it is not sure of goes the long way,
 * which answers it exactly as before: a session or flash cookie (decision 083 needs the database),
 * a request body, a URL that is not a plain path, and identity bodies to clients that accept an
 * encoding the stored page lacks (the compression middleware would compress those).
 */

export interface FastPathOptions {
  cache: PageCache;
  /** Answers the hit (page-cache-hits.server.ts), the same responder the middleware uses. */
  answerHit: HitResponder;
  /** TRUST_PROXY: how many proxies' forwarded headers to read, from the right (decision 116). */
  proxyHops: number;
  metrics?: Pick<Metrics, "track" | "countFastHit">;
  /** Hashed build assets answered here too (decision 114). */
  assets?: ReturnType<typeof assetResponder>;
  /**
   * Requests that go the long way per event-loop turn before the rest wait for the next turns
   * (turn-slices.server.ts); default 8.
   */
  slowPerTurn?: number;
}

/** Express's `req.hostname` as `readForwardedPerHop` makes it read: the host, no port. */
export function hostnameOf(req: IncomingMessage, hops: number): string | undefined {
  return hostnameOfHost(requestHost(req.headers, hops));
}

/** Express's `req.secure` as `readForwardedPerHop` makes it read. */
export function isSecure(req: IncomingMessage, hops: number): boolean {
  return requestProtocol(req, hops) === "https";
}

export function pageCacheFastPath(options: FastPathOptions) {
  const { cache, answerHit, proxyHops, metrics, assets } = options;
  const slowPath = turnSlices(options.slowPerTurn ?? 8);

  return (req: IncomingMessage, res: ServerResponse, slow: () => void): void => {
    const method = req.method;
    if (method !== "GET" && method !== "HEAD") return slowPath(slow);
    const url = req.url ?? "";
    if (assets !== undefined && url.startsWith("/assets/")) {
      if (assets(req, res, url, isSecure(req, proxyHops))) return;
      return slowPath(slow);
    }
    if (cache.maxBytes === 0) return slowPath(slow);
    const headers = req.headers;
    if (
      url.charCodeAt(0) !== 47 /* "/" */ ||
      url.includes("#") ||
      headers["content-length"] !== undefined ||
      headers["transfer-encoding"] !== undefined ||
      (headers.cookie !== undefined && hasPrivateCookie(headers.cookie))
    )
      return slowPath(slow);
    const query = url.indexOf("?");
    const path = query < 0 ? url : url.slice(0, query);
    if (!isCacheableRequest(method, path)) return slowPath(slow);
    const hostname = hostnameOf(req, proxyHops);
    if (!hostname || !cache.ownsHost(hostname)) return slowPath(slow);
    const key = pageCacheKey(hostname, url);
    const page = cache.get(key);
    if (!page) {
      // The middleware takes it from here without a second cookie test and lookup.
      markMiss(req, key);
      return slowPath(slow);
    }
    const accepted = headers["accept-encoding"];
    const encoding = storedEncoding(page, accepted);
    if (encoding === "identity" && !acceptsOnlyIdentity(accepted)) return slowPath(slow);

    metrics?.track(req, path, res, "hit");
    metrics?.countFastHit();
    const reqId = requestIdOf(req);
    logAccess(req, res, reqId);
    answerHit(req, res, page, {
      encoding,
      secure: isSecure(req, proxyHops),
      nonce: freshNonce(),
      reqId,
    });
  };
}
