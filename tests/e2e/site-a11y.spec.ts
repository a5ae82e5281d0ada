import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";

// axe on every public page, with JavaScript on ("js") and off ("no-js"), desktop and mobile.

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
  ];
  for (const list of ["/upcoming-trips", "/exclusive-trips", "/local-trips", "/hidden-gems"]) {
    await page.goto(list);
    const href = await page.locator("main .card-title a").first().getAttribute("href");
    if (href) paths.push(href);
  }
  return paths;
}

async function expectNoViolations(page: Page, path: string) {
  await page.goto(path);
  // Let carousels initialise so axe sees the enhanced markup when JavaScript runs.
  await page.waitForLoadState("networkidle");
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    .analyze();
  const summary = results.violations.map((v) => ({
    id: v.id,
    help: v.help,
    nodes: v.nodes.slice(0, 3).map((n) => n.target.join(" ")),
  }));
  expect(summary, path).toEqual([]);
}

test("axe finds no violations on any public page @nojs", async ({ page }) => {
  test.setTimeout(120_000);
  for (const path of await publicPaths(page)) await expectNoViolations(page, path);
});

test.describe("small screens", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("axe finds no violations with the mobile menu open @nojs", async ({ page }) => {
    await page.goto("/");
    await page.getByText("Menu", { exact: true }).click();
    const results = await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21aa", "best-practice"])
      .analyze();
    expect(
      results.violations.map(
        (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
      ),
    ).toEqual([]);
  });
});
