import { siteKindInfo } from "~/domain/site-kinds";
import type { ReactNode } from "react";
import type { PackageKind } from "~/domain/schemas";
import type { ListPage, ListQuery } from "~/domain/catalogue-filters";
import type { ListText } from "~/domain/site-views";
import { ListFilters } from "./list-filters";
import { PackageGrid, PackageGridSkeleton } from "./package-grid";
import { PageHero } from "./page-hero";

/**
 * The eyebrows the loading skeleton shows, in the default language: the skeleton is drawn on the
 * client before the page's data (and its words) arrive. The page itself gets its words from the
 * loader (ListText).
 */
const LOADING_EYEBROWS: Record<PackageKind, string> = {
  trip: "Small groups, big moments",
  exclusive: "Limited departures",
  local: "Close to home",
  discovery: "Off the beaten path",
};

/** Cards in the first row of a list page at desktop width: they load at once, the rest lazily. */
const FIRST_ROW = 3;

export function PackageListScreen({
  list,
  query,
  path,
  text,
  pagination,
}: {
  list: ListPage;
  query: ListQuery;
  path: string;
  /** The page's words in its language, from the loader. */
  text: ListText;
  /** The page links under the grid (the route's ListPagination). */
  pagination: ReactNode;
}) {
  return (
    <>
      <PageHero eyebrow={text.eyebrow} title={text.heading}>
        <p>{text.intro}</p>
      </PageHero>
      <section className="section container" aria-label={text.heading}>
        <ListFilters
          path={path}
          query={query}
          destinations={list.destinations}
          months={list.months}
          text={text}
        />
        <PackageGrid
          items={list.items}
          empty={text.empty}
          emptyDetail={text.emptyDetail}
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
      <PageHero eyebrow={LOADING_EYEBROWS[kind]} title={info.heading}>
        <p className="loading-text">Loading {info.heading.toLowerCase()}...</p>
      </PageHero>
      <section className="section container" aria-busy="true" aria-label={info.heading}>
        <PackageGridSkeleton />
      </section>
    </>
  );
}
