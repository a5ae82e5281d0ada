import { Outlet } from "react-router";
import { Sidebar } from "~/components/admin/sidebar";
import {
  adminFromContext,
  noStoreMiddleware,
  requireAdminMiddleware,
} from "~/server/auth/auth.server";
import type { Route } from "./+types/layout";
import "~/styles/admin.css";

/** Every screen below this layout needs a signed-in admin, checked before any loader or action. */
export const middleware: Route.MiddlewareFunction[] = [noStoreMiddleware, requireAdminMiddleware];

export function meta() {
  return [{ name: "robots", content: "noindex" }];
}

export function loader({ context }: Route.LoaderArgs) {
  return { email: adminFromContext(context).email };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="admin-shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Sidebar email={loaderData.email} />
      <main id="main" className="admin-main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
