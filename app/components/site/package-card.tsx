import { Link } from "react-router";
import { Icon } from "~/components/ui/icons";
import { SiteImage } from "~/components/ui/site-image";
import type { PackageCardView } from "~/domain/site-views";
import { Rating } from "./rating";

const CARD_SIZES = "(min-width: 1200px) 380px, (min-width: 700px) 45vw, 92vw";

/** The whole card is clickable through the title link's stretched ::after (one tab stop). */
export function PackageCard({
  pkg,
  headingLevel = 3,
}: {
  pkg: PackageCardView;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="package-card">
      <div className="card-media">
        <SiteImage image={pkg.image} sizes={CARD_SIZES} className="card-image" />
        {pkg.label ? <span className="badge badge-label">{pkg.label}</span> : null}
        {pkg.duration ? (
          <span className="badge badge-duration">
            <Icon name="clock" size={14} />
            {pkg.duration}
          </span>
        ) : null}
      </div>
      <div className="card-body">
        {pkg.location ? (
          <p className="card-location">
            <Icon name="pin" size={14} />
            {pkg.location}
          </p>
        ) : null}
        <Heading className="card-title">
          <Link to={pkg.href} className="stretched-link" prefetch="intent">
            {pkg.title}
          </Link>
        </Heading>
        <Rating rating={pkg.rating} reviewCount={pkg.reviewCount} />
        <div className="card-footer">
          {pkg.travelPeriod ? (
            <span className="card-period">
              <Icon name="calendar" size={14} />
              {pkg.travelPeriod}
            </span>
          ) : (
            <span />
          )}
          {pkg.price ? <span className="card-price">{pkg.price}</span> : null}
        </div>
      </div>
    </article>
  );
}
