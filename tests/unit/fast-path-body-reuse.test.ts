import { EventEmitter } from "node:events";
import type { IncomingMessage, ServerResponse } from "node:http";
import { brotliDecompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageCacheFastPath } from "~/server/http/page-cache-fast-path.server";
import { logger, setLogLevel, type LogLevel } from "~/server/platform/log.server";
import { hitResponder } from "~/server/site/page-cache-hits.server";
import { securityHeaderList } from "~/server/http/security-headers.server";
import { PageCache, pageCacheKey, type StoredPage } from "~/server/site/page-cache.server";
import { encodePage, NONCE_PLACEHOLDER } from "~/server/site/page-encoding.server";

// Decision 109: the fast path writes each cache hit's body into a buffer it uses again once that
// response has finished. A buffer still being sent must never be handed to another response, and
// one whose response never finished (a failed or cut-off write) must never come back.

const HOST = "wanderlux.test";

async function cachedPage(): Promise<PageCache> {
  const html = `<!doctype html><html><body>${"<p>Trips and moments</p>".repeat(200)}<script nonce="${NONCE_PLACEHOLDER}">1</script><script nonce="${NONCE_PLACEHOLDER}">2</script></body></html>`;
  const body = await encodePage(Buffer.from(html));
  const page: StoredPage = {
    status: 200,
    headers: [["content-type", "text/html; charset=utf-8"]],
    body,
    bytes: 1,
  };
  const cache = new PageCache(1024 * 1024);
  cache.set(pageCacheKey(HOST, "/"), page, cache.generation);
  return cache;
}

/** A response that records what it was given and finishes only when told to. */
class HeldResponse extends EventEmitter {
  status = 0;
  headers: string[] = [];
  body: Buffer | undefined;
  writeHead(status: number, headers: string[]) {
    this.status = status;
    this.headers = headers;
    return this;
  }
  end(body?: Buffer) {
    this.body = body;
    return this;
  }
  header(name: string) {
    const at = this.headers.findIndex((h, i) => i % 2 === 0 && h.toLowerCase() === name);
    return at < 0 ? undefined : this.headers[at + 1];
  }
}

const get = () =>
  ({
    method: "GET",
    url: "/",
    headers: { host: HOST, "accept-encoding": "br" },
    socket: { remoteAddress: "127.0.0.1" },
  }) as unknown as IncomingMessage;

describe("the fast path's body buffers", () => {
  const level = logger.level as LogLevel;
  beforeAll(() => setLogLevel("silent"));
  afterAll(() => setLogLevel(level));

  it("are used again only after their response finished, each with its own nonce", async () => {
    const fast = pageCacheFastPath({
      cache: await cachedPage(),
      answerHit: hitResponder(securityHeaderList({ development: false })),
      proxyHops: 0,
    });
    const send = () => {
      const res = new HeldResponse();
      fast(get(), res as unknown as ServerResponse, () => {
        throw new Error("went the long way");
      });
      expect(res.status).toBe(200);
      return res;
    };
    const nonceIn = (res: HeldResponse) =>
      /'nonce-([^']+)'/.exec(res.header("content-security-policy") ?? "")?.[1];
    const noncesInBody = (res: HeldResponse) => [
      ...new Set(
        [
          ...brotliDecompressSync(res.body!)
            .toString()
            .matchAll(/nonce="([^"]+)"/g),
        ].map((m) => m[1]),
      ),
    ];

    const first = send();
    const firstBytes = Buffer.from(first.body!);
    // Not finished yet: the next responses get other buffers and leave the first one alone.
    const second = send();
    const third = send();
    expect(second.body).not.toBe(first.body);
    expect(third.body).not.toBe(first.body);
    expect(third.body).not.toBe(second.body);
    expect(first.body!.equals(firstBytes)).toBe(true);
    for (const res of [first, second, third]) expect(noncesInBody(res)).toEqual([nonceIn(res)]);
    expect(new Set([first, second, third].map(nonceIn)).size).toBe(3);

    // Once finished, its buffer serves the next response, rewritten with that response's nonce.
    first.emit("finish");
    const fourth = send();
    expect(fourth.body).toBe(first.body);
    expect(noncesInBody(fourth)).toEqual([nonceIn(fourth)]);
    expect(nonceIn(fourth)).not.toBe(nonceIn(first));

    // A response closed without finishing (client gone mid-write) never gives its buffer back.
    second.emit("close");
    const fifth = send();
    expect(fifth.body).not.toBe(second.body);
    expect(Number(fifth.header("content-length"))).toBe(fifth.body!.length);
  });
});
