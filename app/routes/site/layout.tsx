import { lazy, Suspense, useEffect } from "react";
import { Outlet, useNavigation } from "react-router";
import { FONT_PRELOADS } from "~/components/site/fonts";
import { SiteFooter } from "~/components/site/site-footer";
import { SiteHeader } from "~/components/site/site-header";
import { afterLoad } from "~/components/ui/when-wanted";
import { listKindForPath } from "~/domain/site-paths";
import { chatPath } from "~/domain/chat-links";
import type { Route } from "./+types/layout";
import { servicesFrom } from "~/server/http/services-context.server";

/**
 * The list skeleton shows only during client-side navigations, so it is not part of a page's
 * first-load JS: it is fetched once the page has loaded (decision 064).
 */
const loadListLoading = () =>
  import("~/components/site/package-list-screen").then((module) => ({
    default: module.PackageListLoading,
  }));
const PackageListLoading = lazy(loadListLoading);

export function loader({ context }: Route.LoaderArgs) {
  const { site } = servicesFrom(context);
  return {
    site,
    year: new Date().getFullYear(),
    bookNowUrl: chatPath(),
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
  useEffect(() => {
    const stop = new AbortController();
    afterLoad(() => void loadListLoading(), stop.signal);
    return () => stop.abort();
  }, []);
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
        {pendingList ? (
          <Suspense fallback={null}>
            <PackageListLoading kind={pendingList} />
          </Suspense>
        ) : (
          <Outlet />
        )}
      </main>
      <SiteFooter site={site} year={year} />
    </>
  );
}
