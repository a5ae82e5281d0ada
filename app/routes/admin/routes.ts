import { type RouteConfigEntry, layout, route } from "@react-router/dev/routes";
import { PACKAGE_KIND_INFO } from "../../domain/package-kinds";

/**
 * /admin is the sign-in screen; every other admin URL sits under the guarded layout, whose
 * middleware redirects anonymous visitors to /admin before any loader or action runs.
 * The package forms (/admin/new-*, /admin/edit-*) come with the package-management issue.
 */
export const adminRoutes: RouteConfigEntry[] = [
  route("admin", "routes/admin/login.tsx"),
  route("admin/sign-out", "routes/admin/sign-out.ts"),
  layout("routes/admin/layout.tsx", [
    // One list screen serves the four package kinds; the kind follows from the URL.
    ...Object.values(PACKAGE_KIND_INFO).map((info) =>
      route(info.admin.listPath.slice(1), "routes/admin/package-list.tsx", {
        id: `routes/admin/package-list-${info.kind}`,
      }),
    ),
    route("admin/travel-moments", "routes/admin/travel-moments.tsx"),
    route("admin/settings", "routes/admin/settings.tsx"),
  ]),
];
