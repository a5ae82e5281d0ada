import { type Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { fullDetailPath } from "./support/catalogue";

// Tagged @nojs: the "no-js" project runs these with JavaScript disabled (the "js" project too).

async function detailPaths(page: Page): Promise<string[]> {
  const kinds = ["trip", "exclusive", "local", "discovery"] as const;
  return Promise.all(kinds.map((kind) => fullDetailPath(page.request, kind)));
}

test("home is complete: every slide, logo and moment is reachable in scrollable rows @nojs", async ({
  page,
}) => {
  const res = await page.goto("/");
  expect(res?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Discover Hidden Corners of the World, Travel That Feels Just Right",
  );
  const hero = page.getByRole("region", { name: "Featured destinations" });
  const slides = hero.locator('[aria-roledescription="slide"]');
  await expect(slides).toHaveCount(6);
  await expect(page.getByRole("region", { name: "Partner logos" }).getByRole("img")).toHaveCount(7);
  await expect(
    page.getByRole("region", { name: "Accreditation logos" }).getByRole("img"),
  ).toHaveCount(4);
  for (const heading of [
    "Upcoming Trips",
    "2026 Exclusives",
    "Local Trips",
    "Travel Moments",
    "Psst! There's more",
    "Discover Hidden Gems",
    "Discounted Flights",
    "Discounted Hotels",
    "Accredited By",
  ]) {
    await expect(page.getByRole("heading", { name: heading, exact: true })).toBeVisible();
  }
  // Each carousel viewport can be scrolled sideways to reach the slides beyond the first view.
  const last = slides.last();
  await last.scrollIntoViewIfNeeded();
  await expect(last).toBeInViewport();
  await expect(hero.getByRole("img").last()).toBeVisible();
});

test("every public page renders completely @nojs", async ({ page }) => {
  const pages: [string, string][] = [
    ["/upcoming-trips", "Upcoming Trips"],
    ["/exclusive-trips", "2026 Exclusive Trips"],
    ["/local-trips", "Local Trips"],
    ["/hidden-gems", "Discover Hidden Gems"],
    ["/discover", "Discover Hidden Gems"],
    ["/flights", "Discounted Flights"],
    ["/hotels", "Discounted Hotels"],
    ["/about", "Our Story"],
    ["/contact", "Contact Us"],
  ];
  for (const [path, heading] of pages) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    await expect(page.getByRole("contentinfo")).toBeVisible();
  }
  for (const path of await detailPaths(page)) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(200);
    await expect(page.getByRole("heading", { name: "Itinerary" })).toBeVisible();
    await expect(page.getByRole("complementary", { name: "Price and booking" })).toBeVisible();
    await expect(page.locator(".gallery img").first()).toBeVisible();
  }
  const missing = await page.goto("/nowhere-at-all");
  expect(missing?.status()).toBe(404);
  await expect(page.getByText("Oops! Page not found")).toBeVisible();
  const noPackage = await page.goto("/package/00000000-0000-4000-8000-000000000000");
  expect(noPackage?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Package Not Found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to Home" })).toBeVisible();
});

test.describe("small screens", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the menu opens and its links work without JavaScript @nojs", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Mobile" });
    await expect(nav).toBeHidden();
    await page.getByText("Menu", { exact: true }).click();
    await expect(nav).toBeVisible();
    await expect(nav.getByRole("link", { name: /Book Now/ })).toBeVisible();
    await nav.getByRole("link", { name: "Contact" }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contact Us");
  });
});

test("each uploaded travel moment shows its thumbnail until played @nojs", async ({ page }) => {
  // Decision 111: the thumbnail is a lazy picture under the video (not its poster); without
  // JavaScript the native controls let it show through.
  await page.goto("/");
  const media = page.locator(".moments .moment-media").first();
  await media.scrollIntoViewIfNeeded();
  const thumbnail = media.locator("img.moment-poster");
  await expect(thumbnail).toBeVisible();
  await expect
    .poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  await expect(thumbnail).toHaveAttribute("alt", "");
  await expect(media.locator("video")).toHaveAttribute("preload", "none");
});

// Without JavaScript a YouTube video is a visible link to the video's site, on a package page and
// in the home reel alike (decision 159: React had moved such a late, ready boundary out of place).
test("YouTube videos are visible links without JavaScript, on a package page and on the home reel @nojs", async ({
  adminPage: page,
}) => {
  const stamp = Date.now();
  const trip = await page.request.post("/api/trips", {
    data: {
      title: `No-JS video trip ${stamp}`,
      videos: [{ type: "url", url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ", title: "Reef" }],
    },
  });
  expect(trip.status(), await trip.text()).toBe(201);
  const moment = await page.request.post("/api/admin/travel-moments", {
    data: {
      title: `No-JS moment ${stamp}`,
      videoUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
      duration: "0:30",
    },
  });
  expect(moment.status(), await moment.text()).toBe(201);
  const tripId = ((await trip.json()) as { id: string }).id;
  const momentId = ((await moment.json()) as { id: string }).id;
  try {
    await page.goto(`/package/${tripId}`);
    const onPackage = page.getByRole("link", { name: /Play video: Reef/ });
    await onPackage.scrollIntoViewIfNeeded();
    await expect(onPackage).toBeVisible();
    await expect(onPackage).toHaveAttribute("href", /youtube\.com\/watch\?v=dQw4w9WgXcQ/);

    await page.goto("/");
    const slide = page.getByRole("group", { name: new RegExp(`: No-JS moment ${stamp}$`) });
    const onHome = slide.getByRole("link", { name: /Play video/ });
    await onHome.scrollIntoViewIfNeeded();
    await expect(onHome).toBeVisible();
  } finally {
    await page.request.delete(`/api/trips/${tripId}`);
    await page.request.delete(`/api/admin/travel-moments/${momentId}`);
  }
});
