import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BookingRequest } from "~/domain/booking-schema";
import { bookingRequest } from "../support/bookings";
import { DEFAULT_DEPOSIT_RULE, type DepositRule } from "~/domain/deposits";
import { todayIn } from "~/domain/trip-facts";
import { expireBookings } from "~/server/bookings/booking-expiry.server";
import {
  bookAndPay,
  handleStripeWebhook,
  loadDepositRule,
} from "~/server/payments/payments.server";
import { type StripeAccess } from "~/server/payments/stripe.server";
import type { Db } from "~/server/platform/db.server";
import { BACKENDS, useTestDatabase } from "../support/db";
import { makePackage } from "../support/factories";
import {
  signedEvent,
  startStripeServer,
  testStripeAccess,
  type SignedEvent,
  type TestStripeServer,
} from "../support/stripe-server";

// Book and pay through Stripe Checkout (decisions 130, 131), against a local Stripe-compatible
// server; webhooks are signed with the SDK's own helper, so the real signature check runs.

const TODAY = todayIn("Africa/Johannesburg");
const ORIGIN = "http://localhost:3000";

function request(overrides: Record<string, string> = {}): BookingRequest {
  return bookingRequest({ adults: "2", ...overrides });
}

let stripe: TestStripeServer;
let access: StripeAccess;

beforeAll(async () => {
  stripe = await startStripeServer();
  access = testStripeAccess(stripe);
});
afterAll(async () => {
  await stripe.close();
});

async function departure(db: Db, seats: number, startDate = "2031-06-14") {
  const pkg = await makePackage(db, "trip", {
    title: `Pay ${Math.random().toString(36).slice(2, 8)}`,
    departures: [{ start_date: startDate, seats_total: seats, price_amount: 2_450_000 }],
  });
  return pkg.departures[0]!.id;
}

async function book(
  db: Db,
  departureId: string,
  rule: DepositRule = DEFAULT_DEPOSIT_RULE,
  fields = {},
) {
  return bookAndPay(db, access, departureId, request(fields), {
    source: "online",
    holdHours: 48,
    today: TODAY,
    origin: ORIGIN,
    rule,
  });
}

async function bookPaying(db: Db, departureId: string, rule?: DepositRule) {
  const { booking, checkout } = await book(db, departureId, rule);
  if (booking.kind !== "booked" || checkout?.kind !== "checkout")
    throw new Error(`not paying: ${booking.kind} ${checkout?.kind}`);
  return { receipt: booking.receipt, checkout };
}

const deliver = (db: Db, event: SignedEvent) =>
  handleStripeWebhook(db, access, Buffer.from(event.payload), event.signature);

const bookingRow = (db: Db, id: string) =>
  db
    .selectFrom("bookings")
    .select(["status", "hold_expires_at", "payment_flag"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();

const paymentsOf = (db: Db, id: string) =>
  db.selectFrom("payments").selectAll().where("booking_id", "=", id).execute();

async function seatsTaken(db: Db, departureId: string, now = new Date()): Promise<number> {
  const rows = await db
    .selectFrom("bookings")
    .select(["adults", "children"])
    .where("departure_id", "=", departureId)
    .where((eb) =>
      eb.or([
        eb("status", "in", ["confirmed", "deposit_paid", "paid", "completed"]),
        eb.and([eb("status", "=", "requested"), eb("hold_expires_at", ">", now)]),
      ]),
    )
    .execute();
  return rows.reduce((sum, r) => sum + r.adults + r.children, 0);
}

const eventTypes = async (db: Db) =>
  (await db.selectFrom("events").select("type").where("type", "like", "payment.%").execute()).map(
    (e) => e.type,
  );

describe.each(BACKENDS)("book and pay on %s", (backend) => {
  const t = useTestDatabase(backend);

  it("takes the deposit through Checkout; the webhook marks it paid, once", async () => {
    const db = t.db();
    const departureId = await departure(db, 10);
    const { receipt, checkout } = await bookPaying(db, departureId);
    const session = stripe.sessions.get(checkout.sessionId)!;
    // 25 % of 2 × R 24,500, in cents, in the departure's currency; the reference as metadata.
    expect(session).toMatchObject({
      amount_total: 1_225_000,
      currency: "zar",
      metadata: {
        booking_id: receipt.id,
        booking_reference: receipt.reference,
        payment_kind: "deposit",
      },
      success_url: `${ORIGIN}/booking/${receipt.reference}/return?session_id={CHECKOUT_SESSION_ID}`,
    });
    expect(checkout.url).toBe(session.url);
    // The seats are held for the session's life and a grace, not the 48 hours of a request.
    const held = await bookingRow(db, receipt.id);
    expect(held.status).toBe("requested");
    expect(new Date(held.hold_expires_at!).getTime()).toBe((session.expires_at + 600) * 1000);
    expect(await seatsTaken(db, departureId)).toBe(2);

    const completed = stripe.complete(checkout.sessionId);
    expect(await deliver(db, completed)).toEqual({ status: 200, applied: true });
    expect((await bookingRow(db, receipt.id)).status).toBe("deposit_paid");
    const [payment] = await paymentsOf(db, receipt.id);
    expect(payment).toMatchObject({
      status: "paid",
      kind: "deposit",
      method: "card",
      currency: "ZAR",
    });
    expect(Number(payment!.amount)).toBe(1_225_000);
    expect(payment!.stripe_payment_intent_id).toMatch(/^pi_test_/);
    // The same event again (Stripe retries): nothing changes twice.
    expect(await deliver(db, completed)).toEqual({ status: 200, applied: false });
    expect(await eventTypes(db)).toEqual(["payment.checkout_started", "payment.received"]);
  });

  it("charges the whole amount inside the balance window; the booking is paid", async () => {
    const db = t.db();
    // Departing in 30 days: inside the 60-day window.
    const soon = new Date(Date.parse(`${TODAY}T00:00:00Z`) + 30 * 86_400_000)
      .toISOString()
      .slice(0, 10);
    const departureId = await departure(db, 10, soon);
    const { receipt, checkout } = await bookPaying(db, departureId);
    expect(stripe.sessions.get(checkout.sessionId)?.amount_total).toBe(4_900_000);
    await deliver(db, stripe.complete(checkout.sessionId));
    expect((await bookingRow(db, receipt.id)).status).toBe("paid");
    expect((await paymentsOf(db, receipt.id))[0]?.kind).toBe("full");
  });

  it("frees the seats when the session expires unpaid; a late expiry never undoes a payment", async () => {
    const db = t.db();
    const departureId = await departure(db, 2);
    const { receipt, checkout } = await bookPaying(db, departureId);
    expect(await seatsTaken(db, departureId)).toBe(2);
    expect(await deliver(db, stripe.expire(checkout.sessionId))).toEqual({
      status: 200,
      applied: true,
    });
    expect((await bookingRow(db, receipt.id)).status).toBe("expired");
    expect((await paymentsOf(db, receipt.id))[0]?.status).toBe("expired");
    expect(await seatsTaken(db, departureId)).toBe(0);

    // Out of order: completed, then an (older) expired event for the same session.
    const other = await bookPaying(db, departureId);
    const completed = stripe.complete(other.checkout.sessionId);
    const expired = signedEvent("checkout.session.expired", {
      ...stripe.sessions.get(other.checkout.sessionId)!,
      status: "expired",
    });
    await deliver(db, completed);
    expect(await deliver(db, expired)).toEqual({ status: 200, applied: false });
    expect((await bookingRow(db, other.receipt.id)).status).toBe("deposit_paid");
  });

  it("the hold ends with the session even without Stripe's event (the expiry job)", async () => {
    const db = t.db();
    const departureId = await departure(db, 2);
    const { receipt } = await bookPaying(db, departureId);
    const late = new Date(Date.now() + 42 * 60_000);
    expect(await expireBookings(db, late)).toBe(1);
    expect((await bookingRow(db, receipt.id)).status).toBe("expired");
  });

  it("a payment confirmed after the hold ended takes the seats again when they are free, else flags", async () => {
    const db = t.db();
    const departureId = await departure(db, 2);
    const first = await bookPaying(db, departureId);
    await deliver(db, stripe.expire(first.checkout.sessionId));
    // Another traveller takes the freed seats meanwhile.
    const second = await bookPaying(db, departureId);
    const completed = stripe.complete(first.checkout.sessionId);
    // The hosted page let the first pay at the last second (the session had been open).
    const late = signedEvent(
      "checkout.session.completed",
      JSON.parse(completed.payload).data.object,
    );
    expect(await deliver(db, late)).toEqual({ status: 200, applied: true });
    const row = await bookingRow(db, first.receipt.id);
    expect(row.status).toBe("expired");
    expect(row.payment_flag).toMatch(/no longer free/);
    expect((await bookingRow(db, second.receipt.id)).status).toBe("requested");
    expect(await seatsTaken(db, departureId)).toBe(2);
  });

  it("refuses a forged, tampered or unsigned webhook with 400 and changes nothing", async () => {
    const db = t.db();
    const departureId = await departure(db, 10);
    const { receipt, checkout } = await bookPaying(db, departureId);
    const real = stripe.complete(checkout.sessionId);
    const forged = signedEvent(
      "checkout.session.completed",
      JSON.parse(real.payload).data.object,
      "whsec_wrong",
    );
    const bad = { status: 400, message: "Invalid Stripe signature" };
    expect(await deliver(db, forged)).toEqual(bad);
    expect(await deliver(db, { ...real, payload: real.payload.replace("1225000", "1") })).toEqual(
      bad,
    );
    expect(await handleStripeWebhook(db, access, Buffer.from(real.payload), undefined)).toEqual(
      bad,
    );
    expect(await handleStripeWebhook(db, access, undefined, real.signature)).toEqual(bad);
    expect((await bookingRow(db, receipt.id)).status).toBe("requested");
    expect(await db.selectFrom("stripe_events").selectAll().execute()).toEqual([]);
  });

  it("does not apply an event whose amount or currency differ, and flags the booking", async () => {
    const db = t.db();
    const departureId = await departure(db, 10);
    const { receipt, checkout } = await bookPaying(db, departureId);
    stripe.complete(checkout.sessionId);
    const object = { ...stripe.sessions.get(checkout.sessionId)! };
    expect(
      await deliver(
        db,
        signedEvent("checkout.session.completed", { ...object, amount_total: 100 }),
      ),
    ).toEqual({
      status: 200,
      applied: false,
    });
    expect(
      await deliver(db, signedEvent("checkout.session.completed", { ...object, currency: "usd" })),
    ).toEqual({
      status: 200,
      applied: false,
    });
    const row = await bookingRow(db, receipt.id);
    expect(row.status).toBe("requested");
    expect(row.payment_flag).toMatch(/usd where 1225000 zar was expected/);
    expect((await paymentsOf(db, receipt.id))[0]?.status).toBe("open");
    expect(await eventTypes(db)).toEqual([
      "payment.checkout_started",
      "payment.flagged",
      "payment.flagged",
    ]);
  });

  it("Stripe unreachable: the booking stays a plain request, with no payment row", async () => {
    const db = t.db();
    const departureId = await departure(db, 10);
    stripe.failNext("/v1/checkout/sessions", "reset");
    stripe.failNext("/v1/checkout/sessions", "reset");
    const { booking, checkout } = await book(db, departureId);
    expect(checkout).toEqual({ kind: "stripe_unavailable" });
    if (booking.kind !== "booked") throw new Error("not booked");
    const row = await bookingRow(db, booking.receipt.id);
    expect(row.status).toBe("requested");
    // The ordinary 48-hour hold of a request the team confirms.
    expect(new Date(row.hold_expires_at!).getTime() - Date.now()).toBeGreaterThan(47 * 3_600_000);
    expect(await paymentsOf(db, booking.receipt.id)).toEqual([]);

    stripe.failNext("/v1/checkout/sessions", { status: 500 });
    const again = await book(db, departureId);
    expect(again.checkout).toEqual({ kind: "stripe_unavailable" });
  });

  it("a delayed method completes unpaid (processing), then its async event pays or fails it", async () => {
    const db = t.db();
    const departureId = await departure(db, 10);
    const { receipt, checkout } = await bookPaying(db, departureId);
    await deliver(db, stripe.complete(checkout.sessionId, { async: true }));
    expect((await paymentsOf(db, receipt.id))[0]?.status).toBe("processing");
    expect((await bookingRow(db, receipt.id)).status).toBe("requested");
    const paid = { ...stripe.sessions.get(checkout.sessionId)!, payment_status: "paid" };
    await deliver(db, signedEvent("checkout.session.async_payment_succeeded", paid));
    expect((await bookingRow(db, receipt.id)).status).toBe("deposit_paid");
    // A failure arriving after the success changes nothing.
    await deliver(
      db,
      signedEvent("checkout.session.async_payment_failed", { ...paid, payment_status: "unpaid" }),
    );
    expect((await paymentsOf(db, receipt.id))[0]?.status).toBe("paid");
  });

  it("reads the company's deposit rule from the team settings, the default when unusable", async () => {
    const db = t.db();
    expect(await loadDepositRule(db)).toEqual(DEFAULT_DEPOSIT_RULE);
    const save = (value: unknown) =>
      db
        .insertInto("team_settings")
        .values({ name: "deposit_rule", value: JSON.stringify(value), updated_at: new Date() })
        .onConflict((oc) => oc.column("name").doUpdateSet({ value: JSON.stringify(value) }))
        .execute();
    await save({ type: "per_traveller", value: 300_000, balanceDueDays: 45 });
    expect(await loadDepositRule(db)).toEqual({
      type: "per_traveller",
      value: 300_000,
      balanceDueDays: 45,
    });
    await save({ type: "percent", value: 150, balanceDueDays: 45 });
    expect(await loadDepositRule(db)).toEqual(DEFAULT_DEPOSIT_RULE);
    await save({ type: "gift", value: 1, balanceDueDays: 45 });
    expect(await loadDepositRule(db)).toEqual(DEFAULT_DEPOSIT_RULE);
  });

  it("50 simultaneous book-and-pay on the last seat create exactly one Checkout Session", async () => {
    const db = t.db();
    const departureId = await departure(db, 1);
    const before = stripe.createRequests;
    const outcomes = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        book(db, departureId, DEFAULT_DEPOSIT_RULE, { adults: "1", email: `t${i}@example.com` }),
      ),
    );
    expect(outcomes.filter((o) => o.checkout?.kind === "checkout")).toHaveLength(1);
    expect(outcomes.filter((o) => o.booking.kind === "no_seats")).toHaveLength(49);
    expect(stripe.createRequests - before).toBe(1);
    expect(await db.selectFrom("payments").select("id").execute()).toHaveLength(1);
  }, 60_000);
});
