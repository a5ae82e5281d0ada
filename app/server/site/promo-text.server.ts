import type { SiteConfig } from "~/domain/site";
import { chatPath, type ChatTopic } from "~/domain/chat-links";
import type { Feature, PromoAction, PromoText } from "~/domain/site-content";
import type { MessageKey } from "~/domain/i18n/messages-en";
import { pageLanguageOrDefault } from "./page-language.server";
import { buildSeo } from "./site-seo.server";

/*
 * /flights and /hotels in the page's language (decision 127): the loader finishes every word,
 * the PromoPage component only lays them out.
 */

type PromoKind = "flights" | "hotels";

const PAGES: Record<
  PromoKind,
  {
    path: string;
    seoTitle: MessageKey;
    actions: { label: MessageKey; topic: ChatTopic; primary?: boolean }[];
    features: string[];
  }
> = {
  flights: {
    path: "/flights",
    seoTitle: "seo.flightsTitle",
    actions: [
      { label: "flights.quotes", topic: "flightQuotes", primary: true },
      { label: "flights.expert", topic: "flightExpert" },
    ],
    features: ["fares", "flexible", "routings"],
  },
  hotels: {
    path: "/hotels",
    seoTitle: "seo.hotelsTitle",
    actions: [
      { label: "hotels.deals", topic: "hotelDeals", primary: true },
      { label: "hotels.custom", topic: "hotelCustom" },
    ],
    features: ["rates", "extras", "requests"],
  },
};

export function promoPageData(site: SiteConfig, url: string, kind: PromoKind) {
  const { lang, t } = pageLanguageOrDefault(site, url);
  const page = PAGES[kind];
  const key = (name: string) => `${kind}.${name}` as MessageKey;
  const actions: PromoAction[] = page.actions.map((a) => ({
    label: t(a.label),
    href: chatPath(a.topic),
    ...(a.primary ? { primary: true } : {}),
  }));
  const features: Feature[] = page.features.map((f) => ({
    title: t(key(`${f}.title`)),
    text: t(key(`${f}.text`)),
  }));
  const text: PromoText = {
    eyebrow: t(key("eyebrow")),
    title: t(key("title")),
    intro: t(key("intro")),
    why: t("promo.why"),
    cta: t("promo.cta"),
    opensWhatsApp: t("promo.opensWhatsApp"),
  };
  return {
    seo: buildSeo(site, {
      path: page.path,
      lang,
      title: t(page.seoTitle),
      description: text.intro,
    }),
    text,
    actions,
    features,
  };
}
