import { data } from "react-router";
import { HeroBanner } from "~/components/site/hero-banner";
import { LogoCarousel } from "~/components/site/logo-carousel";
import { MomentsCarousel } from "~/components/site/moments-carousel";
import { PackageSection } from "~/components/site/package-section";
import { Perks } from "~/components/site/perks";
import { PromoBand, type PromoBandProps } from "~/components/site/promo-band";
import { seoMeta } from "~/domain/seo";
import { loaderHeaders, PUBLIC_CACHE } from "~/domain/site-cache";
import { ACCREDITED_LOGOS, CAROUSEL_TIMING, PARTNER_LOGOS } from "~/domain/site-content";
import type { Translate } from "~/domain/i18n/catalogues";
import { servicesFrom } from "~/server/http/services-context.server";
import { pageLanguageOrDefault } from "~/server/site/page-language.server";
import { loadHome } from "~/server/site/site-pages.server";
import { buildSeo } from "~/server/site/site-seo.server";
import {
  carouselWords,
  heroSlides,
  heroText,
  momentsText,
} from "~/server/site/showcase-text.server";
import type { Route } from "./+types/home";

/** The words of the home page in its language, finished here: the page's JS carries none. */
function homeText(t: Translate) {
  const promo = (kind: "flights" | "hotels") => ({
    eyebrow: t(`home.${kind}.eyebrow`),
    heading: t(`home.${kind}.heading`),
    text: t(`home.${kind}.text`),
    action: t(`home.${kind}.action`),
  });
  const promos: PromoBandProps[] = [
    { id: "flights-promo", icon: "plane", to: "/flights", ...promo("flights") },
    { id: "hotels-promo", icon: "bed", to: "/hotels", reverse: true, ...promo("hotels") },
  ];
  const perk = (key: "allInclusive" | "lowDeposit" | "stressFree" | "loyalty") => ({
    title: t(`perk.${key}.title`),
    text: t(`perk.${key}.text`),
  });
  return {
    promos,
    perks: [perk("allInclusive"), perk("lowDeposit"), perk("stressFree"), perk("loyalty")],
    text: {
      partners: t("home.partners"),
      partnerLogos: t("home.partnerLogos"),
      momentsEyebrow: t("home.momentsEyebrow"),
      moments: t("home.moments"),
      accreditedBy: t("home.accreditedBy"),
      accreditationLogos: t("home.accreditationLogos"),
    },
  };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, site } = servicesFrom(context);
  const page = pageLanguageOrDefault(site, request.url);
  const { t } = page;
  const home = await loadHome(db, site, page);
  const seo = buildSeo(site, {
    path: "/",
    lang: page.lang,
    title: t("seo.homeTitle", { site: site.name }),
    description: t("seo.homeDescription", { tagline: site.tagline, year: site.foundedYear }),
  });
  const { promos, perks, text } = homeText(t);
  // The fixed marketing content travels as data: the page's JS does not carry it a second time.
  const showcase = {
    slides: heroSlides(t),
    hero: heroText(t, page.href),
    moments: momentsText(t),
    words: carouselWords(t),
    partners: PARTNER_LOGOS,
    accredited: ACCREDITED_LOGOS,
    perks,
    promos: promos.map((p) => ({ ...p, to: page.href(p.to) })),
    text,
  };
  return data({ ...home, showcase, seo }, { headers: { "Cache-Control": PUBLIC_CACHE } });
}

export const headers = loaderHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function Home({ loaderData }: Route.ComponentProps) {
  const { sections, moments, showcase } = loaderData;
  const { text } = showcase;
  return (
    <>
      <HeroBanner slides={showcase.slides} text={showcase.hero} words={showcase.words} />
      <section className="partners" aria-labelledby="partners-heading">
        <div className="container">
          <h2 id="partners-heading" className="partners-heading">
            {text.partners}
          </h2>
          <LogoCarousel
            logos={showcase.partners}
            delayMs={CAROUSEL_TIMING.partnerDelayMs}
            label={text.partnerLogos}
            words={showcase.words}
            className="partner-strip"
          />
        </div>
      </section>
      <PackageSection id="upcoming-heading" {...sections.trip} />
      <PackageSection id="exclusives-heading" tone="tint" {...sections.exclusive} />
      <PackageSection id="local-heading" {...sections.local} />
      <section className="section section-dark" aria-labelledby="moments-heading">
        <div className="container">
          <div className="section-head">
            <div>
              <p className="eyebrow eyebrow-light">{text.momentsEyebrow}</p>
              <h2 id="moments-heading">{text.moments}</h2>
            </div>
          </div>
          <MomentsCarousel moments={moments} text={showcase.moments} words={showcase.words} />
        </div>
      </section>
      <Perks perks={showcase.perks} />
      <PackageSection id="gems-heading" tone="tint" {...sections.discovery} />
      {showcase.promos.map((promo) => (
        <PromoBand key={promo.id} {...promo} />
      ))}
      <section className="section accredited" aria-labelledby="accredited-heading">
        <div className="container">
          <h2 id="accredited-heading" className="accredited-heading">
            {text.accreditedBy}
          </h2>
          <LogoCarousel
            logos={showcase.accredited}
            delayMs={CAROUSEL_TIMING.accreditedDelayMs}
            label={text.accreditationLogos}
            words={showcase.words}
            className="accredited-rotator"
          />
        </div>
      </section>
    </>
  );
}
