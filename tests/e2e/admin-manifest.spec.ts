import { type Page } from "@playwright/test";
import { bookableDate } from "./support/catalogue";
import { expect, test } from "./support/fixtures";
import { violations, FILL_TIME_MS } from "./support/expectations";

// A departure's manifest in a browser, with JavaScript and without (decision 121): staff open it
// from the bookings inbox's departure filter, see the travellers, and the print stylesheet hides
// the admin's chrome. The booking it shows is one the site-booking journeys made, or one made
// here through the public form when there is none yet (the per-address limit is shared, so at
// most one per run).

/**
 * The inbox's requested bookings (they hold seats, so the manifest lists them); other journeys
 * cancel some of theirs.
 */
const REQUESTED = "/admin/bookings?status=requested";

/** A requested booking's lead traveller name: one in the inbox already, else one booked now. */
async function someBooking(page: Page): Promise<string> {
  await page.goto(REQUESTED);
  const first = page.getByRole("region", { name: "Bookings table" }).locator("tbody tr").first();
  if ((await first.count()) > 0) return (await first.locator("td").nth(1).innerText()).trim();
  const { departure } = await bookableDate(page.request, 1);
  // An address of its own: the contact and booking forms share a per-address limit.
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": "198.51.100.24" });
  await page.goto(`/book/${departure.id}`);
  const form = page.getByRole("form", { name: "Your booking" });
  await form.getByLabel("Lead traveller's full name").fill("Naledi Khumalo");
  await form.getByLabel("Email").fill("naledi@example.com");
  await form.getByLabel("Phone (WhatsApp if you have it)").fill("+27 82 555 0199");
  await form.getByLabel("Country of residence").fill("South Africa");
  await form.getByLabel(/I accept the/).check();
  await page.waitForTimeout(FILL_TIME_MS);
  await form.getByRole("button", { name: "Send booking request" }).click();
  await expect(page).toHaveURL(/\/booking\/WLX-[2-9A-Z]{6}\?token=/);
  return "Naledi Khumalo";
}

// The @nojs journey runs in both projects (the js project takes every test), like the inbox's.
for (const mode of ["JS", "no JS @nojs"]) {
  test(`a departure's manifest from the bookings inbox, printable (${mode})`, async ({
    adminPage: page,
    javaScriptEnabled,
  }) => {
    // Booking a date first when the inbox is empty takes a few seconds of form-filling time.
    test.setTimeout(90_000);
    const lead = await someBooking(page);
    await page.goto(REQUESTED);
    // The newest booking's date, by the link on its row; then the departure filter for that date.
    const row = page.getByRole("region", { name: "Bookings table" }).locator("tbody tr").first();
    await expect(row.locator("td").nth(1)).toHaveText(lead);
    const href = await row.locator('a[href^="/admin/departures/"]').getAttribute("href");
    const value = href!.split("/").at(-1)!;
    await page.getByLabel("Departure").selectOption(value);
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(new RegExp(`departure=${value}`));
    await page.getByRole("link", { name: "Open the manifest of this departure" }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/departures/${value}$`));
    await expect(page.getByRole("heading", { level: 1, name: /^Manifest: / })).toBeVisible();
    for (const term of ["Seats", "Held", "Confirmed", "Left"]) {
      await expect(page.getByText(term, { exact: true })).toBeVisible();
    }

    // The travellers: the booking's lead among them; every booking links to its page.
    const travellers = page.getByRole("region", { name: "Travellers table" });
    await expect(travellers.locator("tbody strong", { hasText: lead }).first()).toBeVisible();
    await expect(travellers.getByRole("link", { name: /^WLX-/ }).first()).toBeVisible();
    await expect(travellers.locator('a[href^="mailto:"]').first()).toBeVisible();
    await expect(page.getByRole("link", { name: /Export CSV/ })).toHaveAttribute(
      "href",
      `/admin/departures/${value}/manifest.csv`,
    );
    const print = page.getByRole("button", { name: "Print" });
    if (javaScriptEnabled !== false) {
      await expect(print).toBeVisible();
      expect(await violations(page)).toEqual([]);
    } else {
      // Without JavaScript there is no button that would do nothing: the browser's Print works.
      await expect(print).toBeHidden();
    }

    // Printed: no sidebar, no controls, black on white; the manifest and its travellers stay.
    await page.emulateMedia({ media: "print" });
    await expect(page.locator(".admin-sidebar")).toBeHidden();
    await expect(page.getByRole("link", { name: /Export CSV/ })).toBeHidden();
    await expect(page.getByRole("link", { name: /Bookings of this departure/ })).toBeHidden();
    await expect(page.getByRole("heading", { level: 1, name: /^Manifest: / })).toBeVisible();
    await expect(travellers.locator("tbody tr").first()).toBeVisible();
    const colours = await page
      .locator(".manifest")
      .evaluate((el) => [getComputedStyle(el).color, getComputedStyle(el).backgroundColor]);
    expect(colours).toEqual(["rgb(0, 0, 0)", "rgb(255, 255, 255)"]);
    await page.emulateMedia({ media: "screen" });
    await expect(page.locator(".admin-sidebar")).toBeVisible();

    const missing = await page.goto("/admin/departures/not-a-departure");
    expect(missing?.status()).toBe(404);
    await expect(page.getByText("This departure does not exist.")).toBeVisible();
  });
}
