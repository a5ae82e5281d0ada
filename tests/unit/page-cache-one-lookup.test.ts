import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, describe, expect, it } from "vitest";
import { pageCacheFastPath } from "~/server/http/page-cache-fast-path.server";
import { securityHeaderList } from "~/server/http/security-headers.server";
import { PageCache, pageCacheMiddleware } from "~/server/site/page-cache.server";

// On a miss the fast path's key, cookie test and lookup are the middleware's too: the
// cache is asked once per request, hit or miss, and a hit never reaches the middleware.

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
  const app = express();
  app.use((_req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString("base64");
    next();
  });
  app.use(
    pageCacheMiddleware({
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
    security: securityHeaderList({ development: false }),
    proxyHops: 0,
  });
  const server = http.createServer((req, res) => fast(req, res, () => app(req, res)));
  const listening = new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  afterAll(() => new Promise((resolve) => server.close(resolve)));
  const get = async (path: string, headers: Record<string, string> = {}) => {
    await listening;
    const { port } = server.address() as AddressInfo;
    const res = await fetch(`http://127.0.0.1:${port}${path}`, { headers });
    await res.text();
    return res.headers.get("x-page-cache");
  };

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
    expect(await get("/about", { cookie: "wlx_session=made-up" })).toBe("hit");
    expect(cache.lookups - before).toBe(1);
    expect(renders).toBe(1);
  });
});
