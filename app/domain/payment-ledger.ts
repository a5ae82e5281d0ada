import {
  BALANCE_DUE_DAYS_MAX,
  daysBefore,
  DEPOSIT_TYPES,
  depositRuleProblem,
  type DepositRule,
} from "./deposits";
import { MAX_AMOUNT, parseAmount } from "./money";

/*
 * The staff half of payments (decisions 135, 136), shared by the booking screen and the server:
 * what a booking has paid and owes, the manual payment form's rules and the refund choices.
 * Integers of minor units throughout.
 */

export const MANUAL_CHANNELS = ["bank_transfer", "card_by_phone"] as const;
export type ManualChannelName = (typeof MANUAL_CHANNELS)[number];

export const MANUAL_CHANNEL_LABELS: Record<ManualChannelName, string> = {
  bank_transfer: "Bank transfer",
  card_by_phone: "Card on the phone",
};

export const REFUND_CHOICES = ["none", "full", "partial"] as const;
export type RefundChoice = (typeof REFUND_CHOICES)[number];

export const PAYMENT_NOTE_MAX = 500;

/** Days before the balance's due day on which the traveller is reminded, each once. */
export const BALANCE_REMINDER_DAYS = [14, 7] as const;

export interface LedgerTotals {
  /** Paid minus refunded (pending refunds count as refunded: the money is on its way back). */
  paid: number;
  refunded: number;
  /** What remains to be paid: the total minus the net paid, never below 0. */
  due: number;
}

/** The booking's money: payments that are paid, refunds that did not fail. */
export function ledgerTotals(
  total: number,
  payments: { amount: number; status: string }[],
  refunds: { amount: number; status: string }[],
): LedgerTotals {
  const paidIn = payments.filter((p) => p.status === "paid").reduce((s, p) => s + p.amount, 0);
  const refunded = refunds
    .filter((r) => r.status === "pending" || r.status === "succeeded")
    .reduce((s, r) => s + r.amount, 0);
  const paid = paidIn - refunded;
  return { paid, refunded, due: Math.max(0, total - paid) };
}

/** The day a booking's balance is due: its departure's first day minus the rule's days. */
export function balanceDueOn(startDate: string, balanceDueDays: number): string {
  return daysBefore(startDate, balanceDueDays);
}

/** The Stripe dashboard's page of a card payment; test mode has its own path. */
export function stripeDashboardUrl(paymentIntentId: string, testMode: boolean): string {
  return `https://dashboard.stripe.com/${testMode ? "test/" : ""}payments/${encodeURIComponent(paymentIntentId)}`;
}

/** True for a key of Stripe's test mode (sk_test_… or rk_test_…). */
export function isTestKey(key: string | undefined): boolean {
  return /^(sk|rk)_test_/.test(key ?? "");
}

const isDay = (value: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) &&
  !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
  new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

export interface ManualPaymentInput {
  amount: number;
  channel: ManualChannelName;
  receivedOn: string;
  note: string;
  /** Staff ticked "Record it anyway" for an amount above what is due. */
  overConfirmed: boolean;
}

export type ManualPaymentParse =
  { ok: true; value: ManualPaymentInput } | { ok: false; fieldErrors: Record<string, string> };

/**
 * The manual payment form, read: a decimal amount in the booking's currency (at most its
 * decimals), how it came, the day (not after today) and an optional note.
 */
export function parseManualPayment(
  form: { amount: string; channel: string; receivedOn: string; note: string; over: boolean },
  currency: string,
  today: string,
): ManualPaymentParse {
  const fieldErrors: Record<string, string> = {};
  const amount = parseAmount(form.amount, currency);
  if (amount === null || amount <= 0 || amount > MAX_AMOUNT)
    fieldErrors.amount = `Enter the amount received in ${currency}, above zero, like 2450 or 2450.50.`;
  const channel = MANUAL_CHANNELS.find((c) => c === form.channel);
  if (!channel)
    fieldErrors.channel = "Choose how the payment came: bank transfer or card on the phone.";
  const day = form.receivedOn.trim();
  if (!isDay(day)) fieldErrors.received_on = "Enter the day it was received, like 2031-06-14.";
  else if (day > today) fieldErrors.received_on = "The day received cannot be in the future.";
  else if (day < "2000-01-01") fieldErrors.received_on = "Enter the day it was received.";
  const note = form.note.replace(/\r\n?/g, "\n").trim();
  if (note.length > PAYMENT_NOTE_MAX)
    fieldErrors.note = `A note can be at most ${PAYMENT_NOTE_MAX} characters.`;
  if (Object.keys(fieldErrors).length > 0 || amount === null || !channel)
    return { ok: false, fieldErrors };
  return {
    ok: true,
    value: { amount, channel, receivedOn: day, note, overConfirmed: form.over },
  };
}

export type DepositRuleParse =
  | { ok: true; value: DepositRule }
  | { ok: false; error: string; fieldErrors: Record<string, string> };

/**
 * The Settings form of the company's deposit rule: the type, its value (a whole percentage, or an
 * amount per traveller typed in major units of `currency`) and the balance's days before departure.
 */
export function parseDepositRuleForm(
  form: { type: string; percent: string; perTraveller: string; balanceDueDays: string },
  currency: string,
): DepositRuleParse {
  const fieldErrors: Record<string, string> = {};
  const type = DEPOSIT_TYPES.find((t) => t === form.type);
  if (!type)
    fieldErrors.deposit_type = "Choose a percentage, an amount per traveller or the full amount.";
  let value = 0;
  if (type === "percent") {
    value = /^\s*\d{1,3}\s*$/.test(form.percent) ? Number(form.percent) : NaN;
    if (!(value >= 1 && value <= 100))
      fieldErrors.deposit_percent = "Enter a whole percentage from 1 to 100.";
  }
  if (type === "per_traveller") {
    value = parseAmount(form.perTraveller, currency) ?? NaN;
    if (!(value > 0))
      fieldErrors.deposit_amount = `Enter an amount per traveller in ${currency}, above zero, like 3000.`;
  }
  const daysText = form.balanceDueDays.trim();
  const days = /^\d{1,4}$/.test(daysText) ? Number(daysText) : NaN;
  const rule: DepositRule = { type: type ?? "percent", value, balanceDueDays: days };
  if (Number.isNaN(days) || days > BALANCE_DUE_DAYS_MAX)
    fieldErrors.balance_days = `Enter a whole number of days from 0 to ${BALANCE_DUE_DAYS_MAX}.`;
  if (Object.keys(fieldErrors).length === 0) {
    const problem = depositRuleProblem(rule);
    if (problem) fieldErrors.deposit_type = problem;
  }
  if (Object.keys(fieldErrors).length > 0 || !type)
    return { ok: false, error: "Check the deposit rule: nothing was saved.", fieldErrors };
  return { ok: true, value: rule };
}
