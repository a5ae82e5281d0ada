import { type Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { violations } from "./support/expectations";

// The team's payments in a browser, with JavaScript and without (decision 135): a booking taken
// on the phone, a refused manual payment shown again with its message, a bank transfer recorded
// (the booking moves to Deposit paid and the Payments section lists it), then the booking
// cancelled with a partial refund. Payments are off in this suite, so the money is recorded, not
// sent through Stripe (the HTTP suite covers Stripe's refunds). Axe on the screen, with JavaScript.

async function journey(page: Page, mode: string) {
  const toast = async (text: string | RegExp) => {
    if (mode === "JS") await expect(page.getByText(text)).toBeVisible();
  };
  const badge = page.locator(".admin-section-header .badge");
  const name = `Payer${Date.now()}`;
  await page.goto("/admin/bookings/new");
  const date = page.getByLabel("Trip and date");
  // A date with a price: only a priced booking has something to pay.
  const priced = await date
    .locator("option")
    .evaluateAll(
      (options) =>
        options
          .find((o) => o.getAttribute("value") && / pp /.test(o.textContent ?? ""))
          ?.getAttribute("value") ?? "",
    );
  expect(priced).not.toBe("");
  await date.selectOption(priced);
  await page.getByLabel("Lead traveller's full name").fill(`${name} Caller`);
  await page.getByLabel("E-mail", { exact: true }).fill(`${name.toLowerCase()}@example.org`);
  await page.getByLabel("Confirm at once (otherwise the seats are held)").check();
  await page.getByRole("button", { name: "Make booking" }).click();
  await expect(badge).toHaveText("Confirmed");

  const payments = page.locator("section[aria-labelledby='payments-heading']");
  await expect(page.getByRole("heading", { name: "Payments", level: 2 })).toBeVisible();
  await expect(payments.getByText("No payments yet.")).toBeVisible();

  await page.getByText("Record a payment").click();
  await page.getByLabel(/^Amount received/).fill("12,34x");
  await page.getByLabel("How it came").selectOption("bank_transfer");
  await page.getByLabel("Note (optional)").fill("FNB 4471");
  await page.getByRole("button", { name: "Record payment" }).click();
  await expect(page.getByText("Check the payment: nothing was recorded.")).toBeVisible();
  await expect(page.getByLabel(/^Amount received/)).toHaveValue("12,34x");
  await expect(page.getByLabel("How it came")).toHaveValue("bank_transfer");
  await expect(badge).toHaveText("Confirmed");

  await page.getByLabel(/^Amount received/).fill("1000");
  await page.getByRole("button", { name: "Record payment" }).click();
  await toast(/by bank transfer recorded\. The booking is now deposit paid\./);
  await expect(badge).toHaveText("Deposit paid");
  const table = page.getByRole("table", { name: "Payments and refunds, oldest first" });
  await expect(table.getByRole("row").nth(1)).toContainText("Bank transfer");
  await expect(table).toContainText("FNB 4471");
  if (mode === "JS") {
    await page.reload();
    expect(await violations(page)).toEqual([]);
  }

  await page.getByLabel("Partial refund", { exact: true }).check();
  await page.getByLabel(/^Amount to refund/).fill("400");
  await page.locator("#cancel-refund-notify").uncheck();
  await page.getByRole("button", { name: "Cancel booking" }).click();
  await toast(/cancelled and .*400 refunded\./);
  await expect(badge).toHaveText("Cancelled");
  await expect(table.getByRole("row").nth(2)).toContainText("Paid back by staff");
  await expect(page.locator(".payment-summary")).toContainText("Refunded");
}

test("staff record a bank transfer and cancel with a partial refund (JS)", async ({
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
