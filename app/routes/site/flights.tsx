import { data } from "react-router";
import { PromoPage } from "~/components/site/promo-page";
import { seoMeta } from "~/domain/seo";
import { loaderHeaders, PUBLIC_CACHE } from "~/domain/site-cache";
import { chatPath } from "~/domain/chat-links";
import { servicesFrom } from "~/server/http/services-context.server";
import { pageLanguageOrDefault } from "~/server/site/page-language.server";
import { buildSeo } from "~/server/site/site-seo.server";
import type { Route } from "./+types/flights";

const INTRO =
  "Negotiated fares on leading airlines, flexible tickets and smart routings. Tell us your route and we find the best fare for you.";

export function loader({ request, context }: Route.LoaderArgs) {
  const { site } = servicesFrom(context);
  const { lang, t } = pageLanguageOrDefault(site, request.url);
  return data(
    {
      seo: buildSeo(site, {
        path: "/flights",
        lang,
        title: t("seo.flightsTitle"),
        description: INTRO,
      }),
      actions: [
        {
          label: "Get Flight Quotes",
          href: chatPath("flightQuotes"),
          primary: true,
        },
        { label: "Speak to Expert", href: chatPath("flightExpert") },
      ],
    },
    { headers: { "Cache-Control": PUBLIC_CACHE } },
  );
}

export const headers = loaderHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function Flights({ loaderData }: Route.ComponentProps) {
  return (
    <PromoPage
      eyebrow="Fly for less"
      title="Discounted Flights"
      intro={INTRO}
      icon="plane"
      actions={loaderData.actions}
      features={[
        {
          title: "Negotiated fares",
          text: "Rates with partner airlines that are not on comparison sites.",
        },
        { title: "Flexible tickets", text: "Change-friendly fares for plans that may still move." },
        {
          title: "Smart routings",
          text: "Stopovers and connections chosen for comfort, not just price.",
        },
      ]}
    />
  );
}
