import { describe, expect, it } from "vitest";
import { DEMO_MOMENTS, DEMO_PACKAGES } from "../../db/seed/catalogue";
import { DEMO_MOMENTS_DE, DEMO_PACKAGES_DE } from "../../db/seed/catalogue-de";

// The German demo content (decision 139) is matched to the English by title: a title changed on
// one side only would silently drop a package from the German demo site.
describe("the German demo content", () => {
  const packageTitles = Object.values(DEMO_PACKAGES)
    .flat()
    .map((p) => p.title);

  it("translates every demo package's title and description", () => {
    expect(packageTitles.length).toBeGreaterThan(10);
    for (const title of packageTitles) {
      const de = DEMO_PACKAGES_DE[title];
      expect(de, title).toBeDefined();
      expect(de!.title.trim(), title).not.toBe("");
      expect(de!.description.trim(), title).not.toBe("");
    }
  });

  it("translates every demo moment's title", () => {
    for (const moment of DEMO_MOMENTS)
      expect(DEMO_MOMENTS_DE[moment.title], moment.title).toBeDefined();
  });

  it("holds no translation of a package or moment the demo does not have", () => {
    expect(Object.keys(DEMO_PACKAGES_DE).filter((t) => !packageTitles.includes(t))).toEqual([]);
    const momentTitles = DEMO_MOMENTS.map((m) => m.title);
    expect(Object.keys(DEMO_MOMENTS_DE).filter((t) => !momentTitles.includes(t))).toEqual([]);
  });
});
