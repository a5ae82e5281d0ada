import type { IncomingMessage, ServerResponse } from "node:http";
import {
  hasPrivateCookie,
  isCacheableRequest,
  markMiss,
  notModified,
  pageCacheKey,
  storedBody,
  storedEncoding,
  storedPageHeaders,
  type PageCache,
  type StoredPage,
} from "../site/page-cache.server";
import { logAccess, requestIdOf } from "./access-log.server";
import { acceptsOnlyIdentity, type assetResponder } from "./asset-fast-path.server";
import type { StaticEncoding } from "../platform/encoding.server";
import { hostnameOfHost, requestHost, requestProtocol } from "../platform/request-url.server";
import type { Metrics } from "./metrics.server";
import { freshNonce } from "./nonce-pool.server";
import type { SecurityHeaderList } from "./security-headers.server";
import { turnSlices } from "./turn-slices.server";

/*
 * Cache hits before the framework (decisions 095 and 109). An anonymous GET/HEAD whose
 * page is in the page cache is answered in the `node:http` request handler, before Express: no
 * prototype swaps, router, pino-http child loggers, compression wrappers, static file lookups or
 * cookie-privacy wrapper. It sends the same access log line, metrics, security headers, nonce,
 * ETag/304 and Vary as the full path, from the same sources (requestIdOf and logAccess,
 * Metrics.track, securityHeaderList, storedPageHeaders, storedBody), and reads the host and scheme
 * as the Express app does, per TRUST_PROXY's hop count (hostnameOf, isSecure). Each stored page's headers are
 * prepared once per encoding and scheme as one flat list for `writeHead`, with only the nonce's
 * policy and the request id filled in per response, and its body buffers are used again once
 * written (a fresh 13 KB buffer per hit cost a fifth of the throughput). Whatever it is not sure of goes the long way,
 * which answers it exactly as before: a session or flash cookie (decision 083 needs the database),
 * a request body, a URL that is not a plain path, and identity bodies to clients that accept an
 * encoding the stored page lacks (the compression middleware would compress those).
 */

export interface FastPathOptions {
  cache: PageCache;
  security: SecurityHeaderList;
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

/**
 * What a stored page is sent with in one encoding ("304": Not Modified) over one scheme, made
 * once: the header list for writeHead, [name, value, name, value...], whose slot 1 (the policy;
 * absent on a 304) and request id slot are filled per response on a copy; and the body buffers
 * of responses already written, used again.
 */
interface Prepared {
  list: string[];
  idSlot: number;
  free: Buffer[];
  /** Hands out a free body buffer, else a new one. */
  take: (length: number) => Buffer;
}

/** Body buffers kept per page, encoding and scheme for reuse: more than 32 connections need. */
const FREE_BODIES = 64;

/** A nonce of the right shape for measuring a body's length (every nonce has the same). */
const SIZING_NONCE = `${"A".repeat(22)}==`;

export function pageCacheFastPath(options: FastPathOptions) {
  const { cache, security, proxyHops, metrics, assets } = options;
  const slowPath = turnSlices(options.slowPerTurn ?? 8);
  const prepared = new WeakMap<StoredPage, Map<string, Prepared>>();

  const prepare = (
    page: StoredPage,
    kind: StaticEncoding | "identity" | "304",
    secure: boolean,
  ) => {
    let byKind = prepared.get(page);
    if (!byKind) prepared.set(page, (byKind = new Map()));
    const key = secure ? `${kind} s` : kind;
    const known = byKind.get(key);
    if (known) return known;
    const list: string[] = kind === "304" ? [] : ["Content-Security-Policy", ""];
    list.push("X-Request-Id", "");
    const idSlot = list.length - 1;
    for (const [name, value] of security.fixed(secure)) list.push(name, value);
    const body =
      kind === "304"
        ? undefined
        : { encoding: kind, length: storedBody(page, kind, SIZING_NONCE).length };
    for (const [name, value] of storedPageHeaders(page, "hit", body)) list.push(name, value);
    const free: Buffer[] = [];
    const take = (length: number) => {
      const buffer = free.pop();
      return buffer?.length === length ? buffer : Buffer.allocUnsafeSlow(length);
    };
    const made = { list, idSlot, free, take };
    byKind.set(key, made);
    return made;
  };

  /**
   * A body buffer goes back to its free list once its response has finished: Node emits 'finish'
   * after the write that carried the body completed, so nothing reads it any more. A response
   * that fails or is cut off never finishes, and its buffer is simply left to the collector.
   */
  const reuseAfter = (res: ServerResponse, free: Buffer[], body: Buffer) =>
    res.once("finish", () => {
      if (free.length < FREE_BODIES) free.push(body);
    });

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
    const secure = isSecure(req, proxyHops);
    if (notModified(req, page)) {
      // The browser keeps the body it has and the CSP (with that body's nonce) that came with it.
      const made = prepare(page, "304", secure);
      const list = made.list.slice();
      list[made.idSlot] = reqId;
      res.writeHead(304, list);
      res.end();
      return;
    }
    const made = prepare(page, encoding, secure);
    const nonce = freshNonce();
    const body = storedBody(page, encoding, nonce, made.take);
    const list = made.list.slice();
    list[1] = security.policy(nonce);
    list[made.idSlot] = reqId;
    res.writeHead(page.status, list);
    reuseAfter(res, made.free, body);
    if (method === "HEAD") res.end();
    else res.end(body);
  };
}
