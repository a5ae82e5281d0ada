import { type RouteConfigEntry, route } from "@react-router/dev/routes";

export const apiRoutes: RouteConfigEntry[] = [
  route("api/admin/login", "routes/api/admin/login.ts"),
  route("api/admin/login/verify", "routes/api/admin/login-verify.ts"),
  route("api/admin/logout", "routes/api/admin/logout.ts"),

  // JSON API (spec §7). The four package kinds share one module per endpoint; each module reads
  // its kind from the matched path through PACKAGE_KIND_INFO[kind].api.base.
  route("api/openapi.json", "routes/api/openapi.ts"),
  route("api/travel-moments", "routes/api/travel-moments.ts"),
  route("api/admin/travel-moments", "routes/api/admin/travel-moments.ts"),
  route("api/admin/travel-moments/reorder", "routes/api/admin/travel-moments-reorder.ts"),
  route("api/admin/travel-moments/:id", "routes/api/admin/travel-moment.ts"),
  ...packageApi("trip", "api/trips"),
  ...packageApi("exclusive", "api/exclusive-packages"),
  ...packageApi("local", "api/local"),
  ...packageApi("discovery", "api/discovery"),
  route("api/*", "routes/api/not-found.ts"),
];

/** The four endpoints of one package kind, each under its own route id. */
function packageApi(kind: string, base: string): RouteConfigEntry[] {
  return [
    route(base, "routes/api/packages/collection.ts", { id: `api/${kind}/collection` }),
    route(`${base}/reorder`, "routes/api/packages/reorder.ts", { id: `api/${kind}/reorder` }),
    route(`${base}/slug/:slug`, "routes/api/packages/slug.ts", { id: `api/${kind}/slug` }),
    route(`${base}/:id`, "routes/api/packages/item.ts", { id: `api/${kind}/item` }),
  ];
}
