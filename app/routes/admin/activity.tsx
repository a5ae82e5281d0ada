import { ActivityLog } from "~/components/admin/activity-log";
import { can } from "~/domain/permissions";
import { adminFromContext } from "~/server/auth/auth.server";
import { loadActivity } from "~/server/events/activity.server";
import { servicesFrom } from "~/server/http/services-context.server";
import type { Route } from "./+types/activity";
import "~/styles/admin-leads.css";

export function meta() {
  return [{ title: "Activity · Admin" }, { name: "robots", content: "noindex" }];
}

/** Read-only: no action, so a POST here is refused (405) and nothing edits the log. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, site } = servicesFrom(context);
  const timeZone = site.timeZone;
  const showAddresses = can(adminFromContext(context).role, "personal.read");
  const view = await loadActivity(db, new URL(request.url).searchParams, timeZone, {
    showAddresses,
  });
  return { ...view, timeZone };
}

export default function AdminActivity({ loaderData }: Route.ComponentProps) {
  return <ActivityLog {...loaderData} />;
}
