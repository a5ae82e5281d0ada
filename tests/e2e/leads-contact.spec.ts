import { type Page } from "@playwright/test";
import { fullDetailPath } from "./support/catalogue";
import { expect, test } from "./support/fixtures";
import { violations, FILL_TIME_MS } from "./support/expectations";

// The contact form sends for real, with JavaScript and without. The server accepts ten
// messages per address an hour and every e2e request comes from 127.0.0.1: these journeys send
// one message each.

async function fillValid(page: Page, firstName: string) {
  const form = page.getByRole("form", { name: "Send us a message" });
  await form.getByLabel("First name").fill(firstName);
  await form.getByLabel("Last name").fill("Okafor");
  await form.getByLabel("Email").fill("amara@example.org");
  await form.getByLabel("Phone").fill("+27 82 555 0123");
  await form.getByLabel("Preferred travel dates").fill("March 2027");
  await form.getByLabel("Tell us about your trip").fill("Zanzibar for two, with a safari.");
}

test("contact form: errors inline, then sent without a reload (JS)", async ({ page }) => {
  await page.goto("/contact");
  expect(await violations(page)).toEqual([]);
  const form = page.getByRole("form", { name: "Send us a message" });
  await form.getByLabel("Email").fill("not-an-email");
  await form.getByLabel("Last name").fill("Okafor");
  await page.evaluate(() => Object.assign(window, { stayedOnPage: true }));
  await form.getByRole("button", { name: "Send Message" }).click();

  await expect(form.getByText("Please enter your first name")).toBeVisible();
  await expect(form.getByText("Please enter a valid e-mail address")).toBeVisible();
  await expect(form.getByText("Please tell us about the trip you have in mind")).toBeVisible();
  await expect(form.getByLabel("First name")).toBeFocused();
  await expect(form.getByLabel("First name")).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByLabel("Last name")).toHaveValue("Okafor");
  await expect(form.getByLabel("Email")).toHaveValue("not-an-email");
  expect(await violations(page)).toEqual([]);

  await fillValid(page, "Amara");
  await page.waitForTimeout(FILL_TIME_MS);
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByRole("heading", { name: "Message sent" })).toBeVisible();
  await expect(page.getByText("Our team answers within 2 hours")).toBeVisible();
  await expect(page).toHaveURL(/\/contact\?sent=1$/);
  expect(await page.evaluate(() => "stayedOnPage" in window)).toBe(true);
  expect(await violations(page)).toEqual([]);
});

test("contact form works without JavaScript @nojs", async ({ page, javaScriptEnabled }) => {
  test.skip(javaScriptEnabled !== false, "the no-JS project runs this");
  await page.goto("/contact");
  const form = page.getByRole("form", { name: "Send us a message" });
  await form.getByLabel("First name").fill("Bongani");
  await form.getByLabel("Email").fill("bongani@example");
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Please enter a valid e-mail address")).toBeVisible();
  await expect(page.getByText("Please tell us about the trip you have in mind")).toBeVisible();
  await expect(form.getByLabel("First name")).toHaveValue("Bongani");

  await fillValid(page, "Bongani");
  await page.waitForTimeout(FILL_TIME_MS);
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(page).toHaveURL(/\/contact\?sent=1$/);
  await expect(page.getByRole("heading", { name: "Message sent" })).toBeVisible();
});

async function enquireFromDetailPage(page: Page) {
  const detail = await fullDetailPath(page.request, "exclusive");
  await page.goto(detail);
  const title = (await page.getByRole("heading", { level: 1 }).textContent())!.trim();
  await page
    .getByRole("complementary", { name: "Price and booking" })
    .getByRole("link", { name: "Enquire about this trip" })
    .click();
  await expect(page).toHaveURL(/\/contact\?package=[0-9a-f-]{36}$/);
  const form = page.getByRole("form", { name: "Send us a message" });
  await expect(form.getByRole("link", { name: title })).toHaveAttribute("href", detail);
  await expect(form.getByLabel("Tell us about your trip")).toHaveValue(
    `I would like to know more about "${title}".`,
  );
  await form.getByLabel("First name").fill("Lindiwe");
  await form.getByLabel("Email").fill("lindiwe@example.org");
  await page.waitForTimeout(FILL_TIME_MS);
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByRole("heading", { name: "Message sent" })).toBeVisible();
}

test("enquire about a trip from its detail page (JS)", async ({ page }) => {
  await enquireFromDetailPage(page);
  expect(await violations(page)).toEqual([]);
});

test("enquire about a trip from its detail page without JavaScript @nojs", async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(javaScriptEnabled !== false, "the no-JS project runs this");
  await enquireFromDetailPage(page);
});

test("an unknown trip on the contact form is said so, and the plain form still works", async ({
  page,
}) => {
  await page.goto("/contact?package=00000000-0000-4000-8000-000000000000");
  await expect(page.getByText("We could not find that trip")).toBeVisible();
  await expect(page.getByRole("form", { name: "Send us a message" })).toBeVisible();
  expect(await violations(page)).toEqual([]);
});

test.describe("without client scripts", () => {
  test.use({ waitForHydration: false });

  test("axe finds no violations on the contact form's error answer as served", async ({ page }) => {
    await page.route("**/assets/*.js", (route) => route.abort());
    await page.goto("/contact");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("Please enter your first name")).toBeVisible();
    expect(await violations(page)).toEqual([]);
    await page.goto("/contact?sent=1");
    expect(await violations(page)).toEqual([]);
  });
});
