import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/app-server";

// The built server on embedded PGlite with the demo seed, as `npm start` runs it.
describe("built server on embedded PGlite", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ SEED_DEMO: "true", DATABASE_URL: undefined });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  it("answers /healthz with 200 ok", async () => {
    const res = await server.fetch("/healthz");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
  });

  it("renders the home page on the server with seeded packages", async () => {
    const res = await server.fetch("/");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Discover Hidden Corners of the World");
    expect(html).toContain("Upcoming Trips");
    expect(html).toMatch(/href="\/package\/[0-9a-f-]{36}"/);
  });

  it("serves seeded media from DATA_DIR with immutable caching", async () => {
    const html = await (await server.fetch("/")).text();
    const media = html.match(/\/media\/seed\/[a-z0-9.-]+\.webp/)?.[0];
    expect(media).toBeDefined();
    const res = await server.fetch(media!);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/webp");
    expect(res.headers.get("cache-control")).toContain("immutable");
  });
});
