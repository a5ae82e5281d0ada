import { describe, expect, it } from "vitest";
import type { Package } from "~/domain/schemas";
import {
  appearsIn,
  emptyPackageTranslation,
  packageCompleteness,
  parsePackageTranslationForm,
  PUBLISH_NEEDS_TITLE_AND_DESCRIPTION,
  translatePackage,
  translationSlug,
  TRIMMED_CHARACTERS,
} from "~/domain/translations";

const source = {
  id: "p1",
  kind: "trip",
  title: "Bali Escape",
  slug: "bali-escape",
  description: "Rice terraces.",
  highlights: ["Sunrise", "Temples"],
  inclusions: [],
  exclusions: ["Flights"],
  itinerary: [{ day: "Day 1", activity: "Arrive", accommodation: "" }],
  faqs: [],
  meeting_point: "",
  departures: [{ id: "d1", note: "Full moon" }],
  imageDetails: [{ url: "/media/a.jpg", alt: "Terraces" }],
} as unknown as Package;

describe("translated content rules (decision 139)", () => {
  it("counts only the fields with English text, and every item of a list", () => {
    expect(packageCompleteness(source, undefined)).toMatchObject({ done: 0, total: 8 });
    const partial = {
      ...emptyPackageTranslation(),
      title: "Bali-Flucht",
      slug: "bali-flucht",
      description: "Reisterrassen.",
      highlights: ["Sonnenaufgang", ""],
    };
    const counted = packageCompleteness(source, partial);
    expect(counted.done).toBe(3);
    expect(counted.missing).toContain("highlights");
  });

  it("a package appears once published in the language with its title and description", () => {
    const published = { ...emptyPackageTranslation(), published: true };
    expect(appearsIn(undefined)).toBe(false);
    expect(appearsIn({ ...published, title: "Bali-Flucht" })).toBe(false);
    expect(appearsIn({ ...published, title: "Bali-Flucht", description: "Reis." })).toBe(true);
    // Publishing per language is explicit (decision 154): translated but not published.
    expect(
      appearsIn({ ...emptyPackageTranslation(), title: "Bali-Flucht", description: "Reis." }),
    ).toBe(false);
  });

  it("reads the form's Publish checkbox, refused without a title and description", () => {
    const on = parsePackageTranslationForm(source, "de", {
      title: "Bali-Flucht",
      description: "Reis.",
      published: "on",
    });
    expect(on).toMatchObject({ ok: true, value: { published: true } });
    const off = parsePackageTranslationForm(source, "de", { title: "Bali-Flucht" });
    expect(off).toMatchObject({ ok: true, value: { published: false } });
    const early = parsePackageTranslationForm(source, "de", {
      title: "Bali-Flucht",
      published: "on",
    });
    expect(early.ok).toBe(false);
    if (!early.ok) expect(early.errors.published).toBe(PUBLISH_NEEDS_TITLE_AND_DESCRIPTION);
  });

  it("falls back per field, a half-translated list whole, notes and alts one by one", () => {
    const { pkg, fallback, fallbackNotes, fallbackAlts } = translatePackage(source, {
      ...emptyPackageTranslation(),
      title: "Bali-Flucht",
      description: "Reisterrassen.",
      highlights: ["Sonnenaufgang", ""],
      exclusions: ["Flüge"],
      departure_notes: {},
      image_alts: { "/media/a.jpg": "Terrassen" },
    });
    expect(pkg.title).toBe("Bali-Flucht");
    expect(pkg.highlights).toEqual(["Sunrise", "Temples"]);
    expect(pkg.exclusions).toEqual(["Flüge"]);
    expect(fallback).toEqual(["highlights", "itinerary"]);
    expect(fallbackNotes).toEqual(["d1"]);
    expect(fallbackAlts).toEqual([]);
    expect(pkg.imageDetails[0]!.alt).toBe("Terrassen");
  });

  it("reads the form beside the source, refusing bad input with a message per field", () => {
    const ok = parsePackageTranslationForm(source, "de", {
      title: " Über Bali ",
      description: "Reis.",
      "highlights.0": "Sonnenaufgang",
      "highlights.5": "ignored: beyond the source",
      "departure_notes.d1": "Vollmond",
      "image_alts.0": "Terrassen",
    });
    expect(ok.ok).toBe(true);
    expect(ok.value).toMatchObject({
      title: "Über Bali",
      slug: "ueber-bali",
      highlights: ["Sonnenaufgang", ""],
      departure_notes: { d1: "Vollmond" },
      image_alts: { "/media/a.jpg": "Terrassen" },
    });
    const bad = parsePackageTranslationForm(source, "de", {
      title: "x".repeat(201),
      slug: "Not a slug",
      "highlights.1": "y".repeat(501),
    });
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      expect(bad.errors.title).toBe("The title must be at most 200 characters");
      expect(bad.errors.slug).toMatch(/^The URL slug may contain only lowercase/);
      expect(bad.errors["highlights.1"]).toBe("Item 2 must be at most 500 characters");
    }
    expect(translationSlug("Straße über Köln", "de")).toBe("strasse-ueber-koeln");
  });
});

describe("TRIMMED_CHARACTERS", () => {
  it("is exactly what String.prototype.trim removes (the SQL appearance rule removes these)", () => {
    const trimmed: string[] = [];
    for (let code = 0; code <= 0xffff; code++) {
      const c = String.fromCharCode(code);
      if (c.trim() === "") trimmed.push(c);
    }
    expect([...TRIMMED_CHARACTERS].sort()).toEqual(trimmed.sort());
  });
});
