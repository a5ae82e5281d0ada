/**
 * The languages the site can be shown in: the ones whose message catalogues ship with the app
 * (decision 127). `SITE_LANGUAGES` picks some of them; its first is the default language, which
 * lives at the unprefixed URLs. Every other one lives under its code (`/de`, `/de/about`).
 */
export const SHIPPED_LANGUAGES = ["en", "de"] as const;
export type Language = (typeof SHIPPED_LANGUAGES)[number];

export function isShippedLanguage(code: string): code is Language {
  return (SHIPPED_LANGUAGES as readonly string[]).includes(code);
}

/** Each language's name in itself: what the switcher shows. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: "English", de: "Deutsch" };

/** Each language's name in English: what the (English) admin screens call it. */
export const LANGUAGE_NAMES_IN_ENGLISH: Record<Language, string> = { en: "English", de: "German" };

/**
 * The site's languages as an (English) admin form offers them: none when the site has only one,
 * so the form asks nothing.
 */
export function languageChoices(
  languages: readonly Language[],
): { code: Language; name: string }[] {
  return languages.length > 1
    ? languages.map((code) => ({ code, name: LANGUAGE_NAMES_IN_ENGLISH[code] }))
    : [];
}

/** The locale Open Graph names for each language (`og:locale`). */
export const OG_LOCALES: Record<Language, string> = { en: "en_US", de: "de_DE" };

/** The path prefix of a language: "" for the default (the first configured), `/de` otherwise. */
export function languagePrefix(lang: Language, languages: readonly Language[]): string {
  return lang === languages[0] ? "" : `/${lang}`;
}

/** A default-language path ("/about", "/") as the same page in `lang` ("/de/about", "/de"). */
export function localizedPath(
  path: string,
  lang: Language,
  languages: readonly Language[],
): string {
  const prefix = languagePrefix(lang, languages);
  if (!prefix) return path;
  return path === "/" ? prefix : `${prefix}${path}`;
}

/**
 * The language of a path and the path without its prefix. A prefix of a language that is not
 * configured, or of the default language (whose pages have no prefix), is no language: null, so
 * the page answers 404.
 */
export function splitLanguagePath(
  pathname: string,
  languages: readonly Language[],
): { lang: Language; path: string } | null {
  const first = /^\/([a-z]{2})(?=\/|\.data$|$)/.exec(pathname)?.[1];
  const defaultLang = languages[0] ?? "en";
  if (!first || !isShippedLanguage(first)) return { lang: defaultLang, path: pathname };
  if (first === defaultLang || !languages.includes(first)) return null;
  const rest = pathname.slice(first.length + 1);
  return { lang: first, path: rest === "" || rest === ".data" ? `/${rest}` : rest };
}

/**
 * The language a lead (a booking, a waiting-list place, an enquiry) is spoken to in (decision
 * 148): the one it recorded while the site still shows it; otherwise (null: recorded before
 * languages were, an unknown code, a language since dropped from SITE_LANGUAGES) the default.
 */
/** Whether `code` is one of the site's languages. */
export function isLanguageOf(code: string, languages: readonly Language[]): code is Language {
  return isShippedLanguage(code) && languages.includes(code);
}

export function leadLanguage(
  recorded: string | null | undefined,
  languages: readonly Language[],
): Language {
  return recorded && isLanguageOf(recorded, languages) ? recorded : (languages[0] ?? "en");
}
