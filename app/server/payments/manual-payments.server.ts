import { sql } from "kysely";
import { BOOKING_STATUS_LABELS, isBookingReference, type BookingStatus } from "~/domain/bookings";
import { formatMoney } from "~/domain/money";
import {
  MANUAL_CHANNEL_LABELS,
  parseManualPayment,
  type ManualPaymentInput,
} from "~/domain/payment-ledger";
import { lockDepartures } from "../bookings/bookings.server";
import { recordEvent } from "../events/events.server";
import { inTransaction, type Db } from "../platform/db.server";
import { loadLedger } from "./ledger.server";

/*
 * A payment staff record by hand (decision 135): a bank transfer or a card taken on the phone.
 * It is a payments row (method 'manual', with how it came, the day and a note) and a
 * payment.received event naming who recorded it, and it moves the booking forward by the
 * webhook's rule: all paid → paid, part paid → deposit paid, never back.
 */

export type StaffPaymentOutcome =
  | { kind: "done"; message: string }
  | {
      kind: "refused";
      status: 400 | 409;
      intent: string;
      error: string;
      fieldErrors?: Record<string, string>;
      values?: Record<string, string>;
    }
  | { kind: "missing" };

/** Statuses that can take a payment: the booking holds (or will hold) its seats. */
const PAYABLE: readonly BookingStatus[] = ["requested", "confirmed", "deposit_paid", "paid"];

const RANK: Partial<Record<BookingStatus, number>> = {
  requested: 0,
  confirmed: 1,
  deposit_paid: 2,
  paid: 3,
};

/** The form's fields as typed, to show again after a refusal. */
function typed(form: FormData): Record<string, string> {
  const text = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v : "";
  };
  return {
    amount: text("amount"),
    channel: text("channel"),
    received_on: text("received_on"),
    note: text("note"),
  };
}

/** Records a manual payment posted by the booking screen's form. */
export async function recordManualPayment(
  db: Db,
  reference: string,
  form: FormData,
  input: { adminId: string; today: string },
): Promise<StaffPaymentOutcome> {
  const intent = "payment";
  if (!isBookingReference(reference)) return { kind: "missing" };
  const values = typed(form);
  const head = await db
    .selectFrom("bookings")
    .select(["id", "departure_id", "currency"])
    .where("reference", "=", reference)
    .executeTakeFirst();
  if (!head) return { kind: "missing" };
  const parsed = parseManualPayment(
    {
      amount: values.amount ?? "",
      channel: values.channel ?? "",
      receivedOn: values.received_on ?? "",
      note: values.note ?? "",
      over: form.get("over") === "on",
    },
    head.currency,
    input.today,
  );
  if (!parsed.ok) {
    return {
      kind: "refused",
      status: 400,
      intent,
      error: "Check the payment: nothing was recorded.",
      fieldErrors: parsed.fieldErrors,
      values,
    };
  }
  return inTransaction(db, (trx) =>
    applyManualPayment(trx, { ...head, reference }, parsed.value, input.adminId, values),
  );
}

async function applyManualPayment(
  trx: Db,
  head: { id: string; departure_id: string; reference: string },
  payment: ManualPaymentInput,
  adminId: string,
  values: Record<string, string>,
): Promise<StaffPaymentOutcome> {
  const intent = "payment";
  // The departure's lock first, as every change of a booking's seats takes it (decision 118).
  await lockDepartures(trx, [head.departure_id]);
  const booking = await trx
    .selectFrom("bookings")
    .select(["id", "status", "currency", "total_amount", "departure_id"])
    .select(sql<boolean>`coalesce(hold_expires_at > now(), false)`.as("held"))
    .where("id", "=", head.id)
    .forUpdate()
    .executeTakeFirstOrThrow();
  const refuse = (error: string, status: 400 | 409 = 409): StaffPaymentOutcome => ({
    kind: "refused",
    status,
    intent,
    error,
    values,
  });
  if (booking.departure_id !== head.departure_id)
    return refuse("This booking changed meanwhile: try again.");
  if (!PAYABLE.includes(booking.status)) {
    return refuse(
      `This booking is ${BOOKING_STATUS_LABELS[booking.status].toLowerCase()}: a payment can only be recorded for a booking that holds its seats. Nothing was recorded.`,
    );
  }
  if (booking.status === "requested" && !booking.held) {
    return refuse(
      "The hold on this booking has expired: confirm it first (its seats are checked then), then record the payment. Nothing was recorded.",
    );
  }
  const ledger = (await loadLedger(trx, booking.id))!;
  if (ledger.total <= 0) {
    return refuse("This booking has no price, so there is nothing to pay. Nothing was recorded.");
  }
  if (payment.amount > ledger.due && !payment.overConfirmed) {
    return {
      kind: "refused",
      status: 409,
      intent,
      error: `${formatMoney(payment.amount, booking.currency)} is more than the ${formatMoney(ledger.due, booking.currency)} still due. Tick "Record it anyway" to record it as it came (the difference is then owed back to the traveller). Nothing was recorded.`,
      fieldErrors: {
        amount: `More than the ${formatMoney(ledger.due, booking.currency)} still due.`,
      },
      values: { ...values, askOver: "yes" },
    };
  }
  const paidBefore = ledger.paid;
  const paidAfter = paidBefore + payment.amount;
  const kind =
    paidAfter >= ledger.total
      ? paidBefore > 0
        ? "balance"
        : "full"
      : paidBefore > 0
        ? "balance"
        : "deposit";
  const row = await trx
    .insertInto("payments")
    .values({
      booking_id: booking.id,
      amount: payment.amount,
      currency: booking.currency,
      kind,
      method: "manual",
      status: "paid",
      channel: payment.channel,
      received_on: payment.receivedOn,
      note: payment.note,
      paid_at: new Date(),
      created_by: adminId,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const next: BookingStatus = paidAfter >= ledger.total ? "paid" : "deposit_paid";
  const from = booking.status;
  const forward = (RANK[from] ?? 99) < (RANK[next] ?? 0);
  if (forward) {
    await trx
      .updateTable("bookings")
      .set({ status: next, hold_expires_at: null, updated_at: sql`now()` })
      .where("id", "=", booking.id)
      .execute();
  }
  await recordEvent(trx, {
    type: "payment.received",
    adminId,
    details: {
      reference: head.reference,
      payment: row.id,
      kind,
      method: MANUAL_CHANNEL_LABELS[payment.channel],
      amount: payment.amount,
      currency: booking.currency,
      receivedOn: payment.receivedOn,
      from,
      to: forward ? next : from,
    },
  });
  const money = formatMoney(payment.amount, booking.currency);
  return {
    kind: "done",
    message: forward
      ? `${money} by ${MANUAL_CHANNEL_LABELS[payment.channel].toLowerCase()} recorded. The booking is now ${BOOKING_STATUS_LABELS[next].toLowerCase()}.`
      : `${money} by ${MANUAL_CHANNEL_LABELS[payment.channel].toLowerCase()} recorded.`,
  };
}
