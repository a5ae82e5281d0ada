import { data } from "react-router";
import { PromoPage } from "~/components/site/promo-page";
import { seoMeta } from "~/domain/seo";
import { loaderHeaders, PUBLIC_CACHE } from "~/domain/site-cache";
import { servicesFrom } from "~/server/http/services-context.server";
import { promoPageData } from "~/server/site/promo-text.server";
import type { Route } from "./+types/flights";

export function loader({ request, context }: Route.LoaderArgs) {
  const { site } = servicesFrom(context);
  return data(promoPageData(site, request.url, "flights"), {
    headers: { "Cache-Control": PUBLIC_CACHE },
  });
}

export const headers = loaderHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function Flights({ loaderData }: Route.ComponentProps) {
  const { text, actions, features } = loaderData;
  return <PromoPage text={text} icon="plane" actions={actions} features={features} />;
}
