import { getDb } from "~/server/db.server";
import { getSite } from "~/server/runtime.server";
import { sitemapXml } from "~/server/site-seo.server";

export async function loader() {
  return new Response(await sitemapXml(getDb(), getSite()), {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=300",
    },
  });
}
