import { lazy, Suspense, useEffect } from "react";
import { data, Outlet, useNavigation } from "react-router";
import { FONT_PRELOADS } from "~/components/site/fonts";
import { SiteFooter } from "~/components/site/site-footer";
import { SiteHeader } from "~/components/site/site-header";
import { afterLoad } from "~/components/ui/when-wanted";
import { ImageWordsContext } from "~/components/ui/image-words";
import { chatPath } from "~/domain/chat-links";
import type { Route } from "./+types/layout";
import { servicesFrom } from "~/server/http/services-context.server";
import { pageLanguage, siteChrome } from "~/server/site/page-language.server";
import { loadCompanyTexts } from "~/server/site/company-texts.server";
import { companyTextsIn } from "~/domain/company-texts";

/**
 * The list skeleton shows only during client-side navigations, so it is not part of a page's
 * first-load JS: it is fetched once the page has loaded (decision 064).
 */
const loadListLoading = () =>
  import("~/components/site/package-list-screen").then((module) => ({
    default: module.PackageListLoading,
  }));
const PackageListLoading = lazy(loadListLoading);

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, site } = servicesFrom(context);
  const page = pageLanguage(site, request.url);
  // The prefix of a language the site does not show (or of the default one, which has none):
  // not a page (decision 128).
  if (!page) throw data(null, { status: 404 });
  // The company's texts in other languages (decision 150): read only when there are any.
  const company = site.languages.length > 1 ? await loadCompanyTexts(db) : {};
  // The header and footer read the company's texts from `site`, in the page's language.
  const { texts } = companyTextsIn(site, company, page.lang);
  return {
    site: { ...site, ...texts },
    year: new Date().getFullYear(),
    bookNowUrl: chatPath(),
    chrome: siteChrome(site, page, company),
  };
}

export function links() {
  return FONT_PRELOADS;
}

// Site facts only change on restart, the company's texts rarely (a full load shows a change):
// no need to refetch them on every navigation.
export function shouldRevalidate() {
  return false;
}

export default function SiteLayout({ loaderData }: Route.ComponentProps) {
  const { site, year, bookNowUrl, chrome } = loaderData;
  const navigation = useNavigation();
  const loading = navigation.state === "loading";
  const pendingList = loading ? chrome.lists[navigation.location.pathname] : undefined;
  useEffect(() => {
    const stop = new AbortController();
    afterLoad(() => void loadListLoading(), stop.signal);
    return () => stop.abort();
  }, []);
  return (
    <ImageWordsContext value={chrome.text.image}>
      <a className="skip-link" href="#main">
        {chrome.text.skip}
      </a>
      <SiteHeader site={site} bookNowUrl={bookNowUrl} chrome={chrome} />
      <div className={loading ? "route-progress is-active" : "route-progress"} aria-hidden="true" />
      <p className="visually-hidden" role="status">
        {loading ? chrome.text.loading : ""}
      </p>
      <main id="main" tabIndex={-1}>
        {pendingList ? (
          <Suspense fallback={null}>
            <PackageListLoading text={chrome.listLoading[pendingList]} />
          </Suspense>
        ) : (
          <Outlet />
        )}
      </main>
      <SiteFooter site={site} year={year} chrome={chrome} />
    </ImageWordsContext>
  );
}
