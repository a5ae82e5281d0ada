import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startTestServer, type TestServer } from "../support/app-server";
import { startApiHarness, type ApiHarness } from "../support/api-harness";
import { collectServerLogs, type LogLine } from "../support/server-logs";

// Decision 095: a cache hit is answered by the first middleware. Two instances on one
// PostgreSQL database, one with the fast path and one without (PAGE_CACHE_FAST_PATH=false), get
// the same requests; their answers must match header by header (only Date, the nonce and the
// request id normalised), body for body, and their access log lines and metrics must match too.
const TOKEN = "fast-path-metrics-token";
const HOST = "wanderlux.test";

interface Raw {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

function request(
  base: string,
  path: string,
  headers: Record<string, string>,
  method = "GET",
): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = http.request(new URL(path, base), { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("error", reject);
      res.on("end", () => {
        const kept: Record<string, string> = {};
        // rawHeaders keeps repeated headers (Set-Cookie) and the spelling each server used.
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          const name = res.rawHeaders[i]!.toLowerCase();
          const value = res.rawHeaders[i + 1]!;
          kept[name] = kept[name] === undefined ? value : `${kept[name]}\n${value}`;
        }
        resolve({ status: res.statusCode ?? 0, headers: kept, body: Buffer.concat(chunks) });
      });
    });
    req.on("error", reject);
    req.end();
  });
}

const nonceOf = (csp: string | undefined) => /'nonce-([^']+)'/.exec(csp ?? "")?.[1];

function decoded(res: Raw): string {
  const encoding = res.headers["content-encoding"];
  if (res.body.length === 0) return "";
  if (encoding === "br") return brotliDecompressSync(res.body).toString();
  if (encoding === "gzip") return gunzipSync(res.body).toString();
  if (encoding === "deflate") return inflateSync(res.body).toString();
  return res.body.toString();
}

/** Headers and body with what differs per response (Date, nonce, request id) normalised. */
function normalised(res: Raw) {
  const nonce = nonceOf(res.headers["content-security-policy"]);
  const strip = (text: string) => (nonce ? text.replaceAll(nonce, "NONCE") : text);
  const headers = Object.fromEntries(
    Object.entries(res.headers)
      .filter(([name]) => name !== "date")
      .map(([name, value]) => [name, name === "x-request-id" ? "ID" : strip(value)]),
  );
  return { status: res.status, headers, body: strip(decoded(res)) };
}

describe("cache hits before the framework answer exactly like the full path", () => {
  let h: ApiHarness;
  let slow: TestServer;
  const lines: LogLine[] = [];
  let n = 0;

  beforeAll(async () => {
    // Both built servers log through pino to process.stdout: collect their JSON lines.
    collectServerLogs(lines);
    // The site is HOST (decision 113: other host names are never cached).
    const env = { LOG_LEVEL: "info", METRICS_TOKEN: TOKEN, TRUST_PROXY: "1", ALLOWED_HOSTS: HOST };
    h = await startApiHarness(env);
    slow = await startTestServer({
      ...env,
      DATABASE_URL: h.database.url,
      PAGE_CACHE_FAST_PATH: "false",
    });
  }, 120_000);
  afterAll(async () => {
    vi.restoreAllMocks();
    await slow?.close();
    await h?.close();
  });

  const servers = () => ({ fast: h.server.url, slow: slow.url });

  async function warm(path: string) {
    for (const base of Object.values(servers())) {
      for (let i = 0; i < 40; i++) {
        const res = await request(base, path, { host: HOST, "accept-encoding": "br" });
        if (res.headers["x-page-cache"] === "hit") break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  }

  const fastHits = async () => {
    const res = await request(h.server.url, "/metrics", { authorization: `Bearer ${TOKEN}` });
    return Number(/^page_cache_fast_path_total (\d+)/m.exec(res.body.toString())?.[1] ?? NaN);
  };

  /** The same request to both; returns both answers and both access log lines. */
  async function both(path: string, headers: Record<string, string> = {}, method = "GET") {
    n++;
    const sent = { host: HOST, ...headers };
    const fast = await request(
      h.server.url,
      path,
      { ...sent, "x-request-id": `cmp-fast-${n}` },
      method,
    );
    const slowRes = await request(
      slow.url,
      path,
      { ...sent, "x-request-id": `cmp-slow-${n}` },
      method,
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    const lineOf = (id: string) => {
      const line = lines.find((l) => l.reqId === id && l.msg === "request");
      expect(line, `access line ${id}`).toBeDefined();
      const { time: _time, durationMs, reqId: _reqId, ...rest } = line!;
      expect(durationMs).toEqual(expect.any(Number));
      return rest;
    };
    return {
      fast,
      slow: slowRes,
      fastLine: lineOf(`cmp-fast-${n}`),
      slowLine: lineOf(`cmp-slow-${n}`),
    };
  }

  async function expectSame(
    path: string,
    headers: Record<string, string>,
    expected: { status: number; cache: string; fastPath: boolean; method?: string },
  ) {
    await warm(path);
    const before = await fastHits();
    const r = await both(path, headers, expected.method);
    expect(r.fast.status).toBe(expected.status);
    expect(r.fast.headers["x-page-cache"]).toBe(expected.cache);
    expect(normalised(r.fast)).toEqual(normalised(r.slow));
    expect(r.fastLine).toEqual(r.slowLine);
    // Each response has its own nonce, in its CSP and (with a body) in every script of the page.
    const nonce = nonceOf(r.fast.headers["content-security-policy"]);
    const html = /text\/html/.test(r.fast.headers["content-type"] ?? "");
    if (expected.status === 200 && nonce && html && r.fast.body.length)
      expect([...decoded(r.fast).matchAll(/nonce="([^"]+)"/g)].map((m) => m[1])).toSatisfy(
        (found: string[]) => found.length > 0 && found.every((f) => f === nonce),
      );
    // Proof of which path answered: the fast path counts what it answers.
    expect((await fastHits()) - before).toBe(expected.fastPath ? 1 : 0);
    return r;
  }

  it("brotli, gzip, identity and HEAD hits", async () => {
    await expectSame(
      "/",
      { "accept-encoding": "gzip, br" },
      { status: 200, cache: "hit", fastPath: true },
    );
    const gz = await expectSame(
      "/about",
      { "accept-encoding": "gzip" },
      { status: 200, cache: "hit", fastPath: true },
    );
    expect(gz.fast.headers["content-encoding"]).toBe("gzip");
    const plain = await expectSame("/about", {}, { status: 200, cache: "hit", fastPath: true });
    expect(plain.fast.headers["content-encoding"]).toBeUndefined();
    const head = await expectSame(
      "/",
      { "accept-encoding": "br" },
      { status: 200, cache: "hit", fastPath: true, method: "HEAD" },
    );
    expect(head.fast.body.length).toBe(0);
  });

  it("304 for a matching If-None-Match, without a CSP", async () => {
    await warm("/about");
    const etag = (await request(h.server.url, "/about", { host: HOST })).headers.etag!;
    const r = await expectSame(
      "/about",
      { "if-none-match": etag, "accept-encoding": "br" },
      { status: 304, cache: "hit", fastPath: true },
    );
    expect(r.fast.headers["content-security-policy"]).toBeUndefined();
  });

  it("query strings share the page's cache key; .data requests hit too", async () => {
    await warm("/upcoming-trips");
    await expectSame(
      "/upcoming-trips?utm_source=mail&x=1",
      { "accept-encoding": "br" },
      { status: 200, cache: "hit", fastPath: true },
    );
    await expectSame(
      "/upcoming-trips.data",
      { "accept-encoding": "br" },
      { status: 200, cache: "hit", fastPath: true },
    );
  });

  it("a client behind the trusted proxy: forwarded host and scheme (HSTS) as Express reads them", async () => {
    const r = await expectSame(
      "/about",
      { "x-forwarded-proto": "https", "accept-encoding": "br" },
      { status: 200, cache: "hit", fastPath: true },
    );
    expect(r.fast.headers["strict-transport-security"]).toMatch(/max-age=/);
  });

  it("reads the host as Express does: the trusted proxy's X-Forwarded-Host value names the page", async () => {
    // Host names an internal address; the value the one trusted proxy appended (the right-most,
    // decision 116) is the site's, so both servers key the request to the page warmed for HOST,
    // and the fast path answers it. The client's own values before it count for nothing.
    const r = await expectSame(
      "/about",
      {
        host: "10.0.0.7:3000",
        "x-forwarded-host": `client.internal, ${HOST}:8443`,
        "x-forwarded-proto": "http, https",
        "accept-encoding": "gzip, br",
      },
      { status: 200, cache: "hit", fastPath: true },
    );
    expect(r.fast.headers["strict-transport-security"]).toMatch(/max-age=/);
  });

  it("many hits at once over kept-alive connections: every body carries its own response's nonce", async () => {
    // Body buffers are used again once a response has finished (decision 109): under load, a
    // buffer still being sent must never be rewritten for another response.
    await warm("/");
    const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
    const one = () =>
      new Promise<Raw>((resolve, reject) => {
        const req = http.get(
          new URL("/", h.server.url),
          { agent, headers: { host: HOST, "accept-encoding": "br" } },
          (res) => {
            const chunks: Buffer[] = [];
            res.on("data", (c: Buffer) => chunks.push(c));
            res.on("error", reject);
            res.on("end", () =>
              resolve({
                status: res.statusCode ?? 0,
                headers: res.headers as Record<string, string>,
                body: Buffer.concat(chunks),
              }),
            );
          },
        );
        req.on("error", reject);
      });
    const answers = await Promise.all(Array.from({ length: 300 }, one));
    agent.destroy();
    const nonces = new Set<string>();
    for (const res of answers) {
      expect(res.headers["x-page-cache"]).toBe("hit");
      const nonce = nonceOf(res.headers["content-security-policy"])!;
      nonces.add(nonce);
      const found = [...decoded(res).matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]);
      expect(found.length).toBeGreaterThan(0);
      expect(found.every((f) => f === nonce)).toBe(true);
    }
    expect(nonces.size).toBe(answers.length);
  });

  it("goes the long way for what it cannot answer alike", async () => {
    // A made-up session cookie: the database decides (decision 083); still a hit, cleared.
    const forged = await expectSame(
      "/about",
      { cookie: `wlx_session=${"A".repeat(43)}`, "accept-encoding": "br" },
      { status: 200, cache: "hit", fastPath: false },
    );
    expect(forged.fast.headers["set-cookie"]).toMatch(/^wlx_session=;/);
    expect(forged.fast.headers["cache-control"]).toBe("private, no-store");
    // Only deflate accepted: the compression middleware deflates the stored page.
    const deflated = await expectSame(
      "/about",
      { "accept-encoding": "deflate" },
      { status: 200, cache: "hit", fastPath: false },
    );
    expect(deflated.fast.headers["content-encoding"]).toBe("deflate");
  });

  it("a live session bypasses the cache on both", async () => {
    await warm("/about");
    const before = await fastHits();
    const r = await both("/about", { cookie: h.cookie, "accept-encoding": "br" });
    for (const res of [r.fast, r.slow]) {
      expect(res.headers["x-page-cache"]).toBe("bypass");
      expect(res.headers["cache-control"]).toBe("private, no-store");
    }
    expect(normalised(r.fast).headers).toEqual(normalised(r.slow).headers);
    expect(r.fastLine).toEqual(r.slowLine);
    expect((await fastHits()) - before).toBe(0);
  });

  describe("hashed build assets (decision 114)", () => {
    const assetsDir = path.resolve(process.env.BUILD_DIR ?? "build", "client", "assets");
    const files = fs.readdirSync(assetsDir);
    const sized = (name: string) => fs.statSync(path.join(assetsDir, name)).size;
    const scripts = files.filter((f) => f.endsWith(".js")).sort((a, b) => sized(b) - sized(a));
    const largest = `/assets/${scripts.find((f) => files.includes(`${f}.br`))!}`;
    const tiny = `/assets/${scripts.filter((f) => !files.includes(`${f}.br`)).at(-1)!}`;
    const css = `/assets/${files.find((f) => f.endsWith(".css"))!}`;
    const font = `/assets/${files.find((f) => f.endsWith(".woff2"))!}`;
    const assetHits = async () => {
      const res = await request(h.server.url, "/metrics", { authorization: `Bearer ${TOKEN}` });
      return Number(/^asset_fast_path_total (\d+)/m.exec(res.body.toString())?.[1] ?? NaN);
    };
    async function expectSameAsset(
      path: string,
      headers: Record<string, string>,
      fastPath: boolean,
      method = "GET",
    ) {
      const before = await assetHits();
      const r = await both(path, headers, method);
      expect(r.fast.status, path).toBe(r.slow.status);
      expect(normalised(r.fast), path).toEqual(normalised(r.slow));
      expect(r.fastLine).toEqual(r.slowLine);
      expect((await assetHits()) - before, `${path} ${JSON.stringify(headers)}`).toBe(
        fastPath ? 1 : 0,
      );
      return r;
    }

    it("answers every encoding, HEAD and HTTPS exactly as Express does", async () => {
      expect(largest).not.toBe(tiny);
      for (const asset of [largest, tiny, css, font])
        for (const encoding of ["br", "gzip", "gzip, br", ""]) {
          const r = await expectSameAsset(asset, { "accept-encoding": encoding }, true);
          expect(r.fast.status).toBe(200);
          expect(r.fast.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
        }
      const br = await expectSameAsset(largest, { "accept-encoding": "br" }, true);
      expect(br.fast.headers["content-encoding"]).toBe("br");
      const head = await expectSameAsset(largest, { "accept-encoding": "gzip" }, true, "HEAD");
      expect(head.fast.body.length).toBe(0);
      const https = await expectSameAsset(
        tiny,
        { "x-forwarded-proto": "https", "accept-encoding": "gzip, br" },
        true,
      );
      expect(https.fast.headers["strict-transport-security"]).toMatch(/max-age=/);
    });

    it("leaves conditional, range, deflate-only, query and unknown requests to Express", async () => {
      const etag = (await request(h.server.url, largest, { host: HOST })).headers.etag!;
      await expectSameAsset(largest, { "if-none-match": etag }, false);
      await expectSameAsset(largest, { range: "bytes=0-99" }, false);
      await expectSameAsset(largest, { "accept-encoding": "deflate" }, false);
      await expectSameAsset(`${largest}?v=2`, { "accept-encoding": "br" }, false);
      await expectSameAsset("/assets/not-there-0000.js", { "accept-encoding": "br" }, false);
    });
  });

  it("counts fast hits in the request metrics like any request", async () => {
    const series = async (base: string) => {
      const res = await request(base, "/metrics", { authorization: `Bearer ${TOKEN}` });
      const text = res.body.toString();
      const count = (re: RegExp) => Number(re.exec(text)?.[1] ?? 0);
      return {
        requests: count(/^http_requests_total\{method="GET",route="\/about",status="200"\} (\d+)/m),
        hits: count(/^page_cache_requests_total\{result="hit"\} (\d+)/m),
        durations: count(
          /^http_request_duration_seconds_count\{method="GET",route="\/about",status="200"\} (\d+)/m,
        ),
      };
    };
    await warm("/about");
    const before = { fast: await series(h.server.url), slow: await series(slow.url) };
    await both("/about", { "accept-encoding": "br" });
    const after = { fast: await series(h.server.url), slow: await series(slow.url) };
    for (const key of ["requests", "hits", "durations"] as const) {
      expect(after.fast[key] - before.fast[key], key).toBe(1);
      expect(after.slow[key] - before.slow[key], key).toBe(1);
    }
  });
});
