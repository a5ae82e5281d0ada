import { kindInfo } from "~/domain/package-kinds";
import { LIMITS, type Package, type PackageKind } from "~/domain/schemas";
import type { SiteConfig } from "~/domain/site";
import type { DetailScope } from "~/domain/site-paths";
import type { MomentView, PackageCardView, PackageDetailView } from "~/domain/site-views";
import type { Db } from "../platform/db.server";
import { listMoments } from "../catalogue/moments.server";
import {
  getPackageById,
  getPackageBySlug,
  listPublishedCardsPerKind,
  type PackageCard,
} from "../catalogue/packages.server";
import type { PageLanguage } from "./page-language.server";
import { cardViewOf, detailView, momentView, viewContext } from "./site-views.server";
import { translatedCards, translatedMoments } from "./translated-content.server";

export interface PackageSection {
  kind: PackageKind;
  eyebrow: string;
  heading: string;
  path: string;
  empty: string;
  /** "View all" and "Swipe to see all 6", finished in the page's language. */
  viewAll: string;
  swipeHint: string;
  items: PackageCardView[];
}

function homeSection(
  site: SiteConfig,
  page: PageLanguage,
  kind: PackageKind,
  cards: (PackageCard & { slug?: string })[],
): PackageSection {
  const { t, href } = page;
  const context = viewContext(site, new Date(), page.lang);
  return {
    kind,
    eyebrow: t(`home.${kind}.eyebrow`),
    heading: t(`home.${kind}.heading`),
    path: href(kindInfo(kind).publicList.path),
    empty: t(`kind.${kind}.empty`),
    viewAll: t("home.viewAll"),
    swipeHint: t("home.swipeHint", { count: cards.length }),
    // The cards link to the trip's page in the same language (decision 128).
    items: cards.map((card) => {
      const view = cardViewOf(card, context);
      // In a language with its own slug, the card links to that slug's page (decision 139).
      const path = card.slug ? kindInfo(card.kind).detailPath(card.slug) : view.href;
      return { ...view, href: href(path) };
    }),
  };
}

export interface HomeData {
  sections: Record<PackageKind, PackageSection>;
  moments: MomentView[];
}

const HOME_KINDS: PackageKind[] = ["trip", "exclusive", "local", "discovery"];

/** Home: the first 6 published packages of each kind in admin order, and the active moments. */
export async function loadHome(db: Db, site: SiteConfig, page: PageLanguage): Promise<HomeData> {
  // In another language than the default, only the packages that appear in it (decision 139).
  const publishedIn = page.lang === site.languages[0] ? undefined : page.lang;
  const [englishCards, englishMoments] = await Promise.all([
    listPublishedCardsPerKind(db, HOME_KINDS, LIMITS.homeSectionSize, publishedIn),
    listMoments(db, { activeOnly: true }),
  ]);
  const [cards, moments] = await Promise.all([
    translatedCards(db, site, page.lang, englishCards),
    translatedMoments(db, site, page.lang, englishMoments),
  ]);
  const sectionOf = (kind: PackageKind) =>
    homeSection(
      site,
      page,
      kind,
      cards.filter((card) => card.kind === kind),
    );
  return {
    sections: {
      trip: sectionOf("trip"),
      exclusive: sectionOf("exclusive"),
      local: sectionOf("local"),
      discovery: sectionOf("discovery"),
    },
    moments: moments.map(({ moment, fallback }) => ({
      ...momentView(moment),
      // Fields still in the default language keep its `lang` on the page (decision 139).
      ...(fallback.includes("description") ? { textLang: site.languages[0] ?? "en" } : {}),
    })),
  };
}

const LOOKUPS: Record<DetailScope, PackageKind[]> = {
  package: ["trip", "discovery"],
  exclusive: ["exclusive"],
  local: ["local"],
};

/**
 * Spec §2 lookup order. Drafts only when `includeDrafts` (a signed-in admin); slugs always need
 * published. A failing lookup is logged and treated as "not found", as the spec asks.
 */
export async function findDetailPackage(
  db: Db,
  scope: DetailScope,
  idOrSlug: string,
  options: { includeDrafts: boolean },
): Promise<Package | undefined> {
  // Malformed input is simply not found (quietly); a database fault propagates (503, logged once).
  if (!isPlausibleKey(idOrSlug)) return undefined;
  for (const kind of LOOKUPS[scope]) {
    const found = await getPackageById(db, kind, idOrSlug, {
      publishedOnly: !options.includeDrafts,
    });
    if (found) return found;
  }
  if (scope === "package") return await getPackageBySlug(db, "trip", idOrSlug);
  return undefined;
}

/** An id or slug that could exist: not empty, not huge, no control characters, valid Unicode. */
function isPlausibleKey(value: string): boolean {
  return (
    value.length > 0 &&
    value.length <= 200 &&
    value.isWellFormed() &&
    // eslint-disable-next-line no-control-regex
    !/[\u0000-\u001f\u007f]/.test(value)
  );
}

export async function loadDetail(
  db: Db,
  site: SiteConfig,
  scope: DetailScope,
  idOrSlug: string,
  options: { includeDrafts: boolean },
): Promise<PackageDetailView | undefined> {
  const pkg = await findDetailPackage(db, scope, idOrSlug, options);
  return pkg ? detailView(pkg, site) : undefined;
}
