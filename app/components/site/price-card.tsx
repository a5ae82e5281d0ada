import { Link } from "react-router";
import { Icon } from "~/components/ui/icons";
import type { PackageDetailView, PriceCardText } from "~/domain/site-views";
import { externalLinkProps } from "~/domain/whatsapp";
import { Rating } from "./rating";

/** Sticky on wide screens; Book Now opens WhatsApp with text naming the package. */
export function PriceCard({ pkg, text }: { pkg: PackageDetailView; text: PriceCardText }) {
  return (
    <aside className="price-card" aria-label={text.aria}>
      <p className="price-label">{text.price}</p>
      <p className="price-value">{pkg.price || text.onRequest}</p>
      <Rating rating={pkg.rating} />
      <dl className="price-facts">
        {pkg.duration ? (
          <div>
            <dt>{text.duration}</dt>
            <dd>{pkg.duration}</dd>
          </div>
        ) : null}
        {pkg.travelPeriod ? (
          <div>
            <dt>{text.travelPeriod}</dt>
            <dd>{pkg.travelPeriod}</dd>
          </div>
        ) : null}
        {pkg.location ? (
          <div>
            <dt>{text.location}</dt>
            <dd>{pkg.location}</dd>
          </div>
        ) : null}
      </dl>
      <a className="btn btn-gold btn-block" href={pkg.enquiryUrl} {...externalLinkProps}>
        {text.bookNow}
        <span className="visually-hidden">{text.opensWhatsApp}</span>
      </a>
      {/* A message about this trip, for travellers without WhatsApp. */}
      <Link to={text.enquireHref} className="btn btn-outline btn-block">
        {text.enquire}
      </Link>
      <ul className="price-notes">
        {text.notes.map((note) => (
          <li key={note}>
            <Icon name="check" size={16} />
            {note}
          </li>
        ))}
      </ul>
    </aside>
  );
}
