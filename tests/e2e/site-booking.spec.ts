import { type Page } from "@playwright/test";
import { bookableDate } from "./support/catalogue";
import { expect, test } from "./support/fixtures";
import { violations, FILL_TIME_MS } from "./support/expectations";

// A traveller books a date on a phone-sized screen, with JavaScript and without (decision 118).
// Each journey sends one booking: the per-address limit is shared with the contact form.

async function fillTraveller(page: Page, name: string) {
  const form = page.getByRole("form", { name: "Your booking" });
  await form.getByLabel("Lead traveller's full name").fill(name);
  await form.getByLabel("Email").fill("thandi@example.com");
  await form.getByLabel("Phone (WhatsApp if you have it)").fill("+27 82 555 0101");
  await form.getByLabel("Country of residence").fill("South Africa");
  return form;
}

test.describe("booking a date on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("from Dates & Prices to the private booking page, the total following the travellers (JS)", async ({
    page,
  }) => {
    const { detail, departure } = await bookableDate(page.request, 3);
    await page.goto(detail);
    await page.locator(`a[href="/book/${departure.id}"]`).click();
    await expect(page).toHaveURL(new RegExp(`/book/${departure.id}$`));
    expect(await violations(page)).toEqual([]);

    const form = page.getByRole("form", { name: "Your booking" });
    await form.getByLabel("Adults").selectOption("2");
    await form.getByLabel("Children").selectOption("1");
    await expect(form.getByText(/^Total for 3 travellers: /)).toBeVisible();
    // Sent without accepting the terms: the reason, and the field focused.
    await fillTraveller(page, "Thandi Mokoena");
    await page.waitForTimeout(FILL_TIME_MS);
    await form.getByRole("button", { name: "Send booking request" }).click();
    await expect(form.getByText("Please accept the booking terms")).toBeVisible();
    await expect(form.getByLabel("Lead traveller's full name")).toHaveValue("Thandi Mokoena");
    expect(await violations(page)).toEqual([]);

    await form.getByLabel(/I accept the/).check();
    await page.waitForTimeout(FILL_TIME_MS);
    await form.getByRole("button", { name: "Send booking request" }).click();
    await expect(page).toHaveURL(/\/booking\/WLX-[2-9A-Z]{6}\?token=/);
    await expect(page.getByText("Your booking request has been sent")).toBeVisible();
    await expect(page.getByText("Requested", { exact: true })).toBeVisible();
    await expect(page.getByText("Seats held until")).toBeVisible();
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath("booking-phone.png"), fullPage: true });
  });
});

test("books a date without JavaScript @nojs", async ({ page, javaScriptEnabled }) => {
  test.skip(javaScriptEnabled !== false, "the no-JS project runs this");
  await page.setViewportSize({ width: 390, height: 844 });
  const { departure } = await bookableDate(page.request, 3);
  await page.goto(`/book/${departure.id}`);
  const form = await fillTraveller(page, "Bongani Dlamini");
  await form.getByLabel(/I accept the/).check();
  await page.waitForTimeout(FILL_TIME_MS);
  await form.getByRole("button", { name: "Send booking request" }).click();
  await expect(page).toHaveURL(/\/booking\/WLX-[2-9A-Z]{6}\?token=/);
  await expect(page.getByRole("heading", { name: /WLX-/ })).toBeVisible();
  await expect(page.getByText("Requested", { exact: true })).toBeVisible();
});
