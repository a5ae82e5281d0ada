import { data, Link } from "react-router";
import { notFoundMeta } from "~/domain/seo";
import { loaderHeaders } from "~/domain/site-cache";
import { servicesFrom } from "~/server/http/services-context.server";
import { log } from "~/server/platform/log.server";
import type { Route } from "./+types/not-found";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  notFoundMeta(loaderData?.siteName ?? "");

export function loader({ request, context }: Route.LoaderArgs) {
  const { site } = servicesFrom(context);
  const { pathname } = new URL(request.url);
  log("warn", "not found", { status: 404, path: pathname });
  return data(
    { siteName: site.name },
    { status: 404, headers: { "Cache-Control": "public, max-age=60" } },
  );
}

export const headers = loaderHeaders;

export default function NotFound() {
  return (
    <div className="container not-found">
      <p className="not-found-code" aria-hidden="true">
        404
      </p>
      <h1>
        <span className="visually-hidden">404 </span>Oops! Page not found
      </h1>
      <p>The page you are looking for has moved, or never existed.</p>
      <Link to="/" className="btn btn-primary">
        Return to Home
      </Link>
    </div>
  );
}
