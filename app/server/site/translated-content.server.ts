import { localizedPath, type Language } from "~/domain/i18n/languages";
import { kindInfo } from "~/domain/package-kinds";
import type { Package, PackageKind, TravelMoment } from "~/domain/schemas";
import type { SiteConfig } from "~/domain/site";
import type { DetailScope } from "~/domain/site-paths";
import {
  appearsIn,
  translateMoment,
  translatePackage,
  type PackageTranslation,
  type TranslatedPackage,
} from "~/domain/translations";
import type { PackageDetailView } from "~/domain/site-views";
import type { Db } from "../platform/db.server";
import { detailView, type ViewContext } from "./site-views.server";
import type { PackageCard } from "../catalogue/packages.server";
import { getPackageById } from "../catalogue/packages.server";
import {
  allPackageTranslations,
  cardTranslations,
  findPackageBySlugIn,
  momentTranslations,
  oldSlugOwner,
  packageTranslation,
} from "../catalogue/translations.server";

/**
 * The public site in a language other than the default (decision 139): packages appear there
 * once their title and description are translated; their other fields fall back to the default
 * language, and the page marks those with the default language's `lang`.
 */

const isDefault = (site: SiteConfig, lang: Language) => lang === (site.languages[0] ?? "en");

/**
 * Cards in the page's language: the translated title, and the cover's translated alt text (an
 * untranslated one gives way to the translated title, so a German page never reads an English
 * alt aloud). `slug`: the language's own slug, for the card's link.
 */
export async function translatedCards(
  db: Db,
  site: SiteConfig,
  lang: Language,
  cards: PackageCard[],
): Promise<(PackageCard & { slug?: string })[]> {
  if (isDefault(site, lang) || cards.length === 0) return cards;
  const translations = await cardTranslations(
    db,
    cards.map((c) => c.id),
    lang,
  );
  return cards.map((card) => {
    const own = translations.get(card.id);
    if (!own) return card;
    return {
      ...card,
      title: own.title,
      ...(own.slug ? { slug: own.slug } : {}),
      ...(card.cover
        ? { cover: { ...card.cover, alt: own.image_alts[card.cover.url] ?? "" } }
        : {}),
    };
  });
}

/** A package's page in one language, as a default-language-style path ("/package/{slug}"). */
export function detailPathIn(
  kind: PackageKind,
  id: string,
  translation: PackageTranslation | undefined,
): string {
  return kindInfo(kind).detailPath(translation?.slug || id);
}

/**
 * Where the package's page is in every language it appears in (full paths, prefix included):
 * the default language always (id URL), another language once the package appears there (its
 * slug URL). hreflang alternates, the canonical and the sitemap read this.
 */
export function packageLanguagePaths(
  site: SiteConfig,
  pkg: Pick<Package, "id" | "kind">,
  translations: Map<string, PackageTranslation> | undefined,
): Partial<Record<Language, string>> {
  const paths: Partial<Record<Language, string>> = {};
  for (const lang of site.languages) {
    if (isDefault(site, lang)) {
      paths[lang] = kindInfo(pkg.kind).detailPath(pkg.id);
      continue;
    }
    const own = translations?.get(lang);
    if (own && appearsIn(own)) {
      paths[lang] = localizedPath(detailPathIn(pkg.kind, pkg.id, own), lang, site.languages);
    }
  }
  return paths;
}

/** Every language's translation of these packages (for alternates), by package id. */
export function translationsByPackage(db: Db, ids: readonly string[]) {
  return allPackageTranslations(db, ids);
}

export type LocalizedDetail =
  | { found: Package; translated?: TranslatedPackage; paths: Partial<Record<Language, string>> }
  | { redirect: string }
  | undefined;

const LOOKUPS: Record<DetailScope, PackageKind[]> = {
  package: ["trip", "discovery"],
  exclusive: ["exclusive"],
  local: ["local"],
};

/**
 * A detail URL in a language other than the default: the language's current slug or the package
 * id shows the package if it appears in that language; a slug it gave up in that language, or
 * its default-language slug (current or given up), redirects (301) to the current slug's URL.
 * Anything else: not found.
 * `found` comes from the default-language lookup the caller already made (id, trip slug).
 */
export async function localizedDetail(
  db: Db,
  site: SiteConfig,
  lang: Language,
  scope: DetailScope,
  key: string,
  byDefaultLookup: Package | undefined,
): Promise<LocalizedDetail> {
  const bySlug = await findPackageBySlugIn(db, lang, key, LOOKUPS[scope]);
  let pkg: Package | undefined = byDefaultLookup;
  let moved = false;
  if (bySlug) {
    pkg = await getPackageById(db, bySlug.kind, bySlug.id, { publishedOnly: true });
    moved = !bySlug.current;
  } else if (pkg && pkg.id !== key) {
    // Reached by its default-language slug: the page lives at its own slug in this language.
    moved = true;
  } else if (!pkg && scope === "package") {
    // A default-language slug the trip gave up: links keep working in every language.
    const old = await oldSlugOwner(db, "", key, ["trip"]);
    if (old) pkg = await getPackageById(db, old.kind, old.id, { publishedOnly: true });
    moved = true;
  }
  if (!pkg) return undefined;
  const translation = await packageTranslation(db, pkg.id, lang);
  if (!translation || !appearsIn(translation)) return undefined;
  const path = localizedPath(detailPathIn(pkg.kind, pkg.id, translation), lang, site.languages);
  if (moved) return { redirect: path };
  const all = await allPackageTranslations(db, [pkg.id]);
  return {
    found: pkg,
    translated: translatePackage(pkg, translation),
    paths: packageLanguagePaths(site, pkg, all.get(pkg.id)),
  };
}

/**
 * A detail URL in the default language: the package (looked up as ever) with its pages in the
 * other languages, or a redirect from a trip slug it gave up to its current one.
 */
export async function defaultDetail(
  db: Db,
  site: SiteConfig,
  scope: DetailScope,
  key: string,
  found: Package | undefined,
): Promise<LocalizedDetail> {
  if (found) {
    const all = await allPackageTranslations(db, [found.id]);
    return { found, paths: packageLanguagePaths(site, found, all.get(found.id)) };
  }
  if (scope !== "package") return undefined;
  const old = await oldSlugOwner(db, "", key, ["trip"]);
  if (!old) return undefined;
  const current = await getPackageById(db, old.kind, old.id, { publishedOnly: true });
  return current ? { redirect: kindInfo(current.kind).detailPath(current.slug) } : undefined;
}

/**
 * The moments in the page's language: a moment appears in a language other than the default once
 * its title is translated there (as a package needs its title and description); its description
 * falls back (marked by the page), an untranslated thumbnail description is left out (the title
 * names the picture, as when staff gave none). Decision 139.
 */
export async function translatedMoments(
  db: Db,
  site: SiteConfig,
  lang: Language,
  moments: TravelMoment[],
): Promise<{ moment: TravelMoment; fallback: string[] }[]> {
  if (isDefault(site, lang)) return moments.map((moment) => ({ moment, fallback: [] }));
  const translations = await momentTranslations(db, lang);
  return moments
    .map((moment) => translateMoment(moment, translations.get(moment.id)))
    .filter(({ fallback }) => !fallback.includes("title"))
    .map(({ moment, fallback }) => ({
      moment: fallback.includes("thumbnail_alt") ? { ...moment, thumbnailAlt: undefined } : moment,
      fallback,
    }));
}

/**
 * The detail view of a package in a language other than the default: its translated fields, the
 * rest marked with the default language (`fallback`, `noteLang`); an image whose alt text is not
 * translated is described by the translated title instead; links at the language's own slug.
 */
export function translatedDetailView(
  translated: TranslatedPackage,
  site: SiteConfig,
  context: ViewContext,
): PackageDetailView {
  const defaultLang = site.languages[0] ?? "en";
  const alts = new Set(translated.fallbackAlts);
  const pkg = {
    ...translated.pkg,
    imageDetails: translated.pkg.imageDetails.map((image) =>
      alts.has(image.url) ? { ...image, alt: "" } : image,
    ),
  };
  const view = detailView(pkg, site, context);
  const notes = new Set(translated.fallbackNotes);
  return {
    ...view,
    href: kindInfo(pkg.kind).detailPath(pkg.slug),
    departures: view.departures.map((d) => (notes.has(d.id) ? { ...d, noteLang: defaultLang } : d)),
    ...(translated.fallback.length
      ? { fallback: [...translated.fallback], fallbackLang: defaultLang }
      : {}),
  };
}
