import type { ReactNode } from "react";
import type { ListPage, ListQuery } from "~/domain/catalogue-filters";
import type { ListLoadingText, ListText } from "~/domain/site-views";
import { ListFilters } from "./list-filters";
import { PackageGrid, PackageGridSkeleton } from "./package-grid";
import { PageHero } from "./page-hero";

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

/**
 * What a list page shows while its data loads during client-side navigation, in the page's
 * language: the layout's loader sends the words (the catalogues stay on the server).
 */
export function PackageListLoading({ text }: { text: ListLoadingText }) {
  return (
    <>
      <PageHero eyebrow={text.eyebrow} title={text.heading}>
        <p className="loading-text">{text.loading}</p>
      </PageHero>
      <section className="section container" aria-busy="true" aria-label={text.heading}>
        <PackageGridSkeleton />
      </section>
    </>
  );
}
