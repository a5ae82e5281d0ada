import { data, Link } from "react-router";
import { PageHero } from "~/components/site/page-hero";
import { Icon, type IconName } from "~/components/ui/icons";
import { seoMeta } from "~/domain/seo";
import { loaderHeaders, PUBLIC_CACHE } from "~/domain/site-cache";
import { servicesFrom } from "~/server/http/services-context.server";
import { pageLanguageOrDefault } from "~/server/site/page-language.server";
import { buildSeo } from "~/server/site/site-seo.server";
import type { Route } from "./+types/about";

const STRENGTH_ICONS: IconName[] = ["award", "users", "shield", "phone"];

export function loader({ request, context }: Route.LoaderArgs) {
  const { site } = servicesFrom(context);
  const { lang, t, href } = pageLanguageOrDefault(site, request.url);
  const values = { name: site.name, year: site.foundedYear, years: site.yearsOfExperience };
  return data(
    {
      // The page's words, finished in its language (decisions 064 and 127).
      text: {
        eyebrow: t("about.eyebrow", values),
        title: t("about.title"),
        intro: t("about.intro"),
        storyHeading: t("about.storyHeading"),
        story: [t("about.story1", values), t("about.story2", values)],
        seeTrips: t("about.seeTrips"),
        tripsPath: href("/upcoming-trips"),
        founded: t("about.founded"),
        foundedValue: t("about.eyebrow", values),
        experience: t("about.experience"),
        years: t("about.years", values),
        strengthsHeading: t("about.strengthsHeading"),
      },
      strengths: (["handpicked", "personal", "partners", "onCall"] as const).map((s) => ({
        title: t(`about.${s}.title`),
        text: t(`about.${s}.text`),
      })),
      seo: buildSeo(site, {
        path: "/about",
        lang,
        title: t("seo.aboutTitle"),
        description: t("about.description", values),
      }),
    },
    { headers: { "Cache-Control": PUBLIC_CACHE } },
  );
}

export const headers = loaderHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function About({ loaderData }: Route.ComponentProps) {
  const { text, strengths } = loaderData;
  return (
    <>
      <PageHero eyebrow={text.eyebrow} title={text.title}>
        <p>{text.intro}</p>
      </PageHero>
      <section className="section container about-story" aria-labelledby="story-heading">
        <div className="about-copy">
          <h2 id="story-heading">{text.storyHeading}</h2>
          {text.story.map((p) => (
            <p key={p}>{p}</p>
          ))}
          <Link to={text.tripsPath} className="btn btn-primary">
            {text.seeTrips}
          </Link>
        </div>
        <dl className="about-stats">
          <div>
            <dt>{text.founded}</dt>
            <dd>{text.foundedValue}</dd>
          </div>
          <div>
            <dt>{text.experience}</dt>
            <dd>{text.years}</dd>
          </div>
        </dl>
      </section>
      <section className="section section-tint" aria-labelledby="strengths-heading">
        <div className="container">
          <h2 id="strengths-heading" className="center">
            {text.strengthsHeading}
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
