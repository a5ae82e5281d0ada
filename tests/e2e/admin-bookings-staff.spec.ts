import { type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { violations } from "./support/expectations";

// The staff side of bookings in a browser, with JavaScript and without (decision 123): an enquiry
// turned into a booking, confirmed, its travellers edited and moved to another date; a second
// booking taken by phone and cancelled. Axe on each new screen (with JavaScript).

/** Sends a contact-form message as a browser without JS would (one per mode: the forms' limit). */
async function sendEnquiry(request: APIRequestContext, firstName: string) {
  const html = await (
    await request.get("/contact", { headers: { "X-Forwarded-For": "198.51.100.23" } })
  ).text();
  const token = html.match(/name="from__confirm"[^>]*value="([^"]+)"/)![1]!.replace(/&amp;/g, "&");
  await new Promise((resolve) => setTimeout(resolve, 3_300));
  const res = await request.post("/contact", {
    form: {
      name__confirm: "",
      from__confirm: token,
      firstName,
      lastName: "Staff",
      email: `${firstName.toLowerCase()}@example.org`,
      phone: "+27 82 555 0123",
      travelDates: "Any time",
      tripDescription: "We talked on the phone about a safari.",
    },
    maxRedirects: 0,
    // An address of its own: the contact and booking forms share a per-address limit.
    headers: { "X-Forwarded-For": "198.51.100.23" },
  });
  expect(res.status()).toBe(303);
}

/** A trip with at least two dates to choose from: the first two dates' option values. */
async function twoDatesOfOneTrip(select: Locator): Promise<[string, string]> {
  const groups = select.locator("optgroup");
  for (let i = 0; i < (await groups.count()); i++) {
    const values = await groups
      .nth(i)
      .locator("option")
      .evaluateAll((options) => options.map((o) => o.getAttribute("value") ?? ""));
    if (values.length >= 2) return [values[0]!, values[1]!];
  }
  throw new Error("no trip with two bookable dates in the demo content");
}

async function journey(page: Page, mode: string) {
  // The toasts are checked with JavaScript; without it, what each action changed on the page.
  const toast = async (text: string | RegExp) => {
    if (mode === "JS") await expect(page.getByText(text)).toBeVisible();
  };
  const name = `Naledi${Date.now()}`;
  await sendEnquiry(page.request, name);
  await page.goto(`/admin/enquiries?q=${name}`);
  await page.getByRole("link", { name: `${name} Staff` }).click();
  await page.getByRole("link", { name: "Make a booking" }).click();
  await expect(page).toHaveURL(/\/admin\/bookings\/new\?enquiry=[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { name: "New booking", level: 1 })).toBeVisible();
  await expect(page.getByLabel("Lead traveller's full name")).toHaveValue(`${name} Staff`);
  await expect(page.getByLabel("E-mail", { exact: true })).toHaveValue(
    `${name.toLowerCase()}@example.org`,
  );
  await expect(page.getByLabel("Phone (optional)")).toHaveValue("+27 82 555 0123");
  if (mode === "JS") expect(await violations(page)).toEqual([]);

  // A refusal first: a phone number without digits. The form comes back with the message and
  // what was typed.
  const date = page.getByLabel("Trip and date");
  const [first, second] = await twoDatesOfOneTrip(date);
  await date.selectOption(first);
  await page.getByLabel("Phone (optional)").fill("call me");
  await page.getByRole("button", { name: "Make booking" }).click();
  await expect(page.getByText("Please enter a phone number (digits")).toBeVisible();
  await expect(page.getByLabel("Lead traveller's full name")).toHaveValue(`${name} Staff`);
  await expect(page.getByLabel("Trip and date")).toHaveValue(first);
  await page.getByLabel("Phone (optional)").fill("+27 82 555 0123");
  await page.getByLabel("Country of residence (optional)").fill("South Africa");
  await page.getByRole("button", { name: "Make booking" }).click();
  await expect(page).toHaveURL(/\/admin\/bookings\/WLX-[A-Z0-9]{6}$/);
  await toast(/made; its seats are held/);
  await expect(page.locator(".admin-section-header .badge")).toHaveText("Requested");
  const reference = page.url().split("/").at(-1)!;
  await expect(page.getByText("From an enquiry (")).toBeVisible();

  await page.getByRole("button", { name: "Confirm" }).click();
  await toast(`Booking ${reference} confirmed.`);
  await expect(page.locator(".admin-section-header .badge")).toHaveText("Confirmed");

  await page.getByText("Edit travellers").click();
  await page.getByLabel("Lead traveller's full name").fill(`${name} Staff-Dube`);
  await page.getByRole("button", { name: "Save travellers" }).click();
  await toast(`The travellers of booking ${reference} were saved.`);
  await expect(page.getByRole("heading", { name: `Booking ${reference}` })).toBeVisible();
  await expect(page.getByText(`${name} Staff-Dube`).first()).toBeVisible();

  const target = await page
    .getByLabel("Move to another date")
    .locator(`option[value="${second}"]`)
    .textContent();
  await page.getByLabel("Move to another date").selectOption(second);
  await page.locator("#move-notify").uncheck();
  await page.getByRole("button", { name: "Move booking" }).click();
  await toast(new RegExp(`Booking ${reference} moved to`));
  await expect(page.locator(".enquiry-facts")).toContainText(target!.split(" · ")[0]!);
  if (mode === "JS") {
    // Axe on the page as loaded (a toast fading in has no final colours yet).
    await page.reload();
    expect(await violations(page)).toEqual([]);
  }

  await page.getByRole("link", { name: "See the enquiry" }).click();
  await expect(page.getByRole("link", { name: reference })).toBeVisible();

  // Another booking, taken on the phone, then cancelled.
  await page.goto("/admin/bookings");
  await page.getByRole("link", { name: "New booking" }).click();
  await page.getByLabel("Trip and date").selectOption(first);
  await page.getByLabel("Lead traveller's full name").fill(`${name} Caller`);
  await page.getByLabel("E-mail", { exact: true }).fill(`${name.toLowerCase()}.caller@example.org`);
  await page.getByLabel("Confirm at once (otherwise the seats are held)").check();
  await page.getByRole("button", { name: "Make booking" }).click();
  await toast(/made and confirmed/);
  await expect(page.locator(".admin-section-header .badge")).toHaveText("Confirmed");
  await page.locator("#cancel-notify").uncheck();
  await page.getByRole("button", { name: "Cancel booking" }).click();
  await expect(page.locator(".admin-section-header .badge")).toHaveText("Cancelled");
}

test("staff book from an enquiry, confirm, edit, move; book by phone and cancel (JS)", async ({
  adminPage: page,
}) => {
  test.setTimeout(60_000);
  await journey(page, "JS");
});

test("the same without JavaScript @nojs", async ({ adminPage: page, javaScriptEnabled }) => {
  test.skip(javaScriptEnabled !== false, "the no-JS project runs this");
  test.setTimeout(60_000);
  await journey(page, "no JS");
});
