import { listQueryString, type ListQuery } from "~/domain/catalogue-filters";
import { Pagination } from "~/components/ui/pagination";
import type { PagesText } from "~/domain/site-views";

/**
 * Previous / numbered pages / Next under a public list, as links with rel=prev and rel=next. The
 * list route renders it, not PackageListScreen: that module is also the list skeleton the site
 * layout loads lazily, whose preload list is part of every public page's first load.
 */
export function ListPagination({
  path,
  query,
  pageCount,
  text,
}: {
  path: string;
  query: ListQuery;
  pageCount: number;
  text: PagesText;
}) {
  return (
    <Pagination
      page={query.page}
      pageCount={pageCount}
      href={(page) => path + listQueryString({ ...query, page })}
      className="pagination"
      text={text}
    />
  );
}
