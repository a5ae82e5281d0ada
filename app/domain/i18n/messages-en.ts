/**
 * The site's own words in English: the spec's texts, exactly (decision 127). The other
 * catalogues have the same keys (`Messages` makes the compiler say so; the catalogue test also
 * checks that each message uses only the variables the English one does).
 */
export const EN_MESSAGES = {
  "nav.home": "Home",
  "nav.discover": "Discover",
  "nav.upcomingTrips": "Upcoming Trips",
  "nav.localTrips": "Local Trips",
  "nav.about": "About",
  "nav.aboutUs": "About Us",
  "nav.contact": "Contact",
  "nav.main": "Main",
  "nav.mobile": "Mobile",
  "nav.menu": "Menu",
  "nav.brandHome": "{site} home",
  "nav.bookNow": "Book Now",
  "nav.opensWhatsApp": " (opens WhatsApp in a new tab)",
  "nav.languages": "Language",
  "layout.skipToContent": "Skip to content",
  "layout.loadingPage": "Loading page",
  "footer.explore": "Explore",
  "footer.contact": "Contact",
  "footer.rights": "All rights reserved.",
  "footer.languages": "Language (footer)",
  "footer.privacy": "Privacy Policy",
  "footer.terms": "Terms of Service",
  "notFound.title": "Oops! Page not found",
  "notFound.text": "The page you are looking for has moved, or never existed.",
  "notFound.home": "Return to Home",
  "notFound.metaTitle": "Page not found",
  "seo.homeTitle": "{site} | Curated luxury adventures",
  "seo.aboutTitle": "About Us",
  "seo.contactTitle": "Contact Us",
  "seo.flightsTitle": "Discounted Flights",
  "seo.hotelsTitle": "Discounted Hotels",
  "seo.termsTitle": "Booking terms",
  "seo.listPage": "{heading} (page {page, number})",
  "trip.nights": "{count, plural, one {# night} other {# nights}}",
  "home.partners": "Trusted by leading travel industry partners",
  "home.partnerLogos": "Partner logos",
  "home.trip.eyebrow": "Departing soon",
  "home.trip.heading": "Upcoming Trips",
  "home.exclusive.eyebrow": "Limited places",
  "home.exclusive.heading": "2026 Exclusives",
  "home.local.eyebrow": "Close to home",
  "home.local.heading": "Local Trips",
  "home.discovery.eyebrow": "Off the beaten path",
  "home.discovery.heading": "Discover Hidden Gems",
  "home.viewAll": "View all",
  "home.swipeHint": "Swipe to see all {count, number}",
  "home.momentsEyebrow": "Seen on our trips",
  "home.moments": "Travel Moments",
  "home.accreditedBy": "Accredited By",
  "home.accreditationLogos": "Accreditation logos",
  "home.flights.eyebrow": "Fly for less",
  "home.flights.heading": "Discounted Flights",
  "home.flights.text":
    "Negotiated fares with leading airlines, found by people who know the routes.",
  "home.flights.action": "See flight deals",
  "home.hotels.eyebrow": "Stay for less",
  "home.hotels.heading": "Discounted Hotels",
  "home.hotels.text":
    "Member rates at boutique hotels and beach resorts, with perks you will not find online.",
  "home.hotels.action": "See hotel deals",
  "perk.allInclusive.title": "All-Inclusive",
  "perk.allInclusive.text":
    "Flights, stays, transfers and experiences in one price, with no surprises later.",
  "perk.lowDeposit.title": "Low Deposit",
  "perk.lowDeposit.text":
    "Secure your place with a small deposit and pay the balance closer to departure.",
  "perk.stressFree.title": "Stress Free Travel",
  "perk.stressFree.text":
    "One dedicated consultant before you go and a 24/7 line while you are away.",
  "perk.loyalty.title": "Loyalty Programme",
  "perk.loyalty.text":
    "Every journey earns rewards towards upgrades and savings on your next escape.",
  "kind.trip.empty": "No trips available",
  "kind.exclusive.empty": "Coming Soon",
  "kind.local.empty": "No local trips available",
  "kind.discovery.empty": "Coming Soon",
  "seo.homeDescription":
    "{tagline}. Hand-built trips, 2026 exclusives, local escapes and hidden gems, planned by people who have been there since {year}.",
} as const;

export type MessageKey = keyof typeof EN_MESSAGES;
/** A catalogue: every key of the English one, each a message. */
export type Messages = Record<MessageKey, string>;
