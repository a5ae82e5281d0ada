import { Link } from "react-router";
import { Icon } from "~/components/ui/icons";
import type { PackageCardView } from "~/domain/site-views";
import { PackageGrid } from "./package-grid";

interface PackageSectionProps {
  id: string;
  eyebrow: string;
  heading: string;
  path: string;
  empty: string;
  viewAll: string;
  swipeHint: string;
  items: PackageCardView[];
  tone?: "plain" | "tint";
}

/** A home-page section: heading, the first packages of a kind, and a link to the full list. */
export function PackageSection({
  id,
  eyebrow,
  heading,
  path,
  empty,
  viewAll,
  swipeHint,
  items,
  tone = "plain",
}: PackageSectionProps) {
  return (
    <section className={`section section-${tone}`} aria-labelledby={id}>
      <div className="container">
        <div className="section-head">
          <div>
            <p className="eyebrow">{eyebrow}</p>
            <h2 id={id}>{heading}</h2>
          </div>
          {items.length ? (
            <Link to={path} className="text-link" prefetch="intent">
              {viewAll}
              <span className="visually-hidden"> {heading}</span>
              <Icon name="right" size={16} />
            </Link>
          ) : null}
        </div>
        {items.length > 1 ? (
          <p className="row-hint" aria-hidden="true">
            {swipeHint}
            <Icon name="right" size={14} />
          </p>
        ) : null}
        <PackageGrid items={items} empty={empty} row />
      </div>
    </section>
  );
}
