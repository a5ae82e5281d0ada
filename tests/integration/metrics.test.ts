import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/app-server";
import { createTestDatabase, type TestDatabase } from "../support/db";
import { makePackage } from "../support/factories";

// GET /metrics in the Prometheus text format, only with METRICS_TOKEN and its bearer.

const TOKEN = "metrics-token-for-tests-0123456789";

describe("metrics", () => {
  let database: TestDatabase;
  let server: TestServer;
  let off: TestServer;
  let id = "";

  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    id = (await makePackage(database.db, "trip", { title: "Counted" })).id;
    server = await startTestServer({ DATABASE_URL: database.url!, METRICS_TOKEN: TOKEN });
    off = await startTestServer({ DATABASE_URL: database.url! });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await off?.close();
    await database?.close();
  });

  const scrape = async () => {
    const res = await server.fetch("/metrics", { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers.get("cache-control")).toBe("no-store");
    return res.text();
  };

  it("is not there without METRICS_TOKEN, and refuses a missing or wrong bearer", async () => {
    expect(
      (await off.fetch("/metrics", { headers: { Authorization: `Bearer ${TOKEN}` } })).status,
    ).toBe(404);
    for (const auth of [undefined, "Bearer nope", `Bearer ${TOKEN}x`, TOKEN]) {
      const res = await server.fetch("/metrics", auth ? { headers: { Authorization: auth } } : {});
      expect(res.status, String(auth)).toBe(401);
      expect(res.headers.get("www-authenticate")).toBe("Bearer");
      expect(await res.text()).not.toContain("http_requests_total");
    }
  });

  it("counts requests by route pattern and status, never by raw path", async () => {
    await scrape(); // the route table is read by now
    for (const path of [
      `/package/${id}`,
      "/package/00000000-0000-4000-8000-000000000000",
      "/about",
    ])
      await server.fetch(path);
    for (let i = 0; i < 3; i++) await server.fetch(`/no-such-page-${i}`);
    await server.fetch("/upcoming-trips");
    await server.fetch("/upcoming-trips");
    const text = await scrape();
    expect(text).toMatch(
      /http_requests_total\{method="GET",route="\/package\/:id",status="200"\} 1/,
    );
    expect(text).toMatch(
      /http_requests_total\{method="GET",route="\/package\/:id",status="404"\} 1/,
    );
    expect(text).toMatch(
      /http_request_duration_seconds_bucket\{le="[^"]+",method="GET",route="\/about",status="200"\}/,
    );
    expect(text).not.toContain(id);
    expect(text).not.toContain("no-such-page");
    expect(text).toMatch(/page_cache_requests_total\{result="hit"\} [1-9]/);
    expect(text).toMatch(/page_cache_bytes [1-9]/);
    expect(text).toMatch(/db_pool_connections\{state="total"\} \d+/);
    expect(text).toMatch(/db_pool_connections\{state="waiting"\} 0/);
    expect(text).toMatch(/uploads_in_progress 0/);
    expect(text).toMatch(/nodejs_eventloop_lag_seconds \d/);
    expect(text).toMatch(/process_resident_memory_bytes \d/);
  });
});
