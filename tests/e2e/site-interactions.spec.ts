import { type Locator, type Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { fullDetailPath } from "./support/catalogue";

// Public site with JavaScript on: carousels, gallery, travel moments, mobile menu, pending state.

const heroDots = (page: Page) =>
  page.getByRole("group", { name: "Choose destination" }).getByRole("button");
const selectedDot = (page: Page) =>
  page.getByRole("group", { name: "Choose destination" }).locator('[aria-current="true"]');

async function firstDetailPath(page: Page): Promise<string> {
  return fullDetailPath(page.request, "trip");
}

test.describe("hero banner", () => {
  test("dots jump to a slide", async ({ page }) => {
    await page.goto("/");
    await expect(heroDots(page)).toHaveCount(6);
    await heroDots(page).nth(3).click();
    await expect(selectedDot(page)).toHaveAttribute("aria-label", "Show slide 4: Cape Town");
    // The chosen slide is the one in view once the 1 s transition has run.
    const slide = page.getByRole("group", { name: "4 of 6: Cape Town" });
    await expect
      .poll(async () => Math.round((await slide.boundingBox())?.x ?? -1), { timeout: 3000 })
      .toBe(0);
  });

  test("auto-advances every 4 s and pauses while hovered", async ({ page }) => {
    // The page's own clock, moved on by the test: the seconds are the carousel's, not the suite's.
    await page.clock.install();
    await page.goto("/");
    await expect(heroDots(page)).toHaveCount(6);
    await page.mouse.move(5, 5); // away from the banner
    await expect(selectedDot(page)).toHaveAttribute("aria-label", /slide 1:/);
    await page.clock.runFor(4_100);
    await expect(selectedDot(page)).toHaveAttribute("aria-label", /slide 2:/);
    const hero = (await page.getByRole("region", { name: "Featured destinations" }).boundingBox())!;
    await page.mouse.move(hero.x + hero.width / 2, hero.y + hero.height * 0.75);
    const held = await selectedDot(page).getAttribute("aria-label");
    // React applies the hover in a task of its own scheduler, which the page's clock does not
    // hold: a moment of real time lets it stop (and below, restart) the autoplay first.
    await page.waitForTimeout(200);
    await page.clock.runFor(9_000);
    await expect(selectedDot(page)).toHaveAttribute("aria-label", held!);
    await page.mouse.move(5, 5);
    await page.waitForTimeout(200);
    await page.clock.runFor(4_100);
    await expect(selectedDot(page)).not.toHaveAttribute("aria-label", held!);
  });
});

test.describe("detail gallery", () => {
  test("arrows, dots, counter and keyboard arrows, wrapping at both ends", async ({ page }) => {
    await page.goto(await firstDetailPath(page));
    const counter = page.locator(".gallery-counter");
    // The counter belongs to the hydrated gallery: wait for it before reading the total.
    await expect(counter).toHaveText(/^1 \/ \d+$/);
    const total = Number((await counter.textContent())!.split("/")[1]);
    expect(total).toBeGreaterThan(1);
    await expect(counter).toHaveText(`1 / ${total}`);
    await page.getByRole("button", { name: "Next photo" }).click();
    await expect(counter).toHaveText(`2 / ${total}`);
    await page.getByRole("button", { name: "Previous photo" }).click();
    await page.getByRole("button", { name: "Previous photo" }).click();
    await expect(counter).toHaveText(`${total} / ${total}`);
    await page.getByRole("button", { name: `Show photo 1 of ${total}` }).click();
    await expect(counter).toHaveText(`1 / ${total}`);

    await page.getByRole("group", { name: /use the arrow keys/ }).focus();
    await page.keyboard.press("ArrowRight");
    await expect(counter).toHaveText(`2 / ${total}`);
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    await expect(counter).toHaveText(`${total} / ${total}`);
  });

  test("a swipe of 50 px or more changes the photo, a shorter one does not", async ({ page }) => {
    await page.goto(await firstDetailPath(page));
    const counter = page.locator(".gallery-counter");
    await expect(counter).toHaveText(/^1 \//);
    const box = (await page.locator(".gallery-viewport").boundingBox())!;
    const swipe = async (dx: number) => {
      const y = box.y + box.height / 2;
      const x = box.x + box.width / 2;
      await page.mouse.move(x, y);
      await page.mouse.down();
      await page.mouse.move(x + dx / 2, y, { steps: 3 });
      await page.mouse.move(x + dx, y, { steps: 3 });
      await page.mouse.up();
    };
    await swipe(-40);
    await expect(counter).toHaveText(/^1 \//);
    await swipe(-60);
    await expect(counter).toHaveText(/^2 \//);
    await swipe(70);
    await expect(counter).toHaveText(/^1 \//);
  });

  test("an image that fails to load shows a 'No Image' placeholder", async ({ page }) => {
    const path = await firstDetailPath(page);
    await page.route("**/media/**", (route) => route.fulfill({ status: 404, body: "" }));
    await page.goto(path);
    await expect(page.locator(".gallery").getByText("No Image").first()).toBeVisible();
  });
});

test.describe("travel moments", () => {
  const videoPaused = (video: Locator) => video.evaluate((v: HTMLVideoElement) => v.paused);

  test("one video plays at a time, play toggles pause, and scrolling away pauses", async ({
    page,
  }) => {
    await page.goto("/");
    const region = page.getByRole("region", { name: "Travel moments videos" });
    await region.scrollIntoViewIfNeeded();
    const slides = region.getByRole("group");
    const first = slides.nth(0);
    const second = slides.nth(1);
    const v1 = first.locator("video");
    const v2 = second.locator("video");

    await first.getByRole("button", { name: /^Play / }).click();
    await expect.poll(() => videoPaused(v1)).toBe(false);
    await expect(first.getByRole("button", { name: /^Pause / })).toBeVisible();

    await second.getByRole("button", { name: /^Play / }).click();
    await expect.poll(() => videoPaused(v2)).toBe(false);
    await expect.poll(() => videoPaused(v1)).toBe(true);
    const playing = await region
      .locator("video")
      .evaluateAll((vs) => vs.filter((v) => !(v as HTMLVideoElement).paused).length);
    expect(playing).toBe(1);

    await second.getByRole("button", { name: /^Pause / }).click();
    await expect.poll(() => videoPaused(v2)).toBe(true);

    await second.getByRole("button", { name: /^Play / }).click();
    await expect.poll(() => videoPaused(v2)).toBe(false);
    await page.locator("footer").scrollIntoViewIfNeeded();
    await expect.poll(() => videoPaused(v2)).toBe(true);
  });

  test("the reel far down the page starts its carousel when the visitor scrolls near it", async ({
    page,
  }) => {
    // Carousels below the fold do no work with the page's first load (Embla measures
    // every slide, a forced layout); the hero, in view, starts once the page is idle.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/", { waitUntil: "networkidle" });
    await expect(page.locator(".hero.is-ready")).toBeVisible();
    const reel = page.locator(".moments.carousel");
    await page.waitForTimeout(1000);
    await expect(reel).not.toHaveClass(/is-ready/);
    await page.getByRole("heading", { name: "Travel Moments" }).scrollIntoViewIfNeeded();
    await expect(reel).toHaveClass(/is-ready/);
    await expect(page.getByRole("button", { name: "Next travel moment" })).toBeVisible();
  });

  test("the reel's thumbnails load as it nears the viewport, not with the page", async ({
    page,
  }) => {
    // Decision 111: a video's poster is fetched with the page wherever the reel is (competing
    // with the hero image); the thumbnail is a lazy picture under the video instead.
    await page.setViewportSize({ width: 390, height: 844 });
    const fetched: string[] = [];
    page.on("request", (request) => fetched.push(new URL(request.url()).pathname));
    await page.goto("/", { waitUntil: "networkidle" });
    const thumbnails = page.locator(".moments .moment-poster");
    const first = (await thumbnails.first().getAttribute("src"))!;
    expect(first).toMatch(/^\/media\//);
    await expect(page.locator(".moments video[poster]")).toHaveCount(0);
    expect(fetched).not.toContain(first);
    await page.getByRole("heading", { name: "Travel Moments" }).scrollIntoViewIfNeeded();
    await expect
      .poll(() => thumbnails.first().evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    expect(fetched).toContain(first);
  });

  test("the carousel wraps at both ends", async ({ page }) => {
    await page.goto("/");
    const region = page.getByRole("region", { name: "Travel moments videos" });
    await region.scrollIntoViewIfNeeded();
    const slides = region.getByRole("group");
    const count = await slides.count();
    expect(count).toBeGreaterThan(1);
    const viewport = (await region.locator(".carousel-viewport").boundingBox())!;
    const inView = async (i: number) => {
      const box = await slides.nth(i).locator(".moment-media").boundingBox();
      return !!box && box.x >= viewport.x - 2 && box.x < viewport.x + viewport.width / 3;
    };
    await expect.poll(() => inView(0)).toBe(true);
    await region.getByRole("button", { name: "Previous travel moment" }).click();
    await expect.poll(() => inView(count - 1)).toBe(true);
    await region.getByRole("button", { name: "Next travel moment" }).click();
    await expect.poll(() => inView(0)).toBe(true);
  });
});

test.describe("mobile menu with JavaScript", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("closes when a link is chosen", async ({ page }) => {
    await page.goto("/");
    const menu = page.locator("details.mobile-menu");
    await page.getByText("Menu", { exact: true }).click();
    await expect(menu).toHaveAttribute("open", "");
    await menu.getByRole("link", { name: "About" }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(menu).not.toHaveAttribute("open", "");
    await expect(page.getByRole("navigation", { name: "Mobile" })).toBeHidden();
  });

  test("closes when Book Now is pressed, which opens WhatsApp in a new tab", async ({
    page,
    context,
  }) => {
    // No network here: answer the chat URL locally so the new tab has something to load.
    await context.route("https://wa.me/**", (route) =>
      route.fulfill({ status: 200, body: "chat" }),
    );
    await page.goto("/");
    const menu = page.locator("details.mobile-menu");
    await page.getByText("Menu", { exact: true }).click();
    const popup = context.waitForEvent("page");
    await menu.getByRole("link", { name: /Book Now/ }).click();
    const chat = await popup;
    // The tab opens /whatsapp (counted), which redirects to the chat.
    await chat.waitForURL(/^https:\/\/wa\.me\/\d+\?text=/);
    await chat.close();
    await expect(menu).not.toHaveAttribute("open", "");
  });
});

test("a list page shows its loading state during client-side navigation", async ({ page }) => {
  await page.goto("/about");
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/upcoming-trips.data*", async (route) => {
    await held;
    await route.continue();
  });
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Upcoming Trips" })
    .click();
  await expect(page.getByText("Loading upcoming trips...")).toBeVisible();
  release();
  await expect(page.locator("main .card-title").first()).toBeVisible();
  await expect(page.getByText("Loading upcoming trips...")).toBeHidden();
});

// The skeleton speaks the page's language: its words come with the layout's data (issue 33).
test("a German list page's loading state is in German", async ({ page }) => {
  await page.goto("/de/about");
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/de/upcoming-trips.data*", async (route) => {
    await held;
    await route.continue();
  });
  await page
    .getByRole("navigation", { name: "Hauptmenü" })
    .getByRole("link", { name: "Kommende Reisen" })
    .click();
  await expect(page.getByText("Kommende Reisen werden geladen …")).toBeVisible();
  await expect(page.getByText("Small groups, big moments")).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1, name: "Kommende Reisen" })).toBeVisible();
  release();
  await expect(page.locator("main .card-title").first()).toBeVisible();
  await expect(page.getByText("Kommende Reisen werden geladen …")).toBeHidden();
});

// The YouTube/Vimeo facade's code is fetched only for a reel that has such a video.
test("a YouTube moment on the home reel renders its facade and plays in the privacy player", async ({
  adminPage: page,
}) => {
  const title = `Facade moment ${Date.now()}`;
  const created = await page.request.post("/api/admin/travel-moments", {
    data: { title, videoUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ", duration: "0:30" },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  try {
    // A signed-in admin bypasses the page cache, so the new moment is on the page at once.
    await page.goto("/");
    // The facade's code arrives after hydration reaches it; then a click plays in place.
    await page.waitForLoadState("networkidle");
    const slide = page.getByRole("group", { name: new RegExp(`: ${title}$`) });
    const facade = slide.getByRole("link", { name: /Play video/ });
    await expect(facade).toHaveAttribute("href", /youtube\.com\/watch\?v=dQw4w9WgXcQ/);
    await facade.scrollIntoViewIfNeeded();
    await facade.click();
    await expect(slide.locator("iframe")).toHaveAttribute("src", /youtube-nocookie\.com\/embed/);
  } finally {
    await page.request.delete(`/api/admin/travel-moments/${id}`);
  }
});

// A package's YouTube/Vimeo videos use the same facade, fetched after hydration reaches one: the
// page's first load does not carry it (decision 159), yet a click still plays in place.
test("a package's YouTube video plays in the privacy player; its facade is not in the first load", async ({
  adminPage: page,
}) => {
  const title = `Facade trip ${Date.now()}`;
  const created = await page.request.post("/api/trips", {
    data: {
      title,
      videos: [{ type: "url", url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ", title: "Reef" }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  try {
    const facadeRequests: string[] = [];
    page.on("request", (request) => {
      if (/\/assets\/video-facade-[^/]+\.js$/.test(request.url()))
        facadeRequests.push(request.url());
    });
    const response = await page.goto(`/package/${id}`);
    const html = (await response?.text()) ?? "";
    expect(html).not.toMatch(/video-facade-[^"]+\.js/);
    await page.waitForLoadState("networkidle");
    expect(facadeRequests).toHaveLength(1);
    const facade = page.getByRole("link", { name: /Play video: Reef/ });
    await expect(facade).toHaveAttribute("href", /youtube\.com\/watch\?v=dQw4w9WgXcQ/);
    await facade.scrollIntoViewIfNeeded();
    await facade.click();
    await expect(page.locator(".video-frame iframe")).toHaveAttribute(
      "src",
      /youtube-nocookie\.com\/embed\/dQw4w9WgXcQ.*autoplay=1/,
    );
  } finally {
    await page.request.delete(`/api/trips/${id}`);
  }
});
