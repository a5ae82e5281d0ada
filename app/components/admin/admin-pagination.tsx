import { adminPageLinks } from "~/domain/admin-paging";
import { Pagination } from "~/components/ui/pagination";
import "~/styles/admin-pagination.css";

/**
 * Previous / page numbers / Next under an admin list or table (decision 077): the shared
 * Pagination in the admin's style, where long runs of pages fold into "…".
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
  return (
    <Pagination
      page={page}
      pageCount={pageCount}
      href={href}
      links={adminPageLinks(page, pageCount)}
      className="admin-pagination"
      stepClassName="admin-pagination-step"
      gapClassName="admin-pagination-gap"
    />
  );
}
