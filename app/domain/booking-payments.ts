import { amountDueAtBooking, daysBefore, type DepositRule } from "./deposits";
import { formatMoney } from "./money";
import { formatDay } from "./trip-facts";

/*
 * What a traveller has paid for a booking and what is still due, and when (decisions 130, 133):
 * the booking page and the private booking page show it. Integers of minor units throughout.
 */

/** The deposit rule in the booking page's words, for a date's currency. */
export function depositRuleText(rule: DepositRule, currency: string): string {
  if (rule.type === "percent") return `${rule.value}% of the total`;
  if (rule.type === "per_traveller") return `${formatMoney(rule.value, currency)} per traveller`;
  return "the full amount";
}

export interface PaymentDue {
  /** "deposit" leaves a balance, "balance" is what remains after a deposit, "full" is all. */
  kind: "deposit" | "balance" | "full";
  /** Minor units. */
  amount: number;
  /** The last day to pay it ("YYYY-MM-DD"); null when it is due now, at booking. */
  dueOn: string | null;
}

export interface PaymentSummary {
  currency: string;
  /** Minor units paid so far. */
  paid: number;
  /** A payment Stripe has taken but not yet confirmed (a delayed method, or an event on its way). */
  processing: boolean;
  /** What the traveller can pay now, or null when nothing is (paid in full, cancelled, …). */
  due: PaymentDue | null;
  /** After a deposit paid now: the balance and its day. */
  later: { amount: number; dueOn: string } | null;
}

/** The booking statuses that can still take a payment. */
const PAYABLE = new Set(["requested", "confirmed", "deposit_paid"]);

/**
 * What is paid and due for a booking: before any payment, the deposit by the rule (or all of it
 * inside the balance window); after one, the rest, due `balanceDueDays` before departure.
 */
export function paymentSummary(input: {
  status: string;
  total: number | null;
  currency: string;
  travellers: number;
  startDate: string;
  today: string;
  rule: DepositRule;
  paid: number;
  processing: boolean;
}): PaymentSummary {
  const summary: PaymentSummary = {
    currency: input.currency,
    paid: input.paid,
    processing: input.processing,
    due: null,
    later: null,
  };
  const total = input.total ?? 0;
  if (!PAYABLE.has(input.status) || input.processing || input.paid >= total) return summary;
  if (input.paid > 0) {
    summary.due = {
      kind: "balance",
      amount: total - input.paid,
      dueOn: daysBefore(input.startDate, input.rule.balanceDueDays),
    };
    return summary;
  }
  const plan = amountDueAtBooking({
    rule: input.rule,
    total,
    travellers: input.travellers,
    startDate: input.startDate,
    today: input.today,
  });
  if (!plan) return summary;
  summary.due = { kind: plan.kind, amount: plan.now, dueOn: null };
  if (plan.balanceDueOn) summary.later = { amount: plan.balance, dueOn: plan.balanceDueOn };
  return summary;
}

/** The pay button's words for what is due. */
export function payButtonLabel(due: PaymentDue): string {
  if (due.kind === "deposit") return "Pay deposit";
  if (due.kind === "balance") return "Pay the balance";
  return "Pay in full";
}

/** "R 36,750, due by 15 Apr 2031". */
export function balanceText(amount: number, currency: string, dueOn: string): string {
  return `${formatMoney(amount, currency)}, due by ${formatDay(dueOn)}`;
}
