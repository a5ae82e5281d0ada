import fs from "node:fs";
import { type APIRequestContext } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { violations } from "./support/expectations";

// The back office's enquiries inbox, with JavaScript and without.

/** Sends a contact-form message as a browser without JS would, honeypot time and all. */
async function sendEnquiry(request: APIRequestContext, firstName: string) {
  const html = await (await request.get("/contact")).text();
  const token = html.match(/name="from__confirm"[^>]*value="([^"]+)"/)![1]!.replace(/&amp;/g, "&");
  await new Promise((resolve) => setTimeout(resolve, 3_300));
  const res = await request.post("/contact", {
    form: {
      name__confirm: "",
      from__confirm: token,
      firstName,
      lastName: "Inbox",
      email: `${firstName.toLowerCase()}@example.org`,
      phone: "+27 82 555 0123",
      travelDates: "May",
      tripDescription: "=cmd|' /C calc'!A0 and a safari",
    },
    maxRedirects: 0,
  });
  expect(res.status()).toBe(303);
}

test("inbox: find an enquiry, change its status, add notes, export CSV (JS)", async ({
  adminPage: page,
}) => {
  const name = `Thandi${Date.now()}`;
  await sendEnquiry(page.request, name);
  await page.goto("/admin/enquiries");
  const nav = page.getByRole("navigation", { name: "Admin" });
  await expect(nav.getByRole("link", { name: /^Enquiries \d+ new$/ })).toBeVisible();
  expect(await violations(page)).toEqual([]);

  await page.getByLabel("Search").fill(name);
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(new RegExp(`q=${name}`));
  await expect(page.getByText("1 enquiry match")).toBeVisible();
  await page.getByRole("link", { name: `${name} Inbox` }).click();

  await expect(page.getByRole("heading", { name: `Enquiry from ${name} Inbox` })).toBeVisible();
  await expect(page.getByRole("link", { name: "Reply by e-mail" })).toHaveAttribute(
    "href",
    new RegExp(`^mailto:${name.toLowerCase()}@example.org\\?subject=`),
  );
  await expect(page.getByRole("link", { name: /WhatsApp \+27 82 555 0123/ })).toHaveAttribute(
    "href",
    /^https:\/\/wa\.me\/27825550123\?text=/,
  );
  expect(await violations(page)).toEqual([]);
  await page.getByRole("button", { name: "Mark as Replied" }).click();
  await expect(page.locator(".admin-section-header .badge")).toHaveText("Replied");
  await expect(page.getByRole("button", { name: "Mark as Replied" })).toHaveCount(0);

  await page.getByLabel("Notes (only the team sees these)").fill("Sent the Zanzibar options.");
  await page.getByRole("button", { name: "Save notes" }).click();
  await expect(page.getByText("Notes saved.")).toBeVisible();

  await page.getByRole("link", { name: "← All enquiries" }).click();
  await page.getByLabel("Search").fill(name);
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page.getByText("1 enquiry match")).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: /Export CSV/ }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^enquiries-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = fs.readFileSync((await download.path())!, "utf8");
  const lines = csv.trim().split("\r\n");
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`"Replied","${name}","Inbox"`);
  expect(lines[1]).toContain(`"'=cmd|' /C calc'!A0 and a safari"`);
  expect(lines[1]).toContain('"Sent the Zanzibar options."');
});

test("inbox works without JavaScript: filter, status, delete @nojs", async ({
  adminPage: page,
  javaScriptEnabled,
}) => {
  test.skip(javaScriptEnabled !== false, "the no-JS project runs this");
  const name = `Zola${Date.now()}`;
  await sendEnquiry(page.request, name);
  await page.goto("/admin/enquiries");
  await page.getByLabel("Status").selectOption("new");
  await page.getByLabel("Search").fill(name);
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/status=new/);
  await page.getByRole("link", { name: `${name} Inbox` }).click();
  await page.getByRole("button", { name: "Mark as Closed" }).click();
  await expect(page.locator(".admin-section-header .badge")).toHaveText("Closed");
  await page.getByRole("link", { name: "Delete this enquiry…" }).click();
  await page.getByRole("button", { name: "Delete permanently" }).click();
  await expect(page).toHaveURL(/\/admin\/enquiries$/);
  await page.getByLabel("Search").fill(name);
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page.getByText("No enquiries match these filters.")).toBeVisible();
});

test.describe("without client scripts", () => {
  test.use({ waitForHydration: false });

  test("axe finds no violations on the inbox and an enquiry as served", async ({
    adminPage: page,
  }) => {
    const name = `Axe${Date.now()}`;
    await sendEnquiry(page.request, name);
    await page.route("**/assets/*.js", (route) => route.abort());
    await page.goto(`/admin/enquiries?q=${name}`);
    expect(await violations(page)).toEqual([]);
    await page.getByRole("link", { name: `${name} Inbox` }).click();
    expect(await violations(page)).toEqual([]);
    await page.getByRole("link", { name: "Delete this enquiry…" }).click();
    expect(await violations(page)).toEqual([]);
  });
});
