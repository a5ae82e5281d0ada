import { useEffect, useRef } from "react";
import { Form, NavLink, useLocation } from "react-router";
import { PACKAGE_KIND_INFO } from "~/domain/package-kinds";
import { requiredPermission, type Permission } from "~/domain/permissions";

const LINKS = [
  { to: PACKAGE_KIND_INFO.trip.admin.listPath, label: "Packages" },
  { to: PACKAGE_KIND_INFO.discovery.admin.listPath, label: "Discovery" },
  { to: PACKAGE_KIND_INFO.exclusive.admin.listPath, label: "Exclusive" },
  { to: PACKAGE_KIND_INFO.local.admin.listPath, label: "Local Trips" },
  { to: "/admin/travel-moments", label: "Travel Moments" },
  { to: "/admin/review", label: "Review" },
  { to: "/admin/enquiries", label: "Enquiries" },
  { to: "/admin/bookings", label: "Bookings" },
  { to: "/admin/insights", label: "Insights" },
  { to: "/admin/team", label: "Team" },
  { to: "/admin/activity", label: "Activity" },
  { to: "/admin/settings", label: "Settings" },
];

/** Wider than this the sidebar is a column; narrower it folds into a menu (admin-shell.css). */
const WIDE = "(min-width: 48.01rem)";

/**
 * The admin navigation (spec §2): every admin screen, the signed-in e-mail and Sign Out.
 * On a phone it folds into a <details> menu, which opens and closes without JavaScript; with
 * JavaScript it also closes after a link is chosen.
 */
export function Sidebar({
  email,
  roleLabel,
  permissions = ["account", "content.read"],
  newEnquiries = 0,
}: {
  email?: string;
  roleLabel?: string;
  /** The admin's permissions: links the role may not open are left out (decision 125). */
  permissions?: readonly Permission[];
  newEnquiries?: number;
}) {
  const menu = useRef<HTMLDetailsElement>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    // Closed after a link is chosen on a phone; kept open on wide screens, where CSS shows it
    // anyway (this also covers browsers without ::details-content).
    if (menu.current) menu.current.open = window.matchMedia(WIDE).matches;
  }, [pathname]);

  return (
    <aside className="admin-sidebar">
      <p className="admin-brand">
        <a href="/">Admin</a>
      </p>
      <details className="admin-menu" ref={menu}>
        <summary className="admin-menu-toggle">
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" />
          </svg>
          Menu
        </summary>
        <div className="admin-menu-content">
          <nav aria-label="Admin">
            <ul>
              {LINKS.filter((link) => {
                const rule = requiredPermission(link.to.slice(1), "GET");
                return rule === "public" || (rule !== undefined && permissions.includes(rule));
              }).map((link) => (
                <li key={link.to}>
                  <NavLink to={link.to} end={link.to !== "/admin/enquiries"}>
                    {link.label}
                    {link.to === "/admin/enquiries" && newEnquiries > 0 ? (
                      <span className="badge-count">
                        {newEnquiries}
                        <span className="visually-hidden"> new</span>
                      </span>
                    ) : null}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="admin-account">
            {email ? (
              <p className="admin-email">
                <span className="visually-hidden">Signed in as </span>
                {email}
              </p>
            ) : null}
            {roleLabel ? <p className="admin-role">Role: {roleLabel}</p> : null}
            <Form method="post" action="/admin/sign-out">
              <button type="submit" className="button button-secondary">
                Sign Out
              </button>
            </Form>
          </div>
        </div>
      </details>
    </aside>
  );
}
