import { describe, expect, it } from "vitest";
import {
  actionLabel,
  describeMomentChanges,
  describePackageChanges,
  describeTranslationChanges,
  historyPath,
  type MomentSnapshot,
  type PackageSnapshot,
} from "~/domain/versions";
import { emptyPackageTranslation } from "~/domain/translations";

const image = (url: string, alt = "") => ({
  url,
  alt,
  focal_x: 0.5,
  focal_y: 0.5,
  width: 800,
  height: 600,
  variants: [],
});

function snapshot(overrides: Partial<PackageSnapshot> = {}): PackageSnapshot {
  const images = overrides.images ?? ["/media/a.webp", "/media/b.webp"];
  return {
    kind: "trip",
    slug: "bali-escape",
    title: "Bali Escape",
    description: "Rice terraces.",
    location: "Ubud",
    price: "From R 12 000",
    duration: "7 days",
    travel_period: "May to September",
    rating: 4.5,
    review_count: 12,
    status: "published",
    publish_at: null,
    unpublish_at: null,
    images,
    imageDetails: images.map((url) => image(url)),
    videos: [],
    highlights: ["Temples", "Beaches"],
    inclusions: [],
    exclusions: [],
    itinerary: [
      { day: "Day 1", activity: "Arrive", accommodation: "Hotel" },
      { day: "Day 2", activity: "Temples", accommodation: "Hotel" },
      { day: "Day 3", activity: "Rice terraces", accommodation: "Villa" },
    ],
    departures: [],
    faqs: [],
    meeting_point: "",
    deposit: null,
    rating_source: "",
    ...overrides,
  };
}

describe("describePackageChanges", () => {
  it("names schedule changes (UTC), and an older snapshot without them changes nothing", () => {
    const scheduled = snapshot({ publish_at: "2027-03-01T06:00:00.000Z" });
    expect(describePackageChanges(snapshot(), scheduled)).toEqual([
      "Publish at: (empty) → 2027-03-01 06:00 UTC",
    ]);
    expect(
      describePackageChanges(scheduled, snapshot({ unpublish_at: "2027-03-31T21:59:00.000Z" })),
    ).toEqual([
      "Publish at: 2027-03-01 06:00 UTC → (empty)",
      "Unpublish at: (empty) → 2027-03-31 21:59 UTC",
    ]);
    const { publish_at: _p, unpublish_at: _u, ...older } = snapshot();
    expect(describePackageChanges(older as PackageSnapshot, snapshot())).toEqual([]);
  });

  it("names a change of the package's deposit rule; an older snapshot has the company's", () => {
    const percent = snapshot({ deposit: { type: "percent", value: 40 } });
    expect(describePackageChanges(snapshot(), percent)).toEqual([
      "Deposit: company default → 40 %",
    ]);
    const perTraveller = snapshot({ deposit: { type: "per_traveller", value: 500_000 } });
    expect(describePackageChanges(percent, perTraveller)).toEqual([
      "Deposit: 40 % → 500000 minor units per traveller",
    ]);
    const full = snapshot({ deposit: { type: "full", value: null } });
    expect(describePackageChanges(perTraveller, full)).toEqual([
      "Deposit: 500000 minor units per traveller → full amount",
    ]);
    const { deposit: _d, ...older } = snapshot();
    expect(describePackageChanges(older as PackageSnapshot, snapshot())).toEqual([]);
  });

  it("shows an amount per traveller in the first departure's currency", () => {
    const departures: PackageSnapshot["departures"] = [
      {
        id: "3f0c2a40-0000-4000-8000-000000000001",
        start_date: "2031-06-14",
        end_date: null,
        seats_total: 12,
        price_amount: 2_450_000,
        price_text: null,
        currency: "ZAR",
        note: null,
        guaranteed: false,
        status_override: null,
      },
    ];
    const before = snapshot({ departures, deposit: { type: "percent", value: 40 } });
    const after = snapshot({ departures, deposit: { type: "per_traveller", value: 500_050 } });
    expect(describePackageChanges(before, after)).toEqual([
      "Deposit: 40 % → R\u00a05,000.50 per traveller",
    ]);
  });

  it("names a first version Created and an unchanged one with nothing", () => {
    expect(describePackageChanges(null, snapshot())).toEqual(["Created"]);
    expect(describePackageChanges(snapshot(), snapshot())).toEqual([]);
  });

  it("quotes short fields before and after", () => {
    const changes = describePackageChanges(
      snapshot(),
      snapshot({ price: "From R 13 500", location: "", rating: null }),
    );
    expect(changes).toEqual([
      "Price: From R 12 000 → From R 13 500",
      "Location: Ubud → (empty)",
      "Rating: 4.5 → (empty)",
    ]);
  });

  it("says a long text changed without quoting it, and clips long short fields", () => {
    const long = "x".repeat(200);
    const [title, description] = describePackageChanges(
      snapshot(),
      snapshot({ title: long, description: "New text" }),
    );
    expect(title).toMatch(/^Title: Bali Escape → x{59}…$/);
    expect(description).toBe("Description changed");
  });

  it("counts images added and removed, and sees a new order", () => {
    const before = snapshot();
    expect(
      describePackageChanges(
        before,
        snapshot({ images: ["/media/a.webp", "/media/b.webp", "/media/c.webp", "/media/d.webp"] }),
      ),
    ).toEqual(["2 images added"]);
    expect(describePackageChanges(before, snapshot({ images: ["/media/b.webp"] }))).toEqual([
      "1 image removed",
    ]);
    expect(
      describePackageChanges(before, snapshot({ images: ["/media/b.webp", "/media/a.webp"] })),
    ).toEqual(["Images reordered"]);
  });

  it("names alt text and focal point changes by image", () => {
    const after = snapshot();
    after.imageDetails = [
      image("/media/a.webp"),
      { ...image("/media/b.webp", "A temple"), focal_x: 0.2 },
    ];
    expect(describePackageChanges(snapshot(), after)).toEqual([
      "Alt text of image 2 changed",
      "Focal point of image 2 changed",
    ]);
  });

  it("names itinerary days by their place", () => {
    const before = snapshot();
    const itinerary = before.itinerary.map((d) => ({ ...d }));
    itinerary[2] = { ...itinerary[2]!, activity: "Volcano sunrise" };
    itinerary.push({ day: "Day 4", activity: "Fly home", accommodation: "" });
    expect(describePackageChanges(before, snapshot({ itinerary }))).toEqual([
      "Itinerary day 3 changed",
      "Itinerary day 4 added",
    ]);
    expect(describePackageChanges(before, snapshot({ itinerary: itinerary.slice(0, 2) }))).toEqual([
      "Itinerary day 3 removed",
    ]);
  });

  it("describes status, lists, videos, departures and FAQs", () => {
    const changes = describePackageChanges(
      snapshot(),
      snapshot({
        status: "draft",
        highlights: ["Temples", "Beaches", "Volcano"],
        inclusions: ["Breakfast"],
        videos: [{ id: "v", type: "url", url: "https://vimeo.com/1", order: 0 }],
        departures: [
          {
            start_date: "2027-03-01",
            end_date: null,
            price: null,
            status: "available",
            note: null,
          },
        ],
        faqs: [{ question: "Visa?", answer: "On arrival." }],
      }),
    );
    expect(changes).toEqual([
      "Status: Published → Draft",
      "1 video added",
      "Highlights: 1 item added",
      "Inclusions: 1 item added",
      "Departure 1 added",
      "FAQ 1 added",
    ]);
  });

  it("sees a reordered list as reordered, not as added and removed", () => {
    expect(
      describePackageChanges(snapshot(), snapshot({ highlights: ["Beaches", "Temples"] })),
    ).toEqual(["Highlights reordered"]);
  });
});

describe("describeMomentChanges", () => {
  const moment: MomentSnapshot = {
    title: "Reef",
    videoUrl: "/media/v.mp4",
    thumbnailUrl: "/media/t.webp",
    duration: "0:30",
    isActive: true,
  };

  it("names each changed field", () => {
    expect(describeMomentChanges(null, moment)).toEqual(["Created"]);
    expect(
      describeMomentChanges(moment, {
        ...moment,
        title: "Reef dive",
        videoUrl: "/media/w.mp4",
        thumbnailUrl: undefined,
        isActive: false,
        description: "Clear water",
      }),
    ).toEqual([
      "Shown on the site: Yes → No",
      "Title: Reef → Reef dive",
      "Description changed",
      "Video replaced",
      "Thumbnail removed",
    ]);
  });
});

describe("labels and paths", () => {
  it("labels actions and builds history URLs", () => {
    expect(actionLabel("restore", 3)).toBe("Restored version 3");
    expect(actionLabel("scheduled_publish", null)).toBe("Published by schedule");
    expect(actionLabel("undelete", null)).toBe("Restored from Recently deleted");
    expect(historyPath("trip", "abc")).toBe("/admin/history/trip/abc");
    expect(historyPath("moment", "abc", "v1")).toBe("/admin/history/moment/abc/v1");
  });
});

describe("describeTranslationChanges (decision 146: a pending translation against the live one)", () => {
  const live = {
    ...emptyPackageTranslation(),
    title: "Kruger-Safari",
    slug: "kruger-safari",
    description: "Die großen Fünf.",
    highlights: ["Pirschfahrten", ""],
    itinerary: [{ day: "Ankunft", activity: "", accommodation: "" }],
  };

  it("names each changed field in the history's words, lists item by item", () => {
    expect(
      describeTranslationChanges(live, {
        ...live,
        slug: "kruger-neu",
        description: "Neu.",
        highlights: ["Pirschfahrten", "Sundowner"],
        itinerary: [{ day: "Anreise", activity: "", accommodation: "" }],
        meeting_point: "Flughafen",
        image_alts: { "/a.webp": "Löwe" },
      }),
    ).toEqual([
      "URL slug: kruger-safari → kruger-neu",
      "Description changed",
      "Highlights item 2 added",
      "Itinerary day 1 changed",
      "Meeting point: (empty) → Flughafen",
      "Image alt texts changed",
    ]);
    expect(describeTranslationChanges(live, live)).toEqual([]);
  });

  it("names publishing and unpublishing in the language (decision 154)", () => {
    const published = { ...live, published: true };
    expect(describeTranslationChanges(live, published)).toEqual(["Published in this language"]);
    expect(describeTranslationChanges(published, live)).toEqual(["Unpublished in this language"]);
  });

  it("lists only the filled fields of a first translation (blank items are not translated)", () => {
    expect(describeTranslationChanges(null, live)).toEqual([
      "Title: (empty) → Kruger-Safari",
      "URL slug: (empty) → kruger-safari",
      "Description changed",
      "Highlights item 1 added",
      "Itinerary day 1 added",
    ]);
    expect(describeTranslationChanges(null, emptyPackageTranslation())).toEqual([]);
  });
});
