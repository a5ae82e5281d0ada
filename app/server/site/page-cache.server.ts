import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import type { RequestHandler, RouterContextProvider } from "react-router";
import { LIST_PARAMS } from "~/domain/catalogue-filters";
import { PUBLIC_CACHE } from "~/domain/site-cache";
import { todayIn } from "~/domain/trip-facts";
import { AUTH_COOKIES, clearCookieLine, cookieNames } from "../auth/cookies.server";
import type { ContentChanges } from "../platform/content-changes.server";
import { log } from "../platform/log.server";
import { urlOf } from "../platform/request-url.server";
import { negotiateEncoding, type StaticEncoding } from "../platform/encoding.server";
import { QueueFullError, RenderQueue } from "./render-queue.server";
import {
  addEncoding,
  addGzipNow,
  brotliBody,
  encodedBytes,
  encodePage,
  gzipBody,
  identityBody,
  NONCE_PLACEHOLDER,
  splitPage,
  type BodyBuffer,
  type EncodedPage,
} from "./page-encoding.server";

/*
 * Full-page cache for anonymous GET/HEAD of public pages and their `.data` requests (decision 041).
 * Pages are stored compressed with a hole where each response's CSP nonce goes
 * (page-encoding.server.ts), in an LRU bounded by bytes, and dropped as a whole on every committed
 * content write, heard through PostgreSQL NOTIFY (content-changes.server.ts).
 */

export const DEFAULT_PAGE_CACHE_BYTES = 32 * 1024 * 1024;

/** Headers a stored page never keeps: per-response or per-connection ones. */
const UNSTORED = new Set([
  "set-cookie",
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "connection",
  "keep-alive",
  "date",
  "etag",
]);

export interface StoredPage {
  /** The origin it was rendered for (the warmer renders it again there). */
  origin?: string;
  status: number;
  headers: [string, string][];
  body: EncodedPage;
  bytes: number;
}

/** An LRU of pages bounded by their stored bytes; `generation` moves on at every invalidation. */
export class PageCache {
  readonly maxBytes: number;
  #pages = new Map<string, StoredPage>();
  #bytes = 0;
  #generation = 0;
  #listeners = new Set<(dropped: [string, StoredPage][]) => void>();

  /** The site's own host names (decision 113); undefined: every host (unit tests). */
  readonly #hosts: ReadonlySet<string> | undefined;

  constructor(maxBytes: number, hosts?: ReadonlySet<string>) {
    this.maxBytes = maxBytes;
    this.#hosts = hosts;
  }

  /**
   * Whether pages asked for under this host name are cached: only the site's own names, so made-up
   * Host (or trusted X-Forwarded-Host) values cannot fill the cache or give the warmer more work.
   */
  ownsHost(hostname: string): boolean {
    return this.#hosts === undefined || this.#hosts.has(hostname);
  }

  get generation(): number {
    return this.#generation;
  }

  get bytes(): number {
    return this.#bytes;
  }

  get size(): number {
    return this.#pages.size;
  }

  get(key: string): StoredPage | undefined {
    const page = this.#pages.get(key);
    if (page) {
      this.#pages.delete(key);
      this.#pages.set(key, page);
    }
    return page;
  }

  /** Stores unless content changed since `generation` (the page may be stale) or it cannot fit. */
  set(key: string, page: StoredPage, generation: number): boolean {
    if (generation !== this.#generation || page.bytes > this.maxBytes) return false;
    this.delete(key);
    this.#pages.set(key, page);
    this.#bytes += page.bytes;
    for (const [oldest, old] of this.#pages) {
      if (this.#bytes <= this.maxBytes) break;
      this.#pages.delete(oldest);
      this.#bytes -= old.bytes;
    }
    return true;
  }

  delete(key: string): void {
    const page = this.#pages.get(key);
    if (!page) return;
    this.#pages.delete(key);
    this.#bytes -= page.bytes;
  }

  clear(): void {
    this.#generation++;
    const dropped = this.#listeners.size ? [...this.#pages].reverse() : [];
    this.#pages.clear();
    this.#bytes = 0;
    for (const listener of this.#listeners) listener(dropped);
  }

  /** Runs `fn` after each clear with the pages it dropped, most recently used first. */
  onClear(fn: (dropped: [key: string, page: StoredPage][]) => void): () => void {
    this.#listeners.add(fn);
    return () => this.#listeners.delete(fn);
  }

  /** Whether `key` is stored (without counting as a use). */
  has(key: string): boolean {
    return this.#pages.has(key);
  }

  /** Drops everything on each content change; returns the unsubscribe function. */
  follow(changes: ContentChanges): () => void {
    return changes.on(() => this.clear());
  }
}

/**
 * Trip pages show departures from "today" on: when the company's day changes, every
 * stored page may list a departure that has gone, so the cache is emptied. Checked each minute;
 * returns the stop function.
 */
export function clearAtDayChange(cache: PageCache, timeZone: string, everyMs = 60_000): () => void {
  let day = todayIn(timeZone);
  const timer = setInterval(() => {
    const now = todayIn(timeZone);
    if (now === day) return;
    day = now;
    cache.clear();
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

/** A signed-in admin's session or a pending flash message makes a request personal. */
export function hasPrivateCookie(cookieHeader: string | undefined): boolean {
  const names = cookieNames(cookieHeader);
  return names.has(AUTH_COOKIES.session.name) || names.has(AUTH_COOKIES.flash.name);
}

/**
 * The parameters any public page reads (list filters, the contact form's package, React Router's
 * data requests). Others cannot change a page, so they are left out of its cache key: random
 * query strings cannot fill the cache with copies.
 */
const PAGE_PARAMS = [...LIST_PARAMS, "package", "sent", "_routes", "index"];

/** The path and the known parameters in one fixed order; "/a?z=1&page=2&utm=x" → "/a?page=2". */
export function cacheKeyUrl(originalUrl: string): string {
  const query = originalUrl.indexOf("?");
  if (query < 0) return originalUrl;
  const given = new URLSearchParams(originalUrl.slice(query + 1));
  const kept = new URLSearchParams();
  for (const name of PAGE_PARAMS) for (const value of given.getAll(name)) kept.append(name, value);
  const search = kept.toString();
  return originalUrl.slice(0, query) + (search ? `?${search}` : "");
}

/** The cache key of a request: its host name and its URL without unknown parameters. */
export function pageCacheKey(hostname: string, originalUrl: string): string {
  return `${hostname} ${cacheKeyUrl(originalUrl)}`;
}

/**
 * Requests the fast path already looked up and missed: their key, for the middleware, which then
 * runs neither the cookie test nor the lookup again (the fast path goes the long way on any
 * session or flash cookie, so a marked request has none).
 */
const knownMisses = new WeakMap<IncomingMessage, string>();

export function markMiss(req: IncomingMessage, key: string): void {
  knownMisses.set(req, key);
}

/**
 * Anonymous reads of public pages; never /admin, never /api, and never React Router's route
 * manifest: each `paths` list makes another answer (anyone could fill the cache with them), and
 * it is cheap to make (route matching, no data). Never a private booking page either (in any
 * language): its token or the way back from Checkout's cookie makes each answer personal, so it
 * is neither rendered without cookies nor shared with a concurrent request (decision 133).
 */
export function isCacheableRequest(method: string, path: string, cookieHeader?: string): boolean {
  if (method !== "GET" && method !== "HEAD") return false;
  if (/^\/(?:admin|api|__manifest)(?:[/.]|$)/.test(path)) return false;
  if (/^\/(?:[a-z]{2}(?:-[a-z]+)?\/)?booking\//i.test(path)) return false;
  return !hasPrivateCookie(cookieHeader);
}

/** Only a plain public 200 that sets no cookie is the same for every anonymous visitor. */
export function isStorableResponse(status: number, headers: Headers): boolean {
  if (status !== 200 || headers.has("set-cookie")) return false;
  if (/\b(?:private|no-store|no-cache)\b/i.test(headers.get("cache-control") ?? "")) return false;
  const vary = (headers.get("vary") ?? "")
    .split(",")
    .map((v) => v.trim().toLowerCase())
    .filter(Boolean);
  return vary.every((v) => v === "accept-encoding" || v === "cookie");
}

function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || bare(tag) === bare(etag));
}

export interface Rendered {
  status: number;
  statusText: string;
  headers: Headers;
  page: Buffer;
}

/** The security headers as data (http/security-headers.server.ts makes them). */
export interface HitSecurityHeaders {
  /** The Content-Security-Policy of a response with this nonce. */
  policy(nonce: string): string;
  /** The other security headers, in the order they are sent; HSTS only over HTTPS. */
  fixed(secure: boolean): readonly (readonly [string, string])[];
}

export interface HitAnswer {
  /** The negotiated body encoding ("identity": the stored bytes as they are). */
  encoding: StaticEncoding | "identity";
  /** Over HTTPS (HSTS is sent). */
  secure: boolean;
  /** This response's CSP nonce, written into the body's holes and the policy. */
  nonce: string;
  reqId: string;
  /**
   * Answered inside Express: the compression middleware and the cookie-privacy wrapper read the
   * headers when the response goes out, so they are set one by one and sent with the body, not
   * written at once with `writeHead` as the fast path does.
   */
  inExpress?: boolean;
}

/** Answers a page-cache hit: the one place that does (page-cache-hits.server.ts makes it). */
export type HitResponder = (
  req: IncomingMessage,
  res: ServerResponse,
  page: StoredPage,
  answer: HitAnswer,
) => void;

export interface PageCacheMiddlewareOptions {
  /** Answers the hits this middleware finds: the fast path's responder (hitResponder). */
  answerHit: HitResponder;
  /** Undefined or a cache of 0 bytes: every page is rendered (still with ETag and nonce holes). */
  cache?: PageCache;
  /** Renders a GET of this URL through React Router, with `res.locals.cspNonce` as the nonce. */
  render(req: ExpressRequest, res: ExpressResponse): Promise<Response>;
  brotliQuality?: number;
  /** Shared with the warmer (page-warmer.server.ts); one is made when unset. */
  filler?: PageFiller;
  /**
   * Whether the session or flash cookie a request carries is real (a live session, a flash this
   * server signed). Unset: any such cookie counts. A request whose cookies are not real is
   * answered as an anonymous one, so made-up cookies cannot bypass the cache (decision 083).
   */
  isPersonal?(cookieHeader: string): Promise<boolean>;
}

function storedHeaders(headers: Headers): [string, string][] {
  const kept: [string, string][] = [];
  for (const [name, value] of headers) if (!UNSTORED.has(name)) kept.push([name, value]);
  if (!headers.has("cache-control")) kept.push(["cache-control", PUBLIC_CACHE]);
  return kept;
}

/** `vary` with `field` added unless it (or `*`) is there: what Express's `res.vary` does. */
function varyWith(vary: string, field: string): string {
  const names = vary.split(",").map((v) => v.trim().toLowerCase());
  if (names.includes("*") || names.includes(field.toLowerCase())) return vary;
  return vary ? `${vary}, ${field}` : field;
}

export type CacheState = "hit" | "miss" | "off" | "bypass";

/**
 * The headers a stored page is sent with (after the security headers and X-Request-Id): its own,
 * Vary with Accept-Encoding, ETag and X-Page-Cache, then for a body its Content-Encoding (unless
 * identity) and Content-Length; a 304 (`body` undefined) has neither. One list for sendStored and
 * the fast path's prebuilt header blocks (page-cache-fast-path.server.ts).
 */
export function storedPageHeaders(
  page: StoredPage,
  state: CacheState,
  body?: { encoding: StaticEncoding | "identity"; length: number },
): [string, string][] {
  const headers: [string, string][] = [];
  let vary = "";
  for (const entry of page.headers) {
    if (entry[0].toLowerCase() === "vary") vary = entry[1];
    else headers.push(entry);
  }
  headers.push(["Vary", varyWith(vary, "Accept-Encoding")]);
  headers.push(["ETag", page.body.etag]);
  headers.push(["X-Page-Cache", state]);
  if (body) {
    if (body.encoding !== "identity") headers.push(["Content-Encoding", body.encoding]);
    headers.push(["Content-Length", String(body.length)]);
  }
  return headers;
}

/**
 * The encoding a stored page is sent in, or "identity"; undefined when the response would not be
 * the stored bytes as they are: identity to a client that accepts some encoding (the compression
 * middleware would compress it).
 */
export function storedEncoding(
  page: StoredPage,
  acceptEncoding: string | undefined,
): StaticEncoding | "identity" {
  const available: StaticEncoding[] = [];
  if (page.body.br) available.push("br");
  if (page.body.gzip) available.push("gzip");
  return negotiateEncoding(acceptEncoding, available) ?? "identity";
}

/**
 * Sends a stored page with this response's nonce: the page's headers, Vary, ETag and X-Page-Cache,
 * then 304 for a matching If-None-Match or the body in the negotiated encoding. Plain Node
 * request and response, so the Express path and the fast path (page-cache-fast-path.server.ts)
 * answer alike.
 */
export function sendStored(
  req: IncomingMessage,
  res: ServerResponse,
  page: StoredPage,
  nonce: string,
  state: CacheState,
): void {
  if (notModified(req, page)) {
    // The browser keeps the body it has and the CSP (with that body's nonce) that came with it.
    for (const [name, value] of storedPageHeaders(page, state)) res.setHeader(name, value);
    res.removeHeader("Content-Security-Policy");
    res.statusCode = 304;
    res.end();
    return;
  }
  const encoding = storedEncoding(page, req.headers["accept-encoding"]);
  const body = storedBody(page, encoding, nonce);
  res.statusCode = page.status;
  for (const [name, value] of storedPageHeaders(page, state, { encoding, length: body.length }))
    res.setHeader(name, value);
  if (req.method === "HEAD") res.end();
  else res.end(body);
}

/** A stored page's body in `encoding` with `nonce` in its holes (written `into` a given buffer). */
export function storedBody(
  page: StoredPage,
  encoding: StaticEncoding | "identity",
  nonce: string,
  into?: BodyBuffer,
): Buffer {
  return encoding === "br"
    ? brotliBody(page.body.br!, nonce, into)
    : encoding === "gzip"
      ? gzipBody(page.body, page.body.gzip!, nonce, into)
      : identityBody(page.body, nonce, into);
}

/** Whether If-None-Match names this validator (a 304 answers it). */
export function notModified(req: IncomingMessage, page: StoredPage): boolean {
  return matchesEtag(req.headers["if-none-match"], page.body.etag);
}

function sendRendered(
  req: ExpressRequest,
  res: ExpressResponse,
  rendered: Rendered,
  nonce: string,
): void {
  res.statusMessage = rendered.statusText;
  res.status(rendered.status);
  for (const [name, value] of rendered.headers) {
    if (name !== "content-length") res.append(name, value);
  }
  res.setHeader("X-Page-Cache", "bypass");
  const body = Buffer.from(rendered.page.toString("utf8").replaceAll(NONCE_PLACEHOLDER, nonce));
  if (req.method === "HEAD") res.end();
  else res.end(body);
}

/**
 * Renders and encodes pages for the cache, each at most once at a time: concurrent requests for
 * one page (and the warmer) share one render and one encoding (no stampede after a write empties
 * the cache), keyed by the cache generation so a render from before a write is never shared after
 * it. New renders go through the render queue (decision 096): past its depth they are refused with
 * QueueFullError, while joining a render already running costs nothing.
 */
/** Compression of pages rendered without a cache: shared by the requests of one render. */
const LIGHT_ENCODING = { brotliQuality: 4, gzipLevel: 6 };

export class PageFiller {
  readonly queue: RenderQueue;
  readonly brotliQuality: number | undefined;
  #inflight = new Map<string, { sharers: number; promise: Promise<Filled> }>();
  #renders = 0;

  constructor(options: { queue?: RenderQueue; brotliQuality?: number } = {}) {
    this.queue = options.queue ?? new RenderQueue();
    this.brotliQuality = options.brotliQuality;
  }

  /** Renders started so far (tests, metrics). */
  get renders(): number {
    return this.#renders;
  }

  /**
   * Renders the page of `key` (a cache generation and a cache key) and, when it is storable,
   * prepares its stored form and hands it to `store`: for the cache (`forCache`) compressed around
   * its nonce holes; without a cache only split at them, compressed on demand (`compress`), once per
   * encoding for every request sharing the render instead of once per response. Everyone asking for `key`
   * until that is done shares the one promise, so a request arriving while the first one's page is
   * being compressed does not render it again.
   */
  fill(
    key: string,
    render: () => Promise<Response>,
    options: { forCache: boolean; origin?: string; store?: (page: StoredPage) => void },
  ): Promise<Filled> {
    const running = this.#inflight.get(key);
    if (running) {
      running.sharers++;
      // A page that may not be stored (private, no-store: a form with its own one-time token)
      // is nobody else's: whoever joined its render gets a render of their own (decision 118).
      return running.promise.then((filled) => (filled.stored ? filled : this.#renderAlone(render)));
    }
    if (this.queue.full) return Promise.reject(new QueueFullError(this.queue.depth));
    const entry: { sharers: number; promise: Promise<Filled> } = {
      sharers: 1,
      promise: Promise.resolve({} as Filled),
    };
    const sharers = () => entry.sharers;
    entry.promise = this.#rendered(render)
      .then(async (rendered): Promise<Filled> => {
        if (!isStorableResponse(rendered.status, rendered.headers)) return { rendered, sharers };
        const body = options.forCache
          ? await encodePage(rendered.page, {
              brotliQuality: this.brotliQuality,
              onReject: (enc) => log("warn", "page cache: encoding failed its check", { key, enc }),
            })
          : splitPage(rendered.page);
        const stored: StoredPage = {
          status: rendered.status,
          headers: storedHeaders(rendered.headers),
          body,
          bytes: options.forCache ? encodedBytes(body) + key.length + 512 : 0,
          ...(options.origin ? { origin: options.origin } : {}),
        };
        options.store?.(stored);
        return { rendered, stored, sharers };
      })
      .finally(() => this.#inflight.delete(key));
    this.#inflight.set(key, entry);
    return entry.promise;
  }

  #rendered(render: () => Promise<Response>): Promise<Filled["rendered"]> {
    return this.queue.run(async () => {
      this.#renders++;
      const response = await render();
      return {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
        page: Buffer.from(await response.arrayBuffer()),
      };
    });
  }

  /** One render for one request, shared with nobody and never stored. */
  async #renderAlone(render: () => Promise<Response>): Promise<Filled> {
    if (this.queue.full) throw new QueueFullError(this.queue.depth);
    return { rendered: await this.#rendered(render), sharers: () => 1 };
  }
}

/**
 * Without a cache: the page of a shared render in `encoding` (light quality: brotli 4, gzip 6, as the compression middleware),
 * made once for all the requests that share it, on the first request that accepts it.
 */
const lightForms = new WeakMap<EncodedPage, Map<string, Promise<void>>>();

export function compressShared(page: StoredPage, encoding: StaticEncoding): Promise<void> {
  let forms = lightForms.get(page.body);
  if (!forms) lightForms.set(page.body, (forms = new Map()));
  let pending = forms.get(encoding);
  if (!pending) {
    pending = addEncoding(page.body, encoding, LIGHT_ENCODING);
    forms.set(encoding, pending);
  }
  return pending;
}

const gzipped = new WeakSet<EncodedPage>();

/** Without a cache: the gzip form of a rendered page, made once (addGzipNow), synchronously. */
export function gzipShared(page: StoredPage): void {
  if (gzipped.has(page.body)) return;
  gzipped.add(page.body);
  addGzipNow(page.body, {
    gzipLevel: LIGHT_ENCODING.gzipLevel,
    onReject: (enc) => log("warn", "page: encoding failed its check", { enc }),
  });
}

/** A rendered page, and its stored form when it may be stored. */
export interface Filled {
  rendered: Rendered;
  stored?: StoredPage;
  /** How many requests shared the render (final once it is done). */
  sharers(): number;
}

/** Seconds a client is asked to wait when the render queue is full. */
export const OVERLOAD_RETRY_AFTER = 2;

/** The small static answer past the render queue's depth: nothing rendered, nothing read. */
function sendOverloaded(req: ExpressRequest, res: ExpressResponse): void {
  const body = "503 Service Unavailable: too many pages are being prepared; retry in a moment.\n";
  res.status(503);
  res.setHeader("Retry-After", String(OVERLOAD_RETRY_AFTER));
  res.setHeader("Cache-Control", "no-store");
  res.setHeader("Content-Type", "text/plain; charset=utf-8");
  res.setHeader("Content-Length", Buffer.byteLength(body));
  res.setHeader("X-Page-Cache", "overload");
  if (req.method === "HEAD") res.end();
  else res.end(body);
}

/**
 * Express middleware in front of React Router. Requests it does not cache pass through
 * untouched; cacheable ones are answered from the cache or rendered once (concurrent misses of
 * one URL share a render) and stored.
 */
export function pageCacheMiddleware(options: PageCacheMiddlewareOptions) {
  const { cache } = options;
  const filler = options.filler ?? new PageFiller({ brotliQuality: options.brotliQuality });

  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    const missed = knownMisses.get(req);
    if (missed !== undefined) return fill(req, res, next, missed, true);
    const cookies = req.get("Cookie");
    const bypass = () => {
      if (req.method === "GET" || req.method === "HEAD") res.setHeader("X-Page-Cache", "bypass");
      next();
    };
    if (!isCacheableRequest(req.method, req.path)) return bypass();
    if (cookies !== undefined && hasPrivateCookie(cookies)) {
      let personal = true;
      try {
        personal = options.isPersonal ? await options.isPersonal(cookies) : true;
      } catch (error) {
        next(error);
        return;
      }
      if (personal) return bypass();
      // Not real (made up, expired, signed with another key): answered as anonymous, and cleared
      // so the browser stops sending it.
      for (const cookie of [AUTH_COOKIES.session, AUTH_COOKIES.flash])
        if (cookieNames(cookies).has(cookie.name))
          res.append("Set-Cookie", clearCookieLine(cookie, { secure: req.secure }));
    }
    return fill(req, res, next, pageCacheKey(req.hostname, req.originalUrl), false);
  };

  /** Answers a cacheable request: a hit from the cache, else rendered once and stored. */
  async function fill(
    req: ExpressRequest,
    res: ExpressResponse,
    next: NextFunction,
    key: string,
    knownMiss: boolean,
  ): Promise<void> {
    const nonce = res.locals.cspNonce ?? "";
    // Another host than the site's own: rendered (through the queue) and answered, never stored.
    const own = cache?.ownsHost(req.hostname) ?? false;
    try {
      const hit = own && !knownMiss ? cache?.get(key) : undefined;
      if (hit) {
        const id = res.getHeader("X-Request-Id");
        options.answerHit(req, res, hit, {
          encoding: storedEncoding(hit, req.get("Accept-Encoding")),
          secure: req.secure,
          nonce,
          reqId: typeof id === "string" ? id : randomUUID(),
          inExpress: true,
        });
        return;
      }
      const generation = cache?.generation ?? 0;
      const enabled = own && cache !== undefined && cache.maxBytes > 0;
      res.locals.cspNonce = NONCE_PLACEHOLDER;
      const { rendered, stored, sharers } = await filler.fill(
        `${generation} ${key}`,
        () => options.render(req, res),
        {
          forCache: enabled,
          origin: urlOf(req).origin,
          ...(enabled ? { store: (page: StoredPage) => cache.set(key, page, generation) } : {}),
        },
      );
      res.locals.cspNonce = nonce;
      if (!stored || !nonce) {
        sendRendered(req, res, rendered, nonce);
        return;
      }
      const bodyless =
        req.method === "HEAD" || matchesEtag(req.get("If-None-Match"), stored.body.etag);
      if (!enabled && !bodyless) {
        // No cache: the page still gets its validator. Alone, it is compressed by the compression
        // middleware as it is sent. Shared by several requests, it is compressed once for all of
        // them: gzip made at once when the client takes it (no thread pool round trips, decision
        // 106), else brotli.
        const accepts = req.get("Accept-Encoding");
        if (sharers() > 1) {
          if (negotiateEncoding(accepts, ["gzip"])) gzipShared(stored);
          else if (negotiateEncoding(accepts, ["br"])) await compressShared(stored, "br");
        }
      }
      sendStored(req, res, stored, nonce, enabled ? "miss" : own || !cache ? "off" : "bypass");
    } catch (error) {
      res.locals.cspNonce = nonce;
      if (res.headersSent) return;
      if (error instanceof QueueFullError) return sendOverloaded(req, res);
      next(error);
    }
  }
}

/**
 * Renders a cacheable request through React Router as an anonymous GET: no cookies (analytics
 * cookies must not shape a page every visitor gets) and no conditional headers. `handle` is React
 * Router's handler (routerRequestHandler, passed in by server/app.ts: the site sits below http).
 */
export function anonymousRenderer(
  handle: RequestHandler,
  getLoadContext: (
    req: ExpressRequest,
    res: ExpressResponse,
  ) => RouterContextProvider | Promise<RouterContextProvider>,
) {
  return async (req: ExpressRequest, res: ExpressResponse): Promise<Response> => {
    const headers = new Headers({ accept: req.get("Accept") ?? "*/*" });
    const request = new Request(urlOf(req).href, { method: "GET", headers });
    return handle(request, await getLoadContext(req, res));
  };
}
