import { type RouteConfigEntry, index, layout, route } from "@react-router/dev/routes";
import { SHIPPED_LANGUAGES } from "../../domain/i18n/languages";

const LIST = "routes/site/package-list.tsx";
const DETAIL = "routes/site/package-detail.tsx";
const LAYOUT = "routes/site/layout.tsx";

/**
 * The public pages, once per language tree: `id` names a route uniquely in that tree ("" for the
 * default tree, whose ids stay as they were).
 */
function sitePages(id: (name: string) => string): RouteConfigEntry[] {
  return [
    index("routes/site/home.tsx", { id: id("routes/site/home") }),
    route("discover", LIST, { id: id("site/discover") }),
    route("hidden-gems", LIST, { id: id("site/hidden-gems") }),
    route("upcoming-trips", LIST, { id: id("site/upcoming-trips") }),
    route("exclusive-trips", LIST, { id: id("site/exclusive-trips") }),
    route("local-trips", LIST, { id: id("site/local-trips") }),
    route("package/:id", DETAIL, { id: id("site/package") }),
    route("exclusive/:id", DETAIL, { id: id("site/exclusive") }),
    route("local-package/:id", DETAIL, { id: id("site/local-package") }),
    route("flights", "routes/site/flights.tsx", { id: id("routes/site/flights") }),
    route("hotels", "routes/site/hotels.tsx", { id: id("routes/site/hotels") }),
    route("about", "routes/site/about.tsx", { id: id("routes/site/about") }),
    route("contact", "routes/site/contact.tsx", { id: id("routes/site/contact") }),
    route("book/:departureId", "routes/site/book.tsx", { id: id("routes/site/book") }),
    route("booking/:reference", "routes/site/booking.tsx", { id: id("routes/site/booking") }),
    route("booking/:reference/return", "routes/site/booking-return.tsx", {
      id: id("routes/site/booking-return"),
    }),
    route("booking-terms", "routes/site/booking-terms.tsx", {
      id: id("routes/site/booking-terms"),
    }),
    route("*", "routes/site/not-found.tsx", { id: id("routes/site/not-found") }),
  ];
}

// Every public URL of spec §2, listed explicitly. Shared screens reuse one module under their own
// ids. The default language's pages are at the unprefixed URLs; each shipped language also has the
// same pages under its code (`/de/about`), answered only when SITE_LANGUAGES names it and it is not
// the default (the layout's loader says 404 otherwise; decision 128). The routes are fixed at build
// time, the languages are read at start, so every shipped language has its tree.
export const siteRoutes: RouteConfigEntry[] = [
  route("sitemap.xml", "routes/site/sitemap.ts"),
  route("robots.txt", "routes/site/robots.ts"),
  layout(
    LAYOUT,
    sitePages((name) => name),
  ),
  ...SHIPPED_LANGUAGES.map((lang) =>
    route(
      lang,
      LAYOUT,
      { id: `${lang}/site-layout` },
      sitePages((name) => `${lang}/${name}`),
    ),
  ),
];
