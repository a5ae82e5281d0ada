import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_DEPOSIT_RULE } from "~/domain/deposits";
import { todayIn } from "~/domain/trip-facts";
import { createAdmin } from "~/server/auth/admins.server";
import { createSession } from "~/server/auth/session.server";
import { bookAndPay, handleStripeWebhook } from "~/server/payments/payments.server";
import { type StripeAccess } from "~/server/payments/stripe.server";
import { bookingRequest } from "../support/bookings";
import { BACKENDS } from "../support/db";
import { makePackage } from "../support/factories";
import { formPost } from "../support/form-post";
import {
  ACCEPTS_HTML,
  decodeEntities,
  startLeadsServer,
  type LeadsServer,
} from "../support/leads-support";
import {
  startStripeServer,
  testStripeAccess,
  TEST_SECRET_KEY,
  TEST_WEBHOOK_SECRET,
  type TestStripeServer,
} from "../support/stripe-server";

// The booking screen's Payments section and its forms on the built server, with payments on
// (the SDK pointed at the local Stripe-compatible server): without JavaScript (a plain form
// post, then a redirect with a toast or the page again with the messages) and as the hydrated
// page sends them (a data request). A Sales member may record payments and refund.

const TODAY = todayIn("Africa/Johannesburg");

describe.each(BACKENDS)("the booking's payments over HTTP on %s", (backend) => {
  let server: LeadsServer;
  let stripe: TestStripeServer;
  let access: StripeAccess;
  let cookie: string;
  let departureId = "";
  const page = async (path: string, who = cookie) =>
    decodeEntities(await (await server.fetch(path, { headers: { Cookie: who } })).text());
  const post = (path: string, fields: Record<string, string>, who = cookie) =>
    formPost(server, path, fields, { ...ACCEPTS_HTML, Cookie: who });

  /** A booking whose 25 % card deposit (R 12,250 of R 49,000) Stripe's webhook marked paid. */
  async function paidDeposit() {
    const { booking, checkout } = await bookAndPay(
      server.db,
      access,
      departureId,
      bookingRequest({ adults: "2" }),
      {
        source: "online",
        holdHours: 48,
        today: TODAY,
        origin: server.url,
        rule: DEFAULT_DEPOSIT_RULE,
      },
    );
    if (booking.kind !== "booked" || checkout?.kind !== "checkout") throw new Error("not paying");
    const event = stripe.complete(checkout.sessionId);
    await handleStripeWebhook(server.db, access, Buffer.from(event.payload), event.signature);
    return booking.receipt;
  }
  const statusOf = async (reference: string) =>
    (
      await server.db
        .selectFrom("bookings")
        .select("status")
        .where("reference", "=", reference)
        .executeTakeFirstOrThrow()
    ).status;

  beforeAll(async () => {
    stripe = await startStripeServer();
    server = await startLeadsServer(backend, {
      STRIPE_SECRET_KEY: TEST_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
      STRIPE_API_URL: stripe.url,
    });
    access = testStripeAccess(stripe, { retries: 0 });
    cookie = await server.adminCookie();
    const pkg = await makePackage(server.db, "trip", {
      title: "Okavango by Mokoro",
      departures: [{ start_date: "2031-06-14", seats_total: 60, price_amount: 2_450_000 }],
    });
    departureId = pkg.departures[0]!.id;
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await stripe?.close();
  });
  beforeEach(async () => {
    await server.db.deleteFrom("refunds").execute();
    await server.db.deleteFrom("payments").execute();
    await server.db.deleteFrom("bookings").execute();
  });

  it("lists the card payment with its Stripe dashboard link (test mode), paid, due and the balance's day", async () => {
    const b = await paidDeposit();
    const intent = stripe.sessions.get(
      (
        await server.db
          .selectFrom("payments")
          .select("stripe_checkout_session_id")
          .executeTakeFirstOrThrow()
      ).stripe_checkout_session_id!,
    )!.payment_intent!;
    const html = await page(`/admin/bookings/${b.reference}`);
    expect(html).toContain('<h2 id="payments-heading">Payments</h2>');
    expect(html).toContain(`href="https://dashboard.stripe.com/test/payments/${intent}"`);
    expect(html).toMatch(/<dt>Paid<\/dt><dd>R\u00a012,250<\/dd>/);
    expect(html).toMatch(/<dt>Due<\/dt><dd>R\u00a036,750<\/dd>/);
    // 60 days before 14 June 2031.
    expect(html).toMatch(/<dt>Balance due on<\/dt><dd>[^<]*15 Apr[^<]*2031<\/dd>/);
    expect(html).toContain("The traveller");
    expect(html).toContain('value="cancel-refund"');
  });

  it("records a manual payment without JavaScript: a redirect and toast, or the form again with its messages", async () => {
    const b = await paidDeposit();
    const bad = await post(`/admin/bookings/${b.reference}`, {
      intent: "payment",
      amount: "12,34x",
      channel: "bank_transfer",
      received_on: TODAY,
      note: "Typed wrong",
    });
    expect(bad.status).toBe(400);
    const refused = decodeEntities(await bad.text());
    expect(refused).toContain("Check the payment: nothing was recorded.");
    expect(refused).toContain("Enter the amount received in ZAR");
    expect(refused).toContain('value="12,34x"');
    expect(refused).toContain(">Typed wrong</textarea>");

    const over = await post(`/admin/bookings/${b.reference}`, {
      intent: "payment",
      amount: "40000",
      channel: "bank_transfer",
      received_on: TODAY,
    });
    expect(over.status).toBe(409);
    expect(decodeEntities(await over.text())).toContain("Record it anyway (more than is due)");

    const done = await post(`/admin/bookings/${b.reference}`, {
      intent: "payment",
      amount: "36750",
      channel: "bank_transfer",
      received_on: TODAY,
      note: "FNB 4471",
    });
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe(`/admin/bookings/${b.reference}`);
    expect(await statusOf(b.reference)).toBe("paid");
    const flash = done.headers.get("set-cookie")!.split(";")[0]!;
    const html = await page(`/admin/bookings/${b.reference}`, `${cookie}; ${flash}`);
    expect(html).toContain("R\u00a036,750 by bank transfer recorded. The booking is now paid.");
    expect(html).toContain("Bank transfer");
    expect(html).toContain("FNB 4471");
    expect(html).toContain("leads-admin@example.com");
    expect(html).toMatch(/<dt>Due<\/dt><dd>R\u00a00<\/dd>/);
  });

  it("cancels with a refund through Stripe, and says so plainly when Stripe cannot be reached", async () => {
    const b = await paidDeposit();
    stripe.failNext("/v1/refunds", { status: 500 });
    stripe.failNext("/v1/refunds", { status: 500 });
    stripe.failNext("/v1/refunds", { status: 500 });
    const failed = await post(`/admin/bookings/${b.reference}`, {
      intent: "cancel-refund",
      refund: "full",
    });
    expect(failed.status).toBe(409);
    expect(decodeEntities(await failed.text())).toContain(
      "Stripe could not be reached, so nothing was refunded and the booking is still deposit paid.",
    );
    expect(await statusOf(b.reference)).toBe("deposit_paid");

    const partial = await post(`/admin/bookings/${b.reference}`, {
      intent: "cancel-refund",
      refund: "partial",
      refund_amount: "99999",
    });
    expect(partial.status).toBe(400);
    expect(decodeEntities(await partial.text())).toContain("At most R\u00a012,250.");

    const done = await post(`/admin/bookings/${b.reference}`, {
      intent: "cancel-refund",
      refund: "partial",
      refund_amount: "2000",
    });
    expect(done.status).toBe(302);
    expect(await statusOf(b.reference)).toBe("cancelled");
    expect([...stripe.refunds.values()].at(-1)).toMatchObject({ amount: 200_000 });
    const html = await page(`/admin/bookings/${b.reference}`);
    expect(html).toContain("−R\u00a02,000");
    expect(html).toMatch(/<dt>Refunded<\/dt><dd>R\u00a02,000<\/dd>/);
  });

  it("takes the same forms as the hydrated page sends them (data requests), from a Sales member", async () => {
    const sales = await createAdmin(
      server.db,
      `sales-${backend}@example.com`,
      "a long enough password",
      "sales",
    );
    const salesCookie = `wlx_session=${(await createSession(server.db, sales.id)).id}`;
    const b = await paidDeposit();
    const recorded = await formPost(
      server,
      `/admin/bookings/${b.reference}.data`,
      { intent: "payment", amount: "100", channel: "card_by_phone", received_on: TODAY },
      { Cookie: salesCookie },
    );
    expect([200, 202, 204]).toContain(recorded.status);
    expect(await recorded.text()).toContain(`/admin/bookings/${b.reference}`);
    const payments = await server.db
      .selectFrom("payments")
      .select(["channel", "created_by"])
      .where("method", "=", "manual")
      .execute();
    expect(payments).toEqual([{ channel: "card_by_phone", created_by: sales.id }]);

    const refused = await formPost(
      server,
      `/admin/bookings/${b.reference}.data`,
      { intent: "payment", amount: "", channel: "card_by_phone", received_on: TODAY },
      { Cookie: salesCookie },
    );
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Check the payment: nothing was recorded.");

    const cancelled = await formPost(
      server,
      `/admin/bookings/${b.reference}.data`,
      { intent: "cancel-refund", refund: "full" },
      { Cookie: salesCookie },
    );
    expect([200, 202, 204]).toContain(cancelled.status);
    expect(await statusOf(b.reference)).toBe("cancelled");
  });
});
