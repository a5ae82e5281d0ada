import { describe, expect, it } from "vitest";
import {
  createPackage,
  deletePackage,
  getPackageById,
  getPackageBySlug,
  listPackages,
  reorderPackages,
  setPackageStatus,
  updatePackage,
} from "~/server/catalogue/packages.server";
import { BACKENDS, useTestDatabase } from "../support/db";
import { makePackage, packageInput } from "../support/factories";

describe.each(BACKENDS)("packages repository on %s", (backend) => {
  const { db } = useTestDatabase(backend);

  describe("create and slugs", () => {
    it("derives the slug from the title and keeps it unique per kind", async () => {
      const a = await makePackage(db(), "trip", { title: "Bali Escape" });
      const b = await makePackage(db(), "trip", { title: "Bali  Escape!" });
      const c = await makePackage(db(), "trip", { title: "bali escape" });
      const otherKind = await makePackage(db(), "local", { title: "Bali Escape" });
      expect([a.slug, b.slug, c.slug]).toEqual(["bali-escape", "bali-escape-2", "bali-escape-3"]);
      expect(otherKind.slug).toBe("bali-escape");
    });

    it("uses a given slug, suffixing it when taken", async () => {
      const a = await makePackage(db(), "trip", { title: "One", slug: "island-time" });
      const b = await makePackage(db(), "trip", { title: "Two", slug: "island-time" });
      expect(a.slug).toBe("island-time");
      expect(b.slug).toBe("island-time-2");
    });

    it("keeps suffixed slugs within the 120-character limit", async () => {
      const long = "a".repeat(120);
      const a = await makePackage(db(), "trip", { title: "One", slug: long });
      const b = await makePackage(db(), "trip", { title: "Two", slug: long });
      expect(a.slug).toBe(long);
      expect(b.slug).toBe(`${"a".repeat(110)}-2`);
    });

    it("falls back to 'package' when the title has no letters or digits", async () => {
      const p = await makePackage(db(), "trip", { title: "★★★" });
      expect(p.slug).toBe("package");
    });

    it("strips accents when slugging", async () => {
      const p = await makePackage(db(), "discovery", { title: "Café Crème à Málaga" });
      expect(p.slug).toBe("cafe-creme-a-malaga");
    });

    it("puts new packages first in the order", async () => {
      await makePackage(db(), "trip", { title: "First" });
      await makePackage(db(), "trip", { title: "Second" });
      await makePackage(db(), "trip", { title: "Third" });
      const titles = (await listPackages(db(), { kind: "trip" })).map((p) => p.title);
      expect(titles).toEqual(["Third", "Second", "First"]);
    });

    it("stores lists, drops blank entries and empty itinerary days, and returns the same types", async () => {
      const p = await makePackage(db(), "trip", {
        highlights: ["Sunrise trek", "  ", ""],
        inclusions: [" Flights "],
        itinerary: [
          { day: "Day 1", activity: "Arrive", accommodation: "" },
          { day: "", activity: "", accommodation: "" },
        ],
        images: ["/media/packages/1-a.webp", "https://cdn.example.com/b.jpg"],
        videos: [
          { type: "url", url: "https://www.youtube.com/watch?v=abc", title: "Intro", order: 1 },
          { type: "url", url: "https://vimeo.com/123", order: 0 },
        ],
        rating: 4.5,
        review_count: 120,
      });
      expect(p.highlights).toEqual(["Sunrise trek"]);
      expect(p.inclusions).toEqual(["Flights"]);
      expect(p.exclusions).toEqual([]);
      expect(p.itinerary).toEqual([{ day: "Day 1", activity: "Arrive", accommodation: "" }]);
      expect(p.images).toEqual(["/media/packages/1-a.webp", "https://cdn.example.com/b.jpg"]);
      expect(p.videos.map((v) => [v.url, v.order])).toEqual([
        ["https://vimeo.com/123", 0],
        ["https://www.youtube.com/watch?v=abc", 1],
      ]);
      expect(p.rating).toBe(4.5);
      expect(typeof p.review_count).toBe("number");
      expect(typeof p.position).toBe("number");
      expect(p.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    });

    it("refuses a fifth image in the database itself", async () => {
      const p = await makePackage(db(), "trip");
      await expect(
        db()
          .insertInto("package_images")
          .values({ package_id: p.id, position: 4, url: "/x.webp", media_id: null })
          .execute(),
      ).rejects.toThrow();
    });
  });

  describe("reads", () => {
    it("lists published only, filters by status and searches title or slug", async () => {
      await makePackage(db(), "trip", { title: "Bali Escape", status: "published" });
      await makePackage(db(), "trip", { title: "Phuket Draft", status: "draft" });
      await makePackage(db(), "trip", {
        title: "Cape Town",
        slug: "mother-city",
        status: "published",
      });
      await makePackage(db(), "local", { title: "Local Bali", status: "published" });
      expect(
        (await listPackages(db(), { kind: "trip", publishedOnly: true }))
          .map((p) => p.title)
          .sort(),
      ).toEqual(["Bali Escape", "Cape Town"]);
      expect(
        (await listPackages(db(), { kind: "trip", status: "draft" })).map((p) => p.title),
      ).toEqual(["Phuket Draft"]);
      expect(
        (await listPackages(db(), { kind: "trip", search: "MOTHER" })).map((p) => p.title),
      ).toEqual(["Cape Town"]);
      expect(
        (await listPackages(db(), { kind: "trip", search: "bali" })).map((p) => p.title),
      ).toEqual(["Bali Escape"]);
      expect(await listPackages(db(), { kind: "trip", search: "%" })).toEqual([]);
      expect(await listPackages(db(), { kind: "trip", limit: 1 })).toHaveLength(1);
    });

    it("gets by id within the kind, and by slug only when published", async () => {
      const draft = await makePackage(db(), "trip", { title: "Hidden", status: "draft" });
      expect((await getPackageById(db(), "trip", draft.id))?.title).toBe("Hidden");
      expect(await getPackageById(db(), "trip", draft.id, { publishedOnly: true })).toBeUndefined();
      expect(await getPackageById(db(), "local", draft.id)).toBeUndefined();
      expect(await getPackageById(db(), "trip", "not-a-uuid")).toBeUndefined();
      expect(await getPackageBySlug(db(), "trip", "hidden")).toBeUndefined();
      await setPackageStatus(db(), "trip", draft.id, "published");
      expect((await getPackageBySlug(db(), "trip", "hidden"))?.id).toBe(draft.id);
    });
  });

  describe("update, status and delete", () => {
    it("updates fields, replaces media, keeps the slug unless changed, and sets updated_at", async () => {
      const p = await makePackage(db(), "trip", { images: ["/a.webp", "/b.webp"] });
      await new Promise((r) => setTimeout(r, 10));
      const updated = await updatePackage(
        db(),
        "trip",
        p.id,
        packageInput("trip", { title: "Renamed", images: ["/c.webp"] }),
      );
      expect(updated.title).toBe("Renamed");
      expect(updated.slug).toBe(p.slug);
      expect(updated.images).toEqual(["/c.webp"]);
      expect(Date.parse(updated.updated_at)).toBeGreaterThan(Date.parse(p.updated_at));
    });

    it("suffixes a changed slug that another package already has", async () => {
      await makePackage(db(), "trip", { title: "Taken" });
      const p = await makePackage(db(), "trip", { title: "Other" });
      const updated = await updatePackage(
        db(),
        "trip",
        p.id,
        packageInput("trip", { title: "Other", slug: "taken" }),
      );
      expect(updated.slug).toBe("taken-2");
    });

    it("answers 404 for unknown ids and ids of another kind, changing nothing", async () => {
      const p = await makePackage(db(), "trip");
      await expect(updatePackage(db(), "local", p.id, packageInput("local"))).rejects.toMatchObject(
        { status: 404 },
      );
      await expect(updatePackage(db(), "trip", "nope", packageInput("trip"))).rejects.toMatchObject(
        { status: 404 },
      );
      await expect(
        setPackageStatus(db(), "trip", crypto.randomUUID(), "draft"),
      ).rejects.toMatchObject({ status: 404 });
      await expect(deletePackage(db(), "local", p.id)).rejects.toMatchObject({ status: 404 });
      expect((await getPackageById(db(), "trip", p.id))?.title).toBe("Bali Escape");
    });

    it("publishes and unpublishes", async () => {
      const p = await makePackage(db(), "exclusive", { status: "draft" });
      expect((await setPackageStatus(db(), "exclusive", p.id, "published")).status).toBe(
        "published",
      );
      expect((await setPackageStatus(db(), "exclusive", p.id, "draft")).status).toBe("draft");
    });

    it("deletes softly: gone from reads, images and videos kept for a restore", async () => {
      const p = await makePackage(db(), "trip", {
        images: ["/a.webp"],
        videos: [{ type: "url", url: "https://vimeo.com/1" }],
      });
      await deletePackage(db(), "trip", p.id);
      expect(await getPackageById(db(), "trip", p.id)).toBeUndefined();
      const kept = await getPackageById(db(), "trip", p.id, { includeDeleted: true });
      expect(kept).toMatchObject({ images: ["/a.webp"], videos: [{ url: "https://vimeo.com/1" }] });
    });
  });

  describe("reorder", () => {
    it("applies the full ordered id list", async () => {
      const a = await makePackage(db(), "trip", { title: "A" });
      const b = await makePackage(db(), "trip", { title: "B" });
      const c = await makePackage(db(), "trip", { title: "C" });
      await reorderPackages(db(), "trip", [a.id, c.id, b.id]);
      expect((await listPackages(db(), { kind: "trip" })).map((p) => p.title)).toEqual([
        "A",
        "C",
        "B",
      ]);
      expect((await listPackages(db(), { kind: "trip" })).map((p) => p.position)).toEqual([
        0, 1, 2,
      ]);
    });

    it.each([
      ["a partial list", (ids: string[]) => ids.slice(0, 2)],
      ["an extra id", (ids: string[]) => [...ids, crypto.randomUUID()]],
      ["a duplicated id", (ids: string[]) => [ids[0]!, ids[0]!, ids[1]!]],
      ["a malformed id", (ids: string[]) => [ids[0]!, ids[1]!, "not-a-uuid"]],
      ["an empty list", () => []],
    ])("refuses %s with 409 and changes nothing", async (_label, mutate) => {
      const a = await makePackage(db(), "trip", { title: "A" });
      const b = await makePackage(db(), "trip", { title: "B" });
      const c = await makePackage(db(), "trip", { title: "C" });
      const before = (await listPackages(db(), { kind: "trip" })).map((p) => p.id);
      await expect(reorderPackages(db(), "trip", mutate([a.id, b.id, c.id]))).rejects.toMatchObject(
        { status: 409 },
      );
      expect((await listPackages(db(), { kind: "trip" })).map((p) => p.id)).toEqual(before);
    });

    it("refuses ids of another kind", async () => {
      const a = await makePackage(db(), "trip", { title: "A" });
      const local = await makePackage(db(), "local", { title: "L" });
      await expect(reorderPackages(db(), "trip", [local.id])).rejects.toMatchObject({
        status: 409,
      });
      await expect(reorderPackages(db(), "trip", [a.id, local.id])).rejects.toMatchObject({
        status: 409,
      });
    });
  });

  it("creates concurrently without slug collisions", async () => {
    const made = await Promise.all(
      Array.from({ length: 5 }, () => createPackage(db(), "trip", packageInput("trip"))),
    );
    expect(new Set(made.map((p) => p.slug)).size).toBe(5);
  });
});
