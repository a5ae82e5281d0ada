import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookingRequest, bookOnline } from "../support/bookings";
import { DEFAULT_DEPOSIT_RULE } from "~/domain/deposits";
import { todayIn } from "~/domain/trip-facts";
import { createAdmin } from "~/server/auth/admins.server";
import { loadBookingsInbox } from "~/server/bookings/booking-inbox.server";
import { findBookingByLink } from "~/server/bookings/bookings.server";
import {
  balanceClock,
  balanceJobs,
  flagOverdueBalances,
  remindBalances,
} from "~/server/payments/balance.server";
import { saveDepositRule } from "~/server/payments/deposit-settings.server";
import { loadLedger } from "~/server/payments/ledger.server";
import { recordManualPayment } from "~/server/payments/manual-payments.server";
import {
  bookAndPay,
  handleStripeWebhook,
  loadDepositRule,
} from "~/server/payments/payments.server";
import { reconcileOpenSessions, RECONCILE_AFTER_MS } from "~/server/payments/reconcile.server";
import { cancelWithRefund } from "~/server/payments/refunds.server";
import { appJobs } from "~/server/http/app-jobs.server";
import { LocalMediaStore } from "~/server/media/media-store.server";
import { parseEnv } from "~/server/platform/env.server";
import { siteConfigFrom } from "~/server/site/site.server";
import { type StripeAccess } from "~/server/payments/stripe.server";
import type { Db } from "~/server/platform/db.server";
import { BACKENDS, useTestDatabase } from "../support/db";
import { makePackage } from "../support/factories";
import { recordingMailer } from "../support/recording-mailer";
import {
  signedEvent,
  startStripeServer,
  testStripeAccess,
  TEST_SECRET_KEY,
  TEST_WEBHOOK_SECRET,
  type SignedEvent,
  type TestStripeServer,
} from "../support/stripe-server";

// The staff half of payments (decisions 135, 136): manual payments, cancelling with a full,
// partial or no refund (card refunds through the local Stripe-compatible server, whose refund.*
// webhooks are signed by the SDK's helper), Stripe failing, the balance reminders and overdue
// flag on a fake clock, the inbox's balance filters and the deposit rule's Settings form.

const ZONE = "Africa/Johannesburg";
const TODAY = todayIn(ZONE);
const ORIGIN = "http://localhost:3000";
const SITE = {
  name: "Wanderlux",
  publicUrl: "https://travel.example.com",
  timeZone: ZONE,
  languages: ["en" as const],
};

let stripe: TestStripeServer;
let access: StripeAccess;

beforeAll(async () => {
  stripe = await startStripeServer();
  access = testStripeAccess(stripe);
});
afterAll(async () => {
  await stripe.close();
});

/** A departure of 2 × R 24,500 = R 49,000 per booking (4 900 000 cents). */
async function departure(db: Db, startDate = "2031-06-14") {
  const pkg = await makePackage(db, "trip", {
    title: `Staff pay ${Math.random().toString(36).slice(2, 8)}`,
    departures: [{ start_date: startDate, seats_total: 20, price_amount: 2_450_000 }],
  });
  return pkg.departures[0]!.id;
}

/** A booking whose 25 % deposit (R 12,250) was paid by card through Checkout and its webhook. */
async function cardDeposit(db: Db, departureId: string) {
  const { booking, checkout } = await bookAndPay(
    db,
    access,
    departureId,
    bookingRequest({ adults: "2", email: "thandi@example.org" }),
    { source: "online", holdHours: 48, today: TODAY, origin: ORIGIN, rule: DEFAULT_DEPOSIT_RULE },
  );
  if (booking.kind !== "booked" || checkout?.kind !== "checkout") throw new Error("not paying");
  const outcome = await deliver(db, stripe.complete(checkout.sessionId));
  expect(outcome).toEqual({ status: 200, applied: true });
  return booking.receipt;
}

/** A booking staff confirmed, with nothing paid. */
async function confirmedBooking(db: Db, departureId: string) {
  const receipt = await bookOnline(db, departureId, { adults: "2", email: "amara@example.org" });
  await sql`update bookings set status = 'confirmed', hold_expires_at = null where id = ${receipt.id}`.execute(
    db,
  );
  return receipt;
}

const deliver = (db: Db, event: SignedEvent) =>
  handleStripeWebhook(db, access, Buffer.from(event.payload), event.signature);

function form(fields: Record<string, string>): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  return f;
}

const statusOf = async (db: Db, id: string) =>
  (
    await db
      .selectFrom("bookings")
      .select(["status", "payment_flag"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow()
  ).status;

const refundsOf = (db: Db, id: string) =>
  db
    .selectFrom("refunds")
    .selectAll()
    .where("booking_id", "=", id)
    .orderBy("created_at")
    .orderBy("amount", "desc")
    .execute();

const eventsOf = async (db: Db, reference: string) =>
  db
    .selectFrom("events")
    .select(["type", "admin_id", "details"])
    .where(sql<string>`details->>'reference'`, "=", reference)
    .orderBy("created_at")
    .orderBy("seq")
    .execute();

describe.each(BACKENDS)("staff payments on %s", (backend) => {
  const t = useTestDatabase(backend);
  const admin = async (db: Db) =>
    (
      await createAdmin(
        db,
        `pay-${Math.random().toString(36).slice(2, 8)}@example.com`,
        "a-long-password-1",
      )
    ).id;
  const options = (mailer = recordingMailer()) => ({ access, mailer, site: SITE });

  it("records a bank transfer: a manual row with who and when, an event, and deposit paid then paid", async () => {
    const db = t.db();
    const adminId = await admin(db);
    const b = await confirmedBooking(db, await departure(db));
    const first = await recordManualPayment(
      db,
      b.reference,
      form({
        intent: "payment",
        amount: "12 250.50",
        channel: "bank_transfer",
        received_on: TODAY,
        note: "FNB ref 4471",
      }),
      { adminId, today: TODAY },
    );
    expect(first).toMatchObject({ kind: "done" });
    expect(first.kind === "done" && first.message).toContain("deposit paid");
    expect(await statusOf(db, b.id)).toBe("deposit_paid");
    const [row] = await db
      .selectFrom("payments")
      .selectAll()
      .where("booking_id", "=", b.id)
      .execute();
    expect(row).toMatchObject({
      amount: "1225050",
      currency: "ZAR",
      method: "manual",
      channel: "bank_transfer",
      status: "paid",
      kind: "deposit",
      note: "FNB ref 4471",
      created_by: adminId,
    });
    const ledger = (await loadLedger(db, b.id))!;
    expect(ledger).toMatchObject({ total: 4_900_000, paid: 1_225_050, due: 3_674_950 });
    expect(ledger.payments[0]).toMatchObject({ receivedOn: TODAY });

    // More than is due is refused, naming the amount, until staff confirm it.
    const over = await recordManualPayment(
      db,
      b.reference,
      form({ amount: "40000", channel: "card_by_phone", received_on: TODAY, note: "" }),
      { adminId, today: TODAY },
    );
    expect(over).toMatchObject({ kind: "refused", status: 409, values: { askOver: "yes" } });
    expect(over.kind === "refused" && over.error).toContain("R\u00a036,749.50 still due");
    expect((await loadLedger(db, b.id))!.payments).toHaveLength(1);
    const rest = await recordManualPayment(
      db,
      b.reference,
      form({ amount: "36749.50", channel: "card_by_phone", received_on: TODAY, note: "" }),
      { adminId, today: TODAY },
    );
    expect(rest).toMatchObject({ kind: "done" });
    expect(await statusOf(db, b.id)).toBe("paid");
    expect((await loadLedger(db, b.id))!).toMatchObject({ paid: 4_900_000, due: 0 });
    const received = (await eventsOf(db, b.reference)).filter((e) => e.type === "payment.received");
    expect(received).toHaveLength(2);
    expect(received[1]).toMatchObject({
      admin_id: adminId,
      details: { kind: "balance", method: "Card on the phone", from: "deposit_paid", to: "paid" },
    });
    // Recorded anyway when confirmed: an overpayment stays visible (paid above the total).
    const extra = await recordManualPayment(
      db,
      b.reference,
      form({ amount: "100", channel: "bank_transfer", received_on: TODAY, over: "on" }),
      { adminId, today: TODAY },
    );
    expect(extra).toMatchObject({ kind: "done" });
    expect((await loadLedger(db, b.id))!).toMatchObject({ paid: 4_910_000, due: 0 });
    expect(await statusOf(db, b.id)).toBe("paid");
  });

  it("refuses a bad manual payment with a message per field, and records nothing", async () => {
    const db = t.db();
    const adminId = await admin(db);
    const b = await confirmedBooking(db, await departure(db));
    const bad = [
      [{ amount: "abc" }, "amount"],
      [{ amount: "-5" }, "amount"],
      [{ amount: "0" }, "amount"],
      [{ amount: "10.123" }, "amount"],
      [{ channel: "cash" }, "channel"],
      [{ received_on: "2999-01-01" }, "received_on"],
      [{ received_on: "2031-02-30" }, "received_on"],
      [{ note: "x".repeat(501) }, "note"],
    ] as const;
    for (const [change, field] of bad) {
      const outcome = await recordManualPayment(
        db,
        b.reference,
        form({ amount: "100", channel: "bank_transfer", received_on: TODAY, note: "", ...change }),
        { adminId, today: TODAY },
      );
      expect(outcome, JSON.stringify(change)).toMatchObject({ kind: "refused", status: 400 });
      expect(outcome.kind === "refused" && outcome.fieldErrors?.[field], field).toBeTruthy();
    }
    expect(
      await recordManualPayment(db, "WLX-ZZZZZZ", form({}), { adminId, today: TODAY }),
    ).toEqual({
      kind: "missing",
    });
    await sql`update bookings set status = 'cancelled' where id = ${b.id}`.execute(db);
    const closed = await recordManualPayment(
      db,
      b.reference,
      form({ amount: "100", channel: "bank_transfer", received_on: TODAY }),
      { adminId, today: TODAY },
    );
    expect(closed).toMatchObject({ kind: "refused", status: 409 });
    expect(await db.selectFrom("payments").select("id").execute()).toHaveLength(0);
    expect((await eventsOf(db, b.reference)).map((e) => e.type)).not.toContain("payment.received");
  });

  it("cancels with a full refund: the card part through Stripe's Refunds API, the bank part recorded", async () => {
    const db = t.db();
    const adminId = await admin(db);
    const b = await cardDeposit(db, await departure(db));
    expect(await statusOf(db, b.id)).toBe("deposit_paid");
    await recordManualPayment(
      db,
      b.reference,
      form({ amount: "1000", channel: "bank_transfer", received_on: TODAY }),
      { adminId, today: TODAY },
    );
    const mailer = recordingMailer();
    const outcome = await cancelWithRefund(
      db,
      b.reference,
      form({ intent: "cancel-refund", refund: "full", notify: "on" }),
      { adminId },
      options(mailer),
    );
    expect(outcome).toMatchObject({ kind: "done" });
    expect(outcome.kind === "done" && outcome.message).toContain("R\u00a013,250 refunded");
    expect(await statusOf(db, b.id)).toBe("cancelled");
    const refunds = await refundsOf(db, b.id);
    expect(refunds.map((r) => [r.method, r.amount, r.status, r.created_by])).toEqual([
      ["card", "1225000", "succeeded", adminId],
      ["manual", "100000", "succeeded", adminId],
    ]);
    const made = stripe.refunds.get(refunds[0]!.stripe_refund_id!)!;
    expect(made).toMatchObject({
      amount: 1_225_000,
      idempotencyKey: `refund:${refunds[0]!.id}`,
      metadata: { booking_reference: b.reference, refund_id: refunds[0]!.id },
    });
    expect((await loadLedger(db, b.id))!).toMatchObject({ paid: 0, refunded: 1_325_000 });
    const types = (await eventsOf(db, b.reference)).map((e) => e.type);
    expect(types.filter((t) => t === "payment.refunded")).toHaveLength(2);
    expect(types).toContain("booking.cancelled");
    expect(mailer.sent).toHaveLength(1);
    expect(mailer.sent[0]!.text).toContain("We are refunding R\u00a013,250");

    // Stripe's own events about that refund change nothing twice: our row already has its id.
    const created = stripe.refundEvent(made.id, "refund.created");
    expect(await deliver(db, created)).toEqual({ status: 200, applied: false });
    expect(await deliver(db, created)).toEqual({ status: 200, applied: false });
    expect(await refundsOf(db, b.id)).toHaveLength(2);
    // A cancelled booking cannot be cancelled (or refunded) again.
    const again = await cancelWithRefund(
      db,
      b.reference,
      form({ refund: "full" }),
      { adminId },
      options(),
    );
    expect(again).toMatchObject({ kind: "refused", status: 409 });
  });

  it("cancels with a partial refund of the card payment, and with no refund", async () => {
    const db = t.db();
    const adminId = await admin(db);
    const departureId = await departure(db);
    const partial = await cardDeposit(db, departureId);
    const tooMuch = await cancelWithRefund(
      db,
      partial.reference,
      form({ refund: "partial", refund_amount: "12250.01" }),
      { adminId },
      options(),
    );
    expect(tooMuch).toMatchObject({ kind: "refused", status: 400 });
    expect(tooMuch.kind === "refused" && tooMuch.fieldErrors?.refund_amount).toBe(
      "At most R\u00a012,250.",
    );
    for (const amount of ["", "0", "x"]) {
      expect(
        await cancelWithRefund(
          db,
          partial.reference,
          form({ refund: "partial", refund_amount: amount }),
          { adminId },
          options(),
        ),
      ).toMatchObject({ kind: "refused", status: 400 });
    }
    expect(
      await cancelWithRefund(
        db,
        partial.reference,
        form({ refund: "some" }),
        { adminId },
        options(),
      ),
    ).toMatchObject({ kind: "refused", status: 400 });
    expect(await statusOf(db, partial.id)).toBe("deposit_paid");
    const done = await cancelWithRefund(
      db,
      partial.reference,
      form({ refund: "partial", refund_amount: "5000" }),
      { adminId },
      options(),
    );
    expect(done).toMatchObject({
      kind: "done",
      message: expect.stringContaining("R\u00a05,000 refunded"),
    });
    expect((await refundsOf(db, partial.id)).map((r) => [r.amount, r.status])).toEqual([
      ["500000", "succeeded"],
    ]);
    expect((await loadLedger(db, partial.id))!).toMatchObject({ paid: 725_000 });

    const none = await cardDeposit(db, departureId);
    const kept = await cancelWithRefund(
      db,
      none.reference,
      form({ refund: "none" }),
      { adminId },
      options(),
    );
    expect(kept).toMatchObject({
      kind: "done",
      message: expect.stringContaining("with no refund"),
    });
    expect(await statusOf(db, none.id)).toBe("cancelled");
    expect(await refundsOf(db, none.id)).toHaveLength(0);
    expect((await loadLedger(db, none.id))!).toMatchObject({ paid: 1_225_000 });
  });

  it("Stripe failing or unreachable: a clear message, nothing refunded, the booking unchanged", async () => {
    const db = t.db();
    const adminId = await admin(db);
    const b = await cardDeposit(db, await departure(db));
    for (const failure of [{ status: 500 }, "reset", "reset"] as const) {
      stripe.failNext("/v1/refunds", failure);
    }
    for (let i = 0; i < 2; i++) {
      const outcome = await cancelWithRefund(
        db,
        b.reference,
        form({ refund: "full", notify: "on" }),
        { adminId },
        options(),
      );
      expect(outcome).toMatchObject({ kind: "refused", status: 409 });
      expect(outcome.kind === "refused" && outcome.error).toBe(
        "Stripe could not be reached, so nothing was refunded and the booking is still deposit paid. Try again in a few minutes.",
      );
      expect(await statusOf(db, b.id)).toBe("deposit_paid");
      expect(await refundsOf(db, b.id)).toHaveLength(0);
    }
    expect((await eventsOf(db, b.reference)).map((e) => e.type)).not.toContain("booking.cancelled");
    // Without Stripe set up a card payment is not refunded here either.
    const off = await cancelWithRefund(
      db,
      b.reference,
      form({ refund: "full" }),
      { adminId },
      { ...options(), access: null },
    );
    expect(off).toMatchObject({ kind: "refused", status: 409 });
    expect(await statusOf(db, b.id)).toBe("deposit_paid");
  });

  it("refund webhooks: a failed refund flags the booking once; a dashboard refund is recorded; a mismatch is not", async () => {
    const db = t.db();
    const adminId = await admin(db);
    const departureId = await departure(db);
    const b = await cardDeposit(db, departureId);
    await cancelWithRefund(db, b.reference, form({ refund: "full" }), { adminId }, options());
    const [ours] = await refundsOf(db, b.id);
    const failed = stripe.refundEvent(ours!.stripe_refund_id!, "refund.failed", {
      status: "failed",
      failure_reason: "expired_or_canceled_card",
    });
    expect(await deliver(db, failed)).toEqual({ status: 200, applied: true });
    expect(await deliver(db, failed)).toEqual({ status: 200, applied: false });
    expect((await refundsOf(db, b.id))[0]!.status).toBe("failed");
    const flagged = await db
      .selectFrom("bookings")
      .select("payment_flag")
      .where("id", "=", b.id)
      .executeTakeFirstOrThrow();
    expect(flagged.payment_flag).toContain("failed (expired_or_canceled_card)");
    expect((await loadLedger(db, b.id))!).toMatchObject({ paid: 1_225_000, refunded: 0 });

    // Refunded in Stripe's dashboard: recorded against the payment it refunds.
    const other = await cardDeposit(db, departureId);
    const [payment] = await db
      .selectFrom("payments")
      .select(["stripe_payment_intent_id"])
      .where("booking_id", "=", other.id)
      .execute();
    const refund = {
      id: "re_test_dashboard",
      object: "refund",
      amount: 200_000,
      currency: "zar",
      payment_intent: payment!.stripe_payment_intent_id,
      status: "succeeded",
      metadata: {},
    };
    expect(await deliver(db, signedEvent("refund.created", refund))).toEqual({
      status: 200,
      applied: true,
    });
    expect((await refundsOf(db, other.id)).map((r) => [r.amount, r.created_by, r.note])).toEqual([
      ["200000", null, "Refunded in Stripe's dashboard."],
    ]);
    // Another currency, or more than is left: not recorded, flagged.
    for (const wrong of [
      { id: "re_test_currency", currency: "usd" },
      { id: "re_test_more", amount: 5_000_000 },
    ]) {
      expect(await deliver(db, signedEvent("refund.created", { ...refund, ...wrong }))).toEqual({
        status: 200,
        applied: false,
      });
    }
    expect(await refundsOf(db, other.id)).toHaveLength(1);
    expect((await eventsOf(db, other.reference)).map((e) => e.type)).toContain("payment.flagged");
  });

  it("balance reminders at 14 and 7 days before the due day, once each, with a new link; overdue flags", async () => {
    const db = t.db();
    // Departs 2031-06-14; the balance is due 60 days before: 2031-04-15.
    const departureId = await departure(db, "2031-06-14");
    const b = await cardDeposit(db, departureId);
    const late = await cardDeposit(db, departureId);
    const paidUp = await confirmedBooking(db, departureId);
    await sql`update bookings set status = 'paid' where id = ${paidUp.id}`.execute(db);
    const mailer = recordingMailer();
    const [reminders, overdue] = balanceJobs({ mailer, site: SITE });
    const at = (day: string) => new Date(`${day}T10:00:00Z`);
    const run = (day: string) => reminders!.run({ db, now: at(day) });
    expect(await run("2031-03-31")).toBe(0);
    // The second booking's first reminder "went out" already; it still gets the 7-day one.
    await sql`update bookings set balance_reminded_14_at = now() where id = ${late.id}`.execute(db);
    expect(await run("2031-04-01")).toBe(1);
    expect(mailer.sent).toHaveLength(1);
    const mail = mailer.sent[0]!;
    expect(mail.to).toBe("thandi@example.org");
    expect(mail.subject).toContain(
      `Booking ${b.reference}: the balance of R\u00a036,750 is due on`,
    );
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
    expect(mail.text).toContain(`https://travel.example.com/booking/${b.reference}?token=`);
    // The link names the booking's private page, and the traveller's older link no longer works.
    expect(await findBookingByLink(db, b.reference, token)).toBeDefined();
    expect(await findBookingByLink(db, b.reference, b.token)).toBeUndefined();
    expect(await run("2031-04-01")).toBe(0);
    expect(await run("2031-04-07")).toBe(0);
    expect(await run("2031-04-08")).toBe(2);
    expect(await run("2031-04-08")).toBe(0);
    expect(await run("2031-04-15")).toBe(0);
    expect(mailer.sent.map((m) => m.to)).toEqual([
      "thandi@example.org",
      "thandi@example.org",
      "thandi@example.org",
    ]);
    const reminded = (await eventsOf(db, b.reference)).filter(
      (e) => e.type === "payment.balance_reminded",
    );
    expect(reminded.map((e) => (e.details as { days: number }).days)).toEqual([14, 7]);

    // Due day itself: not overdue yet. The day after: flagged once, still booked.
    expect(await overdue!.run({ db, now: at("2031-04-15") })).toBe(0);
    expect(await flagOverdueBalances(db, at("2031-04-16"), ZONE)).toBe(2);
    expect(await flagOverdueBalances(db, at("2031-04-17"), ZONE)).toBe(0);
    const row = await db
      .selectFrom("bookings")
      .select(["status", "payment_flag", "balance_overdue_at"])
      .where("id", "=", b.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("deposit_paid");
    expect(row.payment_flag).toBe(
      "The balance was not paid by its due day: contact the traveller.",
    );
    expect(await statusOf(db, paidUp.id)).toBe("paid");
    // Each reminder went out once: later days send nothing more.
    expect(await remindBalances(db, at("2031-04-10"), { mailer, site: SITE })).toBe(0);
  });

  it("the inbox filters Balance due and Overdue by the deposit rule's due day", async () => {
    const db = t.db();
    const soon = await cardDeposit(db, await departure(db, "2031-06-14"));
    const later = await cardDeposit(db, await departure(db, "2031-09-14"));
    await confirmedBooking(db, await departure(db, "2031-06-14"));
    // On 2031-05-01 the first balance (due 2031-04-15) is overdue, the second (due 2031-07-16) due.
    const clock = await balanceClock(db, ZONE, new Date("2031-05-01T10:00:00Z"));
    expect(clock).toEqual({ today: "2031-05-01", balanceDueDays: 60 });
    const refs = async (query: string) =>
      (await loadBookingsInbox(db, new URLSearchParams(query), clock)).items.map(
        (i) => i.reference,
      );
    expect(await refs("balance=due")).toEqual([later.reference]);
    expect(await refs("balance=overdue")).toEqual([soon.reference]);
    expect(await refs("")).toHaveLength(3);
    const unknown = await loadBookingsInbox(db, new URLSearchParams("balance=soon"), clock);
    expect(unknown.notices).toEqual(['Unknown balance filter "soon": ignored.']);
    expect(unknown.items).toHaveLength(3);
  });

  it("saves the company's deposit rule from Settings, refusing bad values with nothing saved", async () => {
    const db = t.db();
    const adminId = await admin(db);
    const save = (fields: Record<string, string>, mustEnrol = false) =>
      saveDepositRule(db, {
        admin: { id: adminId, mustEnrol },
        form: form({ deposit_percent: "", deposit_amount: "", balance_days: "60", ...fields }),
        currency: "ZAR",
      });
    expect(
      await save({ deposit_type: "per_traveller", deposit_amount: "3 000", balance_days: "45" }),
    ).toMatchObject({
      kind: "saved",
    });
    expect(await loadDepositRule(db)).toEqual({
      type: "per_traveller",
      value: 300_000,
      balanceDueDays: 45,
    });
    for (const [fields, field] of [
      [{ deposit_type: "percent", deposit_percent: "0" }, "deposit_percent"],
      [{ deposit_type: "percent", deposit_percent: "101" }, "deposit_percent"],
      [{ deposit_type: "percent", deposit_percent: "12.5" }, "deposit_percent"],
      [{ deposit_type: "per_traveller", deposit_amount: "0" }, "deposit_amount"],
      [{ deposit_type: "gift" }, "deposit_type"],
      [{ deposit_type: "full", balance_days: "-1" }, "balance_days"],
      [{ deposit_type: "full", balance_days: "366" }, "balance_days"],
    ] as const) {
      const outcome = await save(fields);
      expect(outcome, JSON.stringify(fields)).toMatchObject({ kind: "invalid", status: 400 });
      expect(outcome.kind === "invalid" && outcome.fieldErrors[field], field).toBeTruthy();
    }
    expect(await save({ deposit_type: "full" }, true)).toMatchObject({ status: 403 });
    expect(await loadDepositRule(db)).toEqual({
      type: "per_traveller",
      value: 300_000,
      balanceDueDays: 45,
    });
    expect(await save({ deposit_type: "full", balance_days: "30" })).toMatchObject({
      kind: "saved",
    });
    expect(await loadDepositRule(db)).toEqual({ type: "full", value: 0, balanceDueDays: 30 });
    const changed = await db
      .selectFrom("events")
      .select(["admin_id"])
      .where("type", "=", "settings.deposit_rule_changed")
      .execute();
    expect(changed).toEqual([{ admin_id: adminId }, { admin_id: adminId }]);
  });

  it("reconciliation applies sessions Stripe completed or expired whose webhook never came, once", async () => {
    const db = t.db();
    const departureId = await departure(db);
    const paying = async () => {
      const { booking, checkout } = await bookAndPay(
        db,
        access,
        departureId,
        bookingRequest({ adults: "2" }),
        {
          source: "online",
          holdHours: 48,
          today: TODAY,
          origin: ORIGIN,
          rule: DEFAULT_DEPOSIT_RULE,
        },
      );
      if (booking.kind !== "booked" || checkout?.kind !== "checkout") throw new Error("x");
      return { id: booking.receipt.id, session: checkout.sessionId };
    };
    const paid = await paying();
    const expired = await paying();
    const open = await paying();
    // Stripe took the payment and the session expired, but neither webhook arrived.
    const lost = stripe.complete(paid.session);
    stripe.expire(expired.session);
    const later = new Date(Date.now() + RECONCILE_AFTER_MS + 60_000);
    // Too young: left to the webhook.
    expect(await reconcileOpenSessions(db, access, new Date())).toBe(0);
    // Stripe unreachable: nothing changes, the next run tries again.
    stripe.failNext(`/v1/checkout/sessions/${paid.session}`, { status: 500 });
    expect(await reconcileOpenSessions(db, access, later)).toBe(0);
    expect(await statusOf(db, paid.id)).toBe("requested");
    expect(await reconcileOpenSessions(db, access, later)).toBe(2);
    expect(await statusOf(db, paid.id)).toBe("deposit_paid");
    expect(await statusOf(db, expired.id)).toBe("expired");
    expect(await statusOf(db, open.id)).toBe("requested");
    expect(await reconcileOpenSessions(db, access, later)).toBe(0);
    // The webhook arriving after all changes nothing twice.
    expect(await deliver(db, lost)).toEqual({ status: 200, applied: false });
    expect(
      (
        await db.selectFrom("payments").select("status").where("booking_id", "=", paid.id).execute()
      ).map((p) => p.status),
    ).toEqual(["paid"]);
  });

  it("registers the payment jobs only when payments are on", () => {
    const names = (env: Record<string, string>) => {
      const parsed = parseEnv(env);
      return appJobs(parsed, new LocalMediaStore("/tmp/wlx-unused-media"), {
        mailer: recordingMailer(),
        site: siteConfigFrom(parsed),
      })
        .map((j) => j.name)
        .filter((n) => n.startsWith("payment-"));
    };
    expect(names({})).toEqual([]);
    expect(
      names({
        STRIPE_SECRET_KEY: TEST_SECRET_KEY,
        STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
        STRIPE_API_URL: stripe.url,
      }),
    ).toEqual(["payment-balance-reminders", "payment-balance-overdue", "payment-reconcile"]);
  });
});
