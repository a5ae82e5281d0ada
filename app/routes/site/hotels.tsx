import { data } from "react-router";
import { PromoPage } from "~/components/site/promo-page";
import { seoMeta } from "~/domain/seo";
import { loaderHeaders, PUBLIC_CACHE } from "~/domain/site-cache";
import { chatPath } from "~/domain/chat-links";
import { servicesFrom } from "~/server/http/services-context.server";
import { pageLanguageOrDefault } from "~/server/site/page-language.server";
import { buildSeo } from "~/server/site/site-seo.server";
import type { Route } from "./+types/hotels";

const INTRO =
  "Member rates at boutique hotels, safari lodges and beach resorts, often with breakfast, upgrades or late check-out included.";

export function loader({ request, context }: Route.LoaderArgs) {
  const { site } = servicesFrom(context);
  const { lang, t } = pageLanguageOrDefault(site, request.url);
  return data(
    {
      seo: buildSeo(site, {
        path: "/hotels",
        lang,
        title: t("seo.hotelsTitle"),
        description: INTRO,
      }),
      actions: [
        {
          label: "Find Hotel Deals",
          href: chatPath("hotelDeals"),
          primary: true,
        },
        { label: "Custom Requests", href: chatPath("hotelCustom") },
      ],
    },
    { headers: { "Cache-Control": PUBLIC_CACHE } },
  );
}

export const headers = loaderHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function Hotels({ loaderData }: Route.ComponentProps) {
  return (
    <PromoPage
      eyebrow="Stay for less"
      title="Discounted Hotels"
      intro={INTRO}
      icon="bed"
      actions={loaderData.actions}
      features={[
        { title: "Member rates", text: "Prices agreed with hotels we visit and trust." },
        {
          title: "Added extras",
          text: "Breakfast, upgrades and late check-out where we can get them.",
        },
        {
          title: "Any request",
          text: "Honeymoons, family rooms, accessible stays: ask and we arrange it.",
        },
      ]}
    />
  );
}
