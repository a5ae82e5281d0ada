import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { hitResponder } from "~/server/site/page-cache-hits.server";
import { securityHeaderList } from "~/server/http/security-headers.server";
import { PageCache, pageCacheMiddleware } from "~/server/site/page-cache.server";
import { NONCE_PLACEHOLDER } from "~/server/site/page-encoding.server";
import { privateWhenPersonal } from "~/server/http/http-caching.server";

type Render = (url: string, nonce: string) => Response | Promise<Response>;

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

/** An Express app with the cache in front of a fake React Router that counts its renders. */
async function appWith(cache: PageCache | undefined, render: Render) {
  let renders = 0;
  const app = express();
  app.use((_req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString("base64");
    res.setHeader("Content-Security-Policy", `script-src 'nonce-${res.locals.cspNonce}'`);
    next();
  });
  app.use(privateWhenPersonal);
  app.use(
    pageCacheMiddleware({
      answerHit: hitResponder(securityHeaderList({ development: false })),
      cache,
      render: async (req, res) => {
        renders++;
        return render(req.originalUrl, res.locals.cspNonce ?? "");
      },
    }),
  );
  app.use((req, res) => {
    res.setHeader("Set-Cookie", "wlx_flash=; Max-Age=0");
    res.send(`fallthrough ${req.path}`);
  });
  const server = http.createServer(app);
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    get: (path: string, headers: Record<string, string> = {}) => fetch(base + path, { headers }),
    renders: () => renders,
  };
}

const html = (text: string, nonce: string, init: ResponseInit = {}) =>
  new Response(`<html><script nonce="${nonce}">1</script><p>${text}</p></html>`, {
    headers: { "Content-Type": "text/html", "Cache-Control": "public, s-maxage=60" },
    ...init,
  });

describe("page cache middleware", () => {
  it("renders a page once and then serves it, each response with its own nonce", async () => {
    const app = await appWith(new PageCache(1 << 20), (url, nonce) => html(url, nonce));
    const first = await app.get("/");
    const second = await app.get("/");
    expect(first.headers.get("x-page-cache")).toBe("miss");
    expect(second.headers.get("x-page-cache")).toBe("hit");
    expect(app.renders()).toBe(1);
    const nonces = [first, second].map(
      (r) => /nonce-([^']+)/.exec(r.headers.get("content-security-policy")!)![1]!,
    );
    expect(nonces[0]).not.toBe(nonces[1]);
    expect(await first.text()).toContain(`nonce="${nonces[0]}"`);
    const body = await second.text();
    expect(body).toContain(`nonce="${nonces[1]}"`);
    expect(body).not.toContain(NONCE_PLACEHOLDER);
  });

  it("never stores a response that sets a cookie, an error, or a private/no-store page", async () => {
    const app = await appWith(new PageCache(1 << 20), (url, nonce) => {
      if (url === "/cookie")
        return html("c", nonce, {
          headers: { "Set-Cookie": "promo=1", "Content-Type": "text/html" },
        });
      if (url === "/missing") return html("404", nonce, { status: 404 });
      if (url === "/private")
        return html("p", nonce, { headers: { "Cache-Control": "private, no-store" } });
      if (url === "/vary") return html("v", nonce, { headers: { Vary: "User-Agent" } });
      return html(url, nonce);
    });
    for (const path of ["/cookie", "/missing", "/private", "/vary"]) {
      const a = await app.get(path);
      const b = await app.get(path);
      expect(b.headers.get("x-page-cache"), path).toBe("bypass");
      expect(await a.text(), path).not.toContain(NONCE_PLACEHOLDER);
    }
    expect(app.renders()).toBe(8);
    const cookie = await app.get("/cookie");
    expect(cookie.headers.get("cache-control")).toBe("private, no-store");
    expect(cookie.headers.get("vary")).toMatch(/Cookie/);
    expect((await app.get("/missing")).status).toBe(404);
  });

  it("lets the session and flash cookies bypass it, and analytics cookies not", async () => {
    const app = await appWith(new PageCache(1 << 20), (url, nonce) => html(url, nonce));
    await app.get("/");
    const analytics = await app.get("/", { Cookie: "_ga=GA1.2.3; theme=dark" });
    expect(analytics.headers.get("x-page-cache")).toBe("hit");
    for (const cookie of ["wlx_session=abc", "_ga=1; wlx_flash=xyz"]) {
      const res = await app.get("/", { Cookie: cookie });
      expect(res.headers.get("x-page-cache"), cookie).toBe("bypass");
      expect(await res.text(), cookie).toBe("fallthrough /");
      expect(res.headers.get("cache-control"), cookie).toBe("private, no-store");
      expect(res.headers.get("vary"), cookie).toMatch(/Cookie/);
    }
    // A signed-in admin's request neither read nor filled it.
    const admin = await app.get("/fresh", { Cookie: "wlx_session=abc" });
    expect(await admin.text()).toBe("fallthrough /fresh");
    expect((await app.get("/fresh")).headers.get("x-page-cache")).toBe("miss");
  });

  it("never caches /admin or /api", async () => {
    const app = await appWith(new PageCache(1 << 20), (url, nonce) => html(url, nonce));
    for (const path of ["/admin", "/admin/dashboard", "/admin/dashboard.data", "/api/local"]) {
      const res = await app.get(path);
      expect(res.headers.get("x-page-cache"), path).toBe("bypass");
      expect(await res.text(), path).toBe(`fallthrough ${path.split("?")[0]}`);
    }
    expect(app.renders()).toBe(0);
  });

  it("answers If-None-Match with 304, without a CSP that would not match the kept body", async () => {
    const app = await appWith(new PageCache(1 << 20), (url, nonce) => html(url, nonce));
    const first = await app.get("/trips");
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^W\//);
    const again = await app.get("/trips", { "If-None-Match": etag });
    expect(again.status).toBe(304);
    expect(again.headers.get("content-security-policy")).toBeNull();
    expect(again.headers.get("etag")).toBe(etag);
    expect((await app.get("/trips", { "If-None-Match": 'W/"other"' })).status).toBe(200);
  });

  it("keeps within its byte cap by dropping the least recently used pages", async () => {
    const cache = new PageCache(6_000);
    const app = await appWith(cache, (url, nonce) => html(url + "x".repeat(1500), nonce));
    for (const path of ["/a", "/b", "/c", "/d", "/e", "/f"]) await app.get(path);
    expect(cache.bytes).toBeLessThanOrEqual(6_000);
    expect(cache.size).toBeLessThan(6);
    expect((await app.get("/f")).headers.get("x-page-cache")).toBe("hit");
    expect((await app.get("/a")).headers.get("x-page-cache")).toBe("miss");
  });

  it("does not store a page rendered before a content change that landed meanwhile", async () => {
    const cache = new PageCache(1 << 20);
    const app = await appWith(cache, async (url, nonce) => {
      cache.clear(); // a write commits while this page renders
      return html(url, nonce);
    });
    await app.get("/race");
    expect(cache.size).toBe(0);
    expect((await app.get("/race")).headers.get("x-page-cache")).toBe("miss");
  });

  it("renders concurrent misses of one URL once", async () => {
    let release = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const app = await appWith(new PageCache(1 << 20), async (url, nonce) => {
      await gate;
      return html(url, nonce);
    });
    const pending = Array.from({ length: 8 }, () => app.get("/busy"));
    await new Promise((r) => setTimeout(r, 50));
    release();
    const responses = await Promise.all(pending);
    expect(responses.every((r) => r.status === 200)).toBe(true);
    expect(app.renders()).toBe(1);
  });

  it("with a cap of 0 renders every request, still with a validator and fresh nonces", async () => {
    const app = await appWith(new PageCache(0), (url, nonce) => html(url, nonce));
    const a = await app.get("/");
    const b = await app.get("/");
    expect(app.renders()).toBe(2);
    expect(a.headers.get("x-page-cache")).toBe("off");
    expect(a.headers.get("etag")).toBe(b.headers.get("etag"));
    expect(await b.text()).not.toContain(NONCE_PLACEHOLDER);
  });
});
