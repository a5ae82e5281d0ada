import { describe, expect, it } from "vitest";
import { kindMessages, PACKAGE_KIND_INFO } from "~/domain/package-kinds";
import { MESSAGES, PACKAGE_KINDS, type PackageInputRaw, type PackageKind } from "~/domain/schemas";
import { apiPackageSchema } from "~/server/api/api-schemas.server";
import { makePackage } from "../support/factories";
import { registerApiHarness } from "../support/api-harness";

// Contract of /api/{trips|exclusive-packages|local|discovery}: spec §3/§7 shapes and every status.
const h = registerApiHarness({}, { resetEachTest: true });

const SPEC_FIELDS = [
  "id",
  "slug",
  "title",
  "description",
  "location",
  "price",
  "duration",
  "travel_period",
  "rating",
  "review_count",
  "status",
  "images",
  "videos",
  "highlights",
  "inclusions",
  "exclusions",
  "itinerary",
  "departures",
  "faqs",
  "meeting_point",
  "rating_source",
  "deposit",
  "image_details",
  "publish_at",
  "unpublish_at",
  "created_at",
  "updated_at",
].sort();
const UNKNOWN_ID = "3f1b7c52-9a0e-4c1d-8b2a-5e6f7a8b9c0d";
const MALFORMED_IDS = [
  "not-a-uuid",
  "123",
  "1%27%20OR%20%271%27%3D%271",
  "%3Cscript%3E",
  "3f1b7c52-9a0e-4c1d-8b2a-5e6f7a8b9c0dX",
];

describe.each(PACKAGE_KINDS)("%s packages", (kind: PackageKind) => {
  const { base, reorderField } = PACKAGE_KIND_INFO[kind].api;
  const msgs = kindMessages(kind);
  const make = (overrides: Partial<PackageInputRaw> = {}) =>
    makePackage(h.database.db, kind, overrides);
  const valid = { title: "Cape Town Highlights", price: "$1,990", status: "published" };

  describe("GET list", () => {
    it("gives anonymous callers the published ones, in order, in spec §3 snake_case", async () => {
      const older = await make({ title: "Older" });
      await make({ title: "Hidden draft", status: "draft" });
      const newer = await make({
        title: "Newer",
        highlights: ["Sunset"],
        itinerary: [{ day: "Day 1", activity: "Arrive" }],
      });
      const res = await h.get(base);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^application\/json/);
      const body = (await res.json()) as Record<string, unknown>[];
      expect(body.map((p) => p.id)).toEqual([newer.id, older.id]);
      for (const pkg of body) {
        expect(Object.keys(pkg).sort()).toEqual(SPEC_FIELDS);
        expect(apiPackageSchema.strict().safeParse(pkg).success).toBe(true);
        for (const list of [
          "images",
          "videos",
          "highlights",
          "inclusions",
          "exclusions",
          "itinerary",
        ]) {
          expect(Array.isArray(pkg[list])).toBe(true);
        }
      }
      expect(body[0]).toMatchObject({
        highlights: ["Sunset"],
        itinerary: [{ day: "Day 1", activity: "Arrive", accommodation: "" }],
      });
    });

    it("gives an admin the drafts too, never cached", async () => {
      await make({ title: "Published" });
      await make({ title: "Draft", status: "draft" });
      const res = await h.get(base, { admin: true });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { status: string }[]).map((p) => p.status).sort()).toEqual([
        "draft",
        "published",
      ]);
      expect(res.headers.get("cache-control")).toBe("private, no-store");
      expect(res.headers.get("etag")).toBeNull();
    });

    it("sends a short Cache-Control and an ETag, answers If-None-Match with 304, and changes the ETag on change", async () => {
      await make();
      const res = await h.get(base);
      expect(res.headers.get("cache-control")).toBe("public, max-age=30");
      expect(res.headers.get("vary")).toMatch(/Cookie/);
      const etag = res.headers.get("etag")!;
      expect(etag).toMatch(/^W\/".+"$/);
      const again = await h.get(base, { headers: { "If-None-Match": etag } });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe("");
      expect(again.headers.get("etag")).toBe(etag);
      await make({ title: "Another" });
      const changed = await h.get(base, { headers: { "If-None-Match": etag } });
      expect(changed.status).toBe(200);
      expect(changed.headers.get("etag")).not.toBe(etag);
    });

    it("answers HEAD like GET without a body", async () => {
      await make();
      const res = await h.get(base, { method: "HEAD" });
      expect(res.status).toBe(200);
      expect(res.headers.get("etag")).toMatch(/^W\//);
      expect(await res.text()).toBe("");
    });
  });

  describe("GET one by id", () => {
    it("returns a published package with an ETag that answers 304", async () => {
      const pkg = await make({
        images: ["/media/packages/a.webp"],
        videos: [{ url: "https://youtu.be/x", title: "Clip" }],
      });
      const res = await h.get(`${base}/${pkg.id}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("public, no-cache");
      const body = (await res.json()) as Record<string, unknown>;
      expect(Object.keys(body).sort()).toEqual(SPEC_FIELDS);
      expect(body).toMatchObject({
        id: pkg.id,
        images: ["/media/packages/a.webp"],
        videos: [{ type: "url", url: "https://youtu.be/x", title: "Clip", order: 0 }],
      });
      const etag = res.headers.get("etag")!;
      expect(
        (await h.get(`${base}/${pkg.id}`, { headers: { "If-None-Match": etag } })).status,
      ).toBe(304);
    });

    it("answers 404 for a draft to anonymous callers and 200 to an admin", async () => {
      const draft = await make({ status: "draft" });
      const anon = await h.get(`${base}/${draft.id}`);
      expect(anon.status).toBe(404);
      expect(await anon.json()).toEqual({ error: msgs.notFound });
      const admin = await h.get(`${base}/${draft.id}`, { admin: true });
      expect(admin.status).toBe(200);
      expect(admin.headers.get("cache-control")).toBe("private, no-store");
    });

    it("answers 404 JSON for unknown and malformed ids, and for another kind's id", async () => {
      const other = await makePackage(h.database.db, kind === "trip" ? "local" : "trip");
      for (const id of [UNKNOWN_ID, ...MALFORMED_IDS, other.id]) {
        const res = await h.get(`${base}/${id}`, { admin: true });
        expect(res.status, id).toBe(404);
        expect(await res.json()).toEqual({ error: msgs.notFound });
      }
    });
  });

  describe("GET by slug", () => {
    it("finds published packages only, for admins too", async () => {
      const pkg = await make({ title: "Bali Escape", slug: "bali-escape" });
      await make({ title: "Secret", slug: "secret-draft", status: "draft" });
      const res = await h.get(`${base}/slug/bali-escape`);
      expect(res.status).toBe(200);
      expect(((await res.json()) as { id: string }).id).toBe(pkg.id);
      expect(res.headers.get("etag")).toBeTruthy();
      expect((await h.get(`${base}/slug/secret-draft`, { admin: true })).status).toBe(404);
      expect((await h.get(`${base}/slug/nope`)).status).toBe(404);
      expect((await h.get(`${base}/slug/${"x".repeat(300)}`)).status).toBe(404);
      expect((await h.get(`${base}/slug/%27%3B%20drop%20table%20packages%3B--`)).status).toBe(404);
    });
  });

  describe("POST (create)", () => {
    it("creates with 201, Location and the spec shape, dropping blank entries and empty itinerary days", async () => {
      const res = await h.send("POST", base, {
        ...valid,
        highlights: ["Table Mountain", "  ", ""],
        inclusions: ["", "Flights"],
        exclusions: ["   "],
        itinerary: [
          { day: "", activity: "", accommodation: "" },
          { day: "Day 1", activity: "Arrive" },
        ],
      });
      expect(res.status).toBe(201);
      const body = (await res.json()) as Record<string, unknown> & { id: string };
      expect(res.headers.get("location")).toBe(`${base}/${body.id}`);
      expect(res.headers.get("cache-control")).toBe("private, no-store");
      expect(Object.keys(body).sort()).toEqual(SPEC_FIELDS);
      expect(body).toMatchObject({
        title: valid.title,
        slug: "cape-town-highlights",
        status: "published",
        highlights: ["Table Mountain"],
        inclusions: ["Flights"],
        exclusions: [],
        itinerary: [{ day: "Day 1", activity: "Arrive", accommodation: "" }],
        images: [],
        videos: [],
      });
      expect((await h.get(`${base}/${body.id}`)).status).toBe(200);
    });

    it("stores SQL and HTML fragments verbatim", async () => {
      const title = `Robert'); DROP TABLE packages;-- <script>alert(1)</script>`;
      const res = await h.send("POST", base, {
        ...valid,
        title,
        description: "<img src=x onerror=alert(1)>",
      });
      expect(res.status).toBe(201);
      const body = (await res.json()) as { id: string; title: string; description: string };
      expect(body.title).toBe(title);
      expect(body.description).toBe("<img src=x onerror=alert(1)>");
    });

    it("answers 400 with the form's texts", async () => {
      const titleText = kind === "exclusive" ? MESSAGES.requiredFields : MESSAGES.titleRequired;
      for (const body of [{}, { title: "   " }, { title: 42 }]) {
        const res = await h.send("POST", base, { price: "$1", ...body });
        expect(res.status).toBe(400);
        expect(((await res.json()) as { error: string }).error).toBe(titleText);
      }
      const noPrice = await h.send("POST", base, { title: "No price" });
      if (kind === "exclusive") {
        expect(noPrice.status).toBe(400);
        expect(await noPrice.json()).toMatchObject({
          error: MESSAGES.requiredFields,
          details: { price: [MESSAGES.requiredFields] },
        });
      } else {
        expect(noPrice.status).toBe(201);
      }
      const tooMany = await h.send("POST", base, {
        ...valid,
        images: Array.from({ length: 5 }, (_, i) => `/media/p/${i}.webp`),
      });
      expect(tooMany.status).toBe(400);
      expect(await tooMany.json()).toMatchObject({ error: "At most 4 images" });
      const badUrl = await h.send("POST", base, { ...valid, images: ["javascript:alert(1)"] });
      expect(badUrl.status).toBe(400);
    });

    it("answers 415 for non-JSON, 413 over 1 MB and 400 for malformed JSON", async () => {
      const form = await h.send("POST", base, undefined, {
        raw: "title=x",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
      });
      expect(form.status).toBe(415);
      expect(((await form.json()) as { error: string }).error).toMatch(/JSON/);
      const big = await h.send("POST", base, { ...valid, description: "x".repeat(1_100_000) });
      expect(big.status).toBe(413);
      expect(await big.json()).toEqual({ error: "Request body must be at most 1 MB" });
      const broken = await h.send("POST", base, undefined, { raw: '{"title": "x",' });
      expect(broken.status).toBe(400);
      expect(await broken.json()).toEqual({ error: "Request body is not valid JSON" });
      expect(await h.database.db.selectFrom("packages").select("id").execute()).toEqual([]);
    });

    it("answers 401 without a session and 403 cross-site, creating nothing", async () => {
      const anon = await h.send("POST", base, valid, { admin: false });
      expect(anon.status).toBe(401);
      expect(await anon.json()).toEqual({ error: "Authentication required" });
      const crossSite = await h.send("POST", base, valid, {
        headers: { "Sec-Fetch-Site": "cross-site" },
      });
      expect(crossSite.status).toBe(403);
      expect(await crossSite.json()).toEqual({ error: "Cross-site request refused" });
      const foreign = await h.send("POST", base, valid, {
        headers: { Origin: "https://evil.example" },
      });
      expect(foreign.status).toBe(403);
      expect(await h.database.db.selectFrom("packages").select("id").execute()).toEqual([]);
    });
  });

  describe("PUT (update)", () => {
    it("replaces the fields, drops blank entries, and keeps the status when none is sent", async () => {
      const pkg = await make({ title: "Before", highlights: ["Old"] });
      const res = await h.send("PUT", `${base}/${pkg.id}`, {
        title: "After",
        price: "$5",
        highlights: ["New", " "],
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({
        id: pkg.id,
        title: "After",
        highlights: ["New"],
        status: "published",
        slug: pkg.slug,
      });
      expect((await h.get(`${base}/${pkg.id}`)).status).toBe(200);
    });

    it("publishes and unpublishes through the status field", async () => {
      const pkg = await make({ status: "draft" });
      const publish = await h.send("PUT", `${base}/${pkg.id}`, { ...valid, status: "published" });
      expect(((await publish.json()) as { status: string }).status).toBe("published");
      expect((await h.get(`${base}/${pkg.id}`)).status).toBe(200);
      await h.send("PUT", `${base}/${pkg.id}`, { ...valid, status: "draft" });
      expect((await h.get(`${base}/${pkg.id}`)).status).toBe(404);
    });

    it("answers 404 for unknown and malformed ids, 400 for invalid input, 401/403 for strangers", async () => {
      const pkg = await make({ title: "Kept" });
      for (const id of [UNKNOWN_ID, ...MALFORMED_IDS]) {
        const res = await h.send("PUT", `${base}/${id}`, valid);
        expect(res.status, id).toBe(404);
        expect(await res.json()).toEqual({ error: msgs.notFound });
      }
      const invalid = await h.send("PUT", `${base}/${pkg.id}`, { title: "", price: "" });
      expect(invalid.status).toBe(400);
      expect((await h.send("PUT", `${base}/${pkg.id}`, valid, { admin: false })).status).toBe(401);
      expect(
        (
          await h.send("PUT", `${base}/${pkg.id}`, valid, {
            headers: { "Sec-Fetch-Site": "cross-site" },
          })
        ).status,
      ).toBe(403);
      expect(
        (
          await h.send("PUT", `${base}/${pkg.id}`, undefined, {
            raw: "x",
            headers: { "Content-Type": "text/plain" },
          })
        ).status,
      ).toBe(415);
      expect(
        (await h.send("PUT", `${base}/${pkg.id}`, { ...valid, description: "y".repeat(1_100_000) }))
          .status,
      ).toBe(413);
      expect(((await (await h.get(`${base}/${pkg.id}`)).json()) as { title: string }).title).toBe(
        "Kept",
      );
    });
  });

  describe("PATCH {status}", () => {
    it("publishes and unpublishes; anything else is a 400", async () => {
      const pkg = await make({ status: "draft" });
      const res = await h.send("PATCH", `${base}/${pkg.id}`, { status: "published" });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { status: string }).status).toBe("published");
      const bad = await h.send("PATCH", `${base}/${pkg.id}`, { status: "archived" });
      expect(bad.status).toBe(400);
      expect(await bad.json()).toMatchObject({ error: "Status must be draft or published" });
      expect((await h.send("PATCH", `${base}/${UNKNOWN_ID}`, { status: "draft" })).status).toBe(
        404,
      );
      expect(
        (await h.send("PATCH", `${base}/${pkg.id}`, { status: "draft" }, { admin: false })).status,
      ).toBe(401);
    });
  });

  describe("DELETE", () => {
    it("deletes, then the id answers 404", async () => {
      const pkg = await make();
      const res = await h.send("DELETE", `${base}/${pkg.id}`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ success: true, message: msgs.deleted });
      expect((await h.get(`${base}/${pkg.id}`, { admin: true })).status).toBe(404);
      expect((await h.send("DELETE", `${base}/${pkg.id}`)).status).toBe(404);
    });

    it("answers 404 for malformed ids and 401/403 for strangers, deleting nothing", async () => {
      const pkg = await make();
      for (const id of MALFORMED_IDS)
        expect((await h.send("DELETE", `${base}/${id}`)).status, id).toBe(404);
      expect(
        (await h.send("DELETE", `${base}/${pkg.id}`, undefined, { admin: false })).status,
      ).toBe(401);
      expect(
        (
          await h.send("DELETE", `${base}/${pkg.id}`, undefined, {
            headers: { Origin: "https://evil.example" },
          })
        ).status,
      ).toBe(403);
      expect((await h.get(`${base}/${pkg.id}`)).status).toBe(200);
    });
  });

  describe(`POST reorder {${reorderField}}`, () => {
    const order = async () =>
      ((await (await h.get(base, { admin: true })).json()) as { id: string }[]).map((p) => p.id);

    it("applies the complete id list", async () => {
      const [a, b, c] = [
        await make({ title: "A" }),
        await make({ title: "B" }),
        await make({ title: "C" }),
      ];
      const res = await h.send("POST", `${base}/reorder`, { [reorderField]: [a.id, c.id, b.id] });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ success: true, message: msgs.reordered });
      expect(await order()).toEqual([a.id, c.id, b.id]);
    });

    it("answers 409 for a list that is not exactly the kind's ids, changing nothing", async () => {
      const [a, b] = [await make({ title: "A" }), await make({ title: "B" })];
      const foreign = await makePackage(h.database.db, kind === "local" ? "trip" : "local");
      const before = await order();
      for (const ids of [
        [a.id],
        [a.id, b.id, b.id],
        [a.id, b.id, foreign.id],
        [a.id, b.id, UNKNOWN_ID],
        [a.id, "not-a-uuid"],
        [],
      ]) {
        const res = await h.send("POST", `${base}/reorder`, { [reorderField]: ids });
        expect(res.status, JSON.stringify(ids)).toBe(409);
        expect(((await res.json()) as { error: string }).error).toMatch(/order list/);
      }
      expect(await order()).toEqual(before);
    });

    it("answers 400 for the wrong body shape, 401/403 for strangers", async () => {
      const a = await make();
      const otherField = reorderField === "packageIds" ? "package_ids" : "packageIds";
      const wrong = await h.send("POST", `${base}/reorder`, { [otherField]: [a.id] });
      expect(wrong.status).toBe(400);
      expect(await wrong.json()).toMatchObject({ error: `${reorderField} must be a list of ids` });
      expect((await h.send("POST", `${base}/reorder`, { [reorderField]: "nope" })).status).toBe(
        400,
      );
      expect((await h.send("POST", `${base}/reorder`, { [reorderField]: [1, 2] })).status).toBe(
        400,
      );
      expect(
        (await h.send("POST", `${base}/reorder`, { [reorderField]: [a.id] }, { admin: false }))
          .status,
      ).toBe(401);
      expect(
        (
          await h.send(
            "POST",
            `${base}/reorder`,
            { [reorderField]: [a.id] },
            { headers: { "Sec-Fetch-Site": "cross-site" } },
          )
        ).status,
      ).toBe(403);
      expect(
        (
          await h.send("POST", `${base}/reorder`, undefined, {
            raw: "<ids/>",
            headers: { "Content-Type": "application/xml" },
          })
        ).status,
      ).toBe(415);
    });
  });

  describe("wrong methods", () => {
    it("answer 405 with Allow on every route", async () => {
      const pkg = await make();
      const cases: [string, string, string][] = [
        ["PUT", base, "GET, HEAD, POST, OPTIONS"],
        ["DELETE", base, "GET, HEAD, POST, OPTIONS"],
        ["PATCH", base, "GET, HEAD, POST, OPTIONS"],
        ["POST", `${base}/${pkg.id}`, "GET, HEAD, PUT, PATCH, DELETE, OPTIONS"],
        ["POST", `${base}/slug/${pkg.slug}`, "GET, HEAD, OPTIONS"],
        ["DELETE", `${base}/slug/${pkg.slug}`, "GET, HEAD, OPTIONS"],
        ["GET", `${base}/reorder`, "POST, OPTIONS"],
        ["PUT", `${base}/reorder`, "POST, OPTIONS"],
      ];
      for (const [method, path, allow] of cases) {
        const res = method === "GET" ? await h.get(path) : await h.send(method, path, {});
        expect(res.status, `${method} ${path}`).toBe(405);
        expect(res.headers.get("allow")).toBe(allow);
        expect(await res.json()).toEqual({ error: `Method ${method} is not allowed here` });
      }
    });
  });
});
