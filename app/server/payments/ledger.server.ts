import { sql } from "kysely";
import {
  balanceDueOn,
  ledgerTotals,
  type LedgerTotals,
  type ManualChannelName,
} from "~/domain/payment-ledger";
import type { Db } from "../platform/db.server";

/*
 * A booking's payments and refunds as rows, with who recorded each and what remains due
 * (decision 135): the booking screen's Payments section, and the rules of manual payments and
 * refunds, read from here.
 */

export interface LedgerPayment {
  id: string;
  amount: number;
  currency: string;
  kind: "deposit" | "balance" | "full";
  method: "card" | "manual";
  channel: ManualChannelName | null;
  status: string;
  paymentIntentId: string | null;
  /** When the money came: Stripe's confirmation, or the day staff typed. */
  paidAt: Date | null;
  receivedOn: string | null;
  createdAt: Date;
  note: string;
  /** The admin who recorded it (name, else e-mail); null for the traveller's card payment. */
  by: string | null;
  /** Paid minus refunds that did not fail: what can still be refunded. */
  refundable: number;
}

export interface LedgerRefund {
  id: string;
  paymentId: string;
  amount: number;
  currency: string;
  method: "card" | "manual";
  status: string;
  stripeRefundId: string | null;
  note: string;
  by: string | null;
  createdAt: Date;
}

export interface Ledger extends LedgerTotals {
  bookingId: string;
  total: number;
  currency: string;
  payments: LedgerPayment[];
  refunds: LedgerRefund[];
}

/** The ledger of the booking with this id (its total and currency as the booking holds them). */
export async function loadLedger(db: Db, bookingId: string): Promise<Ledger | undefined> {
  const booking = await db
    .selectFrom("bookings")
    .select(["id", "total_amount", "currency"])
    .where("id", "=", bookingId)
    .executeTakeFirst();
  if (!booking) return undefined;
  const payments = await db
    .selectFrom("payments as p")
    .leftJoin("admins as a", "a.id", "p.created_by")
    .select([
      "p.id",
      "p.amount",
      "p.currency",
      "p.kind",
      "p.method",
      "p.channel",
      "p.status",
      "p.stripe_payment_intent_id",
      "p.paid_at",
      sql<string | null>`p.received_on::text`.as("received_on"),
      "p.created_at",
      "p.note",
      "a.name",
      "a.email",
    ])
    .where("p.booking_id", "=", bookingId)
    .orderBy("p.created_at")
    .orderBy("p.id")
    .execute();
  const refunds = await db
    .selectFrom("refunds as r")
    .leftJoin("admins as a", "a.id", "r.created_by")
    .select([
      "r.id",
      "r.payment_id",
      "r.amount",
      "r.currency",
      "r.method",
      "r.status",
      "r.stripe_refund_id",
      "r.note",
      "r.created_at",
      "a.name",
      "a.email",
    ])
    .where("r.booking_id", "=", bookingId)
    .orderBy("r.created_at")
    .orderBy("r.id")
    .execute();
  const refundRows: LedgerRefund[] = refunds.map((r) => ({
    id: r.id,
    paymentId: r.payment_id,
    amount: Number(r.amount),
    currency: r.currency,
    method: r.method,
    status: r.status,
    stripeRefundId: r.stripe_refund_id,
    note: r.note,
    by: r.name || r.email || null,
    createdAt: new Date(r.created_at),
  }));
  const paymentRows: LedgerPayment[] = payments.map((p) => {
    const back = refundRows
      .filter((r) => r.paymentId === p.id && (r.status === "pending" || r.status === "succeeded"))
      .reduce((s, r) => s + r.amount, 0);
    return {
      id: p.id,
      amount: Number(p.amount),
      currency: p.currency,
      kind: p.kind,
      method: p.method,
      channel: p.channel,
      status: p.status,
      paymentIntentId: p.stripe_payment_intent_id,
      paidAt: p.paid_at ? new Date(p.paid_at) : null,
      receivedOn: p.received_on,
      createdAt: new Date(p.created_at),
      note: p.note,
      by: p.name || p.email || null,
      refundable: p.status === "paid" ? Math.max(0, Number(p.amount) - back) : 0,
    };
  });
  const total = Number(booking.total_amount ?? 0);
  return {
    bookingId,
    total,
    currency: booking.currency,
    payments: paymentRows,
    refunds: refundRows,
    ...ledgerTotals(total, paymentRows, refundRows),
  };
}

/** The balance's due day for a booking on a departure starting `startDate`, or null if none. */
export function balanceDueFor(
  status: string,
  startDate: string,
  ledger: Pick<Ledger, "due" | "paid">,
  balanceDueDays: number,
): string | null {
  if (ledger.due <= 0 || ledger.paid <= 0) return null;
  if (!["confirmed", "deposit_paid"].includes(status)) return null;
  return balanceDueOn(startDate, balanceDueDays);
}
