import { useState } from "react";
import { Link, NavLink } from "react-router";
import { Icon } from "~/components/ui/icons";
import type { SiteConfig } from "~/domain/site";
import { HEADER_LINKS } from "~/domain/site-paths";
import { externalLinkProps } from "~/domain/whatsapp";
import { BrandMark } from "./brand-mark";

interface SiteHeaderProps {
  site: SiteConfig;
  bookNowUrl: string;
}

export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}

/**
 * The mobile menu is a <details> element, so it opens and closes without JavaScript; with it,
 * choosing a link or Book Now (or any navigation) closes it again.
 */
export function SiteHeader({ site, bookNowUrl }: SiteHeaderProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = () => setMenuOpen(false);

  const links = (onClick?: () => void) =>
    HEADER_LINKS.map((link) => (
      <li key={link.to}>
        <NavLink to={link.to} end={link.to === "/"} prefetch="intent" onClick={onClick}>
          {link.label}
        </NavLink>
      </li>
    ));

  return (
    <header className="site-header">
      <div className="topbar">
        <div className="container topbar-inner">
          <p className="topbar-tagline">{site.tagline}</p>
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
        </div>
      </div>
      <div className="container navbar">
        <Link to="/" className="brand" aria-label={`${site.name} home`}>
          <BrandMark />
          <span className="brand-name">{site.name}</span>
        </Link>
        <nav className="nav-desktop" aria-label="Main">
          <ul>{links()}</ul>
        </nav>
        <a className="btn btn-gold book-now-desktop" href={bookNowUrl} {...externalLinkProps}>
          Book Now<span className="visually-hidden"> (opens WhatsApp in a new tab)</span>
        </a>
        <details
          className="mobile-menu"
          open={menuOpen}
          onToggle={(e) => setMenuOpen(e.currentTarget.open)}
        >
          <summary>
            <Icon name="menu" size={22} />
            <span>Menu</span>
          </summary>
          <nav className="mobile-menu-panel" aria-label="Mobile">
            <ul>{links(closeMenu)}</ul>
            <a
              className="btn btn-gold"
              href={bookNowUrl}
              onClick={closeMenu}
              {...externalLinkProps}
            >
              Book Now<span className="visually-hidden"> (opens WhatsApp in a new tab)</span>
            </a>
          </nav>
        </details>
      </div>
    </header>
  );
}
