import { type Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { violations } from "./support/expectations";

// axe on every public page: hydrated, and as served before any client script runs (what a visitor
// without JavaScript gets; axe itself needs script, so the app's bundles are blocked instead).

async function publicPaths(page: Page): Promise<string[]> {
  const paths = [
    "/",
    "/upcoming-trips",
    "/exclusive-trips",
    "/local-trips",
    "/hidden-gems",
    "/discover",
    "/flights",
    "/hotels",
    "/about",
    "/contact",
    "/no-such-page",
    "/package/00000000-0000-4000-8000-000000000000",
    // A filtered list (its form, count and the empty text).
    "/upcoming-trips?price=under-20000&sort=price-asc",
    // German pages: the chrome, home, lists, about, contact and a 404 in German (decision 128).
    "/de",
    "/de/about",
    "/de/upcoming-trips",
    "/de/local-trips",
    "/de/hidden-gems",
    "/de/upcoming-trips?price=under-20000&sort=price-asc",
    "/de/contact",
    "/de/no-such-page",
    "/de/exclusive-trips",
    "/de/discover",
    "/de/flights",
    "/de/hotels",
    "/de/booking-terms",
  ];
  for (const list of ["/upcoming-trips", "/exclusive-trips", "/local-trips", "/hidden-gems"]) {
    await page.goto(list);
    const href = await page.locator("main .card-title a").first().getAttribute("href");
    if (href) paths.push(href, `/de${href}`);
  }
  return paths;
}

// German package pages (decision 139): a seeded trip translated in full, and one whose lists fall
// back to English (marked lang="en"), at their German slugs.
test("axe finds no violations on German package pages", async ({ page }) => {
  test.setTimeout(120_000);
  for (const path of [
    "/de/package/inselauszeit-auf-mauritius",
    "/de/package/bali-tempel-und-reisterrassen",
  ]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await page.waitForLoadState("networkidle");
    expect(await page.locator("html").getAttribute("lang")).toBe("de");
    expect(await violations(page), path).toEqual([]);
  }
});

test("axe finds no violations on any public page", async ({ page }) => {
  test.setTimeout(360_000);
  for (const path of await publicPaths(page)) {
    await page.goto(path);
    // Let the carousels initialise so axe sees the enhanced markup.
    await page.waitForLoadState("networkidle");
    expect(await violations(page), path).toEqual([]);
  }
});

test.describe("without client scripts", () => {
  test.use({ waitForHydration: false });

  test("axe finds no violations on the server-rendered pages without client scripts", async ({
    page,
  }) => {
    test.setTimeout(360_000);
    const paths = await publicPaths(page);
    await page.route("**/assets/*.js", (route) => route.abort());
    for (const path of paths) {
      await page.goto(path);
      expect(await violations(page), path).toEqual([]);
    }
  });
});

test.describe("small screens", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("axe finds no violations with the mobile menu open", async ({ page }) => {
    await page.goto("/");
    await page.getByText("Menu", { exact: true }).click();
    expect(await violations(page)).toEqual([]);
  });
});
