import { servicesFrom } from "~/server/http/services-context.server";
import { sitemapXml } from "~/server/site/site-seo.server";
import type { Route } from "./+types/sitemap";

export async function loader({ context }: Route.LoaderArgs) {
  const { db, site } = servicesFrom(context);
  return new Response(await sitemapXml(db, site), {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=300",
    },
  });
}
