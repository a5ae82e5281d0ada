import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

// Every URL of spec §2, listed explicitly.
export default [
  layout("routes/site/layout.tsx", [
    index("routes/site/home.tsx"),
    route("*", "routes/site/not-found.tsx"),
  ]),
] satisfies RouteConfig;
