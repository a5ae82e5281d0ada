import { isShippedLanguage, type Language } from "~/domain/i18n/languages";
import type { Package, PackageKind, TravelMoment } from "~/domain/schemas";
import type { SiteConfig } from "~/domain/site";
import { appearsIn, translatePackage } from "~/domain/translations";
import type { Db } from "../platform/db.server";
import { AppError } from "../platform/errors.server";
import { getPackageById } from "../catalogue/packages.server";
import { findPackageBySlugIn, packageTranslations } from "../catalogue/translations.server";
import { translatedMoments } from "../site/translated-content.server";

/**
 * `?lang=de` on the public package reads (decision 139): the packages in that language, with the
 * site's fallback rules (an untranslated field keeps the default language's text; a package
 * appears only once its title and description are translated). No `lang`, or the default
 * language: the packages as stored. A language the site is not shown in: 400.
 */
export function apiLanguage(lang: string | null, site: SiteConfig): Language | undefined {
  if (lang === null || lang === "" || lang === site.languages[0]) return undefined;
  if (!isShippedLanguage(lang) || !site.languages.includes(lang)) {
    throw new AppError(
      `Unknown language "${lang.slice(0, 20)}": use one of ${site.languages.join(", ")}`,
      400,
    );
  }
  return lang;
}

/** The packages that appear in `lang`, each with its translated fields. */
export async function packagesIn(db: Db, packages: Package[], lang: Language): Promise<Package[]> {
  const translations = await packageTranslations(
    db,
    packages.map((p) => p.id),
    lang,
  );
  return packages.flatMap((pkg) => {
    const own = translations.get(pkg.id);
    return own && appearsIn(own) ? [translatePackage(pkg, own).pkg] : [];
  });
}

/**
 * The published package of `kind` whose slug in `lang` is `slug` (its current one, or one it gave
 * up there: an API answers the package rather than redirecting), as stored.
 */
export async function packageBySlugIn(
  db: Db,
  kind: PackageKind,
  slug: string,
  lang: Language,
): Promise<Package | undefined> {
  const found = await findPackageBySlugIn(db, lang, slug, [kind]);
  return found ? getPackageById(db, kind, found.id, { publishedOnly: true }) : undefined;
}

/** The moments that appear in `lang` (their title translated there), with the translated text. */
export async function momentsIn(
  db: Db,
  site: SiteConfig,
  moments: TravelMoment[],
  lang: Language,
): Promise<TravelMoment[]> {
  return (await translatedMoments(db, site, lang, moments)).map(({ moment }) => moment);
}
