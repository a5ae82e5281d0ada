import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startTestServer, type TestServer } from "../support/app-server";
import { localCluster, type LocalCluster } from "../support/postgres";
import { cookieHeader } from "../support/auth-support";
import { collectServerLogs, type LogLine } from "../support/server-logs";

// Lookups that fail in the database are not "not found"; PostgreSQL restarted under
// traffic: /healthz 503 while down and 200 after, 503 pages/JSON quickly during the outage, the app
// recovers by itself and nothing is half-written. This suite runs its own cluster and restarts it.
const ADMIN = { email: "outage@example.com", password: "a long enough password" };

describe("a database that goes away and comes back", () => {
  let cluster: LocalCluster;
  let server: TestServer;
  let cookie: string;
  let packageId: string;
  const lines: LogLine[] = [];

  beforeAll(async () => {
    cluster = await localCluster();
    // The built server logs through pino to process.stdout: collect its JSON lines.
    collectServerLogs(lines);
    server = await startTestServer({
      DATABASE_URL: cluster.url,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: "info",
    });
    const login = await server.fetch("/api/admin/login", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(ADMIN),
    });
    cookie = cookieHeader(login);
    const created = await server.fetch("/api/trips", {
      method: "POST",
      headers: { "Content-Type": "application/json", Cookie: cookie },
      body: JSON.stringify({ title: "Outage Trip", price: "$1", status: "published" }),
    });
    expect(created.status).toBe(201);
    packageId = ((await created.json()) as { id: string }).id;
  }, 60_000);

  afterAll(async () => {
    vi.restoreAllMocks();
    await server?.close();
    await cluster?.stop();
  });

  const errorsFor = (reqId: string | null) =>
    lines.filter(
      (l) =>
        l.reqId === reqId && l.msg !== "request" && (l.level === "error" || l.level === "warn"),
    );

  it("answers malformed ids with a quiet 404 (no error logged)", async () => {
    const response = await server.fetch("/package/%00");
    expect(response.status).toBe(404);
    const reqId = response.headers.get("X-Request-Id");
    expect(reqId).toMatch(/^[0-9a-f-]{36}$/);
    await response.text();
    expect(errorsFor(reqId)).toEqual([]);
    // The access line is there, with method, path, status and duration.
    expect(lines.find((l) => l.reqId === reqId && l.msg === "request")).toMatchObject({
      method: "GET",
      path: "/package/%00",
      status: 404,
      durationMs: expect.any(Number),
    });
    // A caller's (or proxy's) sane X-Request-Id carries through; junk is replaced.
    const given = await server.fetch("/about", { headers: { "X-Request-Id": "edge-req-000123" } });
    expect(given.headers.get("X-Request-Id")).toBe("edge-req-000123");
    const junk = await server.fetch("/about", { headers: { "X-Request-Id": "<script>" } });
    expect(junk.headers.get("X-Request-Id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("keeps answering under load while PostgreSQL restarts, and recovers by itself", async () => {
    const results: { what: string; status: number; ms: number }[] = [];
    let running = true;
    let writes = 0;
    let attempted = 0;
    const timed = async (what: string, run: () => Promise<Response>) => {
      const started = Date.now();
      try {
        const response = await run();
        await response.arrayBuffer();
        results.push({ what, status: response.status, ms: Date.now() - started });
        return response.status;
      } catch (error) {
        results.push({
          what: `${what} threw ${String(error)}`,
          status: 0,
          ms: Date.now() - started,
        });
        return 0;
      }
    };
    const worker = async (n: number) => {
      while (running) {
        await timed("page", () => server.fetch(`/package/${randomUUID()}`));
        await timed("detail", () =>
          server.fetch(`/package/${packageId}`, { headers: { Cookie: cookie } }),
        );
        await timed("api", () => server.fetch("/api/trips", { headers: { Cookie: cookie } }));
        if (n % 2 === 0) {
          const status = await timed("write", () =>
            server.fetch("/api/trips", {
              method: "POST",
              headers: { "Content-Type": "application/json", Cookie: cookie },
              body: JSON.stringify({ title: `Load ${randomUUID()}`, price: "$2" }),
            }),
          );
          if (status === 201) writes++;
          else attempted++;
        }
      }
    };
    const load = [0, 1, 2, 3].map(worker);
    await new Promise((r) => setTimeout(r, 1000));

    cluster.stopServer();
    const health = await server.fetch("/healthz");
    expect(health.status).toBe(503);

    const started = Date.now();
    const page = await server.fetch(`/package/${randomUUID()}`, {
      headers: { Accept: "text/html" },
    });
    expect(page.status).toBe(503);
    expect(page.headers.get("Retry-After")).toBe("5");
    const html = await page.text();
    expect(html).not.toContain("Package Not Found");
    expect(html).toContain("Please try again in a moment");
    expect(Date.now() - started).toBeLessThan(10_000);
    const pageId = page.headers.get("X-Request-Id");
    const logged = errorsFor(pageId);
    expect(logged.map((l) => l.msg)).toEqual(["database unavailable"]);
    expect(logged[0]).toMatchObject({ level: "error", msg: "database unavailable" });

    const api = await server.fetch("/api/trips", { headers: { Cookie: cookie } });
    expect(api.status).toBe(503);
    expect(await api.json()).toEqual({ error: expect.stringContaining("temporarily unavailable") });

    await new Promise((r) => setTimeout(r, 1500));
    cluster.startServer();
    const deadline = Date.now() + 20_000;
    let healthy = 0;
    while (Date.now() < deadline) {
      healthy = (await server.fetch("/healthz")).status;
      if (healthy === 200) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(healthy).toBe(200);
    await new Promise((r) => setTimeout(r, 1000));
    running = false;
    await Promise.all(load);

    // Never a 500, never a hang over 10 s; 503 only during the outage.
    const bad = results.filter((r) => ![200, 201, 404, 503].includes(r.status) || r.ms > 10_000);
    expect(bad).toEqual([]);
    expect(results.filter((r) => r.status === 503).length).toBeGreaterThan(0);
    const detail = await server.fetch(`/package/${packageId}`, { headers: { Cookie: cookie } });
    expect(detail.status).toBe(200);

    // Nothing half-written: every row the load wrote was answered 201, and only those.
    const client = new pg.Client({ connectionString: cluster.url });
    await client.connect();
    const { rows } = await client.query<{ n: number }>(
      "select count(*)::int as n from packages where title like 'Load %'",
    );
    await client.end();
    // Every 201 is a row. A write whose connection died during its commit may have landed without
    // its 201 (the client cannot know): at most one row per such unanswered write, never a partial one.
    expect(rows[0]!.n).toBeGreaterThanOrEqual(writes);
    expect(rows[0]!.n).toBeLessThanOrEqual(writes + attempted);
  }, 90_000);
});
