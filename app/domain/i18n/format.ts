/**
 * A small ICU-style message formatter over Intl (decision 127). A message may hold
 * `{name}` (the value as text), `{n, number}` (Intl.NumberFormat) and
 * `{n, plural, one {# night} other {# nights}}` (Intl.PluralRules; `=0`-style exact cases too,
 * `#` is the number formatted). Nothing else: the catalogues stay plain text a translator reads.
 */
import { dateLocale, dateTimeFormat, numberFormat, pluralRules } from "../intl";
export type MessageValues = Record<string, string | number>;

const PLACEHOLDER =
  /\{\s*([A-Za-z_]\w*)\s*(?:,\s*(number|plural)\s*(?:,((?:[^{}]|\{[^{}]*\})*))?)?\}/g;

/** The variable names a message uses. */
export function messageVariables(message: string): string[] {
  return [...new Set([...message.matchAll(PLACEHOLDER)].map((m) => m[1]!))].sort();
}

function pluralCases(body: string): Map<string, string> {
  const cases = new Map<string, string>();
  for (const m of body.matchAll(/\s*(=\d+|zero|one|two|few|many|other)\s*\{([^{}]*)\}/g))
    cases.set(m[1]!, m[2]!);
  return cases;
}

/** Formats `message` in `locale`; a variable the message uses but `values` lacks throws. */
export function formatMessage(locale: string, message: string, values: MessageValues = {}): string {
  return message.replace(PLACEHOLDER, (_all, name: string, type?: string, body?: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`message variable "${name}" was not given`);
    if (!type) return String(value);
    const n = Number(value);
    const number = numberFormat(locale).format(n);
    if (type === "number") return number;
    const cases = pluralCases(body ?? "");
    const chosen =
      cases.get(`=${n}`) ?? cases.get(pluralRules(locale).select(n)) ?? cases.get("other");
    if (chosen === undefined) throw new Error(`message "${message}" has no "other" case`);
    return chosen.replace(/#/g, number);
  });
}

function dateFormat(locale: string, shape: "month" | "day"): Intl.DateTimeFormat {
  return shape === "month"
    ? dateTimeFormat(locale, { month: "long", year: "numeric", timeZone: "UTC" })
    : // English days read as the site's own "14 Jun 2027" (day before month).
      dateTimeFormat(dateLocale(locale), {
        day: "numeric",
        month: "short",
        year: "numeric",
        timeZone: "UTC",
      });
}

/** "2026-03" as "March 2026" / "März 2026" in the page's language. */
export function formatMonth(locale: string, month: string): string {
  const [year, m] = month.split("-").map(Number);
  return dateFormat(locale, "month").format(new Date(Date.UTC(year ?? 1970, (m ?? 1) - 1, 1)));
}

/** "2026-03-14" as "14 Mar 2026" / "14. März 2026" in the page's language. */
export function formatDate(locale: string, day: string): string {
  const [year, m, d] = day.split("-").map(Number);
  return dateFormat(locale, "day").format(new Date(Date.UTC(year ?? 1970, (m ?? 1) - 1, d ?? 1)));
}

/**
 * A departure's dates in the page's language: English keeps the site's own "14 – 20 Jun 2031"
 * (formatDates), other languages take Intl's range ("14.–20. Juni 2031").
 */
export function formatDateRange(
  locale: string,
  start: string,
  end: string | null,
  english: (start: string, end: string | null) => string,
): string {
  if (locale === "en") return english(start, end);
  if (!end || end === start) return formatDate(locale, start);
  const at = (day: string) => {
    const [year, m, d] = day.split("-").map(Number);
    return new Date(Date.UTC(year ?? 1970, (m ?? 1) - 1, d ?? 1));
  };
  return dateFormat(locale, "day").formatRange(at(start), at(end));
}

/** 4.8 as "4.8" / "4,8": one decimal, in the page's language. */
export function formatOneDecimal(locale: string, value: number): string {
  return numberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value);
}
