import { data, Link } from "react-router";
import { notFoundMeta } from "~/domain/seo";
import { loaderHeaders } from "~/domain/site-cache";
import { servicesFrom } from "~/server/http/services-context.server";
import { log } from "~/server/platform/log.server";
import { pageLanguageOrDefault } from "~/server/site/page-language.server";
import type { Route } from "./+types/not-found";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  notFoundMeta(loaderData?.siteName ?? "", loaderData?.text.metaTitle);

export function loader({ request, context }: Route.LoaderArgs) {
  const { site } = servicesFrom(context);
  const { pathname } = new URL(request.url);
  // In the language of the prefix (/de/… in German), else the default language.
  const { t, href } = pageLanguageOrDefault(site, request.url);
  log("warn", "not found", { status: 404, path: pathname });
  return data(
    {
      siteName: site.name,
      home: href("/"),
      text: {
        metaTitle: t("notFound.metaTitle"),
        title: t("notFound.title"),
        text: t("notFound.text"),
        home: t("notFound.home"),
      },
    },
    { status: 404, headers: { "Cache-Control": "public, max-age=60" } },
  );
}

export const headers = loaderHeaders;

export default function NotFound({ loaderData }: Route.ComponentProps) {
  const { text, home } = loaderData;
  return (
    <div className="container not-found">
      <p className="not-found-code" aria-hidden="true">
        404
      </p>
      <h1>
        <span className="visually-hidden">404 </span>
        {text.title}
      </h1>
      <p>{text.text}</p>
      <Link to={home} className="btn btn-primary">
        {text.home}
      </Link>
    </div>
  );
}
