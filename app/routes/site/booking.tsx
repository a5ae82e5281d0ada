import { data, redirect } from "react-router";
import { BookingStatusCard } from "~/components/site/booking-status";
import { PageHero } from "~/components/site/page-hero";
import { seoMeta } from "~/domain/seo";
import { loaderHeaders, PRIVATE_CACHE } from "~/domain/site-cache";
import { bookingLinkPath } from "~/server/bookings/booking-mail.server";
import { findBookingByLink } from "~/server/bookings/bookings.server";
import { checkoutReturnCookie } from "~/server/http/cookies.server";
import { servicesFrom } from "~/server/http/services-context.server";
import {
  bookingPaymentSummary,
  checkoutReturnState,
  payBooking,
} from "~/server/payments/booking-checkout.server";
import { bookingPageText, type PaymentNotice } from "~/server/site/booking-text.server";
import { pageLanguageOrDefault } from "~/server/site/page-language.server";
import { bookingTrip } from "~/server/bookings/booking-form.server";
import { buildSeo } from "~/server/site/site-seo.server";
import type { Route } from "./+types/booking";

const PRIVATE_HEADERS = {
  "Cache-Control": PRIVATE_CACHE,
  "Referrer-Policy": "no-referrer",
  "X-Robots-Tag": "noindex",
};

/**
 * /booking/{reference}?token=…: the traveller's private page (decision 118). An unknown reference
 * and a wrong token are the same 404; the page is never cached, indexed or sent as a referrer.
 * While payments are on it shows what is paid and due, with a pay button (decision 133), and,
 * back from Checkout, the payment as the webhook left it. Under a language's prefix
 * (/de/booking/…) every word is in that language (decision 148).
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { db, site, stripe } = servicesFrom(context);
  const page = pageLanguageOrDefault(site, request.url);
  const { t } = page;
  const url = new URL(request.url);
  const link = { reference: params.reference, token: url.searchParams.get("token") ?? "" };
  const booking = await findBookingByLink(db, link.reference, link.token);
  const seo = buildSeo(site, {
    path: page.path,
    lang: page.lang,
    title: booking
      ? t("bookingPage.metaTitle", { reference: booking.reference })
      : t("bookingPage.notFound"),
    description: t("bookingPage.metaDescription"),
    noindex: true,
  });
  const eyebrow = t("bookingPage.eyebrow");
  if (!booking)
    return data(
      {
        booking: null,
        isNew: false,
        waiting: false,
        text: bookingPageText(page, site, {
          booking: null,
          tripHref: "",
          payments: null,
          notice: null,
        }),
        eyebrow,
        title: t("bookingPage.notFound"),
        token: "",
        seo,
        site,
      },
      { status: 404, headers: PRIVATE_HEADERS },
    );
  const summary = await bookingPaymentSummary(db, link, { timeZone: site.timeZone });
  // Nothing about card payment while payments are off, unless money was recorded for it.
  const payments =
    summary && (stripe || summary.paid > 0) ? { summary, canPay: stripe !== null } : null;
  const notice = await noticeOf(url.searchParams, (session) =>
    stripe ? checkoutReturnState(db, link, session) : Promise.resolve(null),
  );
  // The trip's title and page in the page's language, once it appears there (decision 139).
  const trip = await bookingTrip(db, site, page.lang, booking);
  return data(
    {
      booking: { ...booking, packageTitle: trip.title },
      isNew: url.searchParams.get("new") === "1",
      waiting: notice === "processing" || payments?.summary.processing === true,
      text: bookingPageText(page, site, {
        booking,
        tripHref: trip.href,
        payments,
        notice,
      }),
      eyebrow,
      title: booking.reference,
      token: link.token,
      seo,
      site,
    },
    { headers: PRIVATE_HEADERS },
  );
}

/** The note a page shows after paying, leaving Checkout, or a refused payment. */
async function noticeOf(
  search: URLSearchParams,
  stateOf: (session: string) => Promise<PaymentNotice | null>,
): Promise<PaymentNotice | null> {
  const session = search.get("session");
  if (session) return stateOf(session);
  const payment = search.get("payment");
  if (payment === "unavailable" || payment === "processing" || payment === "cancelled")
    return payment;
  return null;
}

/** The pay button: on to Checkout, or back to this page with the reason it cannot go. */
export async function action({ params, request, context }: Route.ActionArgs) {
  const { db, site, stripe } = servicesFrom(context);
  const page = pageLanguageOrDefault(site, request.url);
  const form = await request.formData();
  const token = String(form.get("token") ?? "");
  const back = (payment?: string) =>
    redirect(
      `${page.href(bookingLinkPath(params.reference, token))}${payment ? `&payment=${payment}` : ""}`,
      {
        status: 303,
        headers: { "Referrer-Policy": "no-referrer" },
      },
    );
  if (!stripe || form.get("intent") !== "pay") return back();
  const outcome = await payBooking(db, stripe, {
    reference: params.reference,
    token,
    origin: site.publicUrl,
    timeZone: site.timeZone,
  });
  switch (outcome.kind) {
    case "checkout":
      return redirect(outcome.url, {
        status: 303,
        headers: {
          "Set-Cookie": checkoutReturnCookie(request, params.reference, token),
          "Referrer-Policy": "no-referrer",
        },
      });
    case "stripe_unavailable":
      return back("unavailable");
    case "processing":
      return back("processing");
    // A wrong link comes back to the page's own 404.
    case "not_found":
    case "nothing_due":
      return back();
  }
}

export const headers = loaderHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function Booking({ loaderData }: Route.ComponentProps) {
  const { booking, isNew, waiting, text, eyebrow, title, token, site } = loaderData;
  return (
    <>
      <PageHero eyebrow={eyebrow} title={title} />
      <div className="section container booking-layout">
        <BookingStatusCard
          booking={booking}
          isNew={isNew}
          text={text}
          waiting={waiting}
          token={token}
          site={site}
        />
      </div>
    </>
  );
}
