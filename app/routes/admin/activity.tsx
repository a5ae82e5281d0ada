import { ActivityLog } from "~/components/admin/activity-log";
import { loadActivity } from "~/server/events/activity.server";
import { getDb } from "~/server/platform/db.server";
import { getSite } from "~/server/platform/runtime.server";
import type { Route } from "./+types/activity";
import "~/styles/admin-leads.css";

export function meta() {
  return [{ title: "Activity · Admin" }, { name: "robots", content: "noindex" }];
}

/** Read-only: no action, so a POST here is refused (405) and nothing edits the log. */
export async function loader({ request }: Route.LoaderArgs) {
  const timeZone = getSite().timeZone;
  const view = await loadActivity(getDb(), new URL(request.url).searchParams, timeZone);
  return { ...view, timeZone };
}

export default function AdminActivity({ loaderData }: Route.ComponentProps) {
  return <ActivityLog {...loaderData} />;
}
