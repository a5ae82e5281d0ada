import { isRouteErrorResponse, Outlet } from "react-router";
import { AdminErrorScreen } from "~/components/admin/admin-error";
import { AdminPendingNotice } from "~/components/admin/admin-pending-notice";
import { PermissionsProvider } from "~/components/admin/permissions";
import { Sidebar } from "~/components/admin/sidebar";
import { can, permissionsOf, ROLE_LABELS, type Permission } from "~/domain/permissions";
import {
  adminFromContext,
  noStoreMiddleware,
  requireAdminMiddleware,
} from "~/server/auth/auth.server";
import { servicesFrom } from "~/server/http/services-context.server";
import { countNewEnquiries } from "~/server/leads/enquiries.server";
import type { Route } from "./+types/layout";
import "~/styles/admin.css";
import "~/styles/admin-shell.css";

/** Every screen below this layout needs a signed-in admin, checked before any loader or action. */
export const middleware: Route.MiddlewareFunction[] = [
  noStoreMiddleware,
  requireAdminMiddleware((context) => servicesFrom(context).db),
];

export function meta({ error }: Route.MetaArgs) {
  // A screen that failed has no meta of its own: the error screen names the page.
  if (error) {
    const title = isRouteErrorResponse(error) && error.status === 404 ? "Not found" : "Error";
    return [{ title: `${title} · Admin` }, { name: "robots", content: "noindex" }];
  }
  return [{ name: "robots", content: "noindex" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = servicesFrom(context);
  const admin = adminFromContext(context);
  return {
    email: admin.email,
    roleLabel: ROLE_LABELS[admin.role],
    // What the screens may offer this admin (the server checks every request again).
    permissions: permissionsOf(admin.role),
    // The sidebar's count of enquiries nobody has answered yet, for roles that see them.
    newEnquiries: can(admin.role, "personal.read") ? await countNewEnquiries(db) : 0,
  };
}

type ShellData = {
  email?: string;
  roleLabel?: string;
  permissions?: Permission[];
  newEnquiries?: number;
};

function AdminShell({ shell, children }: { shell: ShellData; children: React.ReactNode }) {
  return (
    <PermissionsProvider value={shell.permissions ?? ["account", "content.read"]}>
      <div className="admin-shell">
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <Sidebar {...shell} />
        <main id="main" className="admin-main" tabIndex={-1}>
          <AdminPendingNotice />
          {children}
        </main>
      </div>
    </PermissionsProvider>
  );
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminShell shell={loaderData}>
      <Outlet />
    </AdminShell>
  );
}

/** A failure in any admin screen (an unknown id, an unknown URL) keeps the sidebar. */
export function ErrorBoundary({ error, loaderData }: Route.ErrorBoundaryProps) {
  return (
    <AdminShell shell={loaderData ?? {}}>
      <AdminErrorScreen error={error} />
    </AdminShell>
  );
}
