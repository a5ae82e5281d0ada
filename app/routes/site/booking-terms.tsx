import { data } from "react-router";
import { PageHero } from "~/components/site/page-hero";
import { parseBookingTerms } from "~/domain/bookings";
import { seoMeta } from "~/domain/seo";
import { loaderHeaders, PUBLIC_CACHE } from "~/domain/site-cache";
import { loadBookingTerms } from "~/server/bookings/booking-terms.server";
import { servicesFrom } from "~/server/http/services-context.server";
import { pageLanguageOrDefault } from "~/server/site/page-language.server";
import { buildSeo } from "~/server/site/site-seo.server";
import type { Route } from "./+types/booking-terms";

/**
 * /booking-terms: what a traveller accepts when they send a booking request, as staff wrote them
 * in Settings (or the default terms). The page is cached; saving the terms empties the cache.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, site } = servicesFrom(context);
  const { text } = await loadBookingTerms(db);
  const { lang, t } = pageLanguageOrDefault(site, request.url);
  return data(
    {
      terms: parseBookingTerms(text),
      // The terms are the company's own text, in the default language: marked as such on a page
      // in another language.
      termsLang: lang === site.languages[0] ? null : site.languages[0]!,
      eyebrow: t("terms.eyebrow"),
      title: t("terms.title"),
      seo: buildSeo(site, {
        path: "/booking-terms",
        lang,
        title: t("seo.termsTitle"),
        description: t("terms.description", { name: site.name }),
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
      <PageHero eyebrow={loaderData.eyebrow} title={loaderData.title} />
      <div className="section container terms-page" lang={loaderData.termsLang ?? undefined}>
        {loaderData.terms.map((t, i) => (
          <section key={i}>
            {t.heading ? <h2>{t.heading}</h2> : null}
            {t.paragraphs.map((p, j) => (
              <p key={j}>{p}</p>
            ))}
          </section>
        ))}
      </div>
    </>
  );
}
