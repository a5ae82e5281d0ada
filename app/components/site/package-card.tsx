import { Link } from "react-router";
import { Icon } from "~/components/ui/icons";
import { SiteImage } from "~/components/ui/site-image";
import type { PackageCardView } from "~/domain/site-views";
import { Rating } from "./rating";

const CARD_SIZES = "(min-width: 1200px) 380px, (min-width: 640px) 45vw, 92vw";

/** lazy: below the fold; eager: first row of a list; priority: the list's largest paint. */
export type CardLoading = "lazy" | "eager" | "priority";

/** The whole card is clickable through the title link's stretched ::after (one tab stop). */
export function PackageCard({
  pkg,
  headingLevel = 3,
  loading = "lazy",
}: {
  pkg: PackageCardView;
  headingLevel?: 2 | 3;
  loading?: CardLoading;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="package-card">
      <div className="card-media">
        <SiteImage
          image={pkg.image}
          sizes={CARD_SIZES}
          className="card-image"
          priority={loading === "priority"}
          loading={loading === "lazy" ? "lazy" : "eager"}
        />
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
        <Rating rating={pkg.rating} />
        <div className="card-footer">
          {pkg.nextDeparture ? (
            <span className="card-period">
              <Icon name="calendar" size={14} />
              {pkg.nextDeparture}
              {/* A bare tag: the home page is at its JS budget (decision 115). */}
              {pkg.nextSeats && <b>{pkg.nextSeats}</b>}
            </span>
          ) : pkg.travelPeriod ? (
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
