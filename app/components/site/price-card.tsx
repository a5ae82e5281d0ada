import { Link } from "react-router";
import { Icon } from "~/components/ui/icons";
import type { PackageDetailView } from "~/domain/site-views";
import { externalLinkProps } from "~/domain/whatsapp";
import { Rating } from "./rating";

export const BOOKING_NOTES = [
  "Free cancellation up to 24 hours",
  "Reserve now & pay later",
  "Mobile ticket accepted",
] as const;

/** Sticky on wide screens; Book Now opens WhatsApp with text naming the package. */
export function PriceCard({ pkg }: { pkg: PackageDetailView }) {
  return (
    <aside className="price-card" aria-label="Price and booking">
      <p className="price-label">Price</p>
      <p className="price-value">{pkg.price || "Price on request"}</p>
      <Rating rating={pkg.rating} />
      <dl className="price-facts">
        {pkg.duration ? (
          <div>
            <dt>Duration</dt>
            <dd>{pkg.duration}</dd>
          </div>
        ) : null}
        {pkg.travelPeriod ? (
          <div>
            <dt>Travel period</dt>
            <dd>{pkg.travelPeriod}</dd>
          </div>
        ) : null}
        {pkg.location ? (
          <div>
            <dt>Location</dt>
            <dd>{pkg.location}</dd>
          </div>
        ) : null}
      </dl>
      <a className="btn btn-gold btn-block" href={pkg.enquiryUrl} {...externalLinkProps}>
        Book Now<span className="visually-hidden"> (opens WhatsApp in a new tab)</span>
      </a>
      {/* A message about this trip, for travellers without WhatsApp. */}
      <Link to={`/contact?package=${pkg.id}`} className="btn btn-outline btn-block">
        Enquire about this trip
      </Link>
      <ul className="price-notes">
        {BOOKING_NOTES.map((note) => (
          <li key={note}>
            <Icon name="check" size={16} />
            {note}
          </li>
        ))}
      </ul>
    </aside>
  );
}
