import { expect, test } from "./support/fixtures";

// Issue 11: public pages log nothing in the browser console (a stray Permissions-Policy feature
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
