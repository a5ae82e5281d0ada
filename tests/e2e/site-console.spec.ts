import { expect, test } from "./support/fixtures";

// Public pages log nothing in the browser console (a stray Permissions-Policy feature
// used to log "Unrecognized feature" on every page).
const PAGES = [
  "/",
  "/upcoming-trips",
  "/exclusive-trips",
  "/local-trips",
  "/hidden-gems",
  "/about",
  "/contact",
  "/flights",
  "/hotels",
  "/no-such-page",
];

test("public pages log no warning or error in the console", async ({ page }) => {
  const messages: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "warning" || message.type() === "error")
      messages.push(`${page.url()}: ${message.type()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => messages.push(`${page.url()}: pageerror: ${error.message}`));
  for (const path of PAGES) {
    await page.goto(path, { waitUntil: "networkidle" });
  }
  // The 404 page's document request itself is reported by Chromium as a failed resource.
  expect(messages.filter((m) => !/404 \(Not Found\)/.test(m))).toEqual([]);
});

// Decision 062: the page paints before its JS is fetched, then hydrates and enhances.
test("scripts are fetched only after the first contentful paint, and the page still hydrates", async ({
  page,
}) => {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  for (const path of ["/", "/upcoming-trips"]) {
    await page.goto(path, { waitUntil: "networkidle" });
    // The starter has swapped the inert module script for a live one.
    await expect(page.locator('script[type="x-deferred-module"]')).toHaveCount(0);
    const timing = await page.evaluate(() => ({
      fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? -1,
      scripts: performance
        .getEntriesByType("resource")
        .filter((entry) => new URL(entry.name).pathname.endsWith(".js"))
        .map((entry) => entry.startTime),
    }));
    expect(timing.fcp).toBeGreaterThan(0);
    expect(timing.scripts.length).toBeGreaterThan(0);
    for (const start of timing.scripts) expect(start).toBeGreaterThanOrEqual(timing.fcp);
  }
  await page.goto("/");
  await expect(page.locator(".hero.is-ready")).toBeVisible();
  await expect(page.getByRole("button", { name: /Show slide 2/ })).toBeVisible();
  expect(errors).toEqual([]);
});
