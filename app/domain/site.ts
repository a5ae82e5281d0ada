import type { Language } from "./i18n/languages";

/** Site facts (company name, contact details, social links). Env can override each on the server. */
export interface SiteConfig {
  name: string;
  tagline: string;
  phone: string;
  email: string;
  whatsapp: string;
  emergencyPhone: string;
  address: string;
  facebookUrl: string;
  instagramUrl: string;
  foundedYear: number;
  yearsOfExperience: number;
  blurb: string;
  publicUrl: string;
  /** The company's time zone (SITE_TIME_ZONE): which day it is for departures. */
  timeZone: string;
  /** SITE_CURRENCY: what departures are priced in unless staff choose another. */
  currency: string;
  /** LIMITED_SEATS: at most this many seats left reads "Limited". */
  limitedSeats: number;
  /** PLACEHOLDER_RATINGS: show the spec's made-up rating where none was entered (decision 068). */
  placeholderRatings: boolean;
  /** SITE_LANGUAGES: the languages the site is shown in; the first is the default (decision 127). */
  languages: Language[];
}

export const DEFAULT_SITE: SiteConfig = {
  name: "Wanderlux Journeys",
  tagline: "Curated luxury adventures for the discerning traveler",
  phone: "+27 21 555 0147",
  email: "hello@wanderlux.travel",
  whatsapp: "27215550147",
  emergencyPhone: "+27 82 555 0199",
  address: "14 Bree Street, Cape Town, 8001, South Africa",
  facebookUrl: "https://www.facebook.com/wanderluxjourneys",
  instagramUrl: "https://www.instagram.com/wanderluxjourneys",
  foundedYear: 2016,
  yearsOfExperience: 10,
  blurb:
    "Since 2016 we have crafted small-group and private journeys to the world's most rewarding corners, with every detail handled by people who have been there.",
  publicUrl: "http://localhost:3000",
  timeZone: "Africa/Johannesburg",
  currency: "ZAR",
  limitedSeats: 4,
  placeholderRatings: false,
  languages: ["en"],
};
