import { siteKindInfo } from "~/domain/site-kinds";
import type { ReactNode } from "react";
import type { PackageKind } from "~/domain/schemas";
import type { ListPage, ListQuery } from "~/domain/catalogue-filters";
import { ListFilters } from "./list-filters";
import { PackageGrid, PackageGridSkeleton } from "./package-grid";
import { PageHero } from "./page-hero";

export const LIST_INTROS: Record<PackageKind, { eyebrow: string; intro: string }> = {
  trip: {
    eyebrow: "Small groups, big moments",
    intro:
      "Our next departures, planned down to the last transfer. Pick a date and travel with us.",
  },
  exclusive: {
    eyebrow: "Limited departures",
    intro: "A handful of once-in-a-lifetime journeys, each with very few places.",
  },
  local: {
    eyebrow: "Close to home",
    intro: "Weekend escapes and short breaks that show you home with fresh eyes.",
  },
  discovery: {
    eyebrow: "Off the beaten path",
    intro: "Hidden corners most travellers never find, shared by people who know them well.",
  },
};

/** Cards in the first row of a list page at desktop width: they load at once, the rest lazily. */
const FIRST_ROW = 3;

export function PackageListScreen({
  kind,
  list,
  query,
  path,
  pagination,
}: {
  kind: PackageKind;
  list: ListPage;
  query: ListQuery;
  path: string;
  /** The page links under the grid (the route's ListPagination). */
  pagination: ReactNode;
}) {
  const info = siteKindInfo(kind).publicList;
  const intro = LIST_INTROS[kind];
  return (
    <>
      <PageHero eyebrow={intro.eyebrow} title={info.heading}>
        <p>{intro.intro}</p>
      </PageHero>
      <section className="section container" aria-label={info.heading}>
        <ListFilters
          path={path}
          query={query}
          destinations={list.destinations}
          months={list.months}
          total={list.total}
          noun={kind === "trip" || kind === "local" ? "trip" : "package"}
        />
        <PackageGrid
          items={list.items}
          empty={info.empty}
          emptyDetail={info.emptyDetail}
          headingLevel={2}
          eager={FIRST_ROW}
        />
        {pagination}
      </section>
    </>
  );
}

/** What a list page shows while its data loads during client-side navigation. */
export function PackageListLoading({ kind }: { kind: PackageKind }) {
  const info = siteKindInfo(kind).publicList;
  return (
    <>
      <PageHero eyebrow={LIST_INTROS[kind].eyebrow} title={info.heading}>
        <p className="loading-text">Loading {info.heading.toLowerCase()}...</p>
      </PageHero>
      <section className="section container" aria-busy="true" aria-label={info.heading}>
        <PackageGridSkeleton />
      </section>
    </>
  );
}
