import { data, redirect } from "react-router";
import { ListPagination } from "~/components/site/list-pagination";
import { PackageListScreen } from "~/components/site/package-list-screen";
import {
  isFiltered,
  LIST_PARAMS,
  listQueryString,
  parseListQuery,
} from "~/domain/catalogue-filters";
import { formatMonth } from "~/domain/i18n/format";
import { siteKindInfo } from "~/domain/site-kinds";
import { seoMeta } from "~/domain/seo";
import { loaderHeaders, PUBLIC_CACHE } from "~/domain/site-cache";
import { listKindForPath } from "~/domain/site-paths";
import { servicesFrom } from "~/server/http/services-context.server";
import { loadListPage, offeredQuery } from "~/server/site/catalogue-list.server";
import { listText } from "~/server/site/list-text.server";
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
  const list = await loadListPage(db, site, kind, query, page.lang);
  // One URL per result: malformed values, names nothing offers and pages past the last go to the
  // canonical URL (the page cache then only ever holds canonical pages; decision 069).
  const canonical = offeredQuery(query, list);
  const search = listQueryString(canonical);
  if (search !== givenQuery(url.searchParams)) throw redirect(`${path}${search}`);
  const text = listText(page.t, kind, canonical, list.total);
  const seo = buildSeo(site, {
    path: info.path,
    lang: page.lang,
    title:
      canonical.page > 1
        ? page.t("seo.listPage", { heading: text.heading, page: canonical.page })
        : text.heading,
    description: text.intro,
    image: list.items[0]?.image?.src,
    noindexFollow: isFiltered(canonical) || canonical.page > 1 || canonical.sort !== "recommended",
  });
  return data(
    {
      list: {
        ...list,
        // The cards lead to the trip's page in the same language (decision 128).
        items: list.items.map((item) => ({ ...item, href: page.href(item.href) })),
        months: list.months.map((m) => ({ id: m.id, label: formatMonth(page.lang, m.id) })),
      },
      query: canonical,
      path,
      text,
      seo,
    },
    { headers: { "Cache-Control": PUBLIC_CACHE } },
  );
}

export const headers = loaderHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function PackageList({ loaderData }: Route.ComponentProps) {
  return (
    <PackageListScreen
      list={loaderData.list}
      query={loaderData.query}
      path={loaderData.path}
      text={loaderData.text}
      pagination={
        <ListPagination
          path={loaderData.path}
          query={loaderData.query}
          pageCount={loaderData.list.pageCount}
          text={loaderData.text.pages}
        />
      }
    />
  );
}
