import { Outlet, useNavigation } from "react-router";
import { FONT_PRELOADS } from "~/components/site/fonts";
import { PackageListLoading } from "~/components/site/package-list-screen";
import { SiteFooter } from "~/components/site/site-footer";
import { SiteHeader } from "~/components/site/site-header";
import { ENQUIRY_TEXTS } from "~/domain/site-content";
import { listKindForPath } from "~/domain/site-paths";
import { whatsappLink } from "~/domain/whatsapp";
import { getSite } from "~/server/platform/runtime.server";
import type { Route } from "./+types/layout";

export function loader() {
  const site = getSite();
  return {
    site,
    year: new Date().getFullYear(),
    bookNowUrl: whatsappLink(site.whatsapp, ENQUIRY_TEXTS.bookNow),
  };
}

export function links() {
  return FONT_PRELOADS;
}

// Site facts only change on restart: no need to refetch them on every navigation.
export function shouldRevalidate() {
  return false;
}

export default function SiteLayout({ loaderData }: Route.ComponentProps) {
  const { site, year, bookNowUrl } = loaderData;
  const navigation = useNavigation();
  const loading = navigation.state === "loading";
  const pendingList = loading ? listKindForPath(navigation.location.pathname) : undefined;
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <SiteHeader site={site} bookNowUrl={bookNowUrl} />
      <div className={loading ? "route-progress is-active" : "route-progress"} aria-hidden="true" />
      <p className="visually-hidden" role="status">
        {loading ? "Loading page" : ""}
      </p>
      <main id="main" tabIndex={-1}>
        {pendingList ? <PackageListLoading kind={pendingList} /> : <Outlet />}
      </main>
      <SiteFooter site={site} year={year} />
    </>
  );
}
