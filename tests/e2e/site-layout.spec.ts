import { type Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { fullDetailPath } from "./support/catalogue";

// Layout smoke on a phone: every public page at 390 px has no horizontal page overflow and no
// element wider than the viewport (a scroll row may hold wider content, but never be wider itself).

const PHONE = { width: 390, height: 844 };

const STATIC_PATHS = [
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
];

async function publicPaths(page: Page): Promise<string[]> {
  const paths = [...STATIC_PATHS];
  for (const list of ["/upcoming-trips", "/exclusive-trips", "/local-trips", "/hidden-gems"]) {
    await page.goto(list);
    const href = await page.locator("main .card-title a").first().getAttribute("href");
    if (href) paths.push(href);
  }
  return paths;
}

/**
 * Elements whose box pokes out of the viewport, ignoring what a scroll container (or a clipped
 * carousel) legitimately holds beyond its own edges, and visually-hidden text.
 */
async function layoutProblems(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const problems: string[] = [];
    if (document.documentElement.scrollWidth > width) {
      problems.push(`page scrolls sideways: ${document.documentElement.scrollWidth} > ${width}`);
    }
    const clipsOrScrolls = (el: Element) => {
      const style = getComputedStyle(el);
      return style.overflowX !== "visible";
    };
    const insideClipper = (el: Element) => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        if (clipsOrScrolls(p)) return true;
      }
      return false;
    };
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}${
        el.getAttribute("class") ? `.${String(el.getAttribute("class")).split(" ").join(".")}` : ""
      }`;
    for (const el of document.body.querySelectorAll("*")) {
      const rect = el.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      if (el.closest(".visually-hidden, .skip-link")) continue;
      const tooWide = Math.round(rect.width) > width;
      const outside = rect.right > width + 1 || rect.left < -1;
      if ((tooWide || outside) && !insideClipper(el)) {
        problems.push(`${describe(el)} (${Math.round(rect.left)}..${Math.round(rect.right)})`);
      }
    }
    return problems.slice(0, 10);
  });
}

test.describe("public pages at 390 px", () => {
  test.use({ viewport: PHONE });

  test("no horizontal overflow and no element wider than the viewport @nojs", async ({ page }) => {
    test.setTimeout(120_000);
    for (const path of await publicPaths(page)) {
      await page.goto(path);
      expect(await layoutProblems(page), path).toEqual([]);
    }
  });

  test("home sections are swipeable rows with the next card peeking in", async ({ page }) => {
    await page.goto("/");
    const row = page.locator("section[aria-labelledby='upcoming-heading'] .card-row");
    const box = await row.boundingBox();
    const cards = row.locator("> li");
    expect(await cards.count()).toBeGreaterThan(1);
    const second = await cards.nth(1).boundingBox();
    expect(box && second).toBeTruthy();
    // The second card starts inside the screen: part of it shows as the cue that more follow.
    expect(second!.x).toBeLessThan(PHONE.width);
    expect(second!.x + second!.width).toBeGreaterThan(PHONE.width);
    expect(await row.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await expect(page.getByText(/Swipe to see all \d+/).first()).toBeVisible();
  });

  test("the hero shows the portrait crop on a phone", async ({ page }) => {
    await page.goto("/");
    const hero = page.locator(".hero-image").first();
    await expect(hero).toBeVisible();
    const src = await hero.evaluate((img) => (img as HTMLImageElement).currentSrc);
    expect(src).toMatch(/-portrait-\d+\.webp$/);
  });

  test("the detail gallery shows that more photos follow @nojs", async ({
    page,
    javaScriptEnabled,
  }) => {
    test.skip(javaScriptEnabled !== false, "the hydrated gallery has its own counter and arrows");
    await page.goto(await fullDetailPath(page.request, "trip"));
    await expect(page.locator(".gallery-count")).toHaveText(/\d+ photos/);
    const slides = page.locator(".gallery-slide");
    const second = await slides.nth(1).boundingBox();
    expect(second!.x).toBeLessThan(PHONE.width);
  });
});

test.describe("grids at 1440 px", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("a short last row is centred, never left with a hole", async ({ page }) => {
    await page.goto("/exclusive-trips");
    const cards = page.locator("main .card-grid > li");
    const count = await cards.count();
    const boxes = await cards.evaluateAll((els) =>
      els.map((el) => {
        const r = el.getBoundingClientRect();
        return { left: r.left, right: r.right, top: Math.round(r.top) };
      }),
    );
    const grid = await page.locator("main .card-grid").boundingBox();
    const rows = new Map<number, { left: number; right: number }[]>();
    for (const b of boxes) rows.set(b.top, [...(rows.get(b.top) ?? []), b]);
    expect(count).toBeGreaterThan(0);
    for (const row of rows.values()) {
      const left = Math.min(...row.map((b) => b.left)) - grid!.x;
      const right = grid!.x + grid!.width - Math.max(...row.map((b) => b.right));
      expect(Math.abs(left - right)).toBeLessThan(2);
    }
  });
});
