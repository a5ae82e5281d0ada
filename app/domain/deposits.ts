import { MAX_AMOUNT } from "./money";

/*
 * What a traveller pays when booking (decision 130): a deposit by the company's rule, the rest
 * due a number of days before departure; inside that window, or under a "full" rule, the whole
 * amount at once. Integers of minor units throughout: no floating-point money.
 */

export const DEPOSIT_TYPES = ["percent", "per_traveller", "full"] as const;
export type DepositType = (typeof DEPOSIT_TYPES)[number];

export interface DepositRule {
  type: DepositType;
  /** percent: 1–100; per_traveller: minor units per traveller; full: ignored (0). */
  value: number;
  /** The balance is due this many days before departure. */
  balanceDueDays: number;
}

export const DEFAULT_DEPOSIT_RULE: DepositRule = { type: "percent", value: 25, balanceDueDays: 60 };

export const BALANCE_DUE_DAYS_MAX = 365;

/** Why a rule cannot be used, or null when it can. */
export function depositRuleProblem(rule: DepositRule): string | null {
  if (!Number.isSafeInteger(rule.balanceDueDays) || rule.balanceDueDays < 0)
    return "The balance must be due a whole number of days (0 or more) before departure.";
  if (rule.balanceDueDays > BALANCE_DUE_DAYS_MAX)
    return `The balance must be due at most ${BALANCE_DUE_DAYS_MAX} days before departure.`;
  if (
    rule.type === "percent" &&
    (!Number.isInteger(rule.value) || rule.value < 1 || rule.value > 100)
  )
    return "A deposit percentage must be a whole number from 1 to 100.";
  if (
    rule.type === "per_traveller" &&
    (!Number.isSafeInteger(rule.value) || rule.value < 1 || rule.value > MAX_AMOUNT)
  )
    return "A deposit per traveller must be an amount above zero.";
  return null;
}

/** "2026-12-24" minus 60 days → "2026-10-25" (calendar days, no time zone involved). */
export function daysBefore(date: string, days: number): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d - days)).toISOString().slice(0, 10);
}

export interface AmountDue {
  /** "deposit" leaves a balance; "full" is the whole amount now. */
  kind: "deposit" | "full";
  /** What is charged now, in minor units. */
  now: number;
  /** What remains, in minor units (0 for "full"). */
  balance: number;
  /** The day the balance is due ("YYYY-MM-DD"); null when nothing remains. */
  balanceDueOn: string | null;
}

/**
 * What to charge at booking for a total (minor units), the travellers, the departure's first day
 * and today (both "YYYY-MM-DD" in the company's time zone). Null when nothing is to be paid (a
 * free trip). A percentage is rounded half up to a whole minor unit; a deposit that would reach
 * the total, or a booking on or after the balance's due day, pays the whole amount.
 */
export function amountDueAtBooking(input: {
  rule: DepositRule;
  total: number;
  travellers: number;
  startDate: string;
  today: string;
}): AmountDue | null {
  const { rule, total } = input;
  if (!Number.isSafeInteger(total) || total <= 0) return null;
  const full: AmountDue = { kind: "full", now: total, balance: 0, balanceDueOn: null };
  const dueOn = daysBefore(input.startDate, rule.balanceDueDays);
  if (rule.type === "full" || input.today >= dueOn) return full;
  const deposit =
    rule.type === "percent"
      ? Math.floor((total * rule.value + 50) / 100)
      : rule.value * Math.max(1, input.travellers);
  if (deposit <= 0 || deposit >= total) return full;
  return { kind: "deposit", now: deposit, balance: total - deposit, balanceDueOn: dueOn };
}

/**
 * A package's own deposit rule (decision 142): a percentage (1–100), an amount per traveller
 * (minor units) or the full amount (value null). A package without one uses the company's rule.
 */
export interface PackageDeposit {
  type: DepositType;
  value: number | null;
}

/** The rule a package's bookings follow: its own type and value, the company's balance days. */
export function depositRuleFor(company: DepositRule, own: PackageDeposit | null): DepositRule {
  if (!own) return company;
  return {
    type: own.type,
    value: own.type === "full" ? 0 : (own.value ?? 0),
    balanceDueDays: company.balanceDueDays,
  };
}

/** The stored columns (deposit_type, deposit_value: bigint read as text) as a rule, or null. */
export function packageDepositOf(
  type: DepositType | null,
  value: string | number | null,
): PackageDeposit | null {
  if (!type) return null;
  return { type, value: type === "full" || value === null ? null : Number(value) };
}
