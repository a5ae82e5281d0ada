import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, describe, expect, it } from "vitest";
import { pageCacheFastPath } from "~/server/http/page-cache-fast-path.server";
import { securityHeaderList } from "~/server/http/security-headers.server";
import { PageCache, pageCacheMiddleware } from "~/server/site/page-cache.server";
import { hitResponder } from "~/server/site/page-cache-hits.server";

// On a miss the fast path's key, cookie test and lookup are the middleware's too: the
// cache is asked once per request, hit or miss, and a hit never reaches the middleware. The few
// hits the middleware finds (a made-up session cookie) are answered by the same responder.

class CountingCache extends PageCache {
  lookups = 0;
  override get(key: string) {
    this.lookups++;
    return super.get(key);
  }
}

describe("one page-cache lookup per request", () => {
  const cache = new CountingCache(1 << 20);
  let renders = 0;
  const security = securityHeaderList({ development: false });
  let answered = 0;
  const respond = hitResponder(security);
  const answerHit: typeof respond = (...args) => {
    answered++;
    respond(...args);
  };
  const app = express();
  app.disable("x-powered-by");
  app.use((_req, res, next) => {
    const nonce = randomBytes(16).toString("base64");
    res.locals.cspNonce = nonce;
    res.setHeader("Content-Security-Policy", security.policy(nonce));
    res.setHeader("X-Request-Id", "from-express");
    next();
  });
  app.use(
    pageCacheMiddleware({
      answerHit,
      cache,
      isPersonal: async () => false,
      render: async () => {
        renders++;
        return new Response("<html><p>page</p></html>", {
          headers: { "Content-Type": "text/html", "Cache-Control": "public, s-maxage=60" },
        });
      },
    }),
  );
  const fast = pageCacheFastPath({
    cache,
    answerHit,
    proxyHops: 0,
  });
  const server = http.createServer((req, res) => fast(req, res, () => app(req, res)));
  const listening = new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  afterAll(() => new Promise((resolve) => server.close(resolve)));
  const get = async (path: string, headers: Record<string, string> = {}) => {
    await listening;
    const { port } = server.address() as AddressInfo;
    const res = await fetch(`http://127.0.0.1:${port}${path}`, { headers });
    last = { headers: res.headers, body: await res.text() };
    return res.headers.get("x-page-cache");
  };
  let last = { headers: new Headers(), body: "" };
  /** The answer's headers, with what differs per response (date, nonce, request id) left out. */
  const lastHeaders = () =>
    [...last.headers]
      .filter(([name]) => !["date", "x-request-id", "content-security-policy"].includes(name))
      .map(([name, value]) => `${name}: ${value}`);

  it("asks the cache once on a miss and once on a hit", async () => {
    expect(await get("/about")).toBe("miss");
    expect(cache.lookups).toBe(1);
    expect(renders).toBe(1);
    expect(await get("/about", { "accept-encoding": "br" })).toBe("hit");
    expect(cache.lookups).toBe(2);
    expect(renders).toBe(1);
  });

  it("still looks up in the middleware what the fast path left (a made-up session cookie)", async () => {
    const before = cache.lookups;
    const answeredBefore = answered;
    expect(await get("/about", { cookie: "wlx_session=made-up" })).toBe("hit");
    expect(cache.lookups - before).toBe(1);
    expect(renders).toBe(1);
    expect(answered - answeredBefore).toBe(1);
  });

  it("answers a hit the same way in the fast path and in the middleware", async () => {
    expect(await get("/about", { "accept-encoding": "br" })).toBe("hit");
    const fast = { headers: lastHeaders(), body: last.body };
    const id = last.headers.get("x-request-id");
    const policy = last.headers.get("content-security-policy");
    expect(id).not.toBe("from-express");
    expect(await get("/about", { "accept-encoding": "br", cookie: "wlx_session=made-up" })).toBe(
      "hit",
    );
    // The middleware's answer also clears the made-up cookie; the rest is the same.
    expect(lastHeaders().filter((h) => !h.startsWith("set-cookie"))).toEqual(fast.headers);
    expect(last.headers.get("x-request-id")).toBe("from-express");
    const nonceOf = (text: string | null) => /nonce-([^']+)/.exec(text ?? "")?.[1];
    expect(nonceOf(last.headers.get("content-security-policy"))).not.toBe(nonceOf(policy));
    expect(last.body.replace(/nonce="[^"]*"/g, "")).toBe(fast.body.replace(/nonce="[^"]*"/g, ""));
    // A 304 from either place drops the policy (its nonce belongs to the body the browser has).
    const etag = last.headers.get("etag")!;
    for (const cookie of [undefined, "wlx_session=made-up"]) {
      expect(await get("/about", { "if-none-match": etag, ...(cookie ? { cookie } : {}) })).toBe(
        "hit",
      );
      expect(last.headers.get("content-security-policy")).toBeNull();
    }
  });
});
