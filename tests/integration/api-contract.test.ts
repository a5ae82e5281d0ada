import { sql } from "kysely";
import { describe, expect, it, vi } from "vitest";
import { registerApiHarness } from "../support/api-harness";

// Cross-cutting contract: the served OpenAPI document matches what the routes answer, unknown
// /api URLs are JSON 404s, and true server faults are logged 500s with the spec's texts.
const h = registerApiHarness({ LOG_LEVEL: "error" });

type Doc = { openapi: string; paths: Record<string, Record<string, unknown>> };
const SAMPLE_ID = "3f1b7c52-9a0e-4c1d-8b2a-5e6f7a8b9c0d";

describe("GET /api/openapi.json", () => {
  it("serves an OpenAPI 3.1 document with an ETag", async () => {
    const res = await h.get("/api/openapi.json");
    expect(res.status).toBe(200);
    const doc = (await res.json()) as Doc;
    expect(doc.openapi).toBe("3.1.0");
    const etag = res.headers.get("etag")!;
    expect((await h.get("/api/openapi.json", { headers: { "If-None-Match": etag } })).status).toBe(
      304,
    );
  });

  it("lists, for every path the app serves, exactly the methods its Allow header names", async () => {
    const doc = (await (await h.get("/api/openapi.json")).json()) as Doc;
    const owned = Object.keys(doc.paths).filter((p) => !p.startsWith("/api/admin/log"));
    expect(owned.length).toBeGreaterThan(20);
    for (const path of owned) {
      const url = path.replace("{id}", SAMPLE_ID).replace("{slug}", "some-slug");
      const res = await h.get(url, { method: "OPTIONS" });
      expect(res.status, path).toBe(204);
      const allowed = res.headers
        .get("allow")!
        .split(", ")
        .filter((m) => m !== "HEAD" && m !== "OPTIONS")
        .map((m) => m.toLowerCase())
        .sort();
      expect(allowed, path).toEqual(Object.keys(doc.paths[path]!).sort());
    }
  });
});

describe("unknown /api URLs", () => {
  it("answer a JSON 404 for every method, not the site's HTML page", async () => {
    for (const path of ["/api/nope", "/api/local/a/b/c", "/api/exclusive-packages/slug/a/b"]) {
      const get = await h.get(path);
      expect(get.status, path).toBe(404);
      expect(await get.json()).toEqual({ error: "Not found" });
      expect((await h.send("POST", path, {})).status).toBe(404);
    }
  });
});

describe("server faults", () => {
  it("answer 500 with the spec §8 text and are logged", async () => {
    // pino writes JSON lines to stdout.
    const errors = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    await sql`alter table packages rename to packages_away`.execute(h.database.db);
    await sql`alter table travel_moments rename to travel_moments_away`.execute(h.database.db);
    try {
      const cases: [string, string, unknown, string][] = [
        ["GET", "/api/local", undefined, "Failed to fetch local packages"],
        ["POST", "/api/local", { title: "x" }, "Failed to create local package"],
        [
          "PUT",
          `/api/exclusive-packages/${SAMPLE_ID}`,
          { title: "x", price: "1" },
          "Failed to update exclusive package",
        ],
        ["DELETE", `/api/discovery/${SAMPLE_ID}`, undefined, "Failed to delete discovery package"],
        ["POST", "/api/trips/reorder", { package_ids: [] }, "Failed to reorder travel packages"],
        [
          "POST",
          "/api/admin/travel-moments",
          { title: "x", videoUrl: "/media/x.mp4" },
          "Failed to create video",
        ],
        ["DELETE", `/api/admin/travel-moments/${SAMPLE_ID}`, undefined, "Failed to delete video"],
      ];
      for (const [method, path, body, error] of cases) {
        const res = method === "GET" ? await h.get(path) : await h.send(method, path, body);
        expect(res.status, `${method} ${path}`).toBe(500);
        expect(await res.json()).toEqual({ error });
      }
      const logged = errors.mock.calls
        .map((c) => String(c[0]))
        .filter((l) => l.includes("api request failed"));
      expect(logged.length).toBe(cases.length);
      expect(logged[0]).toContain('"path":"/api/local"');
    } finally {
      await sql`alter table packages_away rename to packages`.execute(h.database.db);
      await sql`alter table travel_moments_away rename to travel_moments`.execute(h.database.db);
      errors.mockRestore();
    }
    expect((await h.get("/api/local")).status).toBe(200);
  });
});
