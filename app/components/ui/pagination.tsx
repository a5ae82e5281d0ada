import { Link } from "react-router";

interface PaginationProps {
  page: number;
  pageCount: number;
  href: (page: number) => string;
  /** The page numbers to link, in order; `null` stands for pages left out ("…"). All by default. */
  links?: (number | null)[];
  /** The nav's class ("pagination"), and optionally Previous/Next's and the gaps'. */
  className: string;
  stepClassName?: string;
  gapClassName?: string;
  /** The words, in the page's language; English by default (the admin's lists). */
  text?: { label: string; previous: string; next: string; page: string; step: string };
}

const ENGLISH = {
  label: "Pages",
  previous: "Previous",
  next: "Next",
  page: "Page",
  step: " page",
};

/**
 * Previous / page numbers / Next: plain links (rel=prev and rel=next), so paging works without
 * JavaScript. Nothing when there is one page.
 */
export function Pagination({
  page,
  pageCount,
  href,
  links = Array.from({ length: pageCount }, (_, i) => i + 1),
  className,
  stepClassName,
  gapClassName,
  text = ENGLISH,
}: PaginationProps) {
  if (pageCount <= 1) return null;
  return (
    <nav className={className} aria-label={text.label}>
      {page > 1 ? (
        <Link to={href(page - 1)} rel="prev" className={stepClassName}>
          {text.previous}
          <span className="visually-hidden">{text.step}</span>
        </Link>
      ) : null}
      <ol>
        {links.map((n, i) =>
          n === null ? (
            <li key={`gap-${i}`} aria-hidden="true" className={gapClassName}>
              …
            </li>
          ) : (
            <li key={n}>
              {n === page ? (
                <span aria-current="page">
                  <span className="visually-hidden">{`${text.page} `}</span>
                  {n}
                </span>
              ) : (
                <Link to={href(n)}>
                  <span className="visually-hidden">{`${text.page} `}</span>
                  {n}
                </Link>
              )}
            </li>
          ),
        )}
      </ol>
      {page < pageCount ? (
        <Link to={href(page + 1)} rel="next" className={stepClassName}>
          {text.next}
          <span className="visually-hidden">{text.step}</span>
        </Link>
      ) : null}
    </nav>
  );
}
