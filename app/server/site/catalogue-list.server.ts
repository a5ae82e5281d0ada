import {
  DURATION_BANDS,
  PAGE_SIZE,
  PRICE_BANDS,
  destinationId,
  destinationLabel,
  durationDays,
  inBand,
  monthLabel,
  monthsOfTravelPeriod,
  type ListPage,
  type ListQuery,
} from "~/domain/catalogue-filters";
import type { PackageKind } from "~/domain/schemas";
import type { SiteConfig } from "~/domain/site";
import { upcomingDepartures } from "~/domain/trip-facts";
import {
  listPublishedCards,
  listPublishedFacts,
  type PackageFacts,
} from "../catalogue/packages.server";
import type { Db } from "../platform/db.server";
import { priceNumber } from "./site-seo.server";
import { cardViewOf, viewContext } from "./site-views.server";
import type { Language } from "~/domain/i18n/languages";
import { kindInfo } from "~/domain/package-kinds";
import { translatedCards } from "./translated-content.server";

/** What filtering and sorting read of a card, worked out once per card. */
interface Facts {
  card: PackageFacts;
  index: number;
  destination: string;
  months: Set<string>;
  price?: number;
  days?: number;
  next?: string;
}

function factsOf(card: PackageFacts, index: number, today: string): Facts {
  const upcoming = upcomingDepartures(card.departures, today);
  const months = upcoming.length
    ? upcoming.map((d) => d.start_date.slice(0, 7))
    : monthsOfTravelPeriod(card.travel_period);
  const price = priceNumber(card.price)?.price;
  return {
    card,
    index,
    destination: destinationId(destinationLabel(card.location)),
    months: new Set(months.filter((m) => m >= today.slice(0, 7))),
    ...(price !== undefined ? { price: Number(price) } : {}),
    ...(durationDays(card.duration) !== undefined ? { days: durationDays(card.duration) } : {}),
    ...(upcoming[0] ? { next: upcoming[0].start_date } : {}),
  };
}

/** Missing values sort last, whatever the direction. */
function byNumber(a: number | undefined, b: number | undefined, direction: 1 | -1): number {
  if (a === undefined || b === undefined)
    return (a === undefined ? 1 : 0) - (b === undefined ? 1 : 0);
  return (a - b) * direction;
}

/** ISO dates compare as text; missing ones last. */
function byDate(a: string | undefined, b: string | undefined): number {
  if (a === b) return 0;
  if (a === undefined) return 1;
  if (b === undefined) return -1;
  return a < b ? -1 : 1;
}

function compare(query: ListQuery) {
  return (a: Facts, b: Facts): number => {
    const order =
      query.sort === "price-asc"
        ? byNumber(a.price, b.price, 1)
        : query.sort === "price-desc"
          ? byNumber(a.price, b.price, -1)
          : query.sort === "departure"
            ? byDate(a.next, b.next)
            : 0;
    return order || a.index - b.index;
  };
}

/**
 * A public list page: every published package of the kind in admin order, narrowed by the
 * query's filters, sorted, one page of PAGE_SIZE. The filters offer only destinations and months
 * some package has. A page beyond the last gives `page` > `pageCount` (the route redirects).
 */
export async function loadListPage(
  db: Db,
  site: SiteConfig,
  kind: PackageKind,
  query: ListQuery,
  lang?: Language,
): Promise<ListPage> {
  const context = viewContext(site, new Date(), lang);
  // Filtering reads a few columns of every package; only the page's cards load their cover.
  // In another language than the default, only the packages that appear in it (decision 139).
  const publishedIn = lang && lang !== site.languages[0] ? lang : undefined;
  const all = (await listPublishedFacts(db, kind, publishedIn)).map((card, i) =>
    factsOf(card, i, context.today),
  );
  const destinations = new Map<string, string>();
  const months = new Set<string>();
  for (const f of all) {
    const label = destinationLabel(f.card.location);
    if (f.destination) destinations.set(f.destination, label);
    for (const m of f.months) months.add(m);
  }
  const matching = all
    .filter(
      (f) =>
        (!query.destination || f.destination === query.destination) &&
        (!query.month || f.months.has(query.month)) &&
        inBand(PRICE_BANDS, query.price, f.price) &&
        inBand(DURATION_BANDS, query.duration, f.days),
    )
    .sort(compare(query));
  const pageCount = Math.max(1, Math.ceil(matching.length / PAGE_SIZE));
  const start = (query.page - 1) * PAGE_SIZE;
  const pageIds = matching.slice(start, start + PAGE_SIZE).map((f) => f.card.id);
  const english = await listPublishedCards(db, kind, undefined, pageIds, publishedIn);
  const cards = new Map(
    (await translatedCards(db, site, context.lang, english)).map((c) => [c.id, c]),
  );
  return {
    items: pageIds
      .map((id) => cards.get(id))
      .filter((card) => card !== undefined)
      .map((card) => {
        const view = cardViewOf(card, context);
        // The language's own slug names the card's page there (decision 139).
        return card.slug ? { ...view, href: kindInfo(card.kind).detailPath(card.slug) } : view;
      }),
    total: matching.length,
    page: query.page,
    pageCount,
    destinations: [...destinations]
      .map(([id, label]) => ({ id, label }))
      .sort((a, b) => a.label.localeCompare(b.label)),
    months: [...months].sort().map((id) => ({ id, label: monthLabel(id) })),
  };
}

/** The query with values that name nothing offered here dropped (the canonical URL's query). */
export function offeredQuery(query: ListQuery, page: ListPage): ListQuery {
  const { destination, month, ...rest } = query;
  return {
    ...rest,
    ...(destination && page.destinations.some((d) => d.id === destination) ? { destination } : {}),
    ...(month && page.months.some((m) => m.id === month) ? { month } : {}),
    page: Math.min(query.page, page.pageCount),
  };
}
