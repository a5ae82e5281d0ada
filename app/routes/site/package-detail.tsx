import { data, redirect } from "react-router";
import { DetailScreen, PackageNotFound } from "~/components/site/detail-screen";
import { siteKindInfo } from "~/domain/site-kinds";
import { notFoundMeta, seoMeta } from "~/domain/seo";
import { loaderHeaders, PRIVATE_CACHE, PUBLIC_CACHE } from "~/domain/site-cache";
import { detailScopeForPath } from "~/domain/site-paths";
import { getOptionalAdmin } from "~/server/http/admin-session.server";
import { servicesFrom } from "~/server/http/services-context.server";
import { log } from "~/server/platform/log.server";
import { ogImagePath } from "~/server/site/og-image.server";
import { findDetailPackage } from "~/server/site/site-pages.server";
import { detailView, viewContext } from "~/server/site/site-views.server";
import {
  defaultDetail,
  localizedDetail,
  translatedDetailView,
} from "~/server/site/translated-content.server";
import { kindInfo } from "~/domain/package-kinds";
import { pageLanguageOrDefault } from "~/server/site/page-language.server";
import { buildSeo, summary, touristTripJsonLd } from "~/server/site/site-seo.server";
import { galleryText, videoListText } from "~/server/site/showcase-text.server";
import type { Route } from "./+types/package-detail";

// One module for /package/{id}, /exclusive/{id} and /local-package/{id} (spec §2).
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db, site } = servicesFrom(context);
  const { pathname } = new URL(request.url);
  const page = pageLanguageOrDefault(site, request.url);
  const scope = detailScopeForPath(page.path) ?? "package";
  // Drafts are shown to signed-in admins only; their responses are never cached.
  const admin = await getOptionalAdmin(db, request);
  const byDefault = await findDetailPackage(db, scope, params.id, {
    includeDrafts: admin !== null,
  });
  // The page's language decides which slug names the package, and whether it appears (139).
  const detail =
    page.lang === site.languages[0]
      ? await defaultDetail(db, site, scope, params.id, byDefault)
      : await localizedDetail(db, site, page.lang, scope, params.id, byDefault);
  const headers = { "Cache-Control": admin ? PRIVATE_CACHE : PUBLIC_CACHE, Vary: "Cookie" };
  const { t, href } = page;
  // A slug the package gave up: a permanent redirect to its current one, in the same language.
  if (detail && "redirect" in detail) throw redirect(detail.redirect, 301);
  const found = detail?.found;
  if (!found) {
    log("info", "package not found", { status: 404, path: pathname });
    const notFound = {
      metaTitle: t("detail.notFoundMeta"),
      title: t("detail.notFound"),
      text: t("detail.notFoundText"),
      home: t("detail.backHome"),
      homePath: href("/"),
    };
    return data(
      { pkg: null, seo: undefined, jsonLd: undefined, siteName: site.name, notFound },
      { status: 404, headers },
    );
  }
  const view = viewContext(site, new Date(), page.lang);
  const pkg = detail.translated
    ? translatedDetailView(detail.translated, site, view)
    : detailView(found, site, view);
  const seo = buildSeo(site, {
    path: kindInfo(found.kind).detailPath(found.id),
    paths: detail.paths,
    lang: page.lang,
    title: pkg.title,
    description: summary(pkg.description, `${pkg.title}: ${pkg.location} ${pkg.duration}`.trim()),
    // Ours: cropped to 1200 × 630 around the focal point (decision 103); external: as given.
    image: ogImagePath(found) ?? pkg.images[0]?.src,
    noindex: pkg.isDraft,
  });
  // The page's fixed words in its language (decision 127); its booking section keeps its own.
  const text = {
    draft: t("detail.draft"),
    draftText: t("detail.draftText"),
    backTo: {
      to: href(siteKindInfo(pkg.kind).publicList.path),
      label: t(`list.${pkg.kind}.heading`),
    },
    overview: t("detail.overview"),
    highlights: t("detail.highlights"),
    meetingPoint: t("detail.meetingPoint"),
    itinerary: t("detail.itinerary"),
    // Filled in per day by the screen.
    day: t("detail.day", { n: "{n}" }),
    accommodation: t("detail.accommodation"),
    included: t("detail.included"),
    notIncluded: t("detail.notIncluded"),
    faq: t("detail.faq"),
    videos: t("detail.videos"),
    swipeVideos: t("detail.swipeVideos"),
    gallery: galleryText(t, pkg.title),
    video: videoListText(t, pkg.title),
    priceCard: {
      aria: t("detail.priceAria"),
      price: t("detail.price"),
      onRequest: t("detail.priceOnRequest"),
      duration: t("detail.duration"),
      travelPeriod: t("detail.travelPeriod"),
      location: t("detail.location"),
      bookNow: t("detail.bookNow"),
      opensWhatsApp: t("detail.opensWhatsApp"),
      enquire: t("detail.enquireTrip"),
      enquireHref: `${href("/contact")}?package=${pkg.id}`,
      notes: [t("detail.noteCancellation"), t("detail.notePayLater"), t("detail.noteMobileTicket")],
    },
    dates: {
      heading: t("detail.datesHeading"),
      caption: t("detail.datesCaption", { title: pkg.title }),
      dates: t("detail.dates"),
      price: t("detail.price"),
      onRequest: t("detail.priceOnRequest"),
      status: t("detail.status"),
      booking: t("detail.bookingColumn"),
      guaranteed: t("detail.guaranteed"),
      bookThisDate: t("detail.bookThisDate"),
      bookNow: t("detail.bookNow"),
      opensWhatsApp: t("detail.opensWhatsApp"),
      enquire: t("detail.enquire"),
      enquireAbout: t("detail.enquireAbout"),
    },
  };
  const jsonLd = touristTripJsonLd(site, pkg, seo.canonical, page.lang);
  return data({ pkg, text, seo, jsonLd }, { headers });
}

export const headers = loaderHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData?.pkg) {
    const siteName = loaderData && "siteName" in loaderData ? loaderData.siteName : "";
    return notFoundMeta(siteName, loaderData?.notFound?.metaTitle);
  }
  return seoMeta(
    loaderData.seo,
    loaderData.jsonLd ? [{ "script:ld+json": loaderData.jsonLd }] : [],
  );
};

export default function PackageDetail({ loaderData }: Route.ComponentProps) {
  return loaderData.pkg ? (
    <DetailScreen pkg={loaderData.pkg} text={loaderData.text} />
  ) : (
    <PackageNotFound text={loaderData.notFound} />
  );
}
