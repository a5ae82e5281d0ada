import { HistoryList } from "~/components/admin/history/history-list";
import { historyScreen } from "~/server/catalogue/history-screens.server";
import { servicesFrom } from "~/server/http/services-context.server";
import type { Route } from "./+types/history";

/** /admin/history/{kind}/{id}: a package's or travel moment's versions. */
export function loader({ params, context }: Route.LoaderArgs) {
  const { db, site } = servicesFrom(context);
  return historyScreen(db, params, { site });
}

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData ? `History of ${loaderData.item.title} · Admin` : "History · Admin";
  return [{ title }, { name: "robots", content: "noindex" }];
}

export default function AdminHistory({ loaderData }: Route.ComponentProps) {
  return <HistoryList {...loaderData} />;
}
