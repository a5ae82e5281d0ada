import { data } from "react-router";
import {
  isShippedLanguage,
  LANGUAGE_NAMES_IN_ENGLISH,
  localizedPath,
  type Language,
} from "~/domain/i18n/languages";
import { momentDialogHref } from "~/domain/moment-form";
import { kindInfo } from "~/domain/package-kinds";
import {
  packageKindSchema,
  type Package,
  type PackageKind,
  type TravelMoment,
} from "~/domain/schemas";
import type { SiteConfig } from "~/domain/site";
import {
  appearsIn,
  hasTitleAndDescription,
  momentAppearsIn,
  momentCompleteness,
  momentTranslationGroups,
  packageCompleteness,
  translationGroups,
  type MomentTranslation,
  type PackageTranslation,
  type PackageTranslationScreen,
  type TranslationBadge,
  type TranslationErrors,
} from "~/domain/translations";
import type { Db } from "../platform/db.server";
import { getPackageById } from "./packages.server";
import { translationProposalOf } from "./translation-proposals.server";
import {
  allMomentTranslations,
  allPackageTranslations,
  loadMomentTranslation,
  loadPackageTranslation,
  momentTranslationMessage,
  translationGoesLive,
} from "./translations.server";

/*
 * The staff translation screen of a package (decision 139): /admin/translations/{kind}/{id}/{lang}
 * shows each field's default-language text beside its translation, the languages with how much
 * of each is done, and the package's page in that language once it appears there.
 */

export function translationPath(kind: PackageKind | "moment", id: string, lang: string): string {
  return `/admin/translations/${kind}/${id}/${lang}`;
}

function notFoundPage(message: string): never {
  throw data(message, { status: 404, statusText: "Not Found" });
}

/** The URL's language, or the admin's 404 page (the default language is edited, not translated). */
function translationLanguage(site: SiteConfig, lang: string): Language {
  if (!isShippedLanguage(lang) || !site.languages.includes(lang) || site.languages[0] === lang) {
    notFoundPage(
      "The site is not shown in that language, so there is nothing to translate into it.",
    );
  }
  return lang;
}

/** The URL's kind and language, or the admin's 404 page. */
export function translationTarget(
  site: SiteConfig,
  params: { kind?: string; id?: string; lang?: string },
): { kind: PackageKind; id: string; lang: Language } {
  const kind = packageKindSchema.safeParse(params.kind);
  if (!kind.success) notFoundPage("There is no such package list.");
  return {
    kind: kind.data,
    id: params.id ?? "",
    lang: translationLanguage(site, params.lang ?? ""),
  };
}

/** The translation URL's kind for a travel moment (decision 150): /admin/translations/moment/{id}/{lang}. */
export const MOMENT_TRANSLATION_KIND = "moment";

/** A moment translation URL's id and language, or the admin's 404 page. */
export function momentTranslationTarget(
  site: SiteConfig,
  params: { id?: string; lang?: string },
): { id: string; lang: Language } {
  return { id: params.id ?? "", lang: translationLanguage(site, params.lang ?? "") };
}

/**
 * A travel moment's translation screen (decision 150): the same screen as a package's, with the
 * moment's three fields. `mayPublish` false (a Contributor) locks it: a moment has no drafts.
 */
export async function momentTranslationScreen(
  db: Db,
  site: SiteConfig,
  target: { id: string; lang: Language },
  refused?: { values: MomentTranslation; errors: TranslationErrors; message?: string },
  options: { mayPublish?: boolean } = {},
): Promise<PackageTranslationScreen> {
  const loaded = await loadMomentTranslation(db, target.id, target.lang);
  if (!loaded) notFoundPage("That travel moment does not exist, or it was deleted.");
  const { moment } = loaded;
  const value = refused?.values ?? loaded.translation;
  const own = (await allMomentTranslations(db, [moment.id])).get(moment.id);
  const defaultLang = site.languages[0] ?? "en";
  const appears = momentAppearsIn(own?.get(target.lang));
  const { done, total } = momentCompleteness(moment, value);
  return {
    // A moment appears once its title is translated: no publish switch of its own (decision 154).
    published: appears,
    storedPublished: appears,
    ready: appears,
    subject: "moment",
    kind: MOMENT_TRANSLATION_KIND,
    id: moment.id,
    title: moment.title,
    lang: target.lang,
    langName: LANGUAGE_NAMES_IN_ENGLISH[target.lang],
    defaultLang,
    defaultLangName: LANGUAGE_NAMES_IN_ENGLISH[defaultLang],
    action: translationPath(MOMENT_TRANSLATION_KIND, moment.id, target.lang),
    editPath: momentDialogHref({ mode: "edit", id: moment.id }),
    languages: site.languages.slice(1).map((lang) => {
      const counted = momentCompleteness(moment, own?.get(lang));
      return {
        lang,
        name: LANGUAGE_NAMES_IN_ENGLISH[lang],
        href: translationPath(MOMENT_TRANSLATION_KIND, moment.id, lang),
        current: lang === target.lang,
        done: counted.done,
        total: counted.total,
      };
    }),
    appears,
    // The reel is on the home page: the language's home shows it while the moment is active.
    ...(appears && moment.isActive
      ? { publicPath: localizedPath("/", target.lang, site.languages) }
      : {}),
    done,
    total,
    groups: momentTranslationGroups(moment, value, refused?.errors),
    errors: refused
      ? [
          ...(refused.message ? [refused.message] : []),
          ...Object.values(refused.errors).filter((e): e is string => Boolean(e)),
        ]
      : [],
    // A moment's translation is saved directly or not at all: no pending translations.
    reviewed: false,
    ...(options.mayPublish === false
      ? { locked: momentTranslationMessage(LANGUAGE_NAMES_IN_ENGLISH[target.lang]) }
      : {}),
  };
}

/** Per moment, how much of it is translated into each language other than the default. */
export async function momentTranslationBadges(
  db: Db,
  site: Pick<SiteConfig, "languages">,
  moments: readonly TravelMoment[],
): Promise<Record<string, TranslationBadge[]>> {
  const others = site.languages.slice(1);
  if (others.length === 0 || moments.length === 0) return {};
  const all = await allMomentTranslations(
    db,
    moments.map((m) => m.id),
  );
  return Object.fromEntries(
    moments.map((moment) => [
      moment.id,
      others.map((lang) => {
        const { done, total } = momentCompleteness(moment, all.get(moment.id)?.get(lang));
        return {
          lang,
          name: LANGUAGE_NAMES_IN_ENGLISH[lang],
          done,
          total,
          href: translationPath(MOMENT_TRANSLATION_KIND, moment.id, lang),
        };
      }),
    ]),
  );
}

/**
 * The translation screen's data; `refused` re-shows a refused form (typed values, per-field
 * errors, or the one reason the whole save was refused). `mayPublish` false (a Contributor) on a
 * package whose translation would go live: their save is a pending translation with "Submit for
 * review", and they see their own pending values (decision 146). `adminId` is who is looking.
 */
export async function translationScreen(
  db: Db,
  site: SiteConfig,
  target: { kind: PackageKind; id: string; lang: Language },
  refused?: { values: PackageTranslation; errors: TranslationErrors; message?: string },
  options: { mayPublish?: boolean; adminId?: string } = {},
): Promise<PackageTranslationScreen> {
  const loaded = await loadPackageTranslation(db, target.kind, target.id, target.lang);
  if (!loaded) notFoundPage("That package does not exist, or it was deleted.");
  const { pkg } = loaded;
  const proposal = await translationProposalOf(db, pkg.id, target.lang);
  const reviewed = options.mayPublish === false && translationGoesLive(pkg);
  const mine = Boolean(
    proposal && reviewed && options.adminId && proposal.proposedBy === options.adminId,
  );
  const value = refused?.values ?? (mine && proposal ? proposal.value : loaded.translation);
  const all = await allPackageTranslations(db, [pkg.id]);
  const own = all.get(pkg.id);
  const defaultLang = site.languages[0] ?? "en";
  const stored = own?.get(target.lang);
  const appears = appearsIn(stored);
  const { done, total } = packageCompleteness(pkg, value);
  return {
    subject: "package",
    kind: pkg.kind,
    id: pkg.id,
    title: pkg.title,
    lang: target.lang,
    langName: LANGUAGE_NAMES_IN_ENGLISH[target.lang],
    defaultLang,
    defaultLangName: LANGUAGE_NAMES_IN_ENGLISH[defaultLang],
    action: translationPath(pkg.kind, pkg.id, target.lang),
    editPath: kindInfo(pkg.kind).admin.editPath(pkg.id),
    languages: site.languages.slice(1).map((lang) => {
      const counted = packageCompleteness(pkg, own?.get(lang));
      return {
        lang,
        name: LANGUAGE_NAMES_IN_ENGLISH[lang],
        href: translationPath(pkg.kind, pkg.id, lang),
        current: lang === target.lang,
        done: counted.done,
        total: counted.total,
      };
    }),
    appears,
    published: value.published,
    storedPublished: Boolean(stored?.published),
    ready: hasTitleAndDescription(stored),
    ...(refused?.errors.published ? { publishError: refused.errors.published } : {}),
    ...(appears && pkg.status === "published"
      ? {
          publicPath: localizedPath(
            kindInfo(pkg.kind).detailPath(stored?.slug || pkg.id),
            target.lang,
            site.languages,
          ),
        }
      : {}),
    done,
    total,
    groups: translationGroups(pkg, value, refused?.errors),
    errors: refused
      ? [
          ...(refused.message ? [refused.message] : []),
          ...Object.values(refused.errors).filter((e): e is string => Boolean(e)),
        ]
      : [],
    reviewed,
    ...(proposal
      ? {
          pending: {
            state: proposal.state,
            by: proposal.proposedByName,
            comment: proposal.state === "sent_back" || mine ? proposal.comment : null,
            mine,
            outdated: proposal.outdated,
          },
        }
      : {}),
  };
}

/** Per package, how much of it is translated into each language other than the default. */
export async function translationSummaries(
  db: Db,
  site: SiteConfig,
  packages: readonly Package[],
): Promise<Map<string, (TranslationBadge & { lang: Language })[]>> {
  const result = new Map<string, (TranslationBadge & { lang: Language })[]>();
  const others = site.languages.slice(1);
  if (others.length === 0 || packages.length === 0) return result;
  const all = await allPackageTranslations(
    db,
    packages.map((p) => p.id),
  );
  for (const pkg of packages) {
    result.set(
      pkg.id,
      others.map((lang) => {
        const translation = all.get(pkg.id)?.get(lang);
        const { done, total } = packageCompleteness(pkg, translation);
        return {
          lang,
          name: LANGUAGE_NAMES_IN_ENGLISH[lang],
          done,
          total,
          href: translationPath(pkg.kind, pkg.id, lang),
          published: appearsIn(translation),
        };
      }),
    );
  }
  return result;
}

/** The badges of an admin list page's packages (none with one language). */
export async function translationBadges(
  db: Db,
  site: SiteConfig,
  kind: PackageKind,
  ids: readonly string[],
): Promise<Map<string, TranslationBadge[]>> {
  if (site.languages.length < 2 || ids.length === 0) return new Map();
  const packages = (await Promise.all(ids.map((id) => getPackageById(db, kind, id)))).filter(
    (p): p is Package => p !== undefined,
  );
  return translationSummaries(db, site, packages);
}
