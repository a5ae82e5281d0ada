import { Link, Outlet } from "react-router";
import { getSite } from "~/server/runtime.server";
import type { Route } from "./+types/layout";

export function loader() {
  return { site: getSite() };
}

export default function SiteLayout({ loaderData }: Route.ComponentProps) {
  const { site } = loaderData;
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="site-header">
        <Link to="/" className="brand">
          {site.name}
        </Link>
        <p className="tagline">{site.tagline}</p>
      </header>
      <Outlet />
      <footer className="site-footer">
        <p>
          © {new Date().getFullYear()} <Link to="/admin">{site.name}</Link>. All rights reserved.
        </p>
      </footer>
    </>
  );
}
