import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/app-server";
import { BACKENDS, createTestDatabase, type TestDatabase } from "../support/db";
import { cookieHeader } from "../support/auth-support";
import { burstGet } from "../support/raw-http";

// After a content write the pages it dropped are rendered again in the background (the
// first visitor after a save gets a hit), and concurrent requests after a write share one render.
// Past RENDER_QUEUE_DEPTH uncached pages get 503 with Retry-After while hits keep flowing.
const ADMIN = { email: "warm@example.com", password: "a long enough password" };
const TOKEN = "warming-metrics-token";
const state = (res: Response) => res.headers.get("x-page-cache");

async function signIn(server: TestServer): Promise<string> {
  const login = await server.fetch("/api/admin/login", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(ADMIN),
  });
  expect(login.status).toBe(200);
  return cookieHeader(login);
}

async function renders(server: TestServer): Promise<number> {
  const res = await server.fetch("/metrics", { headers: { Authorization: `Bearer ${TOKEN}` } });
  return Number(/^page_renders_total (\d+)/m.exec(await res.text())?.[1] ?? NaN);
}

async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe.each(BACKENDS)("re-warming and shared renders after writes (%s)", (backend) => {
  let database: TestDatabase | undefined;
  let server: TestServer;
  let cookie: string;

  beforeAll(async () => {
    const env: Record<string, string> = {
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      METRICS_TOKEN: TOKEN,
    };
    if (backend === "postgres") {
      database = await createTestDatabase("postgres");
      env.DATABASE_URL = database.url!;
    }
    server = await startTestServer(env);
    cookie = await signIn(server);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  const write = async (method: string, path: string, body: unknown) => {
    const res = await server.fetch(path, {
      method,
      headers: {
        "Content-Type": "application/json",
        Cookie: cookie,
        Origin: server.url,
        "Sec-Fetch-Site": "same-origin",
      },
      body: JSON.stringify(body),
    });
    expect(res.status, `${method} ${path}`).toBeLessThan(300);
    return res;
  };

  it("concurrent requests after a write, in every encoding, wait for a single render", async () => {
    // Before anyone visited, the warmer has nothing to do: every render counted is a visitor's.
    await write("POST", "/api/trips", { title: "Stampede Trip", price: "$1", status: "published" });
    // With PostgreSQL the dedicated listener hears the write once more, a moment later.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const before = await renders(server);
    // 25 connections opened first, so the 25 requests arrive together even on a busy machine.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 25 });
    const get = (path: string, headers: Record<string, string> = {}) =>
      new Promise<number>((resolve, reject) => {
        http
          .get(new URL(path, server.url), { agent, headers }, (res) => {
            res.resume();
            res.on("end", () => resolve(res.statusCode ?? 0));
          })
          .on("error", reject);
      });
    try {
      await Promise.all(Array.from({ length: 25 }, () => get("/healthz")));
      const encodings = ["br", "gzip", "gzip, br", "identity", ""];
      const statuses = await Promise.all(
        Array.from({ length: 25 }, (_, i) =>
          get("/about", { "accept-encoding": encodings[i % 5]! }),
        ),
      );
      expect(statuses).toEqual(Array(25).fill(200));
    } finally {
      agent.destroy();
    }
    expect((await renders(server)) - before).toBe(1);
  });

  it("renders home, the list pages and the edited package's page again, so the next visitor gets a hit", async () => {
    const created = await write("POST", "/api/trips", {
      title: "Warm Trip",
      price: "$1,000",
      status: "published",
    });
    const { id } = (await created.json()) as { id: string };
    const pages = ["/", "/upcoming-trips", `/package/${id}`, "/upcoming-trips.data"];
    for (const page of pages) {
      await until(async () => {
        const res = await server.fetch(page);
        await res.arrayBuffer();
        return state(res) === "hit";
      }, `${page} stored`);
    }
    await write("PUT", `/api/trips/${id}`, {
      title: "Warm Trip, renamed",
      price: "$1,000",
      status: "published",
    });
    // The write emptied the cache; the warmer renders the pages again in the background.
    // Nobody asks for a page meanwhile: renders counted now are the warmer's. Wait until they stop.
    let seen = -1;
    let still = 0;
    await until(async () => {
      const now = await renders(server);
      still = now === seen ? still + 1 : 0;
      seen = now;
      return still >= 8;
    }, "the warmer");
    for (const page of pages) {
      const res = await server.fetch(page);
      const text = await res.text();
      expect(state(res), page).toBe("hit");
      if (page === `/package/${id}`) expect(text).toContain("Warm Trip, renamed");
    }
  });
});

describe("overload: a tiny render queue", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ RENDER_QUEUE_DEPTH: "0" });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  it("answers 503 with Retry-After past the queue depth, and cache hits keep flowing", async () => {
    await server.fetch("/about").then((r) => r.arrayBuffer());
    const hitBefore = await server.fetch("/about");
    await hitBefore.arrayBuffer();
    expect(state(hitBefore)).toBe("hit");
    // Forty uncached pages that arrive together (a burst: with fetch, this in-process server
    // renders each one before the next arrives, and no queue ever forms).
    const storm = burstGet(
      server.url,
      Array.from({ length: 40 }, (_, i) => `/upcoming-trips?page=${i + 2}`),
    );
    const hit = await server.fetch("/about");
    expect(hit.status).toBe(200);
    expect(state(hit)).toBe("hit");
    await hit.arrayBuffer();
    const answered = await storm;
    const statuses = answered.map((r) => r.status);
    const refused = answered.filter((r) => r.status === 503);
    expect(refused.length).toBeGreaterThan(0);
    expect(statuses.every((s) => s === 503 || s < 500)).toBe(true);
    for (const res of refused) {
      expect(res.headers["retry-after"]).toMatch(/^[1-9]\d*$/);
      expect(res.headers["cache-control"]).toBe("no-store");
      expect(res.headers["content-type"]).toMatch(/^text\/plain/);
      expect(res.body.toString()).toMatch(/^503 Service Unavailable/);
    }
    // Nothing stays stuck: once the storm is over the same pages render.
    const again = await server.fetch("/upcoming-trips?page=2");
    expect(again.status).toBeLessThan(500);
  });
});
