import { data } from "react-router";
import { BookingStatusCard } from "~/components/site/booking-status";
import { PageHero } from "~/components/site/page-hero";
import { seoMeta } from "~/domain/seo";
import { loaderHeaders, PRIVATE_CACHE } from "~/domain/site-cache";
import { findBookingByLink } from "~/server/bookings/bookings.server";
import { servicesFrom } from "~/server/http/services-context.server";
import { buildSeo } from "~/server/site/site-seo.server";
import type { Route } from "./+types/booking";

/**
 * /booking/{reference}?token=…: the traveller's private page (decision 118). An unknown reference
 * and a wrong token are the same 404; the page is never cached, indexed or sent as a referrer.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { db, site } = servicesFrom(context);
  const url = new URL(request.url);
  const booking = await findBookingByLink(
    db,
    params.reference,
    url.searchParams.get("token") ?? "",
  );
  const headers = {
    "Cache-Control": PRIVATE_CACHE,
    "Referrer-Policy": "no-referrer",
    "X-Robots-Tag": "noindex",
  };
  const seo = buildSeo(site, {
    path: url.pathname,
    title: booking ? `Booking ${booking.reference}` : "Booking not found",
    description: "Your booking.",
    noindex: true,
  });
  if (!booking) return data({ booking: null, isNew: false, seo, site }, { status: 404, headers });
  return data({ booking, isNew: url.searchParams.get("new") === "1", seo, site }, { headers });
}

export const headers = loaderHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function Booking({ loaderData }: Route.ComponentProps) {
  const { booking, isNew, site } = loaderData;
  return (
    <>
      <PageHero eyebrow="Your booking" title={booking ? booking.reference : "Booking not found"} />
      <div className="section container booking-layout">
        <BookingStatusCard booking={booking} isNew={isNew} site={site} />
      </div>
    </>
  );
}
