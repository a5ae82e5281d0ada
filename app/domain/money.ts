/**
 * Money as integers: an amount is a whole number of the currency's minor units (cents for ZAR,
 * yen for JPY) with its ISO 4217 code. Nothing here divides or multiplies by a power of ten in
 * floating point: amounts are read and written as decimal text (decision 115).
 */
import { dateLocale, numberFormat } from "./intl";

/** The currencies the departure editor offers first; any ISO 4217 code Intl knows is accepted. */
export const COMMON_CURRENCIES = ["ZAR", "USD", "EUR", "GBP", "AUD", "BWP", "NAD", "KES"] as const;

/** The largest amount stored, in minor units: far above any trip, far below 2^53. */
export const MAX_AMOUNT = 1_000_000_000_000;

/** True for a three-letter code Intl can format (ISO 4217). */
export function isCurrency(code: string): boolean {
  if (!/^[A-Z]{3}$/.test(code)) return false;
  try {
    new Intl.NumberFormat("en", { style: "currency", currency: code });
    return Intl.supportedValuesOf("currency").includes(code);
  } catch {
    return false;
  }
}

/** How many minor-unit digits a currency has: 2 for ZAR, 0 for JPY, 3 for BHD. */
export function currencyDigits(currency: string): number {
  return (
    numberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2
  );
}

/** 3290000 ZAR → "32900.00"; 1200 JPY → "1200"; the decimal text of an amount. */
export function amountText(minor: number, currency: string): string {
  const digits = currencyDigits(currency);
  const sign = minor < 0 ? "-" : "";
  const text = String(Math.abs(minor)).padStart(digits + 1, "0");
  if (digits === 0) return `${sign}${text}`;
  return `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/** The same decimal text with no trailing zero cents: "32900", "32900.50" (for an input). */
export function amountInputText(minor: number, currency: string): string {
  return amountText(minor, currency).replace(/\.0+$/, "");
}

function formatOf(currency: string, whole: boolean, locale = "en"): Intl.NumberFormat {
  return numberFormat(dateLocale(locale), {
    style: "currency",
    currency,
    currencyDisplay: "narrowSymbol",
    ...(whole ? { minimumFractionDigits: 0, maximumFractionDigits: 0 } : {}),
  });
}

/**
 * 3290000 ZAR → "R 32,900"; 3290050 ZAR → "R 32,900.50"; 150000 USD → "$1,500". Whole amounts
 * drop the cents. Intl formats the decimal string exactly (no float conversion). Another page
 * language formats the amount its own way (`de`: "32.900 R", "1.500 $"; decision 148).
 */
export function formatMoney(minor: number, currency: string, locale = "en"): string {
  const text = amountText(minor, currency);
  const whole = !/\.\d*[1-9]/.test(text);
  // Intl.NumberFormat formats a decimal string exactly; the types only know numbers.
  const exact = text as unknown as number;
  const formatted = formatOf(currency, whole, locale).format(exact);
  // en-GB writes "R32,900"; a space after a letter symbol reads better ("R 32,900", "CHF 900").
  return formatted.replace(/^(-?)([A-Za-z]+)(?=\d)/, "$1$2\u00a0");
}

/**
 * An amount typed by staff, in major units ("32 900", "32,900.50", "32900"), as minor units; null
 * when it is not a plain number with at most the currency's decimals.
 */
export function parseAmount(text: string, currency: string): number | null {
  const cleaned = text.trim().replace(/[\s\u00a0\u202f',]/g, "");
  const digits = currencyDigits(currency);
  const match = /^(\d+)(?:\.(\d*))?$/.exec(cleaned);
  if (!match) return null;
  const whole = match[1] ?? "0";
  const fraction = match[2] ?? "";
  if (fraction.length > digits) return null;
  const minorText = `${whole}${fraction.padEnd(digits, "0")}`.replace(/^0+(?=\d)/, "");
  if (minorText.length > 16) return null;
  const minor = Number(minorText);
  return Number.isSafeInteger(minor) && minor <= MAX_AMOUNT ? minor : null;
}

const SYMBOLS: readonly [RegExp, string][] = [
  [/\bZAR\b|(?:^|[^A-Za-z])R\s?\d/, "ZAR"],
  [/\bUSD\b|US\$|\$/, "USD"],
  [/\bEUR\b|€/, "EUR"],
  [/\bGBP\b|£/, "GBP"],
];

/**
 * A price written as text ("From R 24 500 pp", "$1,200", "R32900") read as an amount: exactly one
 * number, with the currency its symbol names or else `fallback`. Null when the text holds no
 * number or more than one ("R 24 500 – R 30 000", "Price on request"): it stays text.
 */
export function parsePriceText(
  text: string,
  fallback: string,
): { amount: number; currency: string } | null {
  const numbers = text.match(/\d{1,3}(?:[ ,\u00a0\u202f]\d{3})+(?:\.\d{1,2})?|\d+(?:\.\d{1,2})?/g);
  if (!numbers || numbers.length !== 1) return null;
  const currency = SYMBOLS.find(([pattern]) => pattern.test(text))?.[1] ?? fallback;
  const amount = parseAmount(numbers[0] ?? "", currency);
  return amount === null ? null : { amount, currency };
}
