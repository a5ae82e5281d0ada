import { data, redirect } from "react-router";
import { BookingForm, BookingUnavailable } from "~/components/site/booking-form";
import { PageHero } from "~/components/site/page-hero";
import { seoMeta } from "~/domain/seo";
import { loaderHeaders, PRIVATE_CACHE } from "~/domain/site-cache";
import { bookingLinkPath } from "~/server/bookings/booking-mail.server";
import {
  bookableDeparture,
  submitBooking,
  submitWaitlist,
} from "~/server/bookings/booking-form.server";
import { checkoutReturnCookie } from "~/server/http/cookies.server";
import { servicesFrom } from "~/server/http/services-context.server";
import { depositTerms, submitBookingAndPay } from "~/server/payments/booking-checkout.server";
import { honeypotInputProps } from "~/server/leads/honeypot.server";
import { requestInfo } from "~/server/platform/request-context.server";
import { bookingFormText, bookingLines } from "~/server/site/booking-text.server";
import { pageLanguageOrDefault } from "~/server/site/page-language.server";
import { buildSeo } from "~/server/site/site-seo.server";
import type { Route } from "./+types/book";

/**
 * /book/{departureId}: the booking form of one date (decision 118), with and without JS; under a
 * language's prefix (/de/book/…) in that language, every word from its catalogue (decision 148).
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { db, site, stripe } = servicesFrom(context);
  const page = pageLanguageOrDefault(site, request.url);
  const { t } = page;
  const { departure, soldOut } = await bookableDeparture(db, params.departureId, site, page.lang);
  // The deposit and the pay button only while payments are on (decision 133).
  const deposit = departure && stripe ? await depositTerms(db, departure.id, site.timeZone) : null;
  const seo = buildSeo(site, {
    path: page.path,
    lang: page.lang,
    title: departure ? t("book.metaTitle", { title: departure.packageTitle }) : t("book.eyebrow"),
    description: t("book.metaDescription"),
    noindex: true,
  });
  const sent = new URL(request.url).searchParams.get("sent") === "1";
  return data(
    {
      departure: departure ?? null,
      soldOut: soldOut ?? null,
      eyebrow: t("book.eyebrow"),
      text: bookingFormText(page, params.departureId, departure ?? soldOut ?? null),
      lines: departure ? bookingLines(page, departure, deposit) : [],
      sent,
      // The honeypot's time is per render: this page is never stored by a cache.
      honeypot: await honeypotInputProps(),
      seo,
    },
    {
      status: departure || soldOut || sent ? 200 : 404,
      headers: { "Cache-Control": PRIVATE_CACHE },
    },
  );
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const { db, mailer, site, env, stripe } = servicesFrom(context);
  const page = pageLanguageOrDefault(site, request.url);
  const form = await request.formData();
  const settings = {
    site,
    mailer,
    notifyTo: env.ENQUIRY_NOTIFY_TO ?? site.email,
    holdHours: env.BOOKING_HOLD_HOURS,
    ip: requestInfo(context).clientIp,
    // The page's language: its refusals, the e-mails and the booking's record (decision 148).
    language: page.lang,
  };
  const intent = form.get("intent");
  const outcome =
    intent === "waitlist"
      ? await submitWaitlist(db, params.departureId, form, settings)
      : stripe && intent === "pay"
        ? await submitBookingAndPay(db, stripe, params.departureId, form, {
            ...settings,
            origin: site.publicUrl,
          })
        : await submitBooking(db, params.departureId, form, settings);
  switch (outcome.kind) {
    case "waitlisted":
    case "booked": {
      const { reference, token } = outcome.receipt;
      const payment = "payment" in outcome ? outcome.payment : undefined;
      // Book and pay: on to Stripe's page, the way back carrying the private link in a cookie.
      if (payment?.kind === "checkout")
        return redirect(payment.url, {
          status: 303,
          headers: {
            "Set-Cookie": checkoutReturnCookie(request, reference, token),
            "Referrer-Policy": "no-referrer",
          },
        });
      // Stripe unreachable: the booking stays a request, and its page says so (decision 131).
      const unreachable = payment?.kind === "stripe_unavailable" ? "&payment=unavailable" : "";
      return redirect(`${page.href(bookingLinkPath(reference, token))}&new=1${unreachable}`, {
        status: 303,
        headers: { "Referrer-Policy": "no-referrer" },
      });
    }
    case "spam":
      // The same answer as a request that went through: nothing tells a bot it failed.
      return redirect(`${page.href(`/book/${params.departureId}`)}?sent=1`, 303);
    case "unavailable":
      return data({ errors: { form: "unavailable" }, values: null }, { status: 404 });
    default:
      return data(
        { errors: outcome.errors, values: outcome.values },
        outcome.status === 429
          ? { status: 429, headers: { "Retry-After": "60" } }
          : { status: outcome.status },
      );
  }
}

export const headers: Route.HeadersFunction = (args) => {
  const headers = new Headers(loaderHeaders(args));
  const retryAfter = args.actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function Book({ loaderData, actionData }: Route.ComponentProps) {
  const { departure, soldOut, sent, honeypot, eyebrow, text, lines } = loaderData;
  const gone = actionData?.errors.form === "unavailable";
  return (
    <>
      <PageHero eyebrow={eyebrow} title={departure ? departure.packageTitle : eyebrow}>
        {departure ? <p>{departure.dates}</p> : null}
      </PageHero>
      <div className="section container booking-layout">
        {departure && !gone ? (
          <BookingForm
            departure={departure}
            text={text}
            lines={lines}
            honeypot={honeypot}
            result={actionData?.values ? actionData : undefined}
          />
        ) : (
          <BookingUnavailable
            sent={sent}
            soldOut={soldOut}
            text={text}
            honeypot={honeypot}
            result={actionData?.values ? actionData : undefined}
          />
        )}
      </div>
    </>
  );
}
