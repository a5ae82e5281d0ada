import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  listPackages,
  listPublishedCards,
  listPublishedCardsPerKind,
} from "~/server/catalogue/packages.server";
import { cardView, cardViewOf } from "~/server/site/site-views.server";
import { BACKENDS, createTestDatabase, type TestDatabase } from "../support/db";
import { makePackage } from "../support/factories";
import { translator } from "~/domain/i18n/catalogues";

/** The view context's language: English, the site's default. */
const EN = { lang: "en" as const, t: translator("en") };

/**
 * The lists' lighter query (card columns and the first image only) shows exactly what the whole
 * package rows showed: same cards, same order, same cover with its size and srcset variants.
 */
describe.each(BACKENDS)("package cards (%s)", (backend) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(backend);
    const db = database.db;
    const media = await db
      .insertInto("media_objects")
      .values({
        storage_key: "packages/cover.webp",
        content_type: "image/webp",
        bytes: 1000,
        width: 1600,
        height: 1067,
        variants: JSON.stringify([
          { key: "packages/cover-480.webp", width: 480, height: 320 },
          { key: "packages/cover-960.webp", width: 960, height: 640 },
        ]),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await makePackage(db, "trip", {
      title: "With cover",
      images: ["/media/packages/cover.webp", "https://images.example/second.jpg"],
      videos: [{ type: "url", url: "https://www.youtube.com/watch?v=abc", order: 0 }],
      highlights: ["A", "B"],
    });
    await makePackage(db, "trip", { title: "External only", images: ["https://x.example/a.jpg"] });
    await makePackage(db, "trip", { title: "No image", rating: 4.5, review_count: 12 });
    await makePackage(db, "trip", { title: "Draft", status: "draft" });
    await makePackage(db, "discovery", { title: "Gem", images: ["/media/packages/cover.webp"] });
    expect(media.id).toBeTruthy();
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });

  it.each([
    ["trip", undefined],
    ["trip", 2],
    ["discovery", undefined],
  ] as const)("%s (limit %s) gives the same cards as whole packages", async (kind, limit) => {
    const db = database.db;
    const whole = await listPackages(db, { kind, publishedOnly: true, limit });
    const cards = await listPublishedCards(db, kind, limit);
    const context = { today: "2026-11-25", placeholderRatings: false, limitedSeats: 4, ...EN };
    expect(cards.map((c) => cardViewOf(c, context))).toEqual(
      whole.map((p) => cardView(p, context)),
    );
    expect(cards.length).toBe(limit ?? whole.length);
  });

  it("carries the cover's size and variants for srcset", async () => {
    const cards = await listPublishedCards(database.db, "trip");
    const view = cardViewOf(
      cards.find((c) => c.title === "With cover")!,
      {
        today: "2026-11-25",
        placeholderRatings: false,
        limitedSeats: 4,
        ...EN,
      },
    );
    expect(view.image?.width).toBe(1600);
    expect(view.image?.srcSet).toMatch(/cover-480\.webp 480w/);
  });

  it("per kind in one query: the same first cards of each kind as one query per kind", async () => {
    const db = database.db;
    for (let i = 0; i < 3; i++) await makePackage(db, "discovery", { title: `Gem ${i}` });
    await makePackage(db, "local", { title: "Local draft", status: "draft" });
    for (const perKind of [1, 2, 6]) {
      const kinds = ["trip", "exclusive", "local", "discovery"] as const;
      const together = await listPublishedCardsPerKind(db, kinds, perKind);
      const apart = (
        await Promise.all(kinds.map((kind) => listPublishedCards(db, kind, perKind)))
      ).flat();
      const byKind = (cards: typeof apart) =>
        kinds.map((kind) => cards.filter((c) => c.kind === kind).map((c) => c.title));
      expect(byKind(together)).toEqual(byKind(apart));
      expect(together).toHaveLength(apart.length);
    }
    expect(
      (await listPublishedCardsPerKind(db, ["discovery"], 2)).map((c) => c.title),
    ).toHaveLength(2);
    expect(await listPublishedCardsPerKind(db, [], 6)).toEqual([]);
  });
});
