import { translator, type Translate } from "~/domain/i18n/catalogues";
import {
  LANGUAGE_NAMES,
  languagePrefix,
  localizedPath,
  splitLanguagePath,
  type Language,
} from "~/domain/i18n/languages";
import { companyTextsIn, type StoredCompanyTexts } from "~/domain/company-texts";
import type { SiteConfig } from "~/domain/site";
import { SITE_KIND_INFO } from "~/domain/site-kinds";
import { LIST_ALIASES } from "~/domain/site-paths";
import type { SiteChrome } from "~/domain/site-views";
import { slot } from "~/domain/fill-in";
import { languageHintScript } from "~/domain/language-hint";

/** The language a public page is shown in, read from its URL (decision 128). */
export interface PageLanguage {
  lang: Language;
  /** The page's path without the language prefix ("/about" for "/de/about"). */
  path: string;
  t: Translate;
  /** A default-language path as the same page in this language ("/about" → "/de/about"). */
  href(path: string): string;
}

/** The page language of a URL, or null for the prefix of a language that is not shown (404). */
export function pageLanguage(site: SiteConfig, url: string): PageLanguage | null {
  const split = splitLanguagePath(new URL(url, "http://x").pathname, site.languages);
  if (!split) return null;
  const { lang } = split;
  return {
    lang,
    path: split.path,
    t: translator(lang),
    href: (path) => localizedPath(path, lang, site.languages),
  };
}

/** As `pageLanguage`, with the default language for a URL the layout answers 404 anyway. */
export function pageLanguageOrDefault(site: SiteConfig, url: string): PageLanguage {
  return (
    pageLanguage(site, url) ??
    pageLanguage(site, "/") ?? {
      lang: "en",
      path: "/",
      t: translator("en"),
      href: (path) => path,
    }
  );
}

/**
 * The header's and footer's words and links in the page's language, finished on the server: the
 * browser gets strings, never a catalogue or a formatter (decision 127).
 */
export function siteChrome(
  site: SiteConfig,
  page: PageLanguage,
  company: StoredCompanyTexts = {},
): SiteChrome {
  const { t, href } = page;
  const link = (to: string, label: string) => ({ to: href(to), label });
  return {
    lang: page.lang,
    prefix: languagePrefix(page.lang, site.languages),
    home: href("/"),
    nav: [
      link("/", t("nav.home")),
      link("/discover", t("nav.discover")),
      link("/upcoming-trips", t("nav.upcomingTrips")),
      link("/local-trips", t("nav.localTrips")),
      link("/about", t("nav.about")),
      link("/contact", t("nav.contact")),
    ],
    // Looked up by the layout on the client, so the kinds' table stays out of the page's JS.
    lists: Object.fromEntries([
      ...Object.values(SITE_KIND_INFO).map((info) => [href(info.publicList.path), info.kind]),
      ...Object.entries(LIST_ALIASES).map(([path, kind]) => [href(path), kind]),
    ]),
    listLoading: Object.fromEntries(
      Object.values(SITE_KIND_INFO).map(({ kind }) => [
        kind,
        {
          eyebrow: t(`list.${kind}.eyebrow`),
          heading: t(`list.${kind}.heading`),
          loading: t(`list.${kind}.loading`),
        },
      ]),
    ) as SiteChrome["listLoading"],
    footerLinks: [
      link("/discover", t("nav.discover")),
      link("/upcoming-trips", t("nav.upcomingTrips")),
      link("/about", t("nav.aboutUs")),
      link("/contact", t("nav.contact")),
    ],
    // Shown only with more than one language: plain links to the same page in each other one.
    languages:
      site.languages.length > 1
        ? site.languages.map((lang) => ({
            lang,
            name: LANGUAGE_NAMES[lang],
            prefix: languagePrefix(lang, site.languages),
          }))
        : [],
    textLang: companyTextsIn(site, company, page.lang).fallback,
    text: {
      main: t("nav.main"),
      mobile: t("nav.mobile"),
      menu: t("nav.menu"),
      brandHome: t("nav.brandHome", { site: site.name }),
      bookNow: t("nav.bookNow"),
      opensWhatsApp: t("nav.opensWhatsApp"),
      languages: t("nav.languages"),
      // A second landmark of the same kind needs its own name.
      footerLanguages: t("footer.languages"),
      skip: t("layout.skipToContent"),
      loading: t("layout.loadingPage"),
      image: {
        none: t("image.none"),
        noneLabel: t("image.noneLabel"),
        unavailable: t("image.unavailable", { alt: slot("alt") }),
      },
      explore: t("footer.explore"),
      contact: t("footer.contact"),
      rights: t("footer.rights"),
      privacy: t("footer.privacy"),
      terms: t("footer.terms"),
    },
  };
}

/**
 * The Accept-Language hint's inline script of a public page (decision 151): the other languages'
 * hints, each in its own language; "" with one language. entry.server.tsx adds it before
 * `</body>` of the site's pages, outside React, so the page's JS files do not carry it.
 */
export function pageHintScript(site: SiteConfig, url: string): string {
  const page = pageLanguage(site, url);
  if (!page) return "";
  return languageHintScript(
    languagePrefix(page.lang, site.languages),
    site.languages
      .filter((lang) => lang !== page.lang)
      .map((lang) => {
        const theirs = translator(lang);
        return {
          lang,
          prefix: languagePrefix(lang, site.languages),
          label: theirs("languageHint.label"),
          text: theirs("languageHint.available"),
          link: theirs("languageHint.link"),
          dismiss: theirs("languageHint.dismiss"),
        };
      }),
  );
}
