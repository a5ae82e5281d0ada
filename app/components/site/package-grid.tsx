import type { PackageCardView } from "~/domain/site-views";
import { PackageCard } from "./package-card";

interface PackageGridProps {
  items: PackageCardView[];
  empty: string;
  emptyDetail?: string;
  headingLevel?: 2 | 3;
}

export function PackageGrid({ items, empty, emptyDetail, headingLevel }: PackageGridProps) {
  if (items.length === 0) {
    return (
      <div className="empty-state">
        <p className="empty-title">{empty}</p>
        {emptyDetail ? <p>{emptyDetail}</p> : null}
      </div>
    );
  }
  return (
    <ul className="card-grid">
      {items.map((pkg) => (
        <li key={pkg.id}>
          <PackageCard pkg={pkg} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}

/** Grey cards in the grid's shape while a list page loads (client-side navigation). */
export function PackageGridSkeleton({ count = 6 }: { count?: number }) {
  return (
    <ul className="card-grid" aria-hidden="true">
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
