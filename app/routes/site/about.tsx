import { data, Link } from "react-router";
import { PageHero } from "~/components/site/page-hero";
import { Icon, type IconName } from "~/components/ui/icons";
import { seoMeta } from "~/domain/seo";
import { loaderHeaders, PUBLIC_CACHE } from "~/domain/site-cache";
import { STRENGTHS } from "~/domain/site-content";
import { servicesFrom } from "~/server/http/services-context.server";
import { pageLanguageOrDefault } from "~/server/site/page-language.server";
import { buildSeo } from "~/server/site/site-seo.server";
import type { Route } from "./+types/about";

const STRENGTH_ICONS: IconName[] = ["award", "users", "shield", "phone"];

export function loader({ request, context }: Route.LoaderArgs) {
  const { site } = servicesFrom(context);
  const { lang, t } = pageLanguageOrDefault(site, request.url);
  return data(
    {
      name: site.name,
      foundedYear: site.foundedYear,
      years: site.yearsOfExperience,
      // Fixed content travels as data, not as code in the page's JS (decision 064).
      strengths: STRENGTHS,
      seo: buildSeo(site, {
        path: "/about",
        lang,
        title: t("seo.aboutTitle"),
        description: `Since ${site.foundedYear}, ${site.name} has crafted curated luxury adventures: ${site.yearsOfExperience} years of experience in every trip.`,
      }),
    },
    { headers: { "Cache-Control": PUBLIC_CACHE } },
  );
}

export const headers = loaderHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function About({ loaderData }: Route.ComponentProps) {
  const { name, foundedYear, years, strengths } = loaderData;
  return (
    <>
      <PageHero eyebrow={`Since ${foundedYear}`} title="Our Story">
        <p>Curated luxury adventures for the discerning traveler.</p>
      </PageHero>
      <section className="section container about-story" aria-labelledby="story-heading">
        <div className="about-copy">
          <h2 id="story-heading">Travel that feels just right</h2>
          <p>
            {name} began in {foundedYear} with a simple idea: the best journeys are planned by
            people who have walked the streets, slept in the lodges and eaten at the tables they
            recommend.
          </p>
          <p>
            With {years} years of experience, we now design small-group departures, private escapes
            and once-in-a-lifetime exclusives across six continents, and still answer every message
            ourselves.
          </p>
          <Link to="/upcoming-trips" className="btn btn-primary">
            See upcoming trips
          </Link>
        </div>
        <dl className="about-stats">
          <div>
            <dt>Founded</dt>
            <dd>Since {foundedYear}</dd>
          </div>
          <div>
            <dt>Experience</dt>
            <dd>{years} years</dd>
          </div>
        </dl>
      </section>
      <section className="section section-tint" aria-labelledby="strengths-heading">
        <div className="container">
          <h2 id="strengths-heading" className="center">
            What makes us different
          </h2>
          <ul className="feature-grid four">
            {strengths.map((s, i) => (
              <li key={s.title} className="feature">
                <span className="perk-icon">
                  <Icon name={STRENGTH_ICONS[i] ?? "check"} size={24} />
                </span>
                <h3>{s.title}</h3>
                <p>{s.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}
