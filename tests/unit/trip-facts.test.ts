import { afterEach, describe, expect, it, vi } from "vitest";
import { clearAtDayChange, PageCache } from "~/server/site/page-cache.server";
import { packageChatLink } from "~/domain/package-chat";
import { packageFormSchema } from "~/domain/package-form";
import { packageInputSchema, type Package } from "~/domain/schemas";
import { DEFAULT_SITE } from "~/domain/site";
import { formatDates, todayIn, upcomingDepartures } from "~/domain/trip-facts";
import { parseWithZod } from "@conform-to/zod/v4";
import { departure } from "../support/departures";
import { priceNumber, touristTripJsonLd } from "~/server/site/site-seo.server";
import { cardView, detailView, viewContext } from "~/server/site/site-views.server";
import { translator } from "~/domain/i18n/catalogues";

/** The view context's language: English, the site's default. */
const EN = { lang: "en" as const, t: translator("en") };

// Departures, FAQ, meeting point and honest ratings.

const site = { ...DEFAULT_SITE, publicUrl: "https://travel.example" };

function pkg(overrides: Partial<Package> = {}): Package {
  return {
    id: "7d3f1c52-3f1f-4c53-9d7e-5d0cfb2f7a10",
    kind: "trip",
    slug: "cape",
    title: "Cape Escape",
    description: "",
    location: "Cape Town",
    price: "From R 12 000 pp",
    duration: "5 days",
    travel_period: "June 2027",
    rating: null,
    review_count: null,
    rating_source: "",
    status: "published",
    publish_at: null,
    unpublish_at: null,
    position: 0,
    images: [],
    imageDetails: [],
    videos: [],
    highlights: [],
    inclusions: [],
    exclusions: [],
    itinerary: [],
    departures: [
      departure({ start_date: "2026-11-24" }),
      departure({
        start_date: "2027-06-14",
        end_date: "2027-06-21",
        seats_total: 12,
        seats_taken: 9,
        price_amount: 1_350_000,
        note: "Winter",
      }),
      departure({ start_date: "2026-11-25", status_override: "sold_out" }),
    ],
    faqs: [{ question: "Is the visa included?", answer: "No." }],
    meeting_point: "Cape Town airport",
    deposit: null,
    created_at: "2026-01-01T00:00:00.000Z",
    updated_at: "2026-01-01T00:00:00.000Z",
    ...overrides,
  };
}

describe("departures by date", () => {
  it("counts the day in the company's time zone", () => {
    // 23:30 UTC on the 24th is already the 25th in Johannesburg (UTC+2).
    const now = new Date("2026-11-24T23:30:00Z");
    expect(todayIn("Africa/Johannesburg", now)).toBe("2026-11-25");
    expect(todayIn("UTC", now)).toBe("2026-11-24");
  });

  it("shows a departure until the end of the day it starts, in date order", () => {
    const { departures } = pkg();
    expect(upcomingDepartures(departures, "2026-11-25").map((d) => d.start_date)).toEqual([
      "2026-11-25",
      "2027-06-14",
    ]);
    expect(upcomingDepartures(departures, "2026-11-26").map((d) => d.start_date)).toEqual([
      "2027-06-14",
    ]);
    expect(formatDates("2027-06-14", "2027-06-21")).toBe("14 – 21 Jun 2027");
    expect(formatDates("2027-03-28", "2027-04-03")).toBe("28 Mar – 3 Apr 2027");
    expect(formatDates("2027-12-29", "2028-01-04")).toBe("29 Dec 2027 – 4 Jan 2028");
    expect(formatDates("2027-06-14", null)).toBe("14 Jun 2027");
  });

  it("builds the page's table with a fake clock: past gone, sold out without Book Now", () => {
    const view = detailView(pkg(), site, viewContext(site, new Date("2026-11-25T08:00:00Z")));
    expect(view.departures.map((d) => [d.dates, d.price, d.statusLabel])).toEqual([
      ["25 Nov 2026", "From R 12 000 pp", "Sold out"],
      ["14 – 21 Jun 2027", "R\u00a013,500", "Limited"],
    ]);
    expect(view.departures[0]!.bookUrl).toBeUndefined();
    expect(view.departures[1]!.bookUrl).toBe(`/whatsapp/${pkg().id}?departure=2027-06-14`);
    const chat = packageChatLink(pkg(), site, "2027-06-14", "2026-11-25");
    expect(decodeURIComponent(chat)).toContain(
      'the "Cape Escape" package departing 14 – 21 Jun 2027 (R\u00a013,500)',
    );
    // A sold-out or past date names no dates: the general package chat.
    expect(
      decodeURIComponent(packageChatLink(pkg(), site, "2026-11-25", "2026-11-25")),
    ).not.toContain("departing");
    expect(view.enquireHref).toBe(`/contact?package=${pkg().id}`);
    expect(view.nextDeparture).toBe("Next: 25 Nov 2026");
    const later = cardView(pkg(), {
      today: "2027-06-15",
      placeholderRatings: false,
      limitedSeats: 4,
      ...EN,
    });
    expect(later.nextDeparture).toBeUndefined();
  });
});

describe("structured data", () => {
  const context = { today: "2026-11-25", placeholderRatings: true, limitedSeats: 4, ...EN };

  it("has one Offer per future departure, availability from its status", () => {
    const ld = touristTripJsonLd(
      site,
      detailView(pkg(), site, context),
      "https://travel.example/x",
    );
    expect(ld.offers).toEqual([
      expect.objectContaining({
        price: "12000",
        priceCurrency: "ZAR",
        availability: "https://schema.org/SoldOut",
        validFrom: "2026-11-25",
      }),
      expect.objectContaining({
        price: "13500.00",
        priceCurrency: "ZAR",
        availability: "https://schema.org/LimitedAvailability",
        validThrough: "2027-06-21",
      }),
    ]);
  });

  it("never sends a placeholder rating; sends an entered one", () => {
    const placeholder = touristTripJsonLd(site, detailView(pkg(), site, context), "u");
    expect(placeholder).not.toHaveProperty("aggregateRating");
    const entered = touristTripJsonLd(
      site,
      detailView(pkg({ rating: 4.8, review_count: 214, rating_source: "Google" }), site, context),
      "u",
    );
    expect(entered.aggregateRating).toEqual({
      "@type": "AggregateRating",
      ratingValue: 4.8,
      bestRating: 5,
      reviewCount: 214,
    });
  });

  it("reads a number from price texts, or none", () => {
    expect(priceNumber("From R 123,300 pp")).toEqual({ price: "123300", currency: "ZAR" });
    expect(priceNumber("$2,450 per person")).toEqual({ price: "2450", currency: "USD" });
    expect(priceNumber("€1.299")).toEqual({ price: "1299", currency: "EUR" });
    expect(priceNumber("Price on request")).toBeUndefined();
  });
});

describe("input rules", () => {
  const parse = (body: Record<string, unknown>) =>
    packageInputSchema("trip").safeParse({ title: "T", ...body });
  const messages = (body: Record<string, unknown>) => {
    const result = parse(body);
    return result.success
      ? []
      : result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
  };

  it("refuses dates that do not parse and an end before the start, at the row's index", () => {
    expect(
      messages({
        departures: [
          { start_date: "", end_date: "", price: "", note: "", status: "available" },
          { start_date: "2027-02-30" },
          { start_date: "2027-03-10", end_date: "2027-03-01" },
          { start_date: "14/06/2027" },
          { price: "R 10" },
        ],
      }),
    ).toEqual([
      "departures.1.start_date: Dates must be real dates written as YYYY-MM-DD",
      "departures.2.end_date: The end date must not be before the start date",
      "departures.3.start_date: Dates must be real dates written as YYYY-MM-DD",
      "departures.4.start_date: Please enter the start date",
    ]);
  });

  it("refuses more than 100 departures, more than 50 FAQs, unknown statuses and ratings outside 0-5", () => {
    const many = Array.from({ length: 101 }, () => ({ start_date: "2027-01-01" }));
    expect(messages({ departures: many })).toEqual(["departures: At most 100 departures"]);
    const faqs = Array.from({ length: 51 }, () => ({ question: "Q", answer: "A" }));
    expect(messages({ faqs })).toEqual(["faqs: At most 50 questions"]);
    expect(messages({ departures: [{ start_date: "2027-01-01", status: "full" }] })[0]).toMatch(
      /departures\.0\.status: Status must be one of available, limited, sold_out, guaranteed/,
    );
    expect(messages({ rating: 5.1 })).toEqual(["rating: Rating must be a number from 0 to 5"]);
    expect(messages({ rating: -1 })).toEqual(["rating: Rating must be a number from 0 to 5"]);
    expect(messages({ faqs: [{ question: "Visa?" }] })).toEqual([
      "faqs.0.answer: Please enter the answer",
    ]);
  });

  it("drops blank rows, keeps dates in order and stores absent parts as null", () => {
    const result = parse({
      departures: [
        { start_date: "2027-06-14", status: "guaranteed" },
        { start_date: "", status: "limited" },
        { start_date: "2027-01-10", end_date: "2027-01-15", price: " R 9 ", note: "" },
      ],
      faqs: [
        { question: "", answer: "" },
        { question: "Visa?", answer: "No." },
      ],
    });
    expect(result.success).toBe(true);
    // The earlier `price` text is kept as text here; the save reads it as an amount.
    const blank = {
      id: null,
      end_date: null,
      seats_total: null,
      price_amount: null,
      currency: null,
      price_text: null,
      note: null,
      guaranteed: false,
      status_override: null,
    };
    expect(result.data!.departures).toEqual([
      { ...blank, start_date: "2027-01-10", end_date: "2027-01-15", price_text: "R 9" },
      { ...blank, start_date: "2027-06-14", guaranteed: true },
    ]);
    expect(result.data!.faqs).toEqual([{ question: "Visa?", answer: "No." }]);
  });

  it("reads the form's rating texts: blank clears, nonsense is refused", () => {
    const form = (fields: Record<string, string>) => {
      const data = new FormData();
      data.set("title", "T");
      for (const [k, v] of Object.entries(fields)) data.set(k, v);
      return parseWithZod(data, { schema: packageFormSchema("trip"), disableAutoCoercion: true });
    };
    const ok = form({ rating: "4,7", review_count: "12", rating_source: "Google reviews" });
    expect(ok.status === "success" && ok.value).toMatchObject({
      rating: 4.7,
      review_count: 12,
      rating_source: "Google reviews",
    });
    const cleared = form({ rating: "", review_count: "" });
    expect(cleared.status === "success" && cleared.value).toMatchObject({
      rating: null,
      review_count: null,
    });
    const bad = form({ rating: "five", review_count: "1.5" });
    expect(bad.status).toBe("error");
    expect(bad.status === "error" && bad.error).toMatchObject({
      rating: ["Rating must be a number from 0 to 5"],
      review_count: ["Number of reviews must be a whole number, 0 or more"],
    });
  });
});

describe("page cache and the company's day", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("empties the cache when the day changes in the company's time zone, not before", () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2026-11-25T21:58:00Z")); // 23:58 in Johannesburg
    const cache = new PageCache(1024);
    const page = { status: 200, headers: [], body: {} as never, bytes: 10 };
    cache.set("/package/x", page, cache.generation);
    const stop = clearAtDayChange(cache, "Africa/Johannesburg");
    vi.advanceTimersByTime(60_000); // 23:59
    expect(cache.size).toBe(1);
    vi.advanceTimersByTime(60_000); // 00:00 on the 26th
    expect(cache.size).toBe(0);
    cache.set("/package/x", page, cache.generation);
    vi.advanceTimersByTime(10 * 60_000);
    expect(cache.size).toBe(1);
    stop();
  });
});
