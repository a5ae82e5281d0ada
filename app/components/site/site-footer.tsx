import { Link } from "react-router";
import { Icon } from "~/components/ui/icons";
import type { SiteConfig } from "~/domain/site";
import type { SiteChrome } from "~/domain/site-views";
import { externalLinkProps } from "~/domain/whatsapp";
import { BrandMark } from "./brand-mark";
import { LanguageLinks, telHref } from "./site-header";

/*
 * The company's texts come in the page's language (decision 150); one shown in the default
 * language instead is marked with its `lang`, written by the server only (`import.meta.env.SSR`):
 * hydration keeps the attribute, and home's first-load JS stays within its budget.
 */
export function SiteFooter({
  site,
  year,
  chrome,
}: {
  site: SiteConfig;
  year: number;
  chrome: SiteChrome;
}) {
  const { text } = chrome;
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div className="footer-about">
          <p className="footer-brand">
            <BrandMark size={32} />
            <span>{site.name}</span>
          </p>
          <p {...(import.meta.env.SSR ? { lang: chrome.textLang.blurb } : null)}>{site.blurb}</p>
          <ul className="social-links">
            <li>
              <a href={site.facebookUrl} {...externalLinkProps}>
                <Icon name="facebook" />
                <span>Facebook</span>
              </a>
            </li>
            <li>
              <a href={site.instagramUrl} {...externalLinkProps}>
                <Icon name="instagram" />
                <span>Instagram</span>
              </a>
            </li>
          </ul>
        </div>
        <nav aria-labelledby="footer-explore">
          <h2 id="footer-explore">{text.explore}</h2>
          <ul className="footer-links">
            {chrome.footerLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2>{text.contact}</h2>
          <ul className="footer-contact">
            <li>
              <Icon name="pin" />
              <span {...(import.meta.env.SSR ? { lang: chrome.textLang.address } : null)}>
                {site.address}
              </span>
            </li>
            <li>
              <Icon name="phone" />
              <a href={telHref(site.phone)}>{site.phone}</a>
            </li>
            <li>
              <Icon name="mail" />
              <a href={`mailto:${site.email}`}>{site.email}</a>
            </li>
          </ul>
        </div>
      </div>
      <div className="container footer-bottom">
        <p>
          © {year} <Link to="/admin">{site.name}</Link>. {text.rights}
        </p>
        <LanguageLinks chrome={chrome} label={text.footerLanguages} />
        {/* Placeholders until the legal pages exist: text on purpose, not links (spec §1). */}
        <p className="footer-legal">
          <span>{text.privacy}</span>
          <span>{text.terms}</span>
        </p>
      </div>
    </footer>
  );
}
