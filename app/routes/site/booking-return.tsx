import { data, redirect } from "react-router";
import { PageHero } from "~/components/site/page-hero";
import { seoMeta } from "~/domain/seo";
import { loaderHeaders, PRIVATE_CACHE } from "~/domain/site-cache";
import { bookingLinkPath } from "~/server/bookings/booking-mail.server";
import { findBookingByLink } from "~/server/bookings/bookings.server";
import { CHECKOUT_RETURN_COOKIE, readCookie } from "~/server/http/cookies.server";
import { servicesFrom } from "~/server/http/services-context.server";
import { buildSeo } from "~/server/site/site-seo.server";
import type { Route } from "./+types/booking-return";

/**
 * /booking/{reference}/return: where Stripe Checkout sends the traveller back (decision 133).
 * The private link's token came along in a cookie set when they left (never in the URL Stripe
 * keeps): with it, on to the private page, which shows the payment as the webhook left it. A
 * browser that lost the cookie is told where the link is; nothing is marked paid here.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { db, site } = servicesFrom(context);
  const url = new URL(request.url);
  const token = readCookie(request, CHECKOUT_RETURN_COOKIE) ?? "";
  const booking = await findBookingByLink(db, params.reference, token);
  const session = url.searchParams.get("session_id") ?? "";
  if (booking) {
    const back = /^cs_[A-Za-z0-9_]{1,250}$/.test(session)
      ? `&session=${session}`
      : "&payment=cancelled";
    return redirect(`${bookingLinkPath(booking.reference, token)}${back}`, {
      status: 303,
      headers: { "Cache-Control": PRIVATE_CACHE, "Referrer-Policy": "no-referrer" },
    });
  }
  const seo = buildSeo(site, {
    path: url.pathname,
    title: "Your booking",
    description: "Your booking.",
    noindex: true,
  });
  return data(
    { cancelled: !session, seo, email: site.email },
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
  const { cancelled, email } = loaderData;
  return (
    <>
      <PageHero eyebrow="Your booking" title={cancelled ? "Payment not made" : "Thank you"} />
      <div className="section container booking-layout">
        <div className="contact-form" role="status">
          <h2>{cancelled ? "Nothing was charged" : "Your payment is being confirmed"}</h2>
          <p>
            {cancelled
              ? "You left the payment page before paying."
              : "We e-mail you a receipt as soon as our payment provider confirms your payment."}{" "}
            Open your booking from the private link in the e-mail we sent when you booked to see its
            state, or contact us at <a href={`mailto:${email}`}>{email}</a>.
          </p>
        </div>
      </div>
    </>
  );
}
