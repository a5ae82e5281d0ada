import { translator, type Translate } from "~/domain/i18n/catalogues";
import { formatDateRange } from "~/domain/i18n/format";
import {
  LANGUAGE_NAMES_IN_ENGLISH,
  leadLanguage,
  localizedPath,
  type Language,
} from "~/domain/i18n/languages";
import { formatMoney } from "~/domain/money";
import { formatDates } from "~/domain/trip-facts";
import { dateLocale, dateTimeFormat } from "~/domain/intl";

/**
 * The language a message to a traveller is written in (decision 148): the one their booking or
 * enquiry recorded, with its words, dates, amounts and the site's paths in that language.
 */
export interface MailVoice {
  lang: Language;
  t: Translate;
  /** A default-language path as the same page in this language ("/booking/…" → "/de/booking/…"). */
  href(path: string): string;
  dates(start: string, end: string | null): string;
  money(minor: number, currency: string): string;
  /** A moment ("2031-06-14T10:00:00Z") as a long date and time in the company's time zone. */
  moment(iso: string, timeZone: string): string;
  /** "2 adults, 1 child". */
  travellers(adults: number, children: number): string;
}

export function mailVoice(
  site: { languages: readonly Language[] },
  recorded: string | null | undefined,
): MailVoice {
  const lang = leadLanguage(recorded, site.languages);
  const t = translator(lang);
  return {
    lang,
    t,
    href: (path) => localizedPath(path, lang, site.languages),
    dates: (start, end) => formatDateRange(lang, start, end, formatDates),
    money: (minor, currency) => formatMoney(minor, currency, lang),
    moment: (iso, timeZone) =>
      dateTimeFormat(dateLocale(lang), {
        dateStyle: "long",
        timeStyle: "short",
        timeZone,
      }).format(new Date(iso)),
    travellers: (adults, children) =>
      [
        t("mail.adults", { count: adults }),
        ...(children ? [t("mail.children", { count: children })] : []),
      ].join(", "),
  };
}

/**
 * The line a team notice names the visitor's language with (decision 148): the notice stays in
 * the default language (the team's), "Language: German".
 */
export function languageLine(
  site: { languages: readonly Language[] },
  recorded: string | null | undefined,
): string {
  return `Language: ${LANGUAGE_NAMES_IN_ENGLISH[leadLanguage(recorded, site.languages)]}`;
}
