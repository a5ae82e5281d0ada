/**
 * Intl formatters made once per locale and options, then reused: building an Intl.NumberFormat,
 * DateTimeFormat or PluralRules costs 0.05–0.25 ms, using one a few microseconds, and a booking's
 * e-mails alone format a dozen values (decision 157). The options are part of the key, so a
 * caller never receives a formatter made for other options. Bounded: a flood of distinct keys
 * (time zones are configuration, locales the site's languages) empties it rather than growing it.
 */
type Made = Intl.NumberFormat | Intl.DateTimeFormat | Intl.PluralRules;

const MAX_FORMATTERS = 500;
const made = new Map<string, Made>();

function memo<T extends Made>(key: string, make: () => T): T {
  const found = made.get(key);
  if (found) return found as T;
  if (made.size >= MAX_FORMATTERS) made.clear();
  const fresh = make();
  made.set(key, fresh);
  return fresh;
}

export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}) {
  return memo(
    `n|${locale}|${JSON.stringify(options)}`,
    () => new Intl.NumberFormat(locale, options),
  );
}

export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions = {}) {
  return memo(
    `d|${locale}|${JSON.stringify(options)}`,
    () => new Intl.DateTimeFormat(locale, options),
  );
}

export function pluralRules(locale: string) {
  return memo(`p|${locale}`, () => new Intl.PluralRules(locale));
}

/** The locale English dates and amounts are written in: "14 Jun 2027", day before month. */
export const dateLocale = (lang: string) => (lang === "en" ? "en-GB" : lang);

/** YYYY-MM-DD of `at` in `timeZone` (en-CA writes dates that way). */
export function dayIn(timeZone: string, at: Date = new Date()): string {
  return dateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(at);
}
