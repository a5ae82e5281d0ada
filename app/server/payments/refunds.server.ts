import { sql } from "kysely";
import { travellerTitleSql } from "../catalogue/translations.server";
import type Stripe from "stripe";
import {
  BOOKING_STATUS_LABELS,
  isActiveBooking,
  isBookingReference,
  type BookingStatus,
} from "~/domain/bookings";
import { formatMoney, parseAmount } from "~/domain/money";
import { REFUND_CHOICES, type RefundChoice } from "~/domain/payment-ledger";
import { lockDepartures } from "../bookings/bookings.server";
import { recordEvent } from "../events/events.server";
import {
  sendWithNotice,
  travellerMailedMessage,
  type MailContent,
  type Mailer,
} from "../mail/mailer.server";
import type { Language } from "~/domain/i18n/languages";
import { mailVoice } from "../mail/mail-language.server";
import { linkMessage, type MailSite } from "../mail/templates.server";
import { inTransaction, type Db } from "../platform/db.server";
import { log } from "../platform/log.server";
import { loadLedger, type LedgerPayment } from "./ledger.server";
import type { StaffPaymentOutcome } from "./manual-payments.server";
import { createStripeAccess, type StripeAccess, type StripeSettings } from "./stripe.server";

/*
 * Cancelling a booking with a full, partial or no refund (decision 135). The refund is split
 * over the booking's paid payments, newest first. A card payment is refunded through Stripe's
 * Refunds API: its refunds row is written first ('pending') and its id is the idempotency key,
 * so a retry never refunds twice, and Stripe is called after that commit, with no lock held. A
 * manual payment's refund (money sent back by bank) is recorded. When Stripe cannot be reached
 * nothing is refunded, the rows go and the booking keeps its status: the form says so.
 */

export interface RefundOptions {
  /** Stripe, or null while payments are off (then only manual payments can be refunded). */
  access: StripeAccess | null;
  mailer: Mailer;
  /** The site and its languages: the traveller's e-mail is in their booking's (decision 148). */
  site: MailSite & { languages: readonly Language[] };
}

const accessByEnv = new WeakMap<StripeSettings, StripeAccess | null>();

/** The Stripe client for staff actions, made once per environment; null while payments are off. */
export function staffStripeAccess(env: StripeSettings): StripeAccess | null {
  if (!accessByEnv.has(env)) accessByEnv.set(env, createStripeAccess(env));
  return accessByEnv.get(env) ?? null;
}

interface Piece {
  payment: LedgerPayment;
  amount: number;
}

/** The refund split over the payments that can still give money back, newest first. */
function planRefund(payments: LedgerPayment[], amount: number): Piece[] {
  const pieces: Piece[] = [];
  let left = amount;
  for (const payment of [...payments].reverse()) {
    if (left <= 0) break;
    const take = Math.min(left, payment.refundable);
    if (take > 0) pieces.push({ payment, amount: take });
    left -= take;
  }
  return pieces;
}

/** The traveller's notice of a cancellation with its refund, in their language (decision 148). */
export function cancelledMail(
  site: MailSite & { languages: readonly Language[] },
  booking: {
    reference: string;
    leadName: string;
    packageTitle: string;
    startDate: string;
    endDate: string | null;
    language: string | null;
  },
  refund: { amount: number; currency: string } | null,
): MailContent {
  const voice = mailVoice(site, booking.language);
  const { t } = voice;
  return linkMessage(site, {
    lang: voice.lang,
    subject: t("mail.cancelled.subject", { reference: booking.reference }),
    lines: [
      t("mail.hello", { name: booking.leadName }),
      t("mail.cancelled.text", {
        reference: booking.reference,
        title: booking.packageTitle,
        dates: voice.dates(booking.startDate, booking.endDate),
      }),
      refund
        ? t("mail.cancelled.refund", { amount: voice.money(refund.amount, refund.currency) })
        : "",
    ].filter(Boolean),
    action: t("mail.contactUs"),
    path: voice.href("/contact"),
    validity: t("mail.cancelled.validity"),
    footer: t("mail.becauseBooked"),
  });
}

const text = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === "string" ? v : "";
};

/** The booking screen's "Cancel with refund" form. */
export async function cancelWithRefund(
  db: Db,
  reference: string,
  form: FormData,
  input: { adminId: string },
  options: RefundOptions,
): Promise<StaffPaymentOutcome> {
  const intent = "cancel-refund";
  if (!isBookingReference(reference)) return { kind: "missing" };
  const values = { refund: text(form, "refund"), refund_amount: text(form, "refund_amount") };
  const notify = form.get("notify") === "on";
  const refuse = (
    error: string,
    status: 400 | 409 = 409,
    fieldErrors?: Record<string, string>,
  ): StaffPaymentOutcome => ({ kind: "refused", status, intent, error, values, fieldErrors });
  const booking = await db
    .selectFrom("bookings")
    .select(["id", "status", "currency"])
    .where("reference", "=", reference)
    .executeTakeFirst();
  if (!booking) return { kind: "missing" };
  if (!isActiveBooking(booking.status)) {
    return refuse(
      `This booking is ${BOOKING_STATUS_LABELS[booking.status].toLowerCase()}: it can no longer be cancelled. Nothing was refunded.`,
    );
  }
  const choice = REFUND_CHOICES.find((c) => c === values.refund) as RefundChoice | undefined;
  if (!choice)
    return refuse("Choose a full, partial or no refund.", 400, { refund: "Choose one." });
  const ledger = (await loadLedger(db, booking.id))!;
  let amount = 0;
  if (choice === "full") amount = ledger.paid;
  if (choice === "partial") {
    const parsed = parseAmount(values.refund_amount, booking.currency);
    if (parsed === null || parsed <= 0) {
      return refuse("Enter the amount to refund, above zero. Nothing was changed.", 400, {
        refund_amount: `Enter an amount in ${booking.currency}, like 2450 or 2450.50.`,
      });
    }
    if (parsed > ledger.paid) {
      const most = formatMoney(Math.max(0, ledger.paid), booking.currency);
      return refuse(
        `At most ${most} was paid, so at most ${most} can be refunded. Nothing was changed.`,
        400,
        {
          refund_amount: `At most ${most}.`,
        },
      );
    }
    amount = parsed;
  }
  const pieces = planRefund(ledger.payments, Math.max(0, amount));
  const cards = pieces.filter((p) => p.payment.method === "card");
  if (cards.some((p) => !p.payment.paymentIntentId) || (cards.length > 0 && !options.access)) {
    return refuse(
      "A card payment cannot be refunded here while Stripe is not set up: refund it in Stripe's dashboard, then cancel with no refund. Nothing was changed.",
    );
  }

  // The card refunds' rows first: their ids are Stripe's idempotency keys.
  const written = await inTransaction(db, async (trx) => {
    const ids: string[] = [];
    for (const piece of cards) {
      const row = await trx
        .insertInto("refunds")
        .values({
          booking_id: booking.id,
          payment_id: piece.payment.id,
          amount: piece.amount,
          currency: piece.payment.currency,
          method: "card",
          status: "pending",
          created_by: input.adminId,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
    return ids;
  });
  const answers: Stripe.Refund[] = [];
  for (const [i, piece] of cards.entries()) {
    const id = written[i]!;
    try {
      answers.push(
        await options.access!.stripe.refunds.create(
          {
            payment_intent: piece.payment.paymentIntentId!,
            amount: piece.amount,
            reason: "requested_by_customer",
            metadata: { booking_id: booking.id, booking_reference: reference, refund_id: id },
          },
          { idempotencyKey: `refund:${id}` },
        ),
      );
    } catch (error) {
      log("error", "payments: a Stripe refund failed", { reference, error: String(error) });
      // The rows of refunds Stripe did not make go; refunds it made stay recorded.
      await db.deleteFrom("refunds").where("id", "in", written.slice(i)).execute();
      const done = answers.reduce((s, a) => s + a.amount, 0);
      if (done > 0) await recordCardRefunds(db, reference, written, answers, input.adminId);
      return refuse(
        done > 0
          ? `Stripe refunded ${formatMoney(done, booking.currency)}, then could not be reached for the rest. The booking was not cancelled: try again in a few minutes.`
          : `Stripe could not be reached, so nothing was refunded and the booking is still ${BOOKING_STATUS_LABELS[booking.status].toLowerCase()}. Try again in a few minutes.`,
      );
    }
  }

  const outcome = await inTransaction(db, async (trx) => {
    await recordCardRefunds(trx, reference, written, answers, input.adminId);
    for (const piece of pieces.filter((p) => p.payment.method === "manual")) {
      const row = await trx
        .insertInto("refunds")
        .values({
          booking_id: booking.id,
          payment_id: piece.payment.id,
          amount: piece.amount,
          currency: piece.payment.currency,
          method: "manual",
          status: "succeeded",
          created_by: input.adminId,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await recordEvent(trx, {
        type: "payment.refunded",
        adminId: input.adminId,
        details: {
          reference,
          refund: row.id,
          method: "manual",
          amount: piece.amount,
          currency: piece.payment.currency,
        },
      });
    }
    return cancelLocked(trx, reference, { adminId: input.adminId, notify, refunded: amount });
  });
  const refunded = amount > 0 ? formatMoney(amount, booking.currency) : null;
  const done = refunded
    ? `Booking ${reference} cancelled and ${refunded} refunded.`
    : `Booking ${reference} cancelled with no refund.`;
  if (!outcome) {
    return refuse(
      refunded
        ? `${refunded} was refunded, but the booking changed meanwhile and was not cancelled: look at it again.`
        : "The booking changed meanwhile and was not cancelled: look at it again.",
    );
  }
  if (!notify) return { kind: "done", message: done };
  const notice = await sendWithNotice(
    options.mailer,
    {
      to: outcome.email,
      ...cancelledMail(
        options.site,
        { reference, ...outcome },
        amount > 0 ? { amount, currency: booking.currency } : null,
      ),
    },
    "booking: the cancellation e-mail was not sent",
    { reference },
  );
  return {
    kind: "done",
    message: travellerMailedMessage(done, notice),
  };
}

/** Sets the card refund rows from Stripe's answers and logs each refund. */
async function recordCardRefunds(
  trx: Db,
  reference: string,
  ids: string[],
  answers: Stripe.Refund[],
  adminId: string,
): Promise<void> {
  for (const [i, answer] of answers.entries()) {
    // The webhook may have set the row already (it carries our id in metadata): never twice.
    const updated = await trx
      .updateTable("refunds")
      .set({
        stripe_refund_id: answer.id,
        status: refundStatus(answer.status),
        updated_at: sql`now()`,
      })
      .where("id", "=", ids[i]!)
      .where("stripe_refund_id", "is", null)
      .returning(["id", "amount", "currency"])
      .executeTakeFirst();
    if (!updated) continue;
    await recordEvent(trx, {
      type: "payment.refunded",
      adminId,
      details: {
        reference,
        refund: updated.id,
        method: "card",
        stripeRefund: answer.id,
        amount: Number(updated.amount),
        currency: updated.currency,
      },
    });
  }
}

const refundStatus = (status: string | null): "pending" | "succeeded" | "failed" | "canceled" =>
  status === "succeeded" || status === "failed" || status === "canceled" ? status : "pending";

/** Cancels the booking under its departure's lock; null when it is no longer active. */
async function cancelLocked(
  trx: Db,
  reference: string,
  input: { adminId: string; notify: boolean; refunded: number },
) {
  const found = await trx
    .selectFrom("bookings")
    .select("departure_id")
    .where("reference", "=", reference)
    .executeTakeFirstOrThrow();
  await lockDepartures(trx, [found.departure_id]);
  const b = await trx
    .selectFrom("bookings as b")
    .innerJoin("departures as d", "d.id", "b.departure_id")
    .innerJoin("packages as p", "p.id", "d.package_id")
    .select([
      "b.id",
      "b.status",
      "b.email",
      "b.lead_name",
      "b.language",
      // For the traveller's e-mail: the title in their language (decision 155).
      travellerTitleSql(sql.ref("b.language")).as("title"),
      sql<string>`d.start_date::text`.as("start_date"),
      sql<string | null>`d.end_date::text`.as("end_date"),
    ])
    .where("b.reference", "=", reference)
    .forUpdate("b")
    .executeTakeFirstOrThrow();
  const from: BookingStatus = b.status;
  if (!isActiveBooking(from)) return null;
  await trx
    .updateTable("bookings")
    .set({ status: "cancelled", updated_at: sql`now()` })
    .where("id", "=", b.id)
    .execute();
  await recordEvent(trx, {
    type: "booking.cancelled",
    adminId: input.adminId,
    details: { reference, from, to: "cancelled", emailed: input.notify, refunded: input.refunded },
  });
  return {
    email: b.email,
    leadName: b.lead_name,
    packageTitle: b.title,
    startDate: b.start_date,
    endDate: b.end_date,
    language: b.language,
  };
}

/** The refund events the webhook applies; charge.refunded is stored only (refund.* say more). */
export const REFUND_EVENTS = new Set(["refund.created", "refund.updated", "refund.failed"]);

/**
 * A refund.* event, inside the webhook's transaction (its id already stored once): our row by
 * Stripe's id, else by the id we put in its metadata; a refund made in Stripe's dashboard is
 * recorded against the payment it refunds. A refund that does not fit its payment (another
 * currency, more than is left) is not applied and flags the booking.
 */
export async function applyRefundEvent(trx: Db, refund: Stripe.Refund): Promise<boolean> {
  const status = refundStatus(refund.status);
  const ours = await trx
    .selectFrom("refunds")
    .select(["id", "booking_id", "status", "stripe_refund_id"])
    .where((eb) =>
      eb.or([
        eb("stripe_refund_id", "=", refund.id),
        ...(refund.metadata?.refund_id && /^[0-9a-f-]{36}$/.test(refund.metadata.refund_id)
          ? [eb.and([eb("id", "=", refund.metadata.refund_id), eb("stripe_refund_id", "is", null)])]
          : []),
      ]),
    )
    .forUpdate()
    .executeTakeFirst();
  if (ours) {
    // Forward only: pending → succeeded / failed / canceled; a succeeded refund may still fail.
    const moves = ours.status === "pending" || (ours.status === "succeeded" && status === "failed");
    if ((!moves || ours.status === status) && ours.stripe_refund_id === refund.id) return false;
    await trx
      .updateTable("refunds")
      .set({
        stripe_refund_id: refund.id,
        ...(moves ? { status } : {}),
        updated_at: sql`now()`,
      })
      .where("id", "=", ours.id)
      .execute();
    if (moves && (status === "failed" || status === "canceled")) {
      const { reference } = await trx
        .selectFrom("bookings")
        .select("reference")
        .where("id", "=", ours.booking_id)
        .executeTakeFirstOrThrow();
      await trx
        .updateTable("bookings")
        .set({
          payment_flag: `Stripe's refund ${refund.id} ${status === "failed" ? `failed${refund.failure_reason ? ` (${refund.failure_reason})` : ""}` : "was cancelled"}: the money did not go back to the traveller.`,
          updated_at: sql`now()`,
        })
        .where("id", "=", ours.booking_id)
        .execute();
      await recordEvent(trx, {
        type: "payment.refund_failed",
        adminId: null,
        details: { reference, stripeRefund: refund.id, status },
      });
    }
    return true;
  }
  const intent =
    typeof refund.payment_intent === "string" ? refund.payment_intent : refund.payment_intent?.id;
  if (!intent) return false;
  const payment = await trx
    .selectFrom("payments as p")
    .innerJoin("bookings as b", "b.id", "p.booking_id")
    .select(["p.id", "p.booking_id", "p.currency", "p.amount", "b.reference"])
    .where("p.stripe_payment_intent_id", "=", intent)
    .where("p.status", "=", "paid")
    .executeTakeFirst();
  if (!payment) return false;
  const ledger = (await loadLedger(trx, payment.booking_id))!;
  const left = ledger.payments.find((p) => p.id === payment.id)?.refundable ?? 0;
  const fits =
    refund.currency === payment.currency.toLowerCase() &&
    Number.isSafeInteger(refund.amount) &&
    refund.amount > 0 &&
    (refund.amount <= left || status === "failed" || status === "canceled");
  if (!fits) {
    await trx
      .updateTable("bookings")
      .set({
        payment_flag: `A Stripe refund ${refund.id} of ${refund.amount} ${refund.currency} does not fit its payment; it was not recorded.`,
        updated_at: sql`now()`,
      })
      .where("id", "=", payment.booking_id)
      .execute();
    await recordEvent(trx, {
      type: "payment.flagged",
      adminId: null,
      details: { reference: payment.reference, stripeRefund: refund.id },
    });
    return false;
  }
  const row = await trx
    .insertInto("refunds")
    .values({
      booking_id: payment.booking_id,
      payment_id: payment.id,
      amount: refund.amount,
      currency: payment.currency,
      method: "card",
      status,
      stripe_refund_id: refund.id,
      note: "Refunded in Stripe's dashboard.",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await recordEvent(trx, {
    type: "payment.refunded",
    adminId: null,
    details: {
      reference: payment.reference,
      refund: row.id,
      method: "card",
      stripeRefund: refund.id,
      amount: refund.amount,
      currency: payment.currency,
    },
  });
  return true;
}
