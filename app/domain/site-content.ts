/** Fixed marketing content of the public site (spec §2 Home, About, Contact, Flights, Hotels). */

export const CAROUSEL_TIMING = {
  bannerDelayMs: 4000,
  bannerTransitionMs: 1000,
  partnerDelayMs: 3000,
  partnersPerView: 4,
  accreditedDelayMs: 3000,
} as const;

export interface DestinationSlide {
  id: number;
  name: string;
  description: string;
  /** Base name under /images/banners/: 1600 px plus -640 and -1024 variants, all 16:9 WebP. */
  image: string;
}

export const BANNER_SIZE = { width: 1600, height: 900 } as const;
export const BANNER_WIDTHS = [640, 1024] as const;

export const DESTINATION_SLIDES: DestinationSlide[] = [
  {
    id: 1,
    name: "Mauritius",
    description: "Turquoise lagoons, powder-white beaches and barefoot luxury.",
    image: "mauritius",
  },
  {
    id: 2,
    name: "Bali",
    description: "Emerald rice terraces, temple ceremonies and clifftop sunsets.",
    image: "bali",
  },
  {
    id: 3,
    name: "Phuket",
    description: "Limestone islands, long-tail boats and Andaman Sea escapes.",
    image: "phuket",
  },
  {
    id: 4,
    name: "Cape Town",
    description: "Table Mountain views, winelands and the wild Atlantic coast.",
    image: "cape-town",
  },
  {
    id: 5,
    name: "MSC Cruise",
    description: "Sail the Mediterranean in style, a new port every morning.",
    image: "msc-cruise",
  },
  {
    id: 6,
    name: "Spain",
    description: "Flamenco nights, Moorish palaces and tapas under the stars.",
    image: "spain",
  },
];

export function bannerSrc(image: string): string {
  return `/images/banners/${image}.webp`;
}

/** 9:16 crops for the hero on a phone, up to 1280 px wide (sharp on a 3x screen of 390 px). */
export const BANNER_PORTRAIT_WIDTHS = [640, 960, 1280] as const;
export const BANNER_PORTRAIT_SIZE = { width: 1280, height: 2276 } as const;
/** Below this width the hero box is taller than wide, so it shows the portrait crop. */
export const BANNER_PORTRAIT_MEDIA = "(max-width: 700px)";

export function bannerPortraitSrcSet(image: string): string {
  return BANNER_PORTRAIT_WIDTHS.map(
    (w) => `/images/banners/${image}-portrait-${w}.webp ${w}w`,
  ).join(", ");
}

export function bannerSrcSet(image: string): string {
  return [
    ...BANNER_WIDTHS.map((w) => `/images/banners/${image}-${w}.webp ${w}w`),
    `/images/banners/${image}.webp ${BANNER_SIZE.width}w`,
  ].join(", ");
}

export interface LogoItem {
  name: string;
  url: string;
}

/** Three airlines, a hotel group and several travel companies (spec §2). Logos are 200x80 SVG. */
export const PARTNER_LOGOS: LogoItem[] = [
  { name: "Aurora Airways", url: "/images/partners/aurora-airways.svg" },
  { name: "Meridian Air", url: "/images/partners/meridian-air.svg" },
  { name: "Skyline Air", url: "/images/partners/skyline-air.svg" },
  { name: "Palmcrest Hotels", url: "/images/partners/palmcrest-hotels.svg" },
  { name: "Bluewave Cruises", url: "/images/partners/bluewave-cruises.svg" },
  { name: "Kestrel Car Hire", url: "/images/partners/kestrel-car-hire.svg" },
  { name: "Atlas Travel Cover", url: "/images/partners/atlas-travel-cover.svg" },
];

export const ACCREDITED_LOGOS: LogoItem[] = [
  {
    name: "International Air Travel Registry - Accredited Agent",
    url: "/images/accredited/international-air-travel-registry.svg",
  },
  {
    name: "Global Luxury Travel Council - Accredited",
    url: "/images/accredited/global-luxury-travel-council.svg",
  },
  {
    name: "Southern Africa Travel Guild - Member",
    url: "/images/accredited/southern-africa-travel-guild.svg",
  },
  {
    name: "Green Journeys - Certified Sustainable",
    url: "/images/accredited/green-journeys-certified.svg",
  },
];

export const LOGO_SIZE = { width: 200, height: 80 } as const;

export interface Feature {
  title: string;
  text: string;
}

/** A WhatsApp button of the /flights and /hotels pages. */
export interface PromoAction {
  label: string;
  href: string;
  primary?: boolean;
}

/** The /flights and /hotels pages' words, finished in the page's language. */
export interface PromoText {
  eyebrow: string;
  title: string;
  intro: string;
  why: string;
  cta: string;
  opensWhatsApp: string;
}

/** Prefilled WhatsApp texts: each names what the visitor pressed, so the team can answer fast. */
export const ENQUIRY_TEXTS = {
  bookNow: "Hi! I'd like to plan and book a trip. Could you help me?",
  flightQuotes: "Hi! I'd like a quote for discounted flights. My route and dates are:",
  flightExpert: "Hi! I'd like to speak to a flight expert about my travel plans.",
  hotelDeals: "Hi! I'm looking for discounted hotel deals. My destination and dates are:",
  hotelCustom: "Hi! I have a custom hotel request:",
} as const;
