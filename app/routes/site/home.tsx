import { data } from "react-router";
import { HeroBanner } from "~/components/site/hero-banner";
import { LogoCarousel } from "~/components/site/logo-carousel";
import { MomentsCarousel } from "~/components/site/moments-carousel";
import { PackageSection } from "~/components/site/package-section";
import { Perks } from "~/components/site/perks";
import { PromoBand, type PromoBandProps } from "~/components/site/promo-band";
import { seoMeta } from "~/domain/seo";
import { loaderHeaders, PUBLIC_CACHE } from "~/domain/site-cache";
import {
  ACCREDITED_LOGOS,
  CAROUSEL_TIMING,
  DESTINATION_SLIDES,
  PARTNER_LOGOS,
  PERKS,
} from "~/domain/site-content";
import { servicesFrom } from "~/server/http/services-context.server";
import { loadHome } from "~/server/site/site-pages.server";
import { buildSeo } from "~/server/site/site-seo.server";
import type { Route } from "./+types/home";

const PROMOS: PromoBandProps[] = [
  {
    id: "flights-promo",
    icon: "plane",
    eyebrow: "Fly for less",
    heading: "Discounted Flights",
    text: "Negotiated fares with leading airlines, found by people who know the routes.",
    to: "/flights",
    action: "See flight deals",
  },
  {
    id: "hotels-promo",
    icon: "bed",
    eyebrow: "Stay for less",
    heading: "Discounted Hotels",
    text: "Member rates at boutique hotels and beach resorts, with perks you will not find online.",
    to: "/hotels",
    action: "See hotel deals",
    reverse: true,
  },
];

export async function loader({ context }: Route.LoaderArgs) {
  const { db, site } = servicesFrom(context);
  const home = await loadHome(db, site);
  const seo = buildSeo(site, {
    path: "/",
    title: `${site.name} | Curated luxury adventures`,
    description: `${site.tagline}. Hand-built trips, 2026 exclusives, local escapes and hidden gems, planned by people who have been there since ${site.foundedYear}.`,
  });
  // The fixed marketing content travels as data: the page's JS does not carry it a second time.
  const showcase = {
    slides: DESTINATION_SLIDES,
    partners: PARTNER_LOGOS,
    accredited: ACCREDITED_LOGOS,
    perks: PERKS,
    promos: PROMOS,
  };
  return data({ ...home, showcase, seo }, { headers: { "Cache-Control": PUBLIC_CACHE } });
}

export const headers = loaderHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function Home({ loaderData }: Route.ComponentProps) {
  const { sections, moments, showcase } = loaderData;
  return (
    <>
      <HeroBanner slides={showcase.slides} />
      <section className="partners" aria-labelledby="partners-heading">
        <div className="container">
          <h2 id="partners-heading" className="partners-heading">
            Trusted by leading travel industry partners
          </h2>
          <LogoCarousel
            logos={showcase.partners}
            delayMs={CAROUSEL_TIMING.partnerDelayMs}
            label="Partner logos"
            className="partner-strip"
          />
        </div>
      </section>
      <PackageSection id="upcoming-heading" eyebrow="Departing soon" {...sections.trip} />
      <PackageSection
        id="exclusives-heading"
        eyebrow="Limited places"
        tone="tint"
        {...sections.exclusive}
      />
      <PackageSection id="local-heading" eyebrow="Close to home" {...sections.local} />
      <section className="section section-dark" aria-labelledby="moments-heading">
        <div className="container">
          <div className="section-head">
            <div>
              <p className="eyebrow eyebrow-light">Seen on our trips</p>
              <h2 id="moments-heading">Travel Moments</h2>
            </div>
          </div>
          <MomentsCarousel moments={moments} />
        </div>
      </section>
      <Perks perks={showcase.perks} />
      <PackageSection
        id="gems-heading"
        eyebrow="Off the beaten path"
        tone="tint"
        {...sections.discovery}
      />
      {showcase.promos.map((promo) => (
        <PromoBand key={promo.id} {...promo} />
      ))}
      <section className="section accredited" aria-labelledby="accredited-heading">
        <div className="container">
          <h2 id="accredited-heading" className="accredited-heading">
            Accredited By
          </h2>
          <LogoCarousel
            logos={showcase.accredited}
            delayMs={CAROUSEL_TIMING.accreditedDelayMs}
            label="Accreditation logos"
            className="accredited-rotator"
          />
        </div>
      </section>
    </>
  );
}
