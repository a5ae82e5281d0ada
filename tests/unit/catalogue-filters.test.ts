import { describe, expect, it } from "vitest";
import {
  destinationId,
  destinationLabel,
  durationDays,
  inBand,
  listQueryString,
  monthsOfTravelPeriod,
  parseListQuery,
  PRICE_BANDS,
} from "~/domain/catalogue-filters";
import { cacheKeyUrl } from "~/server/site/page-cache.server";

// The list pages' URL parameters.

describe("list query", () => {
  it("reads known values and ignores unknown or malformed ones (never an error)", () => {
    const q = (s: string) => parseListQuery(new URLSearchParams(s));
    expect(
      q(
        "destination=south-africa&month=2027-06&price=20000-50000&duration=4-7&sort=price-asc&page=3",
      ),
    ).toEqual({
      destination: "south-africa",
      month: "2027-06",
      price: "20000-50000",
      duration: "4-7",
      sort: "price-asc",
      page: 3,
    });
    expect(
      q("destination=<script>&month=2027-13&price=cheap&duration=9&sort=random&page=-2"),
    ).toEqual({
      sort: "recommended",
      page: 1,
    });
    expect(q("page=0").page).toBe(1);
    expect(q("page=1e3").page).toBe(1);
    expect(q(`destination=${"a".repeat(61)}`).destination).toBeUndefined();
  });

  it("writes one canonical query, defaults left out, in a fixed order", () => {
    expect(listQueryString({ sort: "recommended", page: 1 })).toBe("");
    expect(
      listQueryString({ page: 2, sort: "departure", month: "2027-06", destination: "spain" }),
    ).toBe("?destination=spain&month=2027-06&sort=departure&page=2");
  });

  it("reads destinations, durations and months from the package texts", () => {
    expect(destinationLabel("Le Morne, Mauritius")).toBe("Mauritius");
    expect(destinationId("Réunion & Mauritius")).toBe("reunion-mauritius");
    expect(durationDays("7 Days / 6 Nights")).toBe(7);
    expect(durationDays("3 nights")).toBe(4);
    expect(durationDays("A long weekend")).toBeUndefined();
    expect(monthsOfTravelPeriod("14 – 19 June 2027")).toEqual(["2027-06"]);
    expect(monthsOfTravelPeriod("April – June 2027 (dry season)")).toEqual([
      "2027-04",
      "2027-05",
      "2027-06",
    ]);
    expect(monthsOfTravelPeriod("November 2027 – February 2028")).toEqual([
      "2027-11",
      "2027-12",
      "2028-01",
      "2028-02",
    ]);
    expect(monthsOfTravelPeriod("28 March – 3 April 2027")).toEqual(["2027-03", "2027-04"]);
    expect(monthsOfTravelPeriod("Year-round")).toEqual([]);
  });

  it("puts prices in bands; an unreadable price matches no band", () => {
    expect(inBand(PRICE_BANDS, "20000-50000", 32_900)).toBe(true);
    expect(inBand(PRICE_BANDS, "20000-50000", 50_000)).toBe(false);
    expect(inBand(PRICE_BANDS, "over-100000", 123_300)).toBe(true);
    expect(inBand(PRICE_BANDS, "under-20000", undefined)).toBe(false);
    expect(inBand(PRICE_BANDS, undefined, undefined)).toBe(true);
  });
});

describe("page cache key", () => {
  it("keeps the known parameters in a fixed order and drops the rest", () => {
    expect(cacheKeyUrl("/about")).toBe("/about");
    expect(cacheKeyUrl("/about?utm_source=x&fbclid=1")).toBe("/about");
    expect(cacheKeyUrl("/upcoming-trips?page=2&zz=1&destination=spain")).toBe(
      "/upcoming-trips?destination=spain&page=2",
    );
    expect(cacheKeyUrl("/upcoming-trips.data?_routes=a&x=1")).toBe(
      "/upcoming-trips.data?_routes=a",
    );
  });
});
