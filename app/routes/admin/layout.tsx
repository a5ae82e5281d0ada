import { isRouteErrorResponse, Outlet } from "react-router";
import { AdminErrorScreen } from "~/components/admin/admin-error";
import { AdminPendingNotice } from "~/components/admin/admin-pending-notice";
import { Sidebar } from "~/components/admin/sidebar";
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
  return {
    email: adminFromContext(context).email,
    // The sidebar's count of enquiries nobody has answered yet.
    newEnquiries: await countNewEnquiries(db),
  };
}

function AdminShell({
  email,
  newEnquiries,
  children,
}: {
  email?: string;
  newEnquiries?: number;
  children: React.ReactNode;
}) {
  return (
    <div className="admin-shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Sidebar email={email} newEnquiries={newEnquiries} />
      <main id="main" className="admin-main" tabIndex={-1}>
        <AdminPendingNotice />
        {children}
      </main>
    </div>
  );
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminShell email={loaderData.email} newEnquiries={loaderData.newEnquiries}>
      <Outlet />
    </AdminShell>
  );
}

/** A failure in any admin screen (an unknown id, an unknown URL) keeps the sidebar. */
export function ErrorBoundary({ error, loaderData }: Route.ErrorBoundaryProps) {
  return (
    <AdminShell email={loaderData?.email} newEnquiries={loaderData?.newEnquiries}>
      <AdminErrorScreen error={error} />
    </AdminShell>
  );
}
