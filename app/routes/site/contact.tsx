import { data, redirect } from "react-router";
import { ContactForm } from "~/components/site/contact-form";
import { PageHero } from "~/components/site/page-hero";
import { telHref } from "~/components/site/site-header";
import { Icon } from "~/components/ui/icons";
import { seoMeta } from "~/domain/seo";
import { loaderHeaders, PRIVATE_CACHE } from "~/domain/site-cache";
import { ENQUIRY_MESSAGES } from "~/domain/enquiry";
import { BUSINESS_HOURS } from "~/domain/site-content";
import { servicesFrom } from "~/server/http/services-context.server";
import { submitContactForm } from "~/server/leads/contact.server";
import { honeypotInputProps } from "~/server/leads/honeypot.server";
import { findPublishedPackage } from "~/server/leads/package-ref.server";
import { requestInfo } from "~/server/platform/request-context.server";
import { pageLanguageOrDefault } from "~/server/site/page-language.server";
import { buildSeo } from "~/server/site/site-seo.server";
import type { Route } from "./+types/contact";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, site } = servicesFrom(context);
  const { lang, t } = pageLanguageOrDefault(site, request.url);
  const url = new URL(request.url);
  // /contact?package={id}: the enquiry names that trip; an unknown one is said so, not hidden.
  const asked = url.searchParams.get("package");
  const about = asked ? ((await findPublishedPackage(db, asked)) ?? null) : null;
  return data(
    {
      site,
      sent: url.searchParams.get("sent") === "1",
      about,
      packageNotice: asked && !about ? ENQUIRY_MESSAGES.unknownPackage : null,
      // The honeypot's time is per render, so this page is never stored by a cache (decision 090).
      honeypot: await honeypotInputProps(),
      // Fixed content travels as data, not as code in the page's JS (decision 064).
      hours: BUSINESS_HOURS,
      seo: buildSeo(site, {
        path: "/contact",
        lang,
        title: t("seo.contactTitle"),
        description: `Call ${site.phone} or e-mail ${site.email}; we answer e-mail within 2 hours and run a 24/7 emergency line.`,
      }),
    },
    { headers: { "Cache-Control": PRIVATE_CACHE } },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, mailer, site, env } = servicesFrom(context);
  const page = pageLanguageOrDefault(site, request.url);
  const outcome = await submitContactForm(db, await request.formData(), {
    site,
    mailer,
    notifyTo: env.ENQUIRY_NOTIFY_TO ?? site.email,
    acknowledge: env.ENQUIRY_ACK,
    ip: requestInfo(context).clientIp,
  });
  switch (outcome.kind) {
    case "invalid":
      return data({ errors: outcome.errors, values: outcome.values }, { status: 400 });
    case "limited":
      return data(
        { errors: outcome.errors, values: outcome.values },
        { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } },
      );
    default:
      // Spam gets the same answer as a message that went through: nothing tells a bot it failed.
      return redirect(`${page.href("/contact")}?sent=1`, 303);
  }
}

export const headers: Route.HeadersFunction = (args) => {
  const headers = new Headers(loaderHeaders(args));
  // A refused post says when to try again (429).
  const retryAfter = args.actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const { site, hours, sent, honeypot, about, packageNotice } = loaderData;
  return (
    <>
      <PageHero eyebrow="We would love to hear from you" title="Contact Us">
        <p>Tell us where you dream of going; we will shape the journey around you.</p>
      </PageHero>
      <div className="section container contact-layout">
        <ContactForm
          honeypot={honeypot}
          result={actionData}
          sent={sent}
          about={about}
          packageNotice={packageNotice}
        />
        <div className="contact-info">
          <section className="info-card" aria-labelledby="reach-heading">
            <h2 id="reach-heading">Get in touch</h2>
            <ul className="contact-list">
              <li>
                <Icon name="phone" />
                <span>
                  <strong>Phone</strong>
                  <a href={telHref(site.phone)}>{site.phone}</a>
                </span>
              </li>
              <li>
                <Icon name="mail" />
                <span>
                  <strong>Email</strong>
                  <a href={`mailto:${site.email}`}>{site.email}</a>
                  <small>We reply within 2 hours</small>
                </span>
              </li>
              <li>
                <Icon name="pin" />
                <span>
                  <strong>Office</strong>
                  {site.address}
                </span>
              </li>
            </ul>
          </section>
          <section className="info-card" aria-labelledby="hours-heading">
            <h2 id="hours-heading">Business hours</h2>
            <dl className="hours">
              {hours.map((h) => (
                <div key={h.days}>
                  <dt>{h.days}</dt>
                  <dd>{h.hours}</dd>
                </div>
              ))}
            </dl>
          </section>
          <section className="info-card emergency" aria-labelledby="emergency-heading">
            <h2 id="emergency-heading">24/7 emergency line</h2>
            <p>Travelling with us and need help now? Call us any time, day or night.</p>
            <a href={telHref(site.emergencyPhone)} className="emergency-number">
              <Icon name="phone" />
              {site.emergencyPhone}
            </a>
          </section>
        </div>
      </div>
    </>
  );
}
