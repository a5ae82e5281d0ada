import { localizedPath, OG_LOCALES, type Language } from "~/domain/i18n/languages";
import { translator } from "~/domain/i18n/catalogues";
import { kindInfo } from "~/domain/package-kinds";
import { DEPARTURE_AVAILABILITY } from "~/domain/departures";
import { PACKAGE_KINDS } from "~/domain/schemas";
import type { SiteConfig } from "~/domain/site";
import { bannerSrc, DESTINATION_SLIDES } from "~/domain/site-content";
import { STATIC_PUBLIC_PATHS } from "~/domain/site-paths";
import type { PackageDetailView, Seo } from "~/domain/site-views";
import type { Db } from "../platform/db.server";
import { listPackages } from "../catalogue/packages.server";
import { allPackageTranslations } from "../catalogue/translations.server";
import type { PackageTranslation } from "~/domain/translations";
import { packageLanguagePaths } from "./translated-content.server";

function base(site: SiteConfig): string {
  return site.publicUrl.replace(/\/+$/, "");
}

export function absoluteUrl(site: SiteConfig, pathOrUrl: string): string {
  return /^https?:\/\//i.test(pathOrUrl) ? pathOrUrl : `${base(site)}${pathOrUrl}`;
}

export interface SeoInput {
  /** The page's path in the default language ("/about"); `lang` says which language's page. */
  path: string;
  lang?: Language;
  title: string;
  description: string;
  image?: string;
  type?: Seo["type"];
  noindex?: boolean;
  noindexFollow?: boolean;
  /**
   * Where the page is in each language it exists in (full paths), when that is not every
   * language at the same path: a package has its own slug per language and appears only where
   * it is translated (decision 139). The default language's entry is the x-default.
   */
  paths?: Partial<Record<Language, string>>;
}

/**
 * The same page in every language the site shows, with `x-default` (the default language's URL),
 * as hreflang wants them: each page lists all of them, itself included, so the links are
 * reciprocal (decision 128). None with one language, or for a page kept out of the index.
 */
export function languageAlternates(
  site: SiteConfig,
  path: string,
  paths?: Partial<Record<Language, string>>,
): { hreflang: string; href: string }[] {
  const where = pathsIn(site, path, paths);
  const langs = site.languages.filter((lang) => where[lang] !== undefined);
  if (langs.length < 2) return [];
  const defaultPath = where[site.languages[0] ?? "en"];
  return [
    ...langs.map((lang) => ({ hreflang: lang, href: absoluteUrl(site, where[lang]!) })),
    ...(defaultPath ? [{ hreflang: "x-default", href: absoluteUrl(site, defaultPath) }] : []),
  ];
}

/** The page's full path in each language: as given, or the same path in every language. */
function pathsIn(
  site: SiteConfig,
  path: string,
  paths: Partial<Record<Language, string>> | undefined,
): Partial<Record<Language, string>> {
  if (paths) return paths;
  return Object.fromEntries(
    site.languages.map((lang) => [lang, localizedPath(path, lang, site.languages)]),
  );
}

/** Canonical and Open Graph URLs are absolute on the configured public URL, never the request's. */
export function buildSeo(site: SiteConfig, input: SeoInput): Seo {
  const fallbackImage = bannerSrc(DESTINATION_SLIDES[0]!.image);
  const lang = input.lang ?? site.languages[0] ?? "en";
  const where = pathsIn(site, input.path, input.paths);
  return {
    title: input.path === "/" ? input.title : `${input.title} | ${site.name}`,
    description: input.description,
    // Canonical per language: a German page is its own canonical, never the English one.
    canonical: absoluteUrl(site, where[lang] ?? localizedPath(input.path, lang, site.languages)),
    languageMeta: [
      { property: "og:locale", content: OG_LOCALES[lang] },
      ...site.languages
        .filter((l) => l !== lang && where[l] !== undefined)
        .map((l) => ({ property: "og:locale:alternate", content: OG_LOCALES[l] })),
      ...(input.noindex ? [] : languageAlternates(site, input.path, input.paths)).map((a) => ({
        tagName: "link" as const,
        rel: "alternate" as const,
        hrefLang: a.hreflang,
        href: a.href,
      })),
    ],
    image: absoluteUrl(site, input.image ?? fallbackImage),
    siteName: site.name,
    type: input.type ?? "website",
    ...(input.noindex ? { noindex: true } : {}),
    ...(input.noindexFollow ? { noindexFollow: true } : {}),
  };
}

export function summary(text: string, fallback: string, max = 160): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (!clean) return fallback;
  return clean.length <= max ? clean : `${clean.slice(0, max - 1).replace(/\s+\S*$/, "")}…`;
}

/** A number schema.org accepts from a price text ("From R 12 000 pp" → 12000), if there is one. */
export function priceNumber(text: string): { price: string; currency?: string } | undefined {
  const match = /(\d[\d\s,.]*\d|\d)/.exec(text.replace(/\u00a0/g, " "));
  if (!match) return undefined;
  const digits = match[1]!.replace(/[\s,]/g, "").replace(/\.(?=\d{3}(\D|$))/g, "");
  if (!/^\d+(\.\d+)?$/.test(digits)) return undefined;
  const currency = /\bR\s?\d|ZAR/.test(text)
    ? "ZAR"
    : /\$/.test(text)
      ? "USD"
      : /€/.test(text)
        ? "EUR"
        : /£/.test(text)
          ? "GBP"
          : undefined;
  return { price: digits, ...(currency ? { currency } : {}) };
}

/** One Offer per future departure (price and availability from it); else the package's price. */
function offersJsonLd(pkg: PackageDetailView, canonical: string) {
  const offer = (
    priceText: string,
    extra: Record<string, string>,
    exact?: { price: string; currency: string },
  ) => {
    const parsed = exact ?? priceNumber(priceText);
    return {
      "@type": "Offer",
      ...(parsed ? { price: parsed.price } : {}),
      ...(parsed?.currency ? { priceCurrency: parsed.currency } : {}),
      url: canonical,
      ...extra,
    };
  };
  if (pkg.departures.length === 0) {
    return { offers: offer(pkg.price, { availability: "https://schema.org/InStock" }) };
  }
  return {
    offers: pkg.departures.map((d) =>
      offer(
        d.price,
        {
          availability: DEPARTURE_AVAILABILITY[d.status],
          validFrom: d.startDate,
          ...(d.endDate ? { validThrough: d.endDate } : {}),
        },
        d.offer,
      ),
    ),
  };
}

/** schema.org TouristTrip: itinerary as an ordered list, the price text as the offer, us as provider. */
export function touristTripJsonLd(
  site: SiteConfig,
  pkg: PackageDetailView,
  canonical: string,
  lang?: Language,
) {
  // The itinerary's own words ("Day 2", "Accommodation: ") in the page's language too.
  const t = translator(lang ?? "en");
  return {
    "@context": "https://schema.org",
    "@type": "TouristTrip",
    // The page's language: the structured data says the same words as the page (decision 139).
    ...(lang ? { inLanguage: lang } : {}),
    name: pkg.title,
    description: summary(pkg.description, pkg.title, 500),
    url: canonical,
    ...(pkg.images.length ? { image: pkg.images.map((i) => absoluteUrl(site, i.src)) } : {}),
    itinerary: {
      "@type": "ItemList",
      numberOfItems: pkg.itinerary.length,
      itemListElement: pkg.itinerary.map((day, i) => ({
        "@type": "ListItem",
        position: i + 1,
        name: day.day || t("detail.day", { n: i + 1 }),
        description: [
          day.activity,
          day.accommodation && t("detail.accommodation") + day.accommodation,
        ]
          .filter(Boolean)
          .join(". "),
      })),
    },
    ...offersJsonLd(pkg, canonical),
    // Only a rating staff entered: never the placeholder (search engines' review snippet rules,
    // fake-review law; decision 068).
    ...(pkg.rating && !pkg.rating.placeholder && pkg.rating.reviewCount
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: pkg.rating.value,
            bestRating: 5,
            reviewCount: pkg.rating.reviewCount,
          },
        }
      : {}),
    provider: {
      "@type": "TravelAgency",
      name: site.name,
      url: base(site),
      telephone: site.phone,
      email: site.email,
    },
  };
}

const xmlEscape = (s: string) =>
  s.replace(
    /[<>&'"]/g,
    (c) => `&${{ "<": "lt", ">": "gt", "&": "amp", "'": "apos", '"': "quot" }[c]};`,
  );

export async function sitemapXml(db: Db, site: SiteConfig): Promise<string> {
  const lists = await Promise.all(
    PACKAGE_KINDS.map((kind) => listPackages(db, { kind, publishedOnly: true })),
  );
  const packages = lists.flat();
  const translations =
    site.languages.length > 1
      ? await allPackageTranslations(
          db,
          packages.map((p) => p.id),
        )
      : new Map<string, Map<string, PackageTranslation>>();
  const pages: { path: string; lastmod?: string; paths?: Partial<Record<Language, string>> }[] = [
    ...STATIC_PUBLIC_PATHS.map((path) => ({ path })),
    ...packages.map((pkg) => ({
      path: kindInfo(pkg.kind).detailPath(pkg.id),
      lastmod: pkg.updated_at,
      // A package is listed in the languages it appears in, at each one's own slug (decision 139).
      paths: packageLanguagePaths(site, pkg, translations.get(pkg.id)),
    })),
  ];
  // With several languages, each page is listed once per language, and each entry names every
  // language's URL and x-default (xhtml:link), as search engines ask of sitemaps (decision 128).
  const entries = pages.flatMap((page) => {
    const where = pathsIn(site, page.path, page.paths);
    const alternates = languageAlternates(site, page.path, page.paths)
      .map(
        (a) => `<xhtml:link rel="alternate" hreflang="${a.hreflang}" href="${xmlEscape(a.href)}"/>`,
      )
      .join("");
    return site.languages.flatMap((lang) => {
      const path = where[lang];
      if (path === undefined) return [];
      const loc = absoluteUrl(site, path);
      const lastmod = page.lastmod ? `<lastmod>${page.lastmod}</lastmod>` : "";
      return [`  <url><loc>${xmlEscape(loc)}</loc>${lastmod}${alternates}</url>`];
    });
  });
  const xhtml = site.languages.length > 1 ? ' xmlns:xhtml="http://www.w3.org/1999/xhtml"' : "";
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"${xhtml}>\n${entries.join("\n")}\n</urlset>\n`;
}

export function robotsTxt(site: SiteConfig): string {
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    "Disallow: /api",
    "",
    `Sitemap: ${absoluteUrl(site, "/sitemap.xml")}`,
    "",
  ].join("\n");
}
