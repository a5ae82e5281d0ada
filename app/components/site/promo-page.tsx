import { Icon, type IconName } from "~/components/ui/icons";
import type { Feature, PromoAction, PromoText } from "~/domain/site-content";
import { externalLinkProps } from "~/domain/whatsapp";
import { PageHero } from "./page-hero";

interface PromoPageProps {
  text: PromoText;
  icon: IconName;
  actions: PromoAction[];
  features: Feature[];
}

/** /flights and /hotels: a pitch, reasons to ask us, and WhatsApp enquiry buttons. */
export function PromoPage({ text, icon, actions, features }: PromoPageProps) {
  const buttons = (
    <div className="promo-actions">
      {actions.map((action) => (
        <a
          key={action.label}
          href={action.href}
          className={action.primary ? "btn btn-gold" : "btn btn-outline"}
          {...externalLinkProps}
        >
          <Icon name="chat" size={18} />
          {action.label}
          <span className="visually-hidden">{text.opensWhatsApp}</span>
        </a>
      ))}
    </div>
  );
  return (
    <>
      <PageHero eyebrow={text.eyebrow} title={text.title}>
        <p>{text.intro}</p>
        {buttons}
      </PageHero>
      <section className="section container" aria-labelledby="promo-why">
        <h2 id="promo-why" className="center">
          {text.why}
        </h2>
        <ul className="feature-grid">
          {features.map((f) => (
            <li key={f.title} className="feature">
              <span className="perk-icon">
                <Icon name={icon} size={24} />
              </span>
              <h3>{f.title}</h3>
              <p>{f.text}</p>
            </li>
          ))}
        </ul>
        <div className="promo-cta">
          <p>{text.cta}</p>
          {buttons}
        </div>
      </section>
    </>
  );
}
