import { LANGUAGE_NAMES_IN_ENGLISH, type Language } from "./i18n/languages";
import { stripInvisible } from "./schemas";
import type { SiteConfig } from "./site";

/**
 * The company's own texts on every public page (decision 150): the header's tagline, the footer's
 * about text and the address (header and footer, the contact page). The default language's come
 * from the site's facts (DEFAULT_SITE); staff enter them in each other language in Settings, and
 * a page in that language shows its own, or the default language's marked with its `lang`.
 */
export const COMPANY_TEXT_FIELDS = ["tagline", "blurb", "address"] as const;
export type CompanyTextField = (typeof COMPANY_TEXT_FIELDS)[number];
export type CompanyTexts = Record<CompanyTextField, string>;

/** What is stored: per language other than the default, the fields staff entered. */
export type StoredCompanyTexts = Partial<Record<Language, Partial<CompanyTexts>>>;

export const COMPANY_TEXT_LABELS: Record<CompanyTextField, string> = {
  tagline: "Top bar tagline",
  blurb: "Footer about text",
  address: "Address",
};

export const COMPANY_TEXT_LIMITS: Record<CompanyTextField, number> = {
  tagline: 160,
  blurb: 600,
  address: 200,
};

/** The company's texts as a page in `lang` shows them, each with the language it is in. */
export interface PageCompanyTexts {
  texts: CompanyTexts;
  /** A field shown in the default language on another language's page: its `lang` attribute. */
  fallback: Partial<Record<CompanyTextField, string>>;
}

export function companyTextsIn(
  site: Pick<SiteConfig, CompanyTextField | "languages">,
  stored: StoredCompanyTexts,
  lang: Language,
): PageCompanyTexts {
  const defaultLang = site.languages[0] ?? "en";
  const own = lang === defaultLang ? undefined : stored[lang];
  const texts = { tagline: site.tagline, blurb: site.blurb, address: site.address };
  const fallback: Partial<Record<CompanyTextField, string>> = {};
  for (const field of COMPANY_TEXT_FIELDS) {
    const translated = own?.[field]?.trim();
    if (translated) texts[field] = translated;
    else if (lang !== defaultLang) fallback[field] = defaultLang;
  }
  return { texts, fallback };
}

/** The form field of a field in a language: `company.de.tagline`. */
export function companyTextName(lang: Language, field: CompanyTextField): string {
  return `company.${lang}.${field}`;
}

export type CompanyTextsParse =
  | { ok: true; value: StoredCompanyTexts }
  | { ok: false; value: StoredCompanyTexts; errors: Record<string, string> };

/**
 * The Settings form's company texts in each language other than the default: trimmed, line
 * breaks of the address and about text kept, blank meaning "show the default language's".
 * Too long text is refused per field.
 */
export function parseCompanyTextsForm(
  fields: Record<string, string>,
  languages: readonly Language[],
): CompanyTextsParse {
  const value: StoredCompanyTexts = {};
  const errors: Record<string, string> = {};
  for (const lang of languages.slice(1)) {
    const own: Partial<CompanyTexts> = {};
    for (const field of COMPANY_TEXT_FIELDS) {
      const name = companyTextName(lang, field);
      const text = stripInvisible(fields[name] ?? "")
        .replace(/\r\n?/g, "\n")
        .trim();
      const limit = COMPANY_TEXT_LIMITS[field];
      if (text.length > limit) {
        errors[name] =
          `The ${LANGUAGE_NAMES_IN_ENGLISH[lang]} ${COMPANY_TEXT_LABELS[field].toLowerCase()} must be at most ${limit} characters (it is ${text.length}).`;
      }
      if (text) own[field] = text;
    }
    value[lang] = own;
  }
  return Object.keys(errors).length ? { ok: false, value, errors } : { ok: true, value };
}

/** One field of the Settings panel: the default language's text beside its translation's input. */
export interface CompanyTextRow {
  name: string;
  label: string;
  source: string;
  value: string;
  limit: number;
  multiline: boolean;
}

export interface CompanyTextsPanelData {
  defaultLang: string;
  defaultLangName: string;
  languages: { lang: string; name: string; rows: CompanyTextRow[] }[];
}
