import { data, redirect } from "react-router";
import { ListPagination } from "~/components/site/list-pagination";
import { PackageListScreen } from "~/components/site/package-list-screen";
import { LIST_INTROS } from "~/components/site/package-list-screen";
import {
  isFiltered,
  LIST_PARAMS,
  listQueryString,
  parseListQuery,
} from "~/domain/catalogue-filters";
import { siteKindInfo } from "~/domain/site-kinds";
import { seoMeta } from "~/domain/seo";
import { loaderHeaders, PUBLIC_CACHE } from "~/domain/site-cache";
import { listKindForPath } from "~/domain/site-paths";
import { servicesFrom } from "~/server/http/services-context.server";
import { loadListPage, offeredQuery } from "~/server/site/catalogue-list.server";
import { pageLanguageOrDefault } from "~/server/site/page-language.server";
import { buildSeo } from "~/server/site/site-seo.server";
import type { Route } from "./+types/package-list";

/** The list parameters as given, in the canonical order (unknown parameters left out). */
function givenQuery(params: URLSearchParams): string {
  const given = new URLSearchParams();
  for (const name of LIST_PARAMS)
    for (const value of params.getAll(name)) given.append(name, value);
  const text = given.toString();
  return text ? `?${text}` : "";
}

// One module for /upcoming-trips, /exclusive-trips, /local-trips, /hidden-gems and /discover.
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, site } = servicesFrom(context);
  const url = new URL(request.url);
  const page = pageLanguageOrDefault(site, request.url);
  // Client navigations load /upcoming-trips.data: links and redirects name the page itself.
  const path = url.pathname.replace(/\.data$/, "");
  const kind = listKindForPath(page.path);
  if (!kind) throw data(null, { status: 404 });
  const info = siteKindInfo(kind).publicList;
  const query = parseListQuery(url.searchParams);
  const list = await loadListPage(db, site, kind, query);
  // One URL per result: malformed values, names nothing offers and pages past the last go to the
  // canonical URL (the page cache then only ever holds canonical pages; decision 069).
  const canonical = offeredQuery(query, list);
  const search = listQueryString(canonical);
  if (search !== givenQuery(url.searchParams)) throw redirect(`${path}${search}`);
  const seo = buildSeo(site, {
    path: info.path,
    lang: page.lang,
    title:
      canonical.page > 1
        ? page.t("seo.listPage", { heading: info.heading, page: canonical.page })
        : info.heading,
    description: LIST_INTROS[kind].intro,
    image: list.items[0]?.image?.src,
    noindexFollow: isFiltered(canonical) || canonical.page > 1 || canonical.sort !== "recommended",
  });
  return data(
    { kind, list, query: canonical, path, seo },
    { headers: { "Cache-Control": PUBLIC_CACHE } },
  );
}

export const headers = loaderHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function PackageList({ loaderData }: Route.ComponentProps) {
  return (
    <PackageListScreen
      kind={loaderData.kind}
      list={loaderData.list}
      query={loaderData.query}
      path={loaderData.path}
      pagination={
        <ListPagination
          path={loaderData.path}
          query={loaderData.query}
          pageCount={loaderData.list.pageCount}
        />
      }
    />
  );
}
