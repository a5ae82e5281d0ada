import { expect, test } from "./support/fixtures";
import { jsOn } from "./support/expectations";
import { fullDetailPath } from "./support/catalogue";

// Finding trips on a phone (filters as a GET form, JS on and off) and a trip page's
// Dates & Prices. The demo catalogue gives every trip three departures after the seed day.

test.use({ viewport: { width: 390, height: 844 } });

test("@nojs filters narrow the list by a GET form and the URL says so", async ({ page }) => {
  await page.goto("/upcoming-trips");
  const count = page.locator(".filter-count");
  const all = Number((await count.innerText()).split(" ")[0]);
  expect(all).toBeGreaterThan(1);
  const destination = page.getByLabel("Destination");
  const first = (await destination.locator("option").nth(1).getAttribute("value"))!;
  await destination.selectOption(first);
  if (!jsOn()) {
    await page.getByRole("button", { name: "Apply" }).click();
  }
  await expect(page).toHaveURL(new RegExp(`/upcoming-trips\\?destination=${first}$`));
  await expect(count).toHaveText(/^\d+ trips? match$/);
  const shown = await page.locator("main .package-card").count();
  expect(shown).toBeGreaterThan(0);
  expect(shown).toBeLessThan(all);
  await page.getByRole("link", { name: "Clear filters" }).click();
  await expect(page).toHaveURL(/\/upcoming-trips$/);
  await expect(count).toHaveText(`${all} trips`);
});

test("@nojs sorting by price puts the cheapest first", async ({ page }) => {
  await page.goto("/upcoming-trips");
  await page.getByLabel("Sort by").selectOption("price-asc");
  if (!jsOn()) {
    await page.getByRole("button", { name: "Apply" }).click();
  }
  await expect(page).toHaveURL(/sort=price-asc/);
  // With JavaScript the list may still show its loading skeleton for a moment.
  await expect(page.locator("main .card-price").nth(1)).toBeVisible();
  await expect(page.locator("main [aria-busy=true]")).toHaveCount(0);
  const prices = (await page.locator("main .card-price").allInnerTexts()).map((p) =>
    Number(p.replace(/[^\d]/g, "")),
  );
  expect(prices.length).toBeGreaterThan(1);
  expect([...prices].sort((a, b) => a - b)).toEqual(prices);
});

test("@nojs a trip page shows Dates & Prices; Book Now on a date names it", async ({
  page,
  request,
}) => {
  await page.goto(await fullDetailPath(request, "trip"));
  const table = page.getByRole("table", { name: /Departures of/ });
  await expect(table).toBeVisible();
  const rows = table.locator("tbody tr");
  expect(await rows.count()).toBeGreaterThan(0);
  const book = rows.first().getByRole("link", { name: /Book Now/ });
  if ((await book.count()) > 0) {
    // The app's counted route; it redirects to the chat naming the date.
    const href = (await book.getAttribute("href")) ?? "";
    expect(href).toMatch(/^\/whatsapp\/[0-9a-f-]{36}\?departure=\d{4}-\d{2}-\d{2}$/);
    const answer = await request.get(href, { maxRedirects: 0 });
    const chat = decodeURIComponent(answer.headers()["location"] ?? "");
    const dates = await rows.first().locator("th").innerText();
    expect(chat).toMatch(/^https:\/\/wa\.me\/\d+\?text=/);
    expect(chat).toContain(`departing ${dates.split("\n")[0]}`);
  }
  await expect(page.getByRole("heading", { name: "Frequently Asked Questions" })).toBeVisible();
  const question = page.locator("details.faq summary").first();
  await question.click();
  await expect(page.locator("details.faq").first()).toHaveAttribute("open", "");
});
