import { Link } from "react-router";
import { adminPageLinks } from "~/domain/admin-paging";
import "~/styles/admin-pagination.css";

/**
 * Previous / page numbers / Next under an admin list or table (decision 077): plain links, so paging works
 * without JavaScript. Long runs of pages fold into "…".
 */
export function AdminPagination({
  page,
  pageCount,
  href,
}: {
  page: number;
  pageCount: number;
  href: (page: number) => string;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav className="admin-pagination" aria-label="Pages">
      {page > 1 ? (
        <Link to={href(page - 1)} rel="prev" className="admin-pagination-step">
          Previous<span className="visually-hidden"> page</span>
        </Link>
      ) : null}
      <ol>
        {adminPageLinks(page, pageCount).map((n, i) =>
          n === null ? (
            <li key={`gap-${i}`} aria-hidden="true" className="admin-pagination-gap">
              …
            </li>
          ) : (
            <li key={n}>
              {n === page ? (
                <span aria-current="page">
                  <span className="visually-hidden">Page </span>
                  {n}
                </span>
              ) : (
                <Link to={href(n)}>
                  <span className="visually-hidden">Page </span>
                  {n}
                </Link>
              )}
            </li>
          ),
        )}
      </ol>
      {page < pageCount ? (
        <Link to={href(page + 1)} rel="next" className="admin-pagination-step">
          Next<span className="visually-hidden"> page</span>
        </Link>
      ) : null}
    </nav>
  );
}
