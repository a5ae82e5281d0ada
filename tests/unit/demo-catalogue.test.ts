import { describe, expect, it } from "vitest";
import { DEMO_BANNERS, DEMO_PACKAGES, nextYearOf } from "../../db/seed/catalogue";

const ALL = Object.values(DEMO_PACKAGES).flat();
const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

describe("demo catalogue", () => {
  it("prices every package in one format (rand, from, per person)", () => {
    for (const pkg of ALL) expect(pkg.price).toMatch(/^From R \d{1,3}(,\d{3})* pp$/);
  });

  it("dates every travel period after the month it is seeded in", () => {
    const now = new Date();
    const thisMonth = now.getFullYear() * 12 + now.getMonth();
    let dated = 0;
    for (const pkg of ALL) {
      // The first "<Month> ... <year>" of a period is when it starts.
      const first =
        /(January|February|March|April|May|June|July|August|September|October|November|December)\D*?(\d{4})/.exec(
          pkg.travel_period,
        );
      if (!first) {
        expect(pkg.travel_period).not.toMatch(/\d{4}/);
        continue;
      }
      dated += 1;
      const start = Number(first[2]) * 12 + MONTHS.indexOf(first[1] ?? "");
      expect(start, `${pkg.title}: ${pkg.travel_period}`).toBeGreaterThan(thisMonth);
    }
    expect(dated).toBeGreaterThan(15);
  });

  it("rolls a month that has already started over to next year", () => {
    const november2026 = new Date(Date.UTC(2026, 10, 23, 12));
    expect(nextYearOf(11, november2026)).toBe(2027);
    expect(nextYearOf(12, november2026)).toBe(2026);
    expect(nextYearOf(1, november2026)).toBe(2027);
  });

  it("never shows one picture for two destinations (hero slides included)", () => {
    const owner = new Map<string, string>();
    for (const banner of DEMO_BANNERS) owner.set(`${banner.scene}:${banner.variant}`, banner.name);
    for (const pkg of ALL) {
      const own = new Set<string>();
      for (const { scene, variant } of pkg.scenes) {
        const key = `${scene}:${variant}`;
        expect(own.has(key) ? undefined : owner.get(key), `${pkg.title} reuses ${key}`).toBe(
          undefined,
        );
        own.add(key);
      }
      for (const key of own) owner.set(key, pkg.title);
    }
  });
});

describe("demo trip facts", () => {
  it("gives every package an entered rating with its source, and a meeting point and FAQs", () => {
    for (const pkg of ALL) {
      expect(pkg.rating, pkg.title).toBeGreaterThan(0);
      expect(pkg.review_count, pkg.title).toBeGreaterThan(0);
      expect(pkg.rating_source, pkg.title).toBe("Google reviews");
      expect(pkg.meeting_point, pkg.title).toBeTruthy();
      expect(pkg.faqs?.length, pkg.title).toBeGreaterThan(0);
    }
  });

  it("dates every departure after the seed day, and none for exclusives", () => {
    const today = new Date().toISOString().slice(0, 10);
    expect(DEMO_PACKAGES.exclusive.every((p) => p.departures === undefined)).toBe(true);
    for (const pkg of [...DEMO_PACKAGES.trip, ...DEMO_PACKAGES.local, ...DEMO_PACKAGES.discovery]) {
      expect(pkg.departures?.length, pkg.title).toBe(3);
      for (const d of pkg.departures ?? []) {
        expect(d.start_date > today, `${pkg.title} ${d.start_date}`).toBe(true);
        expect(d.end_date >= d.start_date).toBe(true);
      }
    }
  });
});
