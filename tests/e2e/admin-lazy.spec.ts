import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";

// Decision 107: what the admin screens load only when it is wanted.

/** A 1×1 GIF standing in for YouTube's servers (this machine may be offline). */
const PIXEL = Buffer.from("R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==", "base64");

/** The demo's Mauritius package, whose first video is on YouTube. */
async function openMauritiusForm(page: Page) {
  await page.goto("/admin/dashboard?q=mauritius-island-escape");
  const card = page.getByRole("article", { name: "Mauritius Island Escape" });
  const href = await card.locator('a[href^="/admin/edit-package/"]').first().getAttribute("href");
  await page.goto(href!);
  return page.getByRole("region", { name: "Travel Moments Videos" });
}

test.describe("with JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "JS-only behaviour");

  test("a YouTube thumbnail is asked for only once its tile nears the viewport", async ({
    adminPage: page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const asked: string[] = [];
    await page.route("https://i.ytimg.com/**", (route) => {
      asked.push(route.request().url());
      return route.fulfill({ contentType: "image/gif", body: PIXEL });
    });
    const videos = await openMauritiusForm(page);
    const tile = videos.locator(".video-entry-thumb").first();
    // Below the fold on a phone: the poster only, and nothing asked of YouTube.
    await expect(tile).toHaveText(/Video 1/);
    await page.waitForTimeout(500);
    expect(asked).toEqual([]);
    await expect(tile.locator("img")).toHaveCount(0);

    await tile.scrollIntoViewIfNeeded();
    await expect(tile.locator("img")).toHaveAttribute("src", /^https:\/\/i\.ytimg\.com\/vi\//);
    expect(asked).toHaveLength(1);
  });

  test("a thumbnail that cannot load leaves the local poster", async ({ adminPage: page }) => {
    await page.route("https://i.ytimg.com/**", (route) => route.abort("namenotresolved"));
    const videos = await openMauritiusForm(page);
    const tile = videos.locator(".video-entry-thumb").first();
    await tile.scrollIntoViewIfNeeded();
    await expect(tile).toHaveText(/Video 1/);
    await expect(tile.locator("img")).toHaveCount(0);
  });

  test("drag and drop arrives after hydration on the lists that reorder", async ({
    adminPage: page,
  }) => {
    const chunks: string[] = [];
    page.on("request", (request) => {
      if (/\/assets\/sortable-grid-[^/]+\.js$/.test(request.url())) chunks.push(request.url());
    });
    await page.goto("/admin/settings");
    await page.waitForTimeout(500);
    expect(chunks, "settings never asks for drag and drop").toEqual([]);

    await page.goto("/admin/dashboard");
    await expect(page.getByRole("button", { name: /^Drag to reorder / }).first()).toBeVisible();
    expect(chunks).toHaveLength(1);
  });
});

test("@nojs without JavaScript the form shows the thumbnail through the browser's lazy loading", async ({
  adminPage: page,
  javaScriptEnabled,
}) => {
  test.skip(javaScriptEnabled !== false, "no-JS behaviour");
  await page.route("https://i.ytimg.com/**", (route) =>
    route.fulfill({ contentType: "image/gif", body: PIXEL }),
  );
  const videos = await openMauritiusForm(page);
  const img = videos.locator(".video-entry-thumb img").first();
  await expect(img).toHaveAttribute("src", /^https:\/\/i\.ytimg\.com\/vi\//);
  await expect(img).toHaveAttribute("loading", "lazy");
});
