import { describe, expect, it } from "vitest";
import { PACKAGE_KIND_INFO, kindMessages } from "~/domain/package-kinds";
import { displayRating, displayReviewCount } from "~/domain/rating";
import { packageInputSchema, slugify, travelMomentInputSchema } from "~/domain/schemas";
import { packageEnquiryText, whatsappLink } from "~/domain/whatsapp";

describe("rating fallback", () => {
  const ids = Array.from(
    { length: 500 },
    (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
  );

  it("stays within 3.8–5.0 and 15–350 and is stable per id", () => {
    for (const id of ids) {
      const r = displayRating(id, null);
      const c = displayReviewCount(id, undefined);
      expect(r).toBeGreaterThanOrEqual(3.8);
      expect(r).toBeLessThanOrEqual(5);
      expect(Number.isInteger(r * 10)).toBe(true);
      expect(c).toBeGreaterThanOrEqual(15);
      expect(c).toBeLessThanOrEqual(350);
      expect(displayRating(id, null)).toBe(r);
      expect(displayReviewCount(id, null)).toBe(c);
    }
  });

  it("spreads across the range", () => {
    expect(new Set(ids.map((id) => displayRating(id, null))).size).toBeGreaterThan(8);
    expect(new Set(ids.map((id) => displayReviewCount(id, null))).size).toBeGreaterThan(100);
  });

  it("uses stored values when present", () => {
    expect(displayRating("x", 4.25)).toBe(4.3);
    expect(displayReviewCount("x", 0)).toBe(0);
  });
});

describe("whatsapp links", () => {
  it("builds a wa.me link with the digits of the number and encoded text", () => {
    const link = whatsappLink("+27 21 555 0147", packageEnquiryText("Bali & Beyond", "$2,450"));
    expect(link).toBe(
      `https://wa.me/27215550147?text=${encodeURIComponent('Hi! I\'m interested in booking the "Bali & Beyond" package ($2,450). Could you share availability and details?')}`,
    );
  });
});

describe("package kinds", () => {
  it("has the spec's URLs, headings and texts", () => {
    expect(PACKAGE_KIND_INFO.exclusive.publicList.heading).toBe("2026 Exclusive Trips");
    expect(PACKAGE_KIND_INFO.local.detailPath("x")).toBe("/local-package/x");
    expect(PACKAGE_KIND_INFO.exclusive.detailPath("x")).toBe("/exclusive/x");
    expect(PACKAGE_KIND_INFO.discovery.detailPath("x")).toBe("/package/x");
    expect(PACKAGE_KIND_INFO.local.admin.searchPlaceholder).toBe("Search local trips...");
    expect(PACKAGE_KIND_INFO.trip.admin.loadingText).toBe("Loading packages...");
    expect(PACKAGE_KIND_INFO.exclusive.admin.form).toBe("exclusive");
    expect(kindMessages("local").createFailed).toBe("Failed to create local package");
    expect(kindMessages("trip").reorderFailed).toBe("Failed to reorder travel packages");
    expect(kindMessages("discovery").fetchFailed).toBe("Failed to fetch discovery packages");
  });
});

describe("schemas", () => {
  it("slugifies as the spec says", () => {
    expect(slugify("  Hello,  World!! ")).toBe("hello-world");
    expect(slugify("--Zanzibar & Stone Town--")).toBe("zanzibar-stone-town");
  });

  it("requires a title ('Please enter a title') and, for exclusive, a price", () => {
    expect(packageInputSchema("trip").safeParse({ title: "  " }).error?.issues[0]?.message).toBe(
      "Please enter a title",
    );
    expect(
      packageInputSchema("exclusive").safeParse({ title: "X" }).error?.issues[0]?.message,
    ).toBe("Please fill in all required fields");
    expect(packageInputSchema("exclusive").safeParse({ title: "X", price: "$1" }).success).toBe(
      true,
    );
  });

  it("caps images at 4 and videos at 6, and refuses javascript: URLs", () => {
    const s = packageInputSchema("trip");
    expect(s.safeParse({ title: "X", images: ["/a", "/b", "/c", "/d", "/e"] }).success).toBe(false);
    expect(
      s.safeParse({
        title: "X",
        videos: Array(7).fill({ type: "url", url: "https://v.example/1" }),
      }).success,
    ).toBe(false);
    expect(s.safeParse({ title: "X", images: ["javascript:alert(1)"] }).success).toBe(false);
    expect(s.safeParse({ title: "X", images: ["//evil.example/a.png"] }).success).toBe(false);
  });

  it("validates travel moments with the spec's texts and trims optional fields away", () => {
    expect(
      travelMomentInputSchema.safeParse({ title: "", videoUrl: "/v.webm" }).error?.issues[0]
        ?.message,
    ).toBe("Title is required");
    expect(
      travelMomentInputSchema.parse({
        title: " Dunes ",
        videoUrl: "/v.webm",
        description: "  ",
        duration: "2:30",
      }),
    ).toEqual({
      title: "Dunes",
      videoUrl: "/v.webm",
      duration: "2:30",
      isActive: true,
      description: undefined,
      thumbnailUrl: undefined,
    });
  });
});
