import { Icon, type IconName } from "~/components/ui/icons";
import type { Feature } from "~/domain/site-content";

const PERK_ICONS: IconName[] = ["sun", "wallet", "shield", "gift"];

export function Perks({ perks }: { perks: Feature[] }) {
  return (
    <section className="section perks" aria-labelledby="perks-heading">
      <div className="container">
        <h2 id="perks-heading" className="perks-heading">
          Psst! There&apos;s more
        </h2>
        <ul className="perk-grid">
          {perks.map((perk, i) => (
            <li key={perk.title} className="perk">
              <span className="perk-icon">
                <Icon name={PERK_ICONS[i] ?? "check"} size={26} />
              </span>
              <h3>{perk.title}</h3>
              <p>{perk.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
