import type { ServerResponse } from "node:http";
import type { StaticEncoding } from "../platform/encoding.server";
import {
  notModified,
  storedBody,
  storedPageHeaders,
  type HitResponder,
  type HitSecurityHeaders,
  type StoredPage,
} from "./page-cache.server";

/*
 * The one place a page-cache hit is answered (decision 112). The fast path before Express
 * (http/page-cache-fast-path.server.ts) answers most hits; the Express middleware answers the few
 * it leaves (a made-up session cookie, which needs the database to tell; a client that accepts an
 * encoding the stored page lacks yet). Both call `answer` here, so a hit has one set of headers,
 * one 304 rule and one body however it arrived.
 *
 * Each stored page's headers are prepared once per encoding and scheme as one flat list for
 * `writeHead`, with only the nonce's policy and the request id filled in per response, and its
 * body buffers are used again once written (a fresh 13 KB buffer per hit cost a fifth of the
 * throughput). On the Express path the same list is set header by header (replacing the security
 * headers and request id Express set, so each is sent once) for the middleware that read headers
 * as the response goes out.
 */

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

export function hitResponder(security: HitSecurityHeaders): HitResponder {
  const prepared = new WeakMap<StoredPage, Map<string, Prepared>>();

  const prepare = (
    page: StoredPage,
    kind: StaticEncoding | "identity" | "304",
    secure: boolean,
  ): Prepared => {
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

  const head = (res: ServerResponse, status: number, list: string[], inExpress: boolean) => {
    if (!inExpress) {
      res.writeHead(status, list);
      return;
    }
    res.statusCode = status;
    for (let i = 0; i < list.length; i += 2) res.setHeader(list[i]!, list[i + 1]!);
  };

  return (req, res, page, { encoding, secure, nonce, reqId, inExpress = false }) => {
    if (notModified(req, page)) {
      // The browser keeps the body it has and the CSP (with that body's nonce) that came with it.
      const made = prepare(page, "304", secure);
      const list = made.list.slice();
      list[made.idSlot] = reqId;
      res.removeHeader("Content-Security-Policy");
      head(res, 304, list, inExpress);
      res.end();
      return;
    }
    const made = prepare(page, encoding, secure);
    const body = storedBody(page, encoding, nonce, made.take);
    const list = made.list.slice();
    list[1] = security.policy(nonce);
    list[made.idSlot] = reqId;
    head(res, page.status, list, inExpress);
    reuseAfter(res, made.free, body);
    if (req.method === "HEAD") res.end();
    else res.end(body);
  };
}
