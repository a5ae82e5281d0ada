import { DEFAULT_SITE, type SiteConfig } from "~/domain/site";
import type { Env } from "../platform/env.server";

/** The site facts, with env overrides applied. */
export function siteConfigFrom(env: Env): SiteConfig {
  return {
    ...DEFAULT_SITE,
    ...(env.SITE_NAME ? { name: env.SITE_NAME } : {}),
    ...(env.SITE_PHONE ? { phone: env.SITE_PHONE } : {}),
    ...(env.SITE_EMAIL ? { email: env.SITE_EMAIL } : {}),
    ...(env.SITE_WHATSAPP ? { whatsapp: env.SITE_WHATSAPP } : {}),
    ...(env.SITE_FACEBOOK_URL ? { facebookUrl: env.SITE_FACEBOOK_URL } : {}),
    ...(env.SITE_INSTAGRAM_URL ? { instagramUrl: env.SITE_INSTAGRAM_URL } : {}),
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    timeZone: env.SITE_TIME_ZONE,
    currency: env.SITE_CURRENCY,
    limitedSeats: env.LIMITED_SEATS,
    placeholderRatings: env.PLACEHOLDER_RATINGS,
    languages: env.SITE_LANGUAGES,
  };
}
