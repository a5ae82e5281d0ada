import { describe, expect, it } from "vitest";
import { packageChatLink } from "~/domain/package-chat";
import type { Package } from "~/domain/schemas";
import { DEFAULT_SITE } from "~/domain/site";
import { displayRating, displayReviewCount } from "~/domain/rating";
import { buildSeo, robotsTxt, touristTripJsonLd } from "~/server/site/site-seo.server";
import { cardView, detailView, imageView } from "~/server/site/site-views.server";
import { translator } from "~/domain/i18n/catalogues";

/** The view context's language: English, the site's default. */
const EN = { lang: "en" as const, t: translator("en") };

const site = { ...DEFAULT_SITE, publicUrl: "https://travel.example/" };
const CONTEXT = { today: "2026-11-25", placeholderRatings: false, limitedSeats: 4, ...EN };

function pkg(overrides: Partial<Package> = {}): Package {
  return {
    id: "7d3f1c52-3f1f-4c53-9d7e-5d0cfb2f7a10",
    kind: "trip",
    slug: "bali-escape",
    title: "Bali Escape",
    description: "Seven days of temples and rice terraces.",
    location: "Ubud, Bali",
    price: "$2,450 per person",
    duration: "7 days",
    travel_period: "May 2026",
    rating: null,
    review_count: null,
    status: "published",
    publish_at: null,
    unpublish_at: null,
    position: 0,
    images: ["/media/packages/a.webp"],
    imageDetails: [
      {
        url: "/media/packages/a.webp",
        alt: "",
        focal_x: 0.5,
        focal_y: 0.5,
        width: 1600,
        height: 1067,
        variants: [
          { key: "packages/a-w960.webp", width: 960, height: 640, format: "webp" },
          { key: "packages/a-w480.webp", width: 480, height: 320, format: "webp" },
        ],
      },
    ],
    videos: [
      { id: "v2", type: "url", url: "https://vimeo.com/123", order: 1 },
      { id: "v1", type: "url", url: "https://youtu.be/dQw4w9WgXcQ", order: 0 },
    ],
    highlights: ["Sunrise trek"],
    inclusions: ["Flights"],
    exclusions: ["Visa"],
    itinerary: [{ day: "Day 1", activity: "Arrive in Ubud", accommodation: "Villa Ubud" }],
    departures: [],
    faqs: [],
    meeting_point: "",
    deposit: null,
    rating_source: "",
    created_at: new Date().toISOString(),
    updated_at: new Date().toISOString(),
    ...overrides,
  };
}

describe("site views", () => {
  it("builds a srcset from the media variants, smallest first, with width and height", () => {
    const view = imageView(pkg().imageDetails[0]!, "Bali Escape");
    expect(view).toEqual({
      src: "/media/packages/a.webp",
      srcSet:
        "/media/packages/a-w480.webp 480w, /media/packages/a-w960.webp 960w, /media/packages/a.webp 1600w",
      width: 1600,
      height: 1067,
      alt: "Bali Escape",
    });
  });

  it("reserves a box for external images without a known size, and gives them no srcset", () => {
    const view = imageView(
      {
        url: "https://cdn.example/x.jpg",
        alt: "",
        focal_x: 0.5,
        focal_y: 0.5,
        width: null,
        height: null,
        variants: [],
      },
      "X",
    );
    expect(view).toEqual({ src: "https://cdn.example/x.jpg", width: 1200, height: 800, alt: "X" });
  });

  it("shows a rating only when one was entered, with its source", () => {
    const off = { today: "2026-11-25", placeholderRatings: false, limitedSeats: 4, ...EN };
    expect(cardView(pkg(), off).rating).toBeUndefined();
    expect(
      cardView(pkg({ rating: 4.6, review_count: 12, rating_source: "Google reviews" }), off).rating,
    ).toEqual({
      value: 4.6,
      reviewCount: 12,
      text: { value: "4.6", outOf: " out of 5", reviews: " (12 reviews)" },
      source: "Google reviews",
      placeholder: false,
    });
    expect(cardView(pkg({ rating: 4.6 }), off).rating).toEqual({
      value: 4.6,
      text: { value: "4.6", outOf: " out of 5", reviews: "" },
      source: "",
      placeholder: false,
    });
  });

  it("falls back to the id-derived rating only with PLACEHOLDER_RATINGS, marked as a placeholder", () => {
    const p = pkg();
    const card = cardView(p, {
      today: "2026-11-25",
      placeholderRatings: true,
      limitedSeats: 4,
      ...EN,
    });
    expect(card.rating).toMatchObject({
      value: displayRating(p.id, null),
      reviewCount: displayReviewCount(p.id, null),
      source: "",
      placeholder: true,
    });
    expect(card.rating!.text.reviews).toBe(` (${displayReviewCount(p.id, null)} reviews)`);
    expect(card.rating!.value).toBeGreaterThanOrEqual(3.8);
    expect(card.rating!.value).toBeLessThanOrEqual(5);
  });

  it("labels discovery packages 'Discovery' and links them under /package", () => {
    const card = cardView(pkg({ kind: "discovery" }), CONTEXT);
    expect(card.label).toBe("Discovery");
    expect(card.href).toBe(`/package/${pkg().id}`);
    expect(cardView(pkg({ kind: "local" }), CONTEXT).href).toBe(`/local-package/${pkg().id}`);
    expect(cardView(pkg({ kind: "exclusive" }), CONTEXT).href).toBe(`/exclusive/${pkg().id}`);
  });

  it("orders videos, embeds them privately and names the package in the WhatsApp text", () => {
    const view = detailView(pkg(), site);
    expect(view.videos.map((v) => v.source.kind)).toEqual(["youtube", "vimeo"]);
    // Book Now goes through the counting route, which redirects to this chat.
    expect(view.enquiryUrl).toBe(`/whatsapp/${pkg().id}`);
    const chat = packageChatLink(pkg(), site);
    expect(chat).toMatch(/^https:\/\/wa\.me\/27215550147\?text=/);
    expect(decodeURIComponent(chat)).toContain('"Bali Escape"');
  });

  it("keeps at most 6 videos", () => {
    const videos = Array.from({ length: 8 }, (_, i) => ({
      id: `v${i}`,
      type: "url" as const,
      url: `/media/packages/${i}.mp4`,
      order: i,
    }));
    expect(detailView(pkg({ videos }), site).videos).toHaveLength(6);
  });
});

describe("seo builders", () => {
  it("makes canonical and og:image absolute on the public URL", () => {
    const seo = buildSeo(site, { path: "/about", title: "About Us", description: "d" });
    expect(seo.canonical).toBe("https://travel.example/about");
    expect(seo.image).toBe("https://travel.example/images/banners/mauritius.webp");
    expect(seo.title).toBe(`About Us | ${site.name}`);
  });

  it("describes a package as a TouristTrip with itinerary, offer and provider", () => {
    const view = detailView(pkg(), site);
    const ld = touristTripJsonLd(site, view, "https://travel.example/package/x");
    expect(ld["@type"]).toBe("TouristTrip");
    expect(ld.itinerary.itemListElement[0]).toMatchObject({ position: 1, name: "Day 1" });
    expect(ld.itinerary.itemListElement[0]!.description).toContain("Villa Ubud");
    expect(ld.offers).toMatchObject({ "@type": "Offer", price: "2450", priceCurrency: "USD" });
    expect(ld.provider).toMatchObject({ "@type": "TravelAgency", name: site.name });
    expect(ld.image).toEqual(["https://travel.example/media/packages/a.webp"]);
  });

  it("writes the itinerary's own words in the page's language (German: Tag 1, Unterkunft)", () => {
    // A day without its own heading is "Day 1" in English: German names it "Tag 1".
    const view = detailView(
      pkg({ itinerary: [{ day: "", activity: "Ankunft in Ubud", accommodation: "Villa Ubud" }] }),
      site,
    );
    const de = touristTripJsonLd(site, view, "https://travel.example/de/package/x", "de");
    expect(de.itinerary.itemListElement[0]).toMatchObject({ name: "Tag 1" });
    expect(de.itinerary.itemListElement[0]!.description).toContain("Unterkunft: Villa Ubud");
    expect(JSON.stringify(de.itinerary)).not.toMatch(/Day 1|Accommodation/);
    const en = touristTripJsonLd(site, view, "https://travel.example/package/x", "en");
    expect(en.itinerary.itemListElement[0]!.description).toContain("Accommodation: Villa Ubud");
  });

  it("keeps crawlers out of /admin and /api", () => {
    const robots = robotsTxt(site);
    expect(robots).toContain("Disallow: /admin");
    expect(robots).toContain("Disallow: /api");
    expect(robots).toContain("Sitemap: https://travel.example/sitemap.xml");
  });
});
