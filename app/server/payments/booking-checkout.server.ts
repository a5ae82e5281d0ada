import { sql } from "kysely";
import { paymentSummary, type PaymentSummary } from "~/domain/booking-payments";
import { depositRuleFor, packageDepositOf, type DepositRule } from "~/domain/deposits";
import { isBookingReference } from "~/domain/bookings";
import { isUuid } from "~/domain/schemas";
import { todayIn } from "~/domain/trip-facts";
import {
  submitBooking,
  type BookingFormOutcome,
  type BookingSettings,
} from "../bookings/booking-form.server";
import { hashToken } from "../bookings/bookings.server";
import type { Db } from "../platform/db.server";
import { isUniqueViolation } from "../platform/errors.server";
import { log } from "../platform/log.server";
import { loadDepositRule, startCheckout, type CheckoutOutcome } from "./payments.server";
import type { StripeAccess } from "./stripe.server";

/*
 * The traveller's side of paying (decisions 130, 131, 133, 134): the booking form's "Book and
 * pay", what the booking and private pages show about money, and the private page's pay button
 * for a booking that already exists. The webhook, not any of these, marks a payment paid.
 */

/** What the booking page shows beside the total when payments are on. */
export interface DepositTerms {
  rule: DepositRule;
  /** The company's day and the departure's first day, so the page can work out the amounts. */
  today: string;
  startDate: string;
}

/** The deposit rule and the two days the booking page needs, or null for an unknown date. */
export async function depositTerms(
  db: Db,
  departureId: string,
  timeZone: string,
): Promise<DepositTerms | null> {
  if (!isUuid(departureId)) return null;
  const row = await db
    .selectFrom("departures as d")
    .innerJoin("packages as p", "p.id", "d.package_id")
    .select([sql<string>`d.start_date::text`.as("start_date"), "p.deposit_type", "p.deposit_value"])
    .where("d.id", "=", departureId)
    .executeTakeFirst();
  if (!row) return null;
  // The package's own rule, when it has one, instead of the company's (decision 142).
  const rule = depositRuleFor(
    await loadDepositRule(db),
    packageDepositOf(row.deposit_type, row.deposit_value),
  );
  return { rule, today: todayIn(timeZone), startDate: row.start_date };
}

/**
 * "Book and pay": the booking form exactly as a request (its checks, spam guard and seat rule),
 * then, for the booking that got its seats, a Checkout Session; the e-mails go after it, with the
 * hold the session left. Stripe unreachable leaves a plain request (decision 131).
 */
export function submitBookingAndPay(
  db: Db,
  access: StripeAccess,
  departureId: string,
  form: FormData,
  settings: BookingSettings & { origin: string },
): Promise<BookingFormOutcome<CheckoutOutcome>> {
  return submitBooking(db, departureId, form, settings, async (receipt) => {
    const payment = await startCheckout(db, access, {
      bookingId: receipt.id,
      origin: settings.origin,
      today: todayIn(settings.site.timeZone),
      rule: await loadDepositRule(db),
    });
    if (payment.kind === "stripe_unavailable")
      log("warn", "book and pay: Stripe unreachable, kept as a request", {
        reference: receipt.reference,
      });
    const row = await db
      .selectFrom("bookings")
      .select("hold_expires_at")
      .where("id", "=", receipt.id)
      .executeTakeFirstOrThrow();
    const hold = row.hold_expires_at ? new Date(row.hold_expires_at).toISOString() : null;
    // On to Checkout: the e-mail says the seats are held while they pay (not an unpaid request).
    return { payment, holdExpiresAt: hold, paying: payment.kind === "checkout" };
  });
}

interface BookingMoneyRow {
  id: string;
  status: string;
  total_amount: string | null;
  currency: string;
  adults: number;
  children: number;
  start_date: string;
  deposit_type: DepositRule["type"] | null;
  deposit_value: string | null;
}

async function summaryOf(
  db: Db,
  booking: BookingMoneyRow,
  companyRule: DepositRule,
  today: string,
): Promise<PaymentSummary> {
  // The package's own rule, when it has one, instead of the company's (decision 142).
  const rule = depositRuleFor(
    companyRule,
    packageDepositOf(booking.deposit_type, booking.deposit_value),
  );
  const payments = await db
    .selectFrom("payments")
    .select(["amount", "status"])
    .where("booking_id", "=", booking.id)
    .where("status", "in", ["paid", "processing"])
    .execute();
  return paymentSummary({
    status: booking.status,
    total: booking.total_amount === null ? null : Number(booking.total_amount),
    currency: booking.currency,
    travellers: booking.adults + booking.children,
    startDate: booking.start_date,
    today,
    rule,
    paid: payments.filter((p) => p.status === "paid").reduce((sum, p) => sum + Number(p.amount), 0),
    processing: payments.some((p) => p.status === "processing"),
  });
}

/** The booking a private link opens (reference and token), with what its money needs. */
async function bookingByLink(
  db: Db,
  reference: string,
  token: string,
): Promise<BookingMoneyRow | undefined> {
  if (!isBookingReference(reference) || !/^[A-Za-z0-9_-]{20,100}$/.test(token)) return undefined;
  return db
    .selectFrom("bookings as b")
    .innerJoin("departures as d", "d.id", "b.departure_id")
    .innerJoin("packages as p", "p.id", "d.package_id")
    .select([
      "b.id",
      "b.status",
      "b.total_amount",
      "b.currency",
      "b.adults",
      "b.children",
      sql<string>`d.start_date::text`.as("start_date"),
      "p.deposit_type",
      "p.deposit_value",
    ])
    .where("b.reference", "=", reference)
    .where("b.token_hash", "=", hashToken(token))
    .executeTakeFirst();
}

/** What the private page shows about money: paid, processing, due and when. */
export async function bookingPaymentSummary(
  db: Db,
  link: { reference: string; token: string },
  options: { timeZone: string },
): Promise<PaymentSummary | null> {
  const booking = await bookingByLink(db, link.reference, link.token);
  if (!booking) return null;
  return summaryOf(db, booking, await loadDepositRule(db), todayIn(options.timeZone));
}

export type PayOutcome =
  | CheckoutOutcome
  /** A wrong reference or token: the private page's 404. */
  | { kind: "not_found" }
  /** A payment is on its way (taken, awaiting confirmation), or being started by another click. */
  | { kind: "processing" };

/** How close to its end an open session is still worth sending the traveller back to. */
const REUSE_MARGIN_MS = 2 * 60_000;

/**
 * The private page's pay button (decision 134): what is due now (the deposit, the balance, or
 * all of it). A session of the same amount still open at Stripe is reused, so a traveller who
 * left Checkout and comes back pays in the session they had; otherwise a new session with an
 * idempotency key of its own: the attempt's number, counted from the booking's card payments.
 */
export async function payBooking(
  db: Db,
  access: StripeAccess,
  input: { reference: string; token: string; origin: string; timeZone: string; now?: Date },
): Promise<PayOutcome> {
  const booking = await bookingByLink(db, input.reference, input.token);
  if (!booking) return { kind: "not_found" };
  const now = input.now ?? new Date();
  const today = todayIn(input.timeZone, now);
  const rule = await loadDepositRule(db);
  const summary = await summaryOf(db, booking, rule, today);
  if (summary.processing) return { kind: "processing" };
  const due = summary.due;
  if (!due) return { kind: "nothing_due" };

  const open = await db
    .selectFrom("payments")
    .select(["stripe_checkout_session_id", "expires_at"])
    .where("booking_id", "=", booking.id)
    .where("method", "=", "card")
    .where("status", "=", "open")
    .where("kind", "=", due.kind)
    .where("amount", "=", sql<string>`${due.amount}`)
    .where("stripe_checkout_session_id", "is not", null)
    .where("expires_at", ">", new Date(now.getTime() + REUSE_MARGIN_MS))
    .orderBy("created_at", "desc")
    .executeTakeFirst();
  if (open?.stripe_checkout_session_id) {
    try {
      const session = await access.stripe.checkout.sessions.retrieve(
        open.stripe_checkout_session_id,
      );
      if (session.status === "open" && session.url)
        return { kind: "checkout", url: session.url, sessionId: session.id };
      // Paid there, its event still on its way: nothing to start again.
      if (session.status === "complete") return { kind: "processing" };
    } catch {
      return { kind: "stripe_unavailable" };
    }
  }
  const made = await db
    .selectFrom("payments")
    .select(db.fn.countAll<string>().as("n"))
    .where("booking_id", "=", booking.id)
    .where("method", "=", "card")
    .executeTakeFirstOrThrow();
  try {
    return await startCheckout(db, access, {
      bookingId: booking.id,
      origin: input.origin,
      today,
      rule,
      now,
      retry: { kind: due.kind, amount: due.amount, attempt: Number(made.n) + 1 },
    });
  } catch (error) {
    // Two clicks at once counted the same attempt: the other one is starting the session.
    if (isUniqueViolation(error)) return { kind: "processing" };
    throw error;
  }
}

/** Where a traveller back from Checkout stands: the payment of that session, as the webhook left it. */
export type ReturnState = "paid" | "processing" | "failed" | "expired";

/**
 * The state of the payment of Checkout Session `sessionId`, when it belongs to the booking the
 * link opens (else null). "processing" until the webhook has marked it (decision 130): the
 * return URL itself never marks anything.
 */
export async function checkoutReturnState(
  db: Db,
  link: { reference: string; token: string },
  sessionId: string,
): Promise<ReturnState | null> {
  if (!/^cs_[A-Za-z0-9_]{1,250}$/.test(sessionId)) return null;
  const booking = await bookingByLink(db, link.reference, link.token);
  if (!booking) return null;
  const payment = await db
    .selectFrom("payments")
    .select("status")
    .where("booking_id", "=", booking.id)
    .where("stripe_checkout_session_id", "=", sessionId)
    .executeTakeFirst();
  if (!payment) return null;
  return payment.status === "open" ? "processing" : payment.status;
}
