import { type RouteConfigEntry, index, layout, route } from "@react-router/dev/routes";

export const siteRoutes: RouteConfigEntry[] = [
  layout("routes/site/layout.tsx", [
    index("routes/site/home.tsx"),
    route("*", "routes/site/not-found.tsx"),
  ]),
];
