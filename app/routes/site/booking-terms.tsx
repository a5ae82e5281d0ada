import { data } from "react-router";
import { PageHero } from "~/components/site/page-hero";
import { DEFAULT_BOOKING_TERMS } from "~/domain/bookings";
import { seoMeta } from "~/domain/seo";
import { loaderHeaders, PUBLIC_CACHE } from "~/domain/site-cache";
import { servicesFrom } from "~/server/http/services-context.server";
import { pageLanguageOrDefault } from "~/server/site/page-language.server";
import { buildSeo } from "~/server/site/site-seo.server";
import type { Route } from "./+types/booking-terms";

/** /booking-terms: what a traveller accepts when they send a booking request. */
export function loader({ request, context }: Route.LoaderArgs) {
  const { site } = servicesFrom(context);
  const { lang, t } = pageLanguageOrDefault(site, request.url);
  return data(
    {
      terms: DEFAULT_BOOKING_TERMS,
      seo: buildSeo(site, {
        path: "/booking-terms",
        lang,
        title: t("seo.termsTitle"),
        description: `The terms of booking a trip with ${site.name}.`,
      }),
    },
    { headers: { "Cache-Control": PUBLIC_CACHE } },
  );
}

export const headers = loaderHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function BookingTerms({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHero eyebrow="Before you book" title="Booking terms" />
      <div className="section container terms-page">
        {loaderData.terms.map((t) => (
          <section key={t.heading}>
            <h2>{t.heading}</h2>
            <p>{t.text}</p>
          </section>
        ))}
      </div>
    </>
  );
}
