import { Form, NavLink } from "react-router";
import { PACKAGE_KIND_INFO } from "~/domain/package-kinds";

const LINKS = [
  { to: PACKAGE_KIND_INFO.trip.admin.listPath, label: "Packages" },
  { to: PACKAGE_KIND_INFO.discovery.admin.listPath, label: "Discovery" },
  { to: PACKAGE_KIND_INFO.exclusive.admin.listPath, label: "Exclusive" },
  { to: PACKAGE_KIND_INFO.local.admin.listPath, label: "Local Trips" },
  { to: "/admin/travel-moments", label: "Travel Moments" },
  { to: "/admin/settings", label: "Settings" },
];

/** The admin navigation (spec §2): every admin screen, the signed-in e-mail and Sign Out. */
export function Sidebar({ email }: { email: string }) {
  return (
    <aside className="admin-sidebar">
      <p className="admin-brand">
        <a href="/">Admin</a>
      </p>
      <nav aria-label="Admin">
        <ul>
          {LINKS.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} end>
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="admin-account">
        <p className="admin-email">
          <span className="visually-hidden">Signed in as </span>
          {email}
        </p>
        <Form method="post" action="/admin/sign-out">
          <button type="submit" className="button button-secondary">
            Sign Out
          </button>
        </Form>
      </div>
    </aside>
  );
}
