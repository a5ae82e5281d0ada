import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { AdminPagination } from "./admin-pagination";

/**
 * The shape of an admin table screen (the enquiries inbox, the activity log): a GET filter form
 * (works without JavaScript), the result count, the table in a scrollable region or a message
 * when nothing is there, and the page links under it.
 */
export function FilteredTable({
  label,
  clearHref,
  filtered,
  fields,
  count,
  empty,
  region,
  page,
  pages,
  pageHref,
  children,
}: {
  /** Names the filter form ("Filter enquiries"). */
  label: string;
  /** The unfiltered screen, for "Clear filters" (shown only while a filter is set). */
  clearHref: string;
  filtered: boolean;
  /** The form's `.field`s; the Filter button follows them. */
  fields: ReactNode;
  count: ReactNode;
  /** Shown instead of the table when there are no rows. */
  empty: string | null;
  /** Names the scrollable region around the table ("Enquiries table"). */
  region: string;
  page: number;
  pages: number;
  pageHref: (page: number) => string;
  /** The table. */
  children: ReactNode;
}) {
  return (
    <>
      <Form method="get" className="inbox-filters" role="search" aria-label={label}>
        {fields}
        <button type="submit" className="button button-primary">
          Filter
        </button>
        {filtered ? (
          <Link to={clearHref} className="button button-link">
            Clear filters
          </Link>
        ) : null}
      </Form>
      <p className="inbox-count" role="status">
        {count}
      </p>
      {empty !== null ? (
        <p className="admin-empty">{empty}</p>
      ) : (
        <div className="inbox-table-wrap" role="region" aria-label={region} tabIndex={0}>
          {children}
        </div>
      )}
      <AdminPagination page={page} pageCount={pages} href={pageHref} />
    </>
  );
}
