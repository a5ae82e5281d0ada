import type { PackageCardView } from "~/domain/site-views";
import { PackageCard, type CardLoading } from "./package-card";

interface PackageGridProps {
  items: PackageCardView[];
  empty: string;
  emptyDetail?: string;
  headingLevel?: 2 | 3;
  /** How many leading cards load their image at once (the first row of a list page); 0 = all lazy. */
  eager?: number;
  /** On a phone, one horizontally scrollable row (home sections) instead of a stack. */
  row?: boolean;
}

/** The first card's image is the page's largest paint on a list page: it gets high priority. */
function loadingFor(index: number, eager: number): CardLoading {
  if (index >= eager) return "lazy";
  return index === 0 ? "priority" : "eager";
}

export function PackageGrid({
  items,
  empty,
  emptyDetail,
  headingLevel,
  eager = 0,
  row = false,
}: PackageGridProps) {
  if (items.length === 0) {
    return (
      <div className="empty-state">
        <p className="empty-title">{empty}</p>
        {emptyDetail ? <p>{emptyDetail}</p> : null}
      </div>
    );
  }
  return (
    <ul className={row ? "card-grid card-row" : "card-grid"} data-count={items.length}>
      {items.map((pkg, i) => (
        <li key={pkg.id}>
          <PackageCard pkg={pkg} headingLevel={headingLevel} loading={loadingFor(i, eager)} />
        </li>
      ))}
    </ul>
  );
}

/** Grey cards in the grid's shape while a list page loads (client-side navigation). */
export function PackageGridSkeleton({ count = 6 }: { count?: number }) {
  return (
    <ul className="card-grid" data-count={count} aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <li key={i}>
          <div className="package-card skeleton-card">
            <div className="card-media skeleton" />
            <div className="card-body">
              <div className="skeleton skeleton-line" />
              <div className="skeleton skeleton-line short" />
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}
