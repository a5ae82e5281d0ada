import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { request, type Page } from "@playwright/test";
import { freePort, launchNode, waitForHealth, type Proc } from "../support/processes";
import {
  deliverEvent,
  signedEvent,
  startStripeServer,
  TEST_SECRET_KEY,
  TEST_WEBHOOK_SECRET,
  type TestStripeServer,
} from "../support/stripe-server";
import { expect, test } from "./support/fixtures";
import { violations, FILL_TIME_MS } from "./support/expectations";

// Book and pay (decisions 130, 133) on a phone-sized screen, with JavaScript and without: a server
// of this spec's own with payments on (the suite's shared server has none, so other journeys are
// unchanged), pointed at the Stripe-compatible test server, whose page stands in for Checkout and
// whose Pay button sends the signed webhook. The private page shows the payment once it arrived.
// Then staff cancel the booking with a full refund: the refund goes to the test server's refunds
// endpoint, the booking shows it, and Stripe's signed refund webhooks (replayed) change nothing.

const SHOTS = process.env.PAY_SCREENSHOTS;

const ADMIN = { email: "pay-admin@example.com", password: "a long enough password 1" };

let app: { url: string; proc: Proc; dataDir: string };
let stripe: TestStripeServer;
let departureId: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  stripe = await startStripeServer();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "wlx-e2e-pay-"));
  const proc = launchNode("server.ts", [], {
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    SEED_DEMO: "false",
    LOG_LEVEL: "warn",
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    STRIPE_SECRET_KEY: TEST_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
    STRIPE_API_URL: stripe.url,
  });
  app = { url, proc, dataDir };
  await waitForHealth(url, proc, 90_000);
  stripe.webhookUrl = `${url}/webhooks/stripe`;
  // One trip with a date far ahead, made through the API as staff would.
  const api = await request.newContext({ baseURL: url });
  const login = await api.post("/api/admin/login", { data: ADMIN });
  expect(login.status(), await login.text()).toBe(200);
  const made = await api.post("/api/trips", {
    data: {
      title: "Okavango by Mokoro",
      price: "From R 24,500",
      duration: "6 days",
      status: "published",
      departures: [
        { start_date: "2031-06-14", seats_total: 12, price_amount: 2_450_000, currency: "ZAR" },
      ],
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const trip = (await made.json()) as { departures: { id: string }[] };
  departureId = trip.departures[0]!.id;
  await api.dispose();
});

test.afterAll(async () => {
  if (app) {
    app.proc.child.kill("SIGTERM");
    await app.proc.exited;
    fs.rmSync(app.dataDir, { recursive: true, force: true });
  }
  await stripe?.close();
});

/** With PAY_SCREENSHOTS set: the page at 390 and 1440 px wide, into that folder. */
async function screenshots(page: Page, name: string) {
  await page.screenshot({ path: `${SHOTS}/${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: `${SHOTS}/${name}-1440.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
}

/** The booking's reference, from the private page's URL (/booking/WLX-…). */
function referenceOf(page: Page): string {
  const match = /\/booking\/(WLX-[A-Z0-9]{6})/.exec(page.url());
  expect(match, page.url()).not.toBeNull();
  return match![1]!;
}

/**
 * Staff sign in, open the booking and cancel it with a full refund of the R 12,250 deposit: one
 * refund reaches the test server's /v1/refunds (keyed), the booking shows it as refunded, and
 * Stripe's own webhooks about that refund (refund.updated twice, the same event replayed, and
 * charge.refunded) are answered 200 and change nothing.
 */
async function staffRefund(page: Page, reference: string, shots?: string) {
  const login = await page.request.post(`${app.url}/api/admin/login`, { data: ADMIN });
  expect(login.status(), await login.text()).toBe(200);
  const refundsBefore = [...stripe.refunds.keys()];
  await page.goto(`${app.url}/admin/bookings/${reference}`);
  const badge = page.locator(".admin-section-header .badge");
  await expect(badge).toHaveText("Deposit paid");
  await page.getByLabel("Full refund (R 12,250)").check();
  // No mail server in this suite: the traveller is not e-mailed.
  await page.locator("#cancel-refund-notify").uncheck();
  await page.getByRole("button", { name: "Cancel booking" }).click();
  await expect(badge).toHaveText("Cancelled");

  const made = [...stripe.refunds.values()].filter((r) => !refundsBefore.includes(r.id));
  expect(made).toHaveLength(1);
  expect(made[0]).toMatchObject({ amount: 1_225_000, currency: "zar", status: "succeeded" });
  expect(made[0]!.idempotencyKey).toBeTruthy();

  const summary = page.locator(".payment-summary");
  const table = page.getByRole("table", { name: "Payments and refunds, oldest first" });
  const shown = async () => {
    await expect(badge).toHaveText("Cancelled");
    await expect(summary.getByText("Refunded", { exact: true })).toBeVisible();
    await expect(summary).toContainText("RefundedR 12,250");
    await expect(table.locator("tbody tr")).toHaveCount(2);
    await expect(table.locator("tbody tr").nth(1)).toContainText("−R 12,250");
    await expect(table.locator("tbody tr").nth(1)).toContainText("Card (Stripe)");
    await expect(table.locator("tbody tr").nth(1)).toContainText("Refunded");
    // The booking's history names the refund once, however often Stripe tells of it.
    await expect(page.getByText("Refund made", { exact: true })).toHaveCount(1);
  };
  await shown();

  const webhook = `${app.url}/webhooks/stripe`;
  const updated = stripe.refundEvent(made[0]!.id, "refund.updated");
  const charge = signedEvent("charge.refunded", {
    id: made[0]!.charge,
    object: "charge",
    amount: 1_225_000,
    amount_refunded: 1_225_000,
    currency: "zar",
    payment_intent: made[0]!.payment_intent,
    refunded: true,
  });
  for (const event of [updated, updated, charge]) {
    expect(await deliverEvent(webhook, event)).toBe(200);
  }
  await page.reload();
  await shown();
  if (shots) await screenshots(page, shots);
}

async function fillBooking(page: Page, name: string) {
  const form = page.getByRole("form", { name: "Your booking" });
  await form.getByLabel("Adults").selectOption("2");
  await form.getByLabel("Lead traveller's full name").fill(name);
  await form.getByLabel("Email").fill("thandi@example.com");
  await form.getByLabel("Phone (WhatsApp if you have it)").fill("+27 82 555 0101");
  await form.getByLabel("Country of residence").fill("South Africa");
  await form.getByLabel(/I accept the/).check();
  await page.waitForTimeout(FILL_TIME_MS);
  return form;
}

test.describe("book and pay on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });
  // A journey with several axe scans, on a machine others share.
  test.describe.configure({ timeout: 120_000 });

  test("the deposit through Checkout; the private page shows it once the webhook arrived (JS)", async ({
    page,
  }) => {
    await page.goto(`${app.url}/book/${departureId}`);
    const form = page.getByRole("form", { name: "Your booking" });
    await form.getByLabel("Adults").selectOption("2");
    // 25 % of 2 × R 24,500 now, the rest 60 days before 14 June 2031.
    await expect(
      form.getByText("Deposit due now: R 12,250. Balance: R 36,750, due by 15 Apr 2031."),
    ).toBeVisible();
    expect(await violations(page)).toEqual([]);
    if (SHOTS) await screenshots(page, "book");

    // The webhook waits: the page first says the payment is being confirmed.
    stripe.webhookUrl = undefined;
    await fillBooking(page, "Thandi Mokoena");
    await form.getByRole("button", { name: "Book and pay deposit" }).click();
    await expect(page).toHaveURL(new RegExp(`^${stripe.url}/pay/cs_test_`));
    await page.getByRole("button", { name: "Pay" }).click();
    await expect(page).toHaveURL(/\/booking\/WLX-[A-Z0-9]{6}\?token=.+&session=cs_test_/);
    await expect(page.getByText(/Your payment is being confirmed/)).toBeVisible();
    await expect(page.getByText("Requested", { exact: true })).toBeVisible();
    expect(await violations(page)).toEqual([]);

    stripe.webhookUrl = `${app.url}/webhooks/stripe`;
    const event = stripe.undelivered.pop()!;
    expect(await deliverEvent(stripe.webhookUrl, event)).toBe(200);
    // The page asks again by itself while a payment is being confirmed.
    await expect(page.getByText("Thank you: your payment is received.")).toBeVisible({
      timeout: 10_000,
    });
    await expect(page.getByText("Deposit paid", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: /^Pay the balance: R 36,750$/ })).toBeVisible();
    expect(await violations(page)).toEqual([]);
    if (SHOTS) await screenshots(page, "paid");

    await staffRefund(page, referenceOf(page), SHOTS ? "refunded" : undefined);
    expect(await violations(page)).toEqual([]);
  });

  test("the deposit through Checkout without JavaScript @nojs", async ({ page }) => {
    await page.goto(`${app.url}/book/${departureId}`);
    const form = await fillBooking(page, "Sipho Dlamini");
    await expect(page.getByText("25% of the total, paid when you book")).toBeVisible();
    // A plain POST answered 303 to Checkout's origin: the CSP's form-action lets it through.
    await form.getByRole("button", { name: "Book and pay deposit" }).click();
    await expect(page).toHaveURL(new RegExp(`^${stripe.url}/pay/cs_test_`));
    await expect(page.getByText("Amount: 12250.00 ZAR")).toBeVisible();
    await page.getByRole("button", { name: "Pay" }).click();
    await expect(page.getByText("Thank you: your payment is received.")).toBeVisible();
    await expect(page.getByText("Deposit paid", { exact: true })).toBeVisible();
    await expect(page.getByText("R 12,250", { exact: true })).toBeVisible();
    // Axe needs scripts in the page: the JS journey above scans these same screens.

    await staffRefund(page, referenceOf(page));
  });
});
