import { type Page } from "@playwright/test";
import { fullDetailPath } from "./support/catalogue";
import { expect, test } from "./support/fixtures";
import { violations } from "./support/expectations";

// Book Now is counted on its way to the chat, and the back office shows the count.

async function cardClicks(page: Page, title: string): Promise<number> {
  await page.goto("/admin/exclusive");
  const card = page.getByRole("article", { name: title });
  const text = await card.getByText(/^Book Now clicks: \d+ \(30 days\)$/).textContent();
  return Number(text!.match(/\d+/)![0]);
}

async function bookNowFromDetail(page: Page) {
  const detail = await fullDetailPath(page.request, "exclusive");
  await page.goto(detail);
  const title = (await page.getByRole("heading", { level: 1 }).textContent())!.trim();
  const before = await cardClicks(page, title);

  // No network here: the chat URL is answered locally so the new tab has something to load.
  await page
    .context()
    .route("https://wa.me/**", (route) => route.fulfill({ status: 200, body: "chat" }));
  await page.goto(detail);
  const book = page
    .getByRole("complementary", { name: "Price and booking" })
    .getByRole("link", { name: /Book Now/ });
  await expect(book).toHaveAttribute("href", `/whatsapp/${detail.split("/").pop()}`);
  const popup = page.context().waitForEvent("page");
  await book.click();
  const chat = await popup;
  await chat.waitForURL(/^https:\/\/wa\.me\//);
  expect(decodeURIComponent(new URL(chat.url()).searchParams.get("text") ?? "")).toContain(
    `"${title}"`,
  );
  await chat.close();

  expect(await cardClicks(page, title)).toBe(before + 1);
}

test("Book Now from a detail page opens the chat and the card's count moves (JS)", async ({
  adminPage: page,
}) => {
  await bookNowFromDetail(page);
});

test.describe("another visitor", () => {
  // A visitor counts once per package a day (decision 117): this browser is not the JS one's.
  test.use({ userAgent: "Mozilla/5.0 (X11; Linux x86_64) e2e-no-js-visitor" });

  test("Book Now counts without JavaScript too @nojs", async ({
    adminPage: page,
    javaScriptEnabled,
  }) => {
    test.skip(javaScriptEnabled !== false, "the no-JS project runs this");
    await bookNowFromDetail(page);
  });
});

test("insights: a chart and tables of the last 30 days (JS)", async ({ adminPage: page }) => {
  await page.goto("/admin/insights");
  await expect(page.getByRole("heading", { name: "Insights", level: 1 })).toBeVisible();
  await expect(
    page.getByRole("img", { name: /Book Now clicks and new enquiries per day/ }),
  ).toBeVisible();
  await expect(
    page
      .getByRole("table", { name: "Book Now clicks and new enquiries per day" })
      .locator("tbody tr"),
  ).toHaveCount(30);
  await expect(
    page.getByRole("heading", { name: "Top packages by Book Now clicks" }),
  ).toBeVisible();
  await expect(
    page.getByRole("img", { name: /Bookings made per week over the last 12/ }),
  ).toBeVisible();
  await expect(
    page.getByRole("table", { name: "Bookings made per week" }).locator("tbody tr"),
  ).toHaveCount(12);
  await expect(page.getByRole("heading", { name: "Revenue per week" })).toBeVisible();
  expect(await violations(page)).toEqual([]);
});

test("insights works without JavaScript @nojs", async ({ adminPage: page, javaScriptEnabled }) => {
  test.skip(javaScriptEnabled !== false, "the no-JS project runs this");
  await page.goto("/admin/dashboard");
  await page
    .getByRole("navigation", { name: "Admin" })
    .getByRole("link", { name: "Insights" })
    .click();
  await expect(page).toHaveURL(/\/admin\/insights$/);
  await expect(
    page.locator("section[aria-labelledby='per-day-heading'] svg.insights-chart rect"),
  ).toHaveCount(60);
  // Bookings per week: two bars for each of the 12 weeks (decision 144).
  await expect(
    page.locator("section[aria-labelledby='bookings-week-heading'] svg.insights-chart rect"),
  ).toHaveCount(24);
});

test.describe("without client scripts", () => {
  test.use({ waitForHydration: false });

  test("axe finds no violations on insights and a package list with counts as served", async ({
    adminPage: page,
  }) => {
    await page.route("**/assets/*.js", (route) => route.abort());
    await page.goto("/admin/insights");
    expect(await violations(page)).toEqual([]);
    await page.goto("/admin/exclusive");
    await expect(page.getByText(/Book Now clicks: \d+ \(30 days\)/).first()).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });
});
