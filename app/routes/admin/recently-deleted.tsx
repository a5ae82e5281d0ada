import { RecentlyDeleted } from "~/components/admin/history/recently-deleted";
import { adminFromContext } from "~/server/auth/auth.server";
import { recentlyDeletedScreen } from "~/server/catalogue/history-screens.server";
import { servicesFrom } from "~/server/http/services-context.server";
import { recentlyDeletedAction } from "./recently-deleted.server";
import type { Route } from "./+types/recently-deleted";

/** /admin/recently-deleted/{kind}: deleted packages of the last 30 days, with Restore. */
export function loader({ params, context }: Route.LoaderArgs) {
  const { db, site } = servicesFrom(context);
  return recentlyDeletedScreen(db, params.kind, { site });
}

export function action(args: Route.ActionArgs) {
  const { db } = servicesFrom(args.context);
  return recentlyDeletedAction(db, args, { by: adminFromContext(args.context).id });
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: loaderData ? `${loaderData.title} · Admin` : "Recently deleted · Admin" },
    { name: "robots", content: "noindex" },
  ];
}

export default function AdminRecentlyDeleted({ loaderData, actionData }: Route.ComponentProps) {
  return <RecentlyDeleted {...loaderData} reply={actionData} />;
}
