import { getDb } from "~/server/platform/db.server";
import { getSite } from "~/server/platform/runtime.server";
import { sitemapXml } from "~/server/site/site-seo.server";

export async function loader() {
  return new Response(await sitemapXml(getDb(), getSite()), {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=300",
    },
  });
}
