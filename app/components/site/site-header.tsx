import { useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { Icon } from "~/components/ui/icons";
import type { SiteConfig } from "~/domain/site";
import type { SiteChrome } from "~/domain/site-views";
import { externalLinkProps } from "~/domain/whatsapp";
import { BrandMark } from "./brand-mark";

interface SiteHeaderProps {
  site: SiteConfig;
  bookNowUrl: string;
  chrome: SiteChrome;
}

export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}

/**
 * Plain links to this page in each other language (decision 128): they work without JavaScript
 * and load the whole page, so `<html lang>` and every word change with it.
 */
export function LanguageLinks({ chrome, label }: { chrome: SiteChrome; label: string }) {
  const { pathname, search } = useLocation();
  const rest = pathname.slice(chrome.prefix.length);
  return chrome.languages.length ? (
    <nav className="language-links" aria-label={label}>
      <ul>
        {chrome.languages.map((l) => (
          <li key={l.lang}>
            <a
              href={(l.prefix + (rest === "/" ? "" : rest) || "/") + search}
              hrefLang={l.lang}
              lang={l.lang}
              aria-current={l.lang === chrome.lang}
            >
              {l.name}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  ) : null;
}

/**
 * The mobile menu is a <details> element, so it opens and closes without JavaScript; with it,
 * choosing a link or Book Now (or any navigation) closes it again.
 */
export function SiteHeader({ site, bookNowUrl, chrome }: SiteHeaderProps) {
  const { text } = chrome;
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = () => setMenuOpen(false);

  const links = (onClick?: () => void) =>
    chrome.nav.map((link) => (
      <li key={link.to}>
        <NavLink to={link.to} end={link.to === chrome.home} prefetch="intent" onClick={onClick}>
          {link.label}
        </NavLink>
      </li>
    ));

  return (
    <header className="site-header">
      <div className="topbar">
        <div className="container topbar-inner">
          <p
            className="topbar-tagline"
            // Marked when in the default language, by the server only (see SiteFooter, 150).
            {...(import.meta.env.SSR ? { lang: chrome.textLang.tagline } : null)}
          >
            {site.tagline}
          </p>
          <ul className="topbar-contact">
            <li>
              <a href={telHref(site.phone)}>
                <Icon name="phone" size={14} />
                {site.phone}
              </a>
            </li>
            <li>
              <a href={`mailto:${site.email}`}>
                <Icon name="mail" size={14} />
                {site.email}
              </a>
            </li>
          </ul>
          <LanguageLinks chrome={chrome} label={text.languages} />
        </div>
      </div>
      <div className="container navbar">
        <Link to={chrome.home} className="brand" aria-label={text.brandHome}>
          <BrandMark />
          <span className="brand-name">{site.name}</span>
        </Link>
        <nav className="nav-desktop" aria-label={text.main}>
          <ul>{links()}</ul>
        </nav>
        <a className="btn btn-gold book-now-desktop" href={bookNowUrl} {...externalLinkProps}>
          {text.bookNow}
          <span className="visually-hidden">{text.opensWhatsApp}</span>
        </a>
        <details
          className="mobile-menu"
          open={menuOpen}
          onToggle={(e) => setMenuOpen(e.currentTarget.open)}
        >
          <summary>
            <Icon name="menu" size={22} />
            <span>{text.menu}</span>
          </summary>
          <nav className="mobile-menu-panel" aria-label={text.mobile}>
            <ul>{links(closeMenu)}</ul>
            <a
              className="btn btn-gold"
              href={bookNowUrl}
              onClick={closeMenu}
              {...externalLinkProps}
            >
              {text.bookNow}
              <span className="visually-hidden">{text.opensWhatsApp}</span>
            </a>
          </nav>
        </details>
      </div>
    </header>
  );
}
