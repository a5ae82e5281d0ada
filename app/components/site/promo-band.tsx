import { Link } from "react-router";
import { Icon, type IconName } from "~/components/ui/icons";

export interface PromoBandProps {
  id: string;
  icon: IconName;
  eyebrow: string;
  heading: string;
  text: string;
  to: string;
  action: string;
  reverse?: boolean;
}

/** The home page's discounted flights / hotels teasers, linking to their promo pages. */
export function PromoBand({
  id,
  icon,
  eyebrow,
  heading,
  text,
  to,
  action,
  reverse,
}: PromoBandProps) {
  return (
    <section className={`promo-band${reverse ? " reverse" : ""}`} aria-labelledby={id}>
      <div className="container promo-inner">
        <span className="promo-icon">
          <Icon name={icon} size={40} />
        </span>
        <div className="promo-text">
          <p className="eyebrow eyebrow-light">{eyebrow}</p>
          <h2 id={id}>{heading}</h2>
          <p>{text}</p>
        </div>
        <Link to={to} className="btn btn-gold" prefetch="intent">
          {action}
        </Link>
      </div>
    </section>
  );
}
