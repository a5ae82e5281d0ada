import { data, redirect } from "react-router";
import { ContactForm } from "~/components/site/contact-form";
import { PageHero } from "~/components/site/page-hero";
import { telHref } from "~/components/site/site-header";
import { Icon } from "~/components/ui/icons";
import { seoMeta } from "~/domain/seo";
import { loaderHeaders, PRIVATE_CACHE } from "~/domain/site-cache";
import type { EnquiryErrors } from "~/domain/enquiry";
import { servicesFrom } from "~/server/http/services-context.server";
import { submitContactForm } from "~/server/leads/contact.server";
import { honeypotInputProps } from "~/server/leads/honeypot.server";
import { findPublishedPackage } from "~/server/leads/package-ref.server";
import { requestInfo } from "~/server/platform/request-context.server";
import {
  businessHours,
  contactFormText,
  contactPageText,
  localizedEnquiryErrors,
} from "~/server/site/contact-text.server";
import { pageLanguageOrDefault } from "~/server/site/page-language.server";
import { companyTextsForPage } from "~/server/site/company-texts.server";
import { buildSeo } from "~/server/site/site-seo.server";
import type { Route } from "./+types/contact";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, site } = servicesFrom(context);
  const { lang, t, href } = pageLanguageOrDefault(site, request.url);
  const url = new URL(request.url);
  // /contact?package={id}: the enquiry names that trip; an unknown one is said so, not hidden.
  const asked = url.searchParams.get("package");
  const about = asked ? ((await findPublishedPackage(db, asked)) ?? null) : null;
  // The address in the page's language, or the default language's marked as such (decision 150).
  const company = await companyTextsForPage(db, site, lang);
  return data(
    {
      site,
      address: { text: company.texts.address, lang: company.fallback.address },
      sent: url.searchParams.get("sent") === "1",
      // The trip's page and the form's own address in the page's language (decision 128).
      about: about ? { ...about, href: href(about.href) } : null,
      contactPath: href("/contact"),
      packageNotice: asked && !about ? t("enquiry.unknownPackage") : null,
      // The honeypot's time is per render, so this page is never stored by a cache (decision 090).
      honeypot: await honeypotInputProps(),
      // Fixed content travels as data, not as code in the page's JS (decision 064).
      hours: businessHours(t),
      text: contactPageText(t),
      formText: contactFormText(t, about?.title),
      seo: buildSeo(site, {
        path: "/contact",
        lang,
        title: t("seo.contactTitle"),
        description: t("contact.description", { phone: site.phone, email: site.email }),
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
    // The page's language: recorded with the enquiry, and the acknowledgement's (decision 148).
    language: page.lang,
  });
  // The service speaks the spec's English; another language's page says its refusals itself.
  const say = (errors: EnquiryErrors, retryAfterSeconds?: number) =>
    page.lang === "en" ? errors : localizedEnquiryErrors(page.t, errors, retryAfterSeconds);
  switch (outcome.kind) {
    case "invalid":
      return data({ errors: say(outcome.errors), values: outcome.values }, { status: 400 });
    case "limited":
      return data(
        { errors: say(outcome.errors, outcome.retryAfterSeconds), values: outcome.values },
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
  const {
    site,
    address,
    hours,
    sent,
    honeypot,
    about,
    packageNotice,
    text,
    formText,
    contactPath,
  } = loaderData;
  return (
    <>
      <PageHero eyebrow={text.eyebrow} title={text.title}>
        <p>{text.intro}</p>
      </PageHero>
      <div className="section container contact-layout">
        <ContactForm
          honeypot={honeypot}
          result={actionData}
          sent={sent}
          about={about}
          packageNotice={packageNotice}
          path={contactPath}
          text={formText}
        />
        <div className="contact-info">
          <section className="info-card" aria-labelledby="reach-heading">
            <h2 id="reach-heading">{text.getInTouch}</h2>
            <ul className="contact-list">
              <li>
                <Icon name="phone" />
                <span>
                  <strong>{text.phone}</strong>
                  <a href={telHref(site.phone)}>{site.phone}</a>
                </span>
              </li>
              <li>
                <Icon name="mail" />
                <span>
                  <strong>{text.email}</strong>
                  <a href={`mailto:${site.email}`}>{site.email}</a>
                  <small>{text.replyWithin}</small>
                </span>
              </li>
              <li>
                <Icon name="pin" />
                <span>
                  <strong>{text.office}</strong>
                  <span lang={address.lang}>{address.text}</span>
                </span>
              </li>
            </ul>
          </section>
          <section className="info-card" aria-labelledby="hours-heading">
            <h2 id="hours-heading">{text.hours}</h2>
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
            <h2 id="emergency-heading">{text.emergency}</h2>
            <p>{text.emergencyText}</p>
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
