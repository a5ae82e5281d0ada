import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { hitResponder } from "~/server/site/page-cache-hits.server";
import { securityHeaderList } from "~/server/http/security-headers.server";
import { PageCache, PageFiller, pageCacheMiddleware } from "~/server/site/page-cache.server";
import { NONCE_PLACEHOLDER } from "~/server/site/page-encoding.server";
import { ALWAYS_WARM, PageWarmer } from "~/server/site/page-warmer.server";
import { QueueFullError, RenderQueue } from "~/server/site/render-queue.server";

// No stampede, re-warming and refusing overload: the render queue, the shared
// renders of PageFiller and the warmer, with a fake React Router that counts renders per URL.

const servers: http.Server[] = [];
const warmers: PageWarmer[] = [];
afterEach(async () => {
  await Promise.all(warmers.splice(0).map((w) => w.close()));
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

const html = (text: string, nonce: string) =>
  new Response(`<html><script nonce="${nonce}">1</script><p>${text}</p></html>`, {
    headers: { "Content-Type": "text/html", "Cache-Control": "public, s-maxage=60" },
  });

const tick = (ms = 0) => new Promise((r) => setTimeout(r, ms));

/** A gate a fake render waits at until opened. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((r) => (open = r));
  return { opened, open };
}

async function site(options: { cache: PageCache; filler: PageFiller; wait?: Promise<void> }) {
  const renders = new Map<string, number>();
  const render = async (url: string) => {
    renders.set(url, (renders.get(url) ?? 0) + 1);
    await options.wait;
    return html(url, NONCE_PLACEHOLDER);
  };
  const app = express();
  let arrived = 0;
  app.use((_req, res, next) => {
    arrived++;
    res.locals.cspNonce = randomBytes(16).toString("base64");
    next();
  });
  app.use(
    pageCacheMiddleware({
      answerHit: hitResponder(securityHeaderList({ development: false })),
      cache: options.cache,
      filler: options.filler,
      render: (req) => render(new URL(req.originalUrl, "http://x").pathname),
    }),
  );
  const server = http.createServer(app);
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    get: (path: string, headers: Record<string, string> = {}) => fetch(base + path, { headers }),
    renders,
    /** Resolves once `count` requests in all have reached the server (a busy machine is slow). */
    async arrivals(count: number) {
      for (let i = 0; i < 500 && arrived < count; i++) await tick(10);
      await tick(20);
    },
    renderUrl: (url: string) => render(new URL(url).pathname),
  };
}

describe("render queue", () => {
  it("runs at most `concurrency` tasks, queues `depth` more in order, refuses the rest", async () => {
    const queue = new RenderQueue({ concurrency: 2, depth: 2 });
    const g = gate();
    const order: number[] = [];
    const task = (n: number) => () => g.opened.then(() => order.push(n));
    const running = [1, 2, 3, 4].map((n) => queue.run(task(n)));
    expect(queue.active).toBe(2);
    expect(queue.waiting).toBe(2);
    expect(queue.full).toBe(true);
    await expect(queue.run(task(5))).rejects.toBeInstanceOf(QueueFullError);
    g.open();
    await Promise.all(running);
    expect(order).toEqual([1, 2, 3, 4]);
    expect(queue.active).toBe(0);
    expect(queue.waiting).toBe(0);
    // A failing task frees its slot too.
    await expect(queue.run(() => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(queue.active).toBe(0);
  });

  it("with depth 0 refuses as soon as every slot is busy", async () => {
    const queue = new RenderQueue({ concurrency: 1, depth: 0 });
    const g = gate();
    const first = queue.run(() => g.opened);
    await expect(queue.run(() => Promise.resolve())).rejects.toBeInstanceOf(QueueFullError);
    g.open();
    await first;
    await expect(queue.run(() => Promise.resolve(1))).resolves.toBe(1);
  });
});

describe("uncached pages under load", () => {
  it("after a write empties the cache, concurrent requests in every encoding share one render", async () => {
    const cache = new PageCache(1 << 20);
    const g = gate();
    const s = await site({ cache, filler: new PageFiller(), wait: g.opened });
    g.open();
    await s.get("/");
    expect((await s.get("/")).headers.get("x-page-cache")).toBe("hit");
    cache.clear(); // a content write
    const slow = gate();
    const s2 = await site({ cache, filler: new PageFiller(), wait: slow.opened });
    const encodings = ["br", "gzip", "gzip, br", "identity", ""];
    const pending = Array.from({ length: 20 }, (_, i) =>
      s2.get("/", { "accept-encoding": encodings[i % encodings.length]! }),
    );
    await s2.arrivals(20);
    slow.open();
    const responses = await Promise.all(pending);
    expect(responses.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(s2.renders.get("/")).toBe(1);
    const bodies = await Promise.all(responses.map((r) => r.text()));
    for (const body of bodies) expect(body).toContain("<p>/</p>");
    expect((await s2.get("/")).headers.get("x-page-cache")).toBe("hit");
  });

  it("without a cache, concurrent requests share one render, each compressed as it asked", async () => {
    const slow = gate();
    const s = await site({ cache: new PageCache(0), filler: new PageFiller(), wait: slow.opened });
    const encodings = ["br", "gzip", "identity"];
    const pending = Array.from({ length: 12 }, (_, i) =>
      s.get("/", { "accept-encoding": encodings[i % 3]! }),
    );
    await s.arrivals(12);
    slow.open();
    const responses = await Promise.all(pending);
    expect(s.renders.get("/")).toBe(1);
    responses.forEach((res, i) => {
      expect(res.headers.get("x-page-cache")).toBe("off");
      expect(res.headers.get("content-encoding")).toBe(i % 3 === 2 ? null : encodings[i % 3]);
    });
    const nonces = new Set<string>();
    for (const res of responses) {
      const body = await res.text();
      expect(body).toContain("<p>/</p>");
      expect(body).not.toContain(NONCE_PLACEHOLDER);
      nonces.add(/nonce="([^"]+)"/.exec(body)![1]!);
    }
    expect(nonces.size).toBe(12);
  });

  it("without a cache, a shared render goes out as one gzip form to clients taking gzip and brotli", async () => {
    const slow = gate();
    const s = await site({ cache: new PageCache(0), filler: new PageFiller(), wait: slow.opened });
    const pending = Array.from({ length: 6 }, () => s.get("/", { "accept-encoding": "gzip, br" }));
    await s.arrivals(6);
    slow.open();
    const responses = await Promise.all(pending);
    expect(s.renders.get("/")).toBe(1);
    for (const res of responses) {
      // Made at once on the event loop (decision 106), not streamed through the thread pool.
      expect(res.headers.get("content-encoding")).toBe("gzip");
      const body = await res.text();
      expect(body).toContain("<p>/</p>");
      expect(body).not.toContain(NONCE_PLACEHOLDER);
    }
  });

  it("answers 503 with Retry-After past the queue depth, and keeps serving hits meanwhile", async () => {
    const cache = new PageCache(1 << 20);
    const g = gate();
    const filler = new PageFiller({ queue: new RenderQueue({ concurrency: 1, depth: 1 }) });
    const s = await site({ cache, filler, wait: g.opened });
    g.open();
    await s.get("/cached");
    const slow = gate();
    const s2 = await site({ cache, filler, wait: slow.opened });
    const running = s2.get("/a"); // renders
    await s2.arrivals(1);
    const waiting = s2.get("/b"); // waits its turn
    await s2.arrivals(2);
    const refused = await s2.get("/c");
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(refused.headers.get("cache-control")).toBe("no-store");
    expect(await refused.text()).toMatch(/503/);
    // Joining a render already running is no new work: not refused.
    const joined = s2.get("/a");
    await s2.arrivals(4);
    const hit = await s2.get("/cached");
    expect(hit.status).toBe(200);
    expect(hit.headers.get("x-page-cache")).toBe("hit");
    slow.open();
    const answered = await Promise.all([running, waiting, joined]);
    expect(answered.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(s2.renders.get("/c")).toBeUndefined();
  });
});

describe("re-warming after writes", () => {
  async function warmedSite(limit?: number) {
    const cache = new PageCache(1 << 20);
    const filler = new PageFiller();
    const s = await site({ cache, filler });
    const warmer = new PageWarmer({
      cache,
      filler,
      render: (url) => s.renderUrl(url),
      delayMs: 10,
      ...(limit ? { limit } : {}),
    });
    warmers.push(warmer);
    return { cache, filler, s, warmer };
  }

  it("renders the dropped pages, home and the list pages again, so the next visitor gets a hit", async () => {
    const { cache, s, warmer } = await warmedSite();
    for (const path of ["/package/abc", "/about", "/upcoming-trips.data"]) await s.get(path);
    s.renders.clear();
    cache.clear();
    await warmer.idle();
    for (const path of ["/package/abc", "/about", "/upcoming-trips.data", ...ALWAYS_WARM]) {
      expect(s.renders.get(path), path).toBe(1);
      expect((await s.get(path)).headers.get("x-page-cache"), path).toBe("hit");
    }
    // Served with a fresh nonce, like any stored page.
    expect(await (await s.get("/about")).text()).not.toContain(NONCE_PLACEHOLDER);
  });

  it("coalesces a burst of writes into one pass, one render per page", async () => {
    const { cache, s, warmer } = await warmedSite();
    await s.get("/about");
    s.renders.clear();
    for (let i = 0; i < 10; i++) cache.clear();
    await warmer.idle();
    expect(s.renders.get("/about")).toBe(1);
    expect(s.renders.get("/")).toBe(1);
  });

  it("a write during a pass puts that pass's pages back in line", async () => {
    const { cache, s, warmer } = await warmedSite();
    await s.get("/about");
    let cleared = false;
    const original = s.renderUrl;
    s.renderUrl = async (url: string) => {
      // The first warm render is overtaken by a write: its page must not stay stale.
      if (!cleared) {
        cleared = true;
        cache.clear();
      }
      return original(url);
    };
    const warm = new PageWarmer({
      cache,
      filler: new PageFiller(),
      render: (u) => s.renderUrl(u),
      delayMs: 10,
    });
    warmers.push(warm);
    await warmer.close();
    cache.clear();
    await warm.idle();
    for (const path of ["/about", ...ALWAYS_WARM])
      expect((await s.get(path)).headers.get("x-page-cache"), path).toBe("hit");
  });

  it("shares a render with a visitor instead of rendering twice", async () => {
    const { cache, filler, s, warmer } = await warmedSite();
    await s.get("/about");
    s.renders.clear();
    const g = gate();
    const original = s.renderUrl;
    s.renderUrl = async (url) => {
      await g.opened;
      return original(url);
    };
    const started = filler.renders;
    cache.clear();
    // The pass has started on its first page (the most recently used: /about).
    for (let i = 0; i < 500 && filler.renders === started; i++) await tick(10);
    const visitor = s.get("/about");
    const home = s.get("/");
    await s.arrivals(3);
    g.open();
    await Promise.all([visitor, home, warmer.idle()]);
    expect(filler.renders).toBeGreaterThan(0);
    expect(s.renders.get("/about")).toBe(1);
    expect(s.renders.get("/")).toBe(1);
  });

  it("closing waits for the render in progress, so the database can be closed after it", async () => {
    const { cache, filler, s, warmer } = await warmedSite();
    await s.get("/about");
    const g = gate();
    const original = s.renderUrl;
    let finished = 0;
    s.renderUrl = async (url) => {
      await g.opened;
      const page = await original(url);
      finished++;
      return page;
    };
    const started = filler.renders;
    cache.clear();
    for (let i = 0; i < 500 && filler.renders === started; i++) await tick(10);
    let closed = false;
    const closing = warmer.close().then(() => (closed = true));
    await tick(50);
    expect(closed).toBe(false);
    g.open();
    await closing;
    // The render under way ended before close() did; nothing else was started after it.
    expect(finished).toBe(1);
  });

  it("stops at its limit of dropped pages", async () => {
    const { cache, s, warmer } = await warmedSite(2);
    for (const path of ["/p1", "/p2", "/p3", "/p4"]) await s.get(path);
    s.renders.clear();
    cache.clear();
    await warmer.idle();
    const dropped = ["/p1", "/p2", "/p3", "/p4"].filter((p) => s.renders.has(p));
    expect(dropped).toEqual(["/p3", "/p4"]); // the most recently used ones
  });
});
