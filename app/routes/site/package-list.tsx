import { data } from "react-router";
import { PackageListScreen } from "~/components/site/package-list-screen";
import { LIST_INTROS } from "~/components/site/package-list-screen";
import { siteKindInfo } from "~/domain/site-kinds";
import { seoMeta } from "~/domain/seo";
import { loaderHeaders, PUBLIC_CACHE } from "~/domain/site-cache";
import { listKindForPath } from "~/domain/site-paths";
import { getDb } from "~/server/platform/db.server";
import { getSite } from "~/server/platform/runtime.server";
import { loadList } from "~/server/site/site-pages.server";
import { buildSeo } from "~/server/site/site-seo.server";
import type { Route } from "./+types/package-list";

// One module for /upcoming-trips, /exclusive-trips, /local-trips, /hidden-gems and /discover.
export async function loader({ request }: Route.LoaderArgs) {
  const kind = listKindForPath(new URL(request.url).pathname);
  if (!kind) throw data(null, { status: 404 });
  const info = siteKindInfo(kind).publicList;
  const section = await loadList(getDb(), getSite(), kind);
  const seo = buildSeo(getSite(), {
    path: info.path,
    title: info.heading,
    description: LIST_INTROS[kind].intro,
    image: section.items[0]?.image?.src,
  });
  return data({ kind, items: section.items, seo }, { headers: { "Cache-Control": PUBLIC_CACHE } });
}

export const headers = loaderHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function PackageList({ loaderData }: Route.ComponentProps) {
  return <PackageListScreen kind={loaderData.kind} items={loaderData.items} />;
}
