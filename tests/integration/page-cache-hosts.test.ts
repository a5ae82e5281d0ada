import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/app-server";
import { cookieHeader } from "../support/auth-support";

/*
 * Decision 113: only the site's own host names (PUBLIC_URL's, ALLOWED_HOSTS, the listening
 * address) are cached and warmed. Made-up Host or trusted X-Forwarded-Host values, and the route
 * manifest's endless `paths` lists, get answers that are never stored: they cannot evict the real
 * pages nor multiply the warmer's renders after a write.
 */

const SITE = "travel.example.test";
const ALSO = "www.travel.example.test";
const TOKEN = "hosts-metrics-token-0123";
const ADMIN = { email: "hosts@example.com", password: "a long enough password" };

interface Answer {
  status: number;
  cache: string | undefined;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });

function get(base: string, path: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get(new URL(path, base), { agent, headers }, (res) => {
        res.resume();
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, cache: res.headers["x-page-cache"] as string }),
        );
      })
      .on("error", reject);
  });
}

function randomHost(i: number): string {
  return `${Math.random().toString(36).slice(2, 10)}-${i}.attacker.example`;
}

describe("the page cache keeps to the site's own hosts", () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({
      PUBLIC_URL: `https://${SITE}`,
      ALLOWED_HOSTS: ALSO,
      TRUST_PROXY: "1",
      METRICS_TOKEN: TOKEN,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    });
  }, 120_000);
  afterAll(async () => {
    agent.destroy();
    await server?.close();
  });

  async function metric(name: string): Promise<number> {
    const res = await server.fetch("/metrics", { headers: { Authorization: `Bearer ${TOKEN}` } });
    const text = await res.text();
    return Number(new RegExp(`^${name} (\\d+)`, "m").exec(text)?.[1] ?? NaN);
  }

  async function settle(): Promise<number> {
    let seen = -1;
    for (let still = 0, i = 0; still < 8 && i < 200; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      const now = await metric("page_renders_total");
      still = now === seen ? still + 1 : 0;
      seen = now;
    }
    return seen;
  }

  const PAGES = ["/", "/about", "/upcoming-trips"];

  async function expectHits(host: string) {
    for (const page of PAGES) {
      const answer = await get(server.url, page, { Host: host });
      expect(answer, `${host}${page}`).toEqual({ status: 200, cache: "hit" });
    }
  }

  it("serves 1,000 made-up hosts uncached while the real pages stay hits", async () => {
    for (const host of [SITE, ALSO])
      for (const page of PAGES) await get(server.url, page, { Host: host });
    await expectHits(SITE);
    await expectHits(ALSO);
    const pages = await metric("page_cache_pages");
    const bytes = await metric("page_cache_bytes");

    const answers: Answer[] = [];
    for (let i = 0; i < 1000; i += 20) {
      answers.push(
        ...(await Promise.all(
          Array.from({ length: 20 }, (_, j) => {
            const n = i + j;
            const headers: Record<string, string> =
              n % 2 === 0
                ? { Host: randomHost(n) }
                : // Behind one trusted proxy the forwarded host is the page's host: same rule.
                  { Host: SITE, "X-Forwarded-Host": randomHost(n) };
            // A light page: the point is the cache, not render speed.
            return get(server.url, "/about", headers);
          }),
        )),
      );
    }
    expect(answers.filter((a) => a.status !== 200)).toEqual([]);
    expect(new Set(answers.map((a) => a.cache))).toEqual(new Set(["bypass"]));
    expect(await metric("page_cache_pages")).toBe(pages);
    expect(await metric("page_cache_bytes")).toBe(bytes);
    await expectHits(SITE);
    await expectHits(ALSO);
  }, 180_000);

  it("keeps the warmer's work after a write to the site's own pages", async () => {
    // Before decision 113 each of these hosts would have had the six always-warm pages re-rendered.
    for (let i = 0; i < 50; i++) await get(server.url, "/about", { Host: randomHost(i) });
    await expectHits(SITE);
    const login = await server.fetch("/api/admin/login", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(ADMIN),
    });
    expect(login.status).toBe(200);
    const before = await settle();
    const created = await server.fetch("/api/trips", {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Cookie: cookieHeader(login),
        Origin: server.url,
        "Sec-Fetch-Site": "same-origin",
      },
      body: JSON.stringify({ title: "Hosts Trip", price: "$1", status: "published" }),
    });
    expect(created.status).toBe(201);
    const renders = (await settle()) - before;
    // The pages that were cached (three on each of two hosts plus the listening address's, if any)
    // and the six always-warm pages for each own host: never one per made-up host.
    expect(renders).toBeGreaterThan(0);
    expect(renders).toBeLessThanOrEqual(3 * (PAGES.length + 6));
    await expectHits(SITE);
  }, 120_000);

  it("does not cache the route manifest: every paths list is answered and forgotten", async () => {
    const pages = await metric("page_cache_pages");
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        get(server.url, `/__manifest?paths=${encodeURIComponent(`/made-up-${i}`)}&version=x`, {
          Host: SITE,
        }),
      ),
    );
    expect(answers.every((a) => a.status < 500)).toBe(true);
    expect(answers.some((a) => a.cache === "hit" || a.cache === "miss")).toBe(false);
    expect(await metric("page_cache_pages")).toBe(pages);
  });
});
