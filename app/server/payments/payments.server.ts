import { sql } from "kysely";
import type Stripe from "stripe";
import {
  amountDueAtBooking,
  DEFAULT_DEPOSIT_RULE,
  DEPOSIT_TYPES,
  depositRuleFor,
  depositRuleProblem,
  packageDepositOf,
  type DepositRule,
} from "~/domain/deposits";
import type { BookingRequest } from "~/domain/booking-schema";
import {
  lockDepartures,
  requestBooking,
  seatsLeftOn,
  type BookingOptions,
  type BookingOutcome,
} from "../bookings/bookings.server";
import { recordEvent } from "../events/events.server";
import { inTransaction, type Db } from "../platform/db.server";
import { applyRefundEvent, REFUND_EVENTS } from "./refunds.server";
import type { StripeAccess } from "./stripe.server";

/*
 * Paying for a booking through Stripe Checkout (decisions 130, 131). The seats are taken first,
 * under the departure lock, by the booking itself; Stripe is asked only after that commit, so no
 * lock is held across a network call and a seat is never sold twice. The payment row is written
 * before the call (amount, currency, idempotency key): the webhook applies an event only when its
 * session, amount and currency match that row. The webhook, not the return page, marks payments.
 */

/** How long a Checkout Session stays open: Stripe's minimum is 30 minutes; one more for skew. */
export const CHECKOUT_MINUTES = 31;
/** The seats stay held this long past the session's end, for a payment confirmed at the last second. */
export const HOLD_GRACE_MINUTES = 10;

/**
 * The company's deposit rule: the team setting 'deposit_rule' when it holds a usable rule,
 * otherwise the default (25 %, balance 60 days before departure).
 */
export async function loadDepositRule(db: Db): Promise<DepositRule> {
  const row = await db
    .selectFrom("team_settings")
    .select("value")
    .where("name", "=", "deposit_rule")
    .executeTakeFirst();
  const value: unknown = row?.value;
  if (typeof value !== "object" || value === null) return DEFAULT_DEPOSIT_RULE;
  const { type, value: amount, balanceDueDays } = value as Record<string, unknown>;
  const rule = {
    type: DEPOSIT_TYPES.find((t) => t === type),
    value: typeof amount === "number" ? amount : 0,
    balanceDueDays: typeof balanceDueDays === "number" ? balanceDueDays : NaN,
  };
  if (!rule.type) return DEFAULT_DEPOSIT_RULE;
  const typed: DepositRule = { ...rule, type: rule.type };
  return depositRuleProblem(typed) ? DEFAULT_DEPOSIT_RULE : typed;
}

export type CheckoutOutcome =
  | { kind: "checkout"; url: string; sessionId: string }
  /** A free trip, or a booking no longer waiting for payment: nothing to pay. */
  | { kind: "nothing_due" }
  /** Stripe did not answer: the booking stays a request the team confirms (decision 131). */
  | { kind: "stripe_unavailable" };

/**
 * A later attempt to pay an existing booking, from its private page (decision 134): what is due,
 * and the attempt's number, which gives the attempt an idempotency key of its own.
 */
export interface CheckoutRetry {
  kind: "deposit" | "balance" | "full";
  amount: number;
  attempt: number;
}

/**
 * Starts the Checkout Session for a booking just made (status requested, seats held): the
 * deposit, or the whole amount inside the balance window. `origin` is the site's (for the return
 * URLs), `today` the company's day, `rule` the company's deposit rule (the package's own, when
 * it has one, wins: decision 142). With `retry`, the amount and key are the retry's, and the
 * booking's hold is only ever lengthened to cover the session, never shortened.
 */
export async function startCheckout(
  db: Db,
  access: StripeAccess,
  input: {
    bookingId: string;
    origin: string;
    today: string;
    rule: DepositRule;
    now?: Date;
    retry?: CheckoutRetry;
  },
): Promise<CheckoutOutcome> {
  const booking = await db
    .selectFrom("bookings as b")
    .innerJoin("departures as d", "d.id", "b.departure_id")
    .innerJoin("packages as p", "p.id", "d.package_id")
    .select([
      "b.id",
      "b.reference",
      "b.status",
      "b.email",
      "b.adults",
      "b.children",
      "b.total_amount",
      "b.currency",
      sql<string>`d.start_date::text`.as("start_date"),
      "p.title",
      "p.deposit_type",
      "p.deposit_value",
    ])
    .where("b.id", "=", input.bookingId)
    .executeTakeFirst();
  if (!booking || (!input.retry && booking.status !== "requested")) return { kind: "nothing_due" };
  const due = input.retry
    ? { kind: input.retry.kind, now: input.retry.amount }
    : amountDueAtBooking({
        rule: depositRuleFor(
          input.rule,
          packageDepositOf(booking.deposit_type, booking.deposit_value),
        ),
        total: Number(booking.total_amount ?? 0),
        travellers: booking.adults + booking.children,
        startDate: booking.start_date,
        today: input.today,
      });
  if (!due) return { kind: "nothing_due" };
  const idempotencyKey = input.retry
    ? `checkout:${booking.id}:${due.kind}:${input.retry.attempt}`
    : `checkout:${booking.id}:${due.kind}`;
  const payment = await db
    .insertInto("payments")
    .values({
      booking_id: booking.id,
      amount: due.now,
      currency: booking.currency,
      kind: due.kind,
      method: "card",
      status: "open",
      idempotency_key: idempotencyKey,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const now = input.now ?? new Date();
  const meta = {
    booking_id: booking.id,
    booking_reference: booking.reference,
    payment_kind: due.kind,
  };
  const label = due.kind === "full" ? "full payment" : due.kind;
  // {CHECKOUT_SESSION_ID} must reach Stripe literally: URL() would encode its braces.
  const back = `${input.origin}/booking/${booking.reference}/return`;
  let session: Stripe.Checkout.Session;
  try {
    session = await access.stripe.checkout.sessions.create(
      {
        mode: "payment",
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: booking.currency.toLowerCase(),
              unit_amount: due.now,
              product_data: { name: `${booking.title}, ${booking.start_date}: ${label}` },
            },
          },
        ],
        client_reference_id: booking.reference,
        customer_email: booking.email,
        metadata: meta,
        payment_intent_data: {
          metadata: meta,
          description: `Booking ${booking.reference} ${label}`,
        },
        success_url: `${back}?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${back}?cancelled=1`,
        expires_at: Math.floor(now.getTime() / 1000) + CHECKOUT_MINUTES * 60,
      },
      { idempotencyKey },
    );
  } catch {
    // Nothing half-written: the payment row goes, the booking stays a plain request with its
    // ordinary hold, which the team confirms as without payments (decision 131).
    await db.deleteFrom("payments").where("id", "=", payment.id).execute();
    return { kind: "stripe_unavailable" };
  }
  const expiresAt = new Date(session.expires_at * 1000);
  await inTransaction(db, async (trx) => {
    await trx
      .updateTable("payments")
      .set({
        stripe_checkout_session_id: session.id,
        livemode: session.livemode,
        expires_at: expiresAt,
        updated_at: sql`now()`,
      })
      .where("id", "=", payment.id)
      .execute();
    // The seats are held for the session's life and a short grace (decision 131); a retry keeps
    // a longer hold the booking already had (decision 134).
    const holdEnd = new Date(expiresAt.getTime() + HOLD_GRACE_MINUTES * 60_000);
    await trx
      .updateTable("bookings")
      .set({
        hold_expires_at: input.retry ? sql<Date>`greatest(hold_expires_at, ${holdEnd})` : holdEnd,
        updated_at: sql`now()`,
      })
      .where("id", "=", booking.id)
      .where("status", "=", "requested")
      .execute();
    await recordEvent(trx, {
      type: "payment.checkout_started",
      adminId: null,
      details: {
        reference: booking.reference,
        kind: due.kind,
        amount: due.now,
        currency: booking.currency,
      },
    });
  });
  if (!session.url) return { kind: "stripe_unavailable" };
  return { kind: "checkout", url: session.url, sessionId: session.id };
}

/**
 * "Book and pay": the booking takes its seats under the departure lock (committed), then, only
 * for the booking that got them, the Checkout Session is asked for. A refused booking never
 * reaches Stripe, so many travellers racing for the last seat make one session at most.
 */
export async function bookAndPay(
  db: Db,
  access: StripeAccess,
  departureId: string,
  request: BookingRequest,
  options: BookingOptions & { origin: string; rule: DepositRule },
): Promise<{ booking: BookingOutcome; checkout: CheckoutOutcome | null }> {
  const booking = await requestBooking(db, departureId, request, options);
  if (booking.kind !== "booked") return { booking, checkout: null };
  const checkout = await startCheckout(db, access, {
    bookingId: booking.receipt.id,
    origin: options.origin,
    today: options.today,
    rule: options.rule,
  });
  return { booking, checkout };
}

export type WebhookOutcome = { status: 400; message: string } | { status: 200; applied: boolean };

const SESSION_EVENTS = new Set([
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
  "checkout.session.async_payment_failed",
  "checkout.session.expired",
]);

/**
 * One webhook delivery: verified against the raw body (a forged or tampered one is refused with
 * nothing changed), stored once by event id (a replay changes nothing twice), then applied in the
 * same transaction. Transitions only move forward, so events arriving out of order are harmless.
 */
export async function handleStripeWebhook(
  db: Db,
  access: StripeAccess,
  body: Buffer | string | undefined,
  signature: string | undefined,
): Promise<WebhookOutcome> {
  let event: Stripe.Event;
  try {
    if (body === undefined || body.length === 0) throw new Error("no body");
    event = access.stripe.webhooks.constructEvent(body, signature ?? "", access.webhookSecret);
  } catch {
    return { status: 400, message: "Invalid Stripe signature" };
  }
  return inTransaction(db, async (trx) => {
    const stored = await trx
      .insertInto("stripe_events")
      .values({ id: event.id, type: event.type })
      .onConflict((oc) => oc.column("id").doNothing())
      .returning("id")
      .executeTakeFirst();
    if (stored && REFUND_EVENTS.has(event.type)) {
      const refund = event.data.object as Stripe.Refund;
      return { status: 200, applied: await applyRefundEvent(trx, refund) };
    }
    if (!stored || !SESSION_EVENTS.has(event.type)) return { status: 200, applied: false };
    const session = event.data.object as Stripe.Checkout.Session;
    return { status: 200, applied: await applySessionEvent(trx, event.type, session) };
  });
}

/**
 * Applies a Checkout Session as Stripe reports it now (the reconciliation job, decision 136): the
 * same rules as its webhook event, in one transaction; true when something changed.
 */
export async function applySessionState(
  db: Db,
  session: Stripe.Checkout.Session,
): Promise<boolean> {
  const type =
    session.status === "expired"
      ? "checkout.session.expired"
      : session.status === "complete"
        ? "checkout.session.completed"
        : null;
  if (!type) return false;
  return inTransaction(db, (trx) => applySessionEvent(trx, type, session));
}

async function applySessionEvent(
  trx: Db,
  type: string,
  session: Stripe.Checkout.Session,
): Promise<boolean> {
  const found = await trx
    .selectFrom("payments")
    .select(["id", "booking_id"])
    .where("stripe_checkout_session_id", "=", session.id)
    .executeTakeFirst();
  if (!found) return false;
  const booking = await trx
    .selectFrom("bookings")
    .select("departure_id")
    .where("id", "=", found.booking_id)
    .executeTakeFirstOrThrow();
  // The departure's lock first, as every seat change takes it (decision 118), then the rows.
  const departures = await lockDepartures(trx, [booking.departure_id]);
  const payment = await trx
    .selectFrom("payments")
    .selectAll()
    .where("id", "=", found.id)
    .forUpdate()
    .executeTakeFirstOrThrow();
  const current = await trx
    .selectFrom("bookings")
    .select(["id", "reference", "status", "adults", "children"])
    .where("id", "=", payment.booking_id)
    .forUpdate()
    .executeTakeFirstOrThrow();
  const details = { reference: current.reference, session: session.id };

  if (type === "checkout.session.expired") {
    if (payment.status !== "open") return false;
    await setPayment(trx, payment.id, { status: "expired" });
    // The booking ends with its session unless it is still being paid in a later session, or its
    // hold reaches further (an ordinary request hold the traveller tried to pay within; 134).
    const hold = await trx
      .selectFrom("bookings")
      .select("hold_expires_at")
      .where("id", "=", current.id)
      .executeTakeFirstOrThrow();
    const sessionEnd = payment.expires_at ? new Date(payment.expires_at).getTime() : 0;
    const holdReachesFurther =
      hold.hold_expires_at !== null &&
      new Date(hold.hold_expires_at).getTime() > sessionEnd + HOLD_GRACE_MINUTES * 60_000;
    const laterSession = await trx
      .selectFrom("payments")
      .select("id")
      .where("booking_id", "=", current.id)
      .where("id", "<>", payment.id)
      .where("status", "in", ["open", "processing"])
      .executeTakeFirst();
    if (current.status === "requested" && !holdReachesFurther && !laterSession) {
      await trx
        .updateTable("bookings")
        .set({ status: "expired", updated_at: sql`now()` })
        .where("id", "=", current.id)
        .execute();
      await recordEvent(trx, {
        type: "booking.expired",
        adminId: null,
        details: { ...details, from: "requested", to: "expired" },
      });
    }
    return true;
  }

  const matches =
    session.amount_total === Number(payment.amount) &&
    session.currency === payment.currency.toLowerCase() &&
    session.metadata?.booking_id === payment.booking_id;
  if (!matches) {
    const flag = `A Stripe event for ${session.id} carried ${session.amount_total ?? "no amount"} ${session.currency ?? ""} where ${payment.amount} ${payment.currency.toLowerCase()} was expected; it was not applied.`;
    await trx
      .updateTable("bookings")
      .set({ payment_flag: flag, updated_at: sql`now()` })
      .where("id", "=", current.id)
      .execute();
    await recordEvent(trx, {
      type: "payment.flagged",
      adminId: null,
      details: {
        ...details,
        expectedAmount: Number(payment.amount),
        expectedCurrency: payment.currency,
        amount: session.amount_total ?? null,
        currency: session.currency ?? null,
      },
    });
    return false;
  }

  if (type === "checkout.session.async_payment_failed") {
    if (payment.status === "paid" || payment.status === "failed") return false;
    await setPayment(trx, payment.id, { status: "failed" });
    await recordEvent(trx, { type: "payment.failed", adminId: null, details });
    return true;
  }

  // completed or async_payment_succeeded.
  if (payment.status === "paid") return false;
  const intent =
    typeof session.payment_intent === "string"
      ? session.payment_intent
      : (session.payment_intent?.id ?? null);
  if (session.payment_status !== "paid") {
    // A delayed method (bank debit): paid later, or failed, by an async_* event.
    if (payment.status !== "open" && payment.status !== "expired") return false;
    await setPayment(trx, payment.id, { status: "processing", stripe_payment_intent_id: intent });
    return true;
  }
  await setPayment(trx, payment.id, {
    status: "paid",
    stripe_payment_intent_id: intent,
    paid_at: new Date(),
  });
  const next = payment.kind === "deposit" ? "deposit_paid" : "paid";
  const rank = { requested: 0, confirmed: 1, deposit_paid: 2, paid: 3 } as const;
  let flag: string | null = null;
  if (current.status === "expired" || current.status === "cancelled") {
    // Paid after the hold ended (decision 131): the seats are taken again when still free,
    // otherwise the team is told to refund.
    const departure = departures.get(booking.departure_id);
    const left = departure ? await seatsLeftOn(trx, departure) : 0;
    if (current.status === "cancelled" || left < current.adults + current.children)
      flag = `Paid after the booking was ${current.status}, and its seats are no longer free: refund or rebook.`;
  }
  const from = current.status;
  const forward =
    flag === null &&
    (from === "expired" || (from in rank && rank[from as keyof typeof rank] < rank[next]));
  await trx
    .updateTable("bookings")
    .set({
      ...(forward ? { status: next, hold_expires_at: null } : {}),
      ...(flag ? { payment_flag: flag } : {}),
      updated_at: sql`now()`,
    })
    .where("id", "=", current.id)
    .execute();
  await recordEvent(trx, {
    type: "payment.received",
    adminId: null,
    details: {
      ...details,
      kind: payment.kind,
      amount: Number(payment.amount),
      currency: payment.currency,
      from,
      to: forward ? next : from,
    },
  });
  if (flag) await recordEvent(trx, { type: "payment.flagged", adminId: null, details });
  return true;
}

async function setPayment(
  trx: Db,
  id: string,
  values: {
    status: "processing" | "paid" | "failed" | "expired";
    stripe_payment_intent_id?: string | null;
    paid_at?: Date;
  },
): Promise<void> {
  await trx
    .updateTable("payments")
    .set({ ...values, updated_at: sql`now()` })
    .where("id", "=", id)
    .execute();
}
