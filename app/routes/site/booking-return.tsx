import { data, redirect } from "react-router";
import { PageHero } from "~/components/site/page-hero";
import { seoMeta } from "~/domain/seo";
import { loaderHeaders, PRIVATE_CACHE } from "~/domain/site-cache";
import { bookingLinkPath } from "~/server/bookings/booking-mail.server";
import { findBookingByLink } from "~/server/bookings/bookings.server";
import { CHECKOUT_RETURN_COOKIE, readCookie } from "~/server/http/cookies.server";
import { servicesFrom } from "~/server/http/services-context.server";
import { leadLanguage, localizedPath } from "~/domain/i18n/languages";
import { pageLanguageOrDefault } from "~/server/site/page-language.server";
import { buildSeo } from "~/server/site/site-seo.server";
import type { Route } from "./+types/booking-return";

/**
 * /booking/{reference}/return: where Stripe Checkout sends the traveller back (decision 133).
 * The private link's token came along in a cookie set when they left (never in the URL Stripe
 * keeps): with it, on to the private page, which shows the payment as the webhook left it. A
 * browser that lost the cookie is told where the link is; nothing is marked paid here. The private
 * page is the one in the language the booking was made in (decision 148).
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { db, site } = servicesFrom(context);
  const page = pageLanguageOrDefault(site, request.url);
  const { t } = page;
  const url = new URL(request.url);
  const token = readCookie(request, CHECKOUT_RETURN_COOKIE) ?? "";
  const booking = await findBookingByLink(db, params.reference, token);
  const session = url.searchParams.get("session_id") ?? "";
  if (booking) {
    const back = /^cs_[A-Za-z0-9_]{1,250}$/.test(session)
      ? `&session=${session}`
      : "&payment=cancelled";
    const lang = leadLanguage(booking.language, site.languages);
    const path = localizedPath(bookingLinkPath(booking.reference, token), lang, site.languages);
    return redirect(`${path}${back}`, {
      status: 303,
      headers: { "Cache-Control": PRIVATE_CACHE, "Referrer-Policy": "no-referrer" },
    });
  }
  const seo = buildSeo(site, {
    path: page.path,
    lang: page.lang,
    title: t("bookingPage.eyebrow"),
    description: t("bookingPage.metaDescription"),
    noindex: true,
  });
  const cancelled = !session;
  return data(
    {
      seo,
      email: site.email,
      eyebrow: t("bookingPage.eyebrow"),
      title: cancelled ? t("bookingReturn.notPaidTitle") : t("bookingReturn.thanksTitle"),
      heading: cancelled ? t("bookingReturn.nothingCharged") : t("bookingReturn.confirming"),
      text: `${cancelled ? t("bookingReturn.left") : t("bookingReturn.receipt")} ${t("bookingReturn.openLink")} `,
    },
    {
      headers: {
        "Cache-Control": PRIVATE_CACHE,
        "Referrer-Policy": "no-referrer",
        "X-Robots-Tag": "noindex",
      },
    },
  );
}

export const headers = loaderHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function BookingReturn({ loaderData }: Route.ComponentProps) {
  const { email, eyebrow, title, heading, text } = loaderData;
  return (
    <>
      <PageHero eyebrow={eyebrow} title={title} />
      <div className="section container booking-layout">
        <div className="contact-form" role="status">
          <h2>{heading}</h2>
          <p>
            {text}
            <a href={`mailto:${email}`}>{email}</a>.
          </p>
        </div>
      </div>
    </>
  );
}
