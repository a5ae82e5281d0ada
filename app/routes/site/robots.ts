import { servicesFrom } from "~/server/http/services-context.server";
import { robotsTxt } from "~/server/site/site-seo.server";
import type { Route } from "./+types/robots";

export function loader({ context }: Route.LoaderArgs) {
  const { site } = servicesFrom(context);
  return new Response(robotsTxt(site), {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
