import { VersionView } from "~/components/admin/history/version-view";
import { adminFromContext } from "~/server/auth/auth.server";
import { versionScreen } from "~/server/catalogue/history-screens.server";
import { servicesFrom } from "~/server/http/services-context.server";
import { restoreVersionAction } from "./history-version.server";
import type { Route } from "./+types/history-version";

/** /admin/history/{kind}/{id}/{versionId}: one version, read-only, and "Restore this version". */
export function loader({ params, context }: Route.LoaderArgs) {
  const { db, site } = servicesFrom(context);
  return versionScreen(db, params, { site });
}

export function action(args: Route.ActionArgs) {
  const { db, media, site } = servicesFrom(args.context);
  return restoreVersionAction(db, args, {
    media,
    by: adminFromContext(args.context).id,
    currency: site.currency,
  });
}

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData
    ? `Version ${loaderData.version.number} of ${loaderData.item.title} · Admin`
    : "Version · Admin";
  return [{ title }, { name: "robots", content: "noindex" }];
}

export default function AdminHistoryVersion({ loaderData, actionData }: Route.ComponentProps) {
  return <VersionView {...loaderData} reply={actionData} />;
}
