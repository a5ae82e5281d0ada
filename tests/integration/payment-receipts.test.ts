import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_DEPOSIT_RULE } from "~/domain/deposits";
import { todayIn } from "~/domain/trip-facts";
import { createMailer, type Mailer } from "~/server/mail/mailer.server";
import { payBooking } from "~/server/payments/booking-checkout.server";
import { sendPaymentReceipts } from "~/server/payments/payment-mail.server";
import { bookAndPay, handleStripeWebhook } from "~/server/payments/payments.server";
import { type StripeAccess } from "~/server/payments/stripe.server";
import type { Db } from "~/server/platform/db.server";
import { bookingRequest } from "../support/bookings";
import { BACKENDS, useTestDatabase } from "../support/db";
import { makePackage } from "../support/factories";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp-server";
import {
  startStripeServer,
  testStripeAccess,
  type SignedEvent,
  type TestStripeServer,
} from "../support/stripe-server";

// The receipt to the traveller and the notice to the team once the webhook marked a payment
// paid (decision 133), sent by the job, once; and the balance paid from the private page's
// button, in a session of its own (decision 134).

const TZ = "Africa/Johannesburg";
const ORIGIN = "https://travel.example.com";
const SITE = { name: "Wanderlux Journeys", publicUrl: ORIGIN, languages: ["en" as const] };
const TEAM = "team@travel.example.com";

let stripe: TestStripeServer;
let access: StripeAccess;
let smtp: TestSmtpServer;
let mailer: Mailer;

beforeAll(async () => {
  stripe = await startStripeServer();
  smtp = await startSmtpServer();
  mailer = createMailer({ smtpUrl: smtp.url, from: "no-reply@travel.example.com" });
  access = testStripeAccess(stripe);
});
afterAll(async () => {
  mailer?.close();
  await smtp?.close();
  await stripe?.close();
});

const deliver = (db: Db, event: SignedEvent) =>
  handleStripeWebhook(db, access, Buffer.from(event.payload), event.signature);

async function paidDeposit(db: Db) {
  const pkg = await makePackage(db, "trip", {
    title: `Okavango ${Math.random().toString(36).slice(2, 8)}`,
    departures: [{ start_date: "2031-06-14", seats_total: 10, price_amount: 2_450_000 }],
  });
  const { booking, checkout } = await bookAndPay(
    db,
    access,
    pkg.departures[0]!.id,
    bookingRequest({ adults: "2" }),
    {
      source: "online",
      holdHours: 48,
      today: todayIn(TZ),
      origin: ORIGIN,
      rule: DEFAULT_DEPOSIT_RULE,
    },
  );
  if (booking.kind !== "booked" || checkout?.kind !== "checkout") throw new Error("not paying");
  const event = stripe.complete(checkout.sessionId);
  expect(await deliver(db, event)).toEqual({ status: 200, applied: true });
  return { receipt: booking.receipt, event };
}

const options = () => ({ mailer, site: SITE, notifyTo: TEAM });

describe.each(BACKENDS)("payment receipts on %s", (backend) => {
  const t = useTestDatabase(backend);

  it("e-mails the traveller a receipt and the team a notice, once, whatever is replayed", async () => {
    const db = t.db();
    const { receipt, event } = await paidDeposit(db);
    const seen = smtp.messages.length;
    // Two ticks (or two instances) at once: one of them claims the payment.
    const sent = await Promise.all([
      sendPaymentReceipts(db, options()),
      sendPaymentReceipts(db, options()),
    ]);
    expect(sent.sort()).toEqual([0, 1]);
    const mails = [await smtp.nextMessage(seen), await smtp.nextMessage(seen + 1)];
    const traveller = mails.find((m) => m.to[0] === receipt.email)!;
    const team = mails.find((m) => m.to[0] === TEAM)!;
    expect(traveller.subject).toBe(
      `Payment received for booking ${receipt.reference} · Wanderlux Journeys`,
    );
    expect(traveller.text).toMatch(/we have received your deposit of R\s12,250/);
    expect(traveller.text).toMatch(/The balance of R\s36,750 is due by 15 Apr 2031/);
    expect(team.subject).toMatch(
      new RegExp(`^Payment received: ${receipt.reference}, R\\s12,250 · Wanderlux Journeys$`),
    );
    expect(team.text).toContain(`${ORIGIN}/admin/bookings/${receipt.reference}`);
    expect(team.parsed.replyTo?.text).toBe(receipt.email);

    // Stripe sends the event again: nothing applied, nothing sent.
    expect(await deliver(db, event)).toEqual({ status: 200, applied: false });
    expect(await sendPaymentReceipts(db, options())).toBe(0);
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.messages.length).toBe(seen + 2);
  });

  it("takes the balance from the private page's button in a session of its own; the trip is then paid", async () => {
    const db = t.db();
    const { receipt } = await paidDeposit(db);
    await sendPaymentReceipts(db, options());
    const pay = await payBooking(db, access, {
      reference: receipt.reference,
      token: receipt.token,
      origin: ORIGIN,
      timeZone: TZ,
    });
    if (pay.kind !== "checkout") throw new Error(`no checkout: ${pay.kind}`);
    const session = stripe.sessions.get(pay.sessionId)!;
    expect(session).toMatchObject({
      amount_total: 3_675_000,
      metadata: { payment_kind: "balance", booking_reference: receipt.reference },
    });
    const payment = await db
      .selectFrom("payments")
      .select("idempotency_key")
      .where("stripe_checkout_session_id", "=", pay.sessionId)
      .executeTakeFirstOrThrow();
    expect(payment.idempotency_key).toBe(`checkout:${receipt.id}:balance:2`);
    // The same button again while that session is open: the same session, no new one.
    const made = stripe.createRequests;
    const again = await payBooking(db, access, {
      reference: receipt.reference,
      token: receipt.token,
      origin: ORIGIN,
      timeZone: TZ,
    });
    expect(again).toEqual(pay);
    expect(stripe.createRequests).toBe(made);

    const seen = smtp.messages.length;
    await deliver(db, stripe.complete(pay.sessionId));
    const booking = await db
      .selectFrom("bookings")
      .select("status")
      .where("id", "=", receipt.id)
      .executeTakeFirstOrThrow();
    expect(booking.status).toBe("paid");
    expect(await sendPaymentReceipts(db, options())).toBe(1);
    const mails = [await smtp.nextMessage(seen), await smtp.nextMessage(seen + 1)];
    const traveller = mails.find((m) => m.to[0] === receipt.email)!;
    expect(traveller.text).toMatch(/your balance of R\s36,750/);
    expect(traveller.text).toContain("Your trip is paid in full.");
    // Nothing is due any more: the button starts nothing.
    expect(
      await payBooking(db, access, {
        reference: receipt.reference,
        token: receipt.token,
        origin: ORIGIN,
        timeZone: TZ,
      }),
    ).toEqual({ kind: "nothing_due" });
    expect(
      await payBooking(db, access, {
        reference: receipt.reference,
        token: "wrong-token-wrong-token-wrong",
        origin: ORIGIN,
        timeZone: TZ,
      }),
    ).toEqual({ kind: "not_found" });
  });

  it("logs a receipt the mail server refused and does not send it again", async () => {
    const db = t.db();
    await paidDeposit(db);
    const refusing = await startSmtpServer({ rejectRecipients: true });
    const failing = createMailer({ smtpUrl: refusing.url, from: "no-reply@travel.example.com" });
    try {
      expect(await sendPaymentReceipts(db, { ...options(), mailer: failing })).toBe(1);
      expect(await sendPaymentReceipts(db, { ...options(), mailer: failing })).toBe(0);
      expect(refusing.messages).toEqual([]);
    } finally {
      failing.close();
      await refusing.close();
    }
  });
});
