import { describe, expect, it } from "vitest";
import { MESSAGES, travelMomentInputSchema, travelMomentSchema } from "~/domain/schemas";
import { createMoment } from "~/server/catalogue/moments.server";
import { registerApiHarness } from "../support/api-harness";

// Contract of /api/travel-moments and /api/admin/travel-moments[/{id}|/reorder].
const h = registerApiHarness({}, { resetEachTest: true });

const UNKNOWN_ID = "3f1b7c52-9a0e-4c1d-8b2a-5e6f7a8b9c0d";
const make = (title: string, extra: Record<string, unknown> = {}) =>
  createMoment(
    h.database.db,
    travelMomentInputSchema.parse({
      title,
      videoUrl: `/media/travel-moments/${title}.webm`,
      ...extra,
    }),
  );
const body = {
  title: "Sunset dhow",
  videoUrl: "https://videos.example/dhow.mp4",
  duration: "2:30",
};

describe("GET /api/travel-moments", () => {
  it("gives visitors the active moments in order, camelCase, with ETag and a short Cache-Control", async () => {
    const a = await make("a", { description: "First" });
    await make("b", { isActive: false });
    const c = await make("c", { thumbnailUrl: "/media/travel-moments/c.webp" });
    const res = await h.get("/api/travel-moments");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=30");
    const list = (await res.json()) as Record<string, unknown>[];
    expect(list.map((m) => m.id)).toEqual([a.id, c.id]);
    for (const m of list) expect(travelMomentSchema.strict().safeParse(m).success).toBe(true);
    expect(list[0]).toEqual({
      id: a.id,
      title: "a",
      description: "First",
      videoUrl: "/media/travel-moments/a.webm",
      orderIndex: 0,
      isActive: true,
    });
    const etag = res.headers.get("etag")!;
    expect(
      (await h.get("/api/travel-moments", { headers: { "If-None-Match": etag } })).status,
    ).toBe(304);
  });

  it("gives an admin every moment, never cached", async () => {
    await make("a");
    await make("b", { isActive: false });
    const res = await h.get("/api/travel-moments", { admin: true });
    expect(((await res.json()) as { title: string }[]).map((m) => m.title)).toEqual(["a", "b"]);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
  });
});

describe("POST /api/admin/travel-moments", () => {
  it("creates at the end with 201, trimming and omitting empty optional fields", async () => {
    await make("first");
    const res = await h.send("POST", "/api/admin/travel-moments", {
      ...body,
      title: "  Sunset dhow ",
      description: "  ",
      thumbnailUrl: "",
    });
    expect(res.status).toBe(201);
    const created = (await res.json()) as Record<string, unknown>;
    expect(created).toMatchObject({
      title: "Sunset dhow",
      videoUrl: body.videoUrl,
      duration: "2:30",
      orderIndex: 1,
      isActive: true,
    });
    expect(created).not.toHaveProperty("description");
    expect(created).not.toHaveProperty("thumbnailUrl");
  });

  it("answers 400 with the form's texts", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ videoUrl: body.videoUrl }, MESSAGES.momentTitleRequired],
      [{ title: "  ", videoUrl: body.videoUrl }, MESSAGES.momentTitleRequired],
      [{ title: "No video" }, MESSAGES.momentVideoRequired],
      [
        { title: "Bad video", videoUrl: "javascript:alert(1)" },
        "Must be an http(s) URL or a site path",
      ],
      [{ ...body, duration: "long" }, "Duration must look like 2:30"],
    ];
    for (const [input, error] of cases) {
      const res = await h.send("POST", "/api/admin/travel-moments", input);
      expect(res.status, JSON.stringify(input)).toBe(400);
      expect(((await res.json()) as { error: string }).error).toBe(error);
    }
    expect(await h.database.db.selectFrom("travel_moments").select("id").execute()).toEqual([]);
  });

  it("answers 409 with the spec's text at 7 moments", async () => {
    for (let i = 0; i < 7; i++) await make(`m${i}`);
    const res = await h.send("POST", "/api/admin/travel-moments", body);
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: MESSAGES.momentsMax });
  });

  it("answers 401, 403, 415, 413 and 400 for bad requests", async () => {
    expect((await h.send("POST", "/api/admin/travel-moments", body, { admin: false })).status).toBe(
      401,
    );
    expect(
      (
        await h.send("POST", "/api/admin/travel-moments", body, {
          headers: { "Sec-Fetch-Site": "cross-site" },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await h.send("POST", "/api/admin/travel-moments", undefined, {
          raw: "title=x",
          headers: { "Content-Type": "text/plain" },
        })
      ).status,
    ).toBe(415);
    expect(
      (
        await h.send("POST", "/api/admin/travel-moments", {
          ...body,
          description: "d".repeat(1_200_000),
        })
      ).status,
    ).toBe(413);
    expect(
      (await h.send("POST", "/api/admin/travel-moments", undefined, { raw: "{nope" })).status,
    ).toBe(400);
    expect(await h.database.db.selectFrom("travel_moments").select("id").execute()).toEqual([]);
  });
});

describe("PUT /api/admin/travel-moments/{id}", () => {
  it("replaces the fields and keeps isActive when the body does not mention it", async () => {
    const m = await make("old", { isActive: false, description: "Old" });
    const res = await h.send("PUT", `/api/admin/travel-moments/${m.id}`, body);
    expect(res.status).toBe(200);
    const updated = (await res.json()) as Record<string, unknown>;
    expect(updated).toMatchObject({ id: m.id, title: body.title, isActive: false, orderIndex: 0 });
    expect(updated).not.toHaveProperty("description");
    const activated = await h.send("PUT", `/api/admin/travel-moments/${m.id}`, {
      ...body,
      isActive: true,
    });
    expect(((await activated.json()) as { isActive: boolean }).isActive).toBe(true);
  });

  it("answers 404 for unknown and malformed ids, 400 for invalid input, 401/403 for strangers", async () => {
    const m = await make("kept");
    for (const id of [UNKNOWN_ID, "nope", "1%27%3B--"]) {
      const res = await h.send("PUT", `/api/admin/travel-moments/${id}`, body);
      expect(res.status, id).toBe(404);
      expect(await res.json()).toEqual({ error: "Travel moment not found" });
    }
    const invalid = await h.send("PUT", `/api/admin/travel-moments/${m.id}`, { title: "" });
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toMatchObject({ error: MESSAGES.momentTitleRequired });
    expect(
      (await h.send("PUT", `/api/admin/travel-moments/${m.id}`, body, { admin: false })).status,
    ).toBe(401);
    expect(
      (
        await h.send("PUT", `/api/admin/travel-moments/${m.id}`, body, {
          headers: { Origin: "https://evil.example" },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await h.send("PUT", `/api/admin/travel-moments/${m.id}`, undefined, {
          raw: "x",
          headers: { "Content-Type": "text/html" },
        })
      ).status,
    ).toBe(415);
    const [row] = await h.database.db.selectFrom("travel_moments").select("title").execute();
    expect(row?.title).toBe("kept");
  });
});

describe("DELETE /api/admin/travel-moments/{id}", () => {
  it("deletes; unknown and malformed ids are 404; strangers 401/403", async () => {
    const m = await make("gone");
    expect(
      (await h.send("DELETE", `/api/admin/travel-moments/${m.id}`, undefined, { admin: false }))
        .status,
    ).toBe(401);
    expect(
      (
        await h.send("DELETE", `/api/admin/travel-moments/${m.id}`, undefined, {
          headers: { "Sec-Fetch-Site": "cross-site" },
        })
      ).status,
    ).toBe(403);
    const res = await h.send("DELETE", `/api/admin/travel-moments/${m.id}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      success: true,
      message: "Travel moments video deleted successfully!",
    });
    expect((await h.send("DELETE", `/api/admin/travel-moments/${m.id}`)).status).toBe(404);
    expect((await h.send("DELETE", "/api/admin/travel-moments/not-an-id")).status).toBe(404);
  });
});

describe("POST /api/admin/travel-moments/reorder {ids}", () => {
  const order = async () =>
    ((await (await h.get("/api/travel-moments", { admin: true })).json()) as { id: string }[]).map(
      (m) => m.id,
    );

  it("applies the complete list; anything else is a 409 that changes nothing", async () => {
    const [a, b, c] = [await make("a"), await make("b"), await make("c")];
    const res = await h.send("POST", "/api/admin/travel-moments/reorder", {
      ids: [c.id, a.id, b.id],
    });
    expect(res.status).toBe(200);
    expect(await order()).toEqual([c.id, a.id, b.id]);
    for (const ids of [
      [a.id, b.id],
      [a.id, b.id, c.id, c.id],
      [a.id, b.id, c.id, UNKNOWN_ID],
    ]) {
      expect((await h.send("POST", "/api/admin/travel-moments/reorder", { ids })).status).toBe(409);
    }
    expect(await order()).toEqual([c.id, a.id, b.id]);
    expect((await h.send("POST", "/api/admin/travel-moments/reorder", { ids: "x" })).status).toBe(
      400,
    );
    expect(
      (await h.send("POST", "/api/admin/travel-moments/reorder", { ids: [a.id] }, { admin: false }))
        .status,
    ).toBe(401);
  });
});

describe("wrong methods", () => {
  it("answer 405 with Allow", async () => {
    const m = await make("m");
    const cases: [string, string, string][] = [
      ["POST", "/api/travel-moments", "GET, HEAD, OPTIONS"],
      ["DELETE", "/api/travel-moments", "GET, HEAD, OPTIONS"],
      ["GET", "/api/admin/travel-moments", "POST, OPTIONS"],
      ["PUT", "/api/admin/travel-moments", "POST, OPTIONS"],
      ["GET", `/api/admin/travel-moments/${m.id}`, "PUT, DELETE, OPTIONS"],
      ["POST", `/api/admin/travel-moments/${m.id}`, "PUT, DELETE, OPTIONS"],
      ["GET", "/api/admin/travel-moments/reorder", "POST, OPTIONS"],
    ];
    for (const [method, path, allow] of cases) {
      const res = method === "GET" ? await h.get(path) : await h.send(method, path, {});
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(res.headers.get("allow")).toBe(allow);
    }
  });
});
