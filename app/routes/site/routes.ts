import { type RouteConfigEntry, index, layout, route } from "@react-router/dev/routes";

const LIST = "routes/site/package-list.tsx";
const DETAIL = "routes/site/package-detail.tsx";

// Every public URL of spec §2, listed explicitly. Shared screens reuse one module under their own ids.
export const siteRoutes: RouteConfigEntry[] = [
  route("sitemap.xml", "routes/site/sitemap.ts"),
  route("robots.txt", "routes/site/robots.ts"),
  layout("routes/site/layout.tsx", [
    index("routes/site/home.tsx"),
    route("discover", LIST, { id: "site/discover" }),
    route("hidden-gems", LIST, { id: "site/hidden-gems" }),
    route("upcoming-trips", LIST, { id: "site/upcoming-trips" }),
    route("exclusive-trips", LIST, { id: "site/exclusive-trips" }),
    route("local-trips", LIST, { id: "site/local-trips" }),
    route("package/:id", DETAIL, { id: "site/package" }),
    route("exclusive/:id", DETAIL, { id: "site/exclusive" }),
    route("local-package/:id", DETAIL, { id: "site/local-package" }),
    route("flights", "routes/site/flights.tsx"),
    route("hotels", "routes/site/hotels.tsx"),
    route("about", "routes/site/about.tsx"),
    route("contact", "routes/site/contact.tsx"),
    route("book/:departureId", "routes/site/book.tsx"),
    route("booking/:reference", "routes/site/booking.tsx"),
    route("booking-terms", "routes/site/booking-terms.tsx"),
    route("*", "routes/site/not-found.tsx"),
  ]),
];
