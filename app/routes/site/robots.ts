import { getSite } from "~/server/platform/runtime.server";
import { robotsTxt } from "~/server/site/site-seo.server";

export function loader() {
  return new Response(robotsTxt(getSite()), {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
