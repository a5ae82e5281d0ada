import type { PageCompanyTexts } from "./company-texts";
import type { VideoSource } from "./video-source";
import type { DepartureStatus, Faq, ItineraryDay, PackageKind } from "./schemas";

/** What the public pages render: plain, serialisable shapes built on the server from packages. */
export interface ImageView {
  src: string;
  srcSet?: string;
  width: number;
  height: number;
  alt: string;
  /** CSS object-position from the image's focal point ("30% 70%"); none for the centre. */
  focus?: string;
}

export interface PackageCardView {
  id: string;
  kind: PackageKind;
  href: string;
  /** 'Discovery' on hidden gems; undefined for the other kinds. */
  label?: string;
  title: string;
  location: string;
  duration: string;
  price: string;
  travelPeriod: string;
  /** Shown only when staff entered one, or as a placeholder with PLACEHOLDER_RATINGS (decision 068). */
  rating?: RatingView;
  /** The next departure's start in the page's language, e.g. "Next: 14 Jun 2027". */
  nextDeparture?: string;
  /** "3 seats left" or "Sold out" when the next departure has few or none left. */
  nextSeats?: string;
  image?: ImageView;
}

export interface RatingView {
  value: number;
  reviewCount?: number;
  /** The value, "out of 5" and "(214 reviews)" in the page's language (decision 127). */
  text: { value: string; outOf: string; reviews: string };
  /** Where it comes from, e.g. "Google reviews"; empty for a placeholder. */
  source: string;
  /** A placeholder made from the id (PLACEHOLDER_RATINGS): never sent to search engines. */
  placeholder: boolean;
}

export interface DepartureView {
  id: string;
  startDate: string;
  endDate: string | null;
  /** "14 Jun 2027 – 21 Jun 2027" */
  dates: string;
  price: string;
  status: DepartureStatus;
  statusLabel: string;
  /** The amount as decimal text and its currency, for structured data; none on request. */
  offer?: { price: string; currency: string };
  /** "12 seats left", "1 seat left"; none on request or sold out. */
  seats?: string;
  guaranteed?: boolean;
  note?: string;
  /** The note's language when it is the default language's text on another language's page. */
  noteLang?: string;
  /** /book/{id}: booked online (seats and a price, still selling); none otherwise. */
  bookOnlineUrl?: string;
  /** WhatsApp chat naming the package and these dates; none for a sold-out departure. */
  bookUrl?: string;
}

export interface VideoView {
  id: string;
  title?: string;
  description?: string;
  source: VideoSource;
}

export interface PackageDetailView extends PackageCardView {
  description: string;
  images: ImageView[];
  videos: VideoView[];
  highlights: string[];
  itinerary: ItineraryDay[];
  inclusions: string[];
  exclusions: string[];
  departures: DepartureView[];
  faqs: Faq[];
  meetingPoint: string;
  enquiryUrl: string;
  /** The trip enquiry form, naming this package. */
  enquireHref: string;
  isDraft: boolean;
  /**
   * On a page in another language than the default (decision 139): the fields still in the
   * default language (`title`, `highlights`, `meeting_point`…), which the page marks with
   * `fallbackLang` so screen readers and search engines read them as that language.
   */
  fallback?: string[];
  fallbackLang?: string;
}

export interface MomentView {
  id: string;
  title: string;
  description?: string;
  duration?: string;
  thumbnailUrl?: string;
  /** The thumbnail's own alt text; absent when it has none (the title is the name). */
  thumbnailAlt?: string;
  source: VideoSource;
  /**
   * The description's language when it is still the default language's text on another
   * language's page (decision 139; a moment appears there only with its title translated).
   */
  textLang?: string;
}

export interface Seo {
  title: string;
  description: string;
  canonical: string;
  image: string;
  siteName: string;
  type: "website" | "article";
  noindex?: boolean;
  /** Filtered and paged lists: kept out of the index, their links still followed. */
  noindexFollow?: boolean;
  /**
   * The page's language tags, finished on the server (the page's JS only spreads them): og:locale,
   * og:locale:alternate of the other languages, and a hreflang link to the same page in each
   * language with x-default (none with one language).
   */
  languageMeta: LanguageMeta[];
}

export type LanguageMeta =
  | { property: string; content: string }
  | { tagName: "link"; rel: "alternate"; hrefLang: string; href: string };

/** The site header's and footer's words and links, in the page's language (decision 127). */
/** What a list page's skeleton says while the page's data loads (client-side navigation). */
export interface ListLoadingText {
  eyebrow: string;
  heading: string;
  loading: string;
}

export interface SiteChrome {
  lang: string;
  /** This language's path prefix: "" for the default language, "/de" for German. */
  prefix: string;
  home: string;
  nav: { to: string; label: string }[];
  /** Each list page's path in this language and its kind: the skeleton shown while it loads. */
  lists: Record<string, PackageKind>;
  /** The skeleton's words per kind, in the page's language. */
  listLoading: Record<PackageKind, ListLoadingText>;
  footerLinks: { to: string; label: string }[];
  /** The language switcher's entries; empty with one language (no switcher). */
  languages: { lang: string; name: string; prefix: string }[];
  /**
   * The `lang` of each company text (tagline, about text, address) a page in another language
   * shows in the default one (decision 150); the texts themselves are the layout's `site`'s.
   */
  textLang: PageCompanyTexts["fallback"];
  text: {
    main: string;
    mobile: string;
    menu: string;
    brandHome: string;
    bookNow: string;
    opensWhatsApp: string;
    languages: string;
    footerLanguages: string;
    skip: string;
    loading: string;
    /** What a missing or broken picture says (ImageWords). */
    image: { none: string; noneLabel: string; unavailable: string };
    explore: string;
    contact: string;
    rights: string;
    privacy: string;
    terms: string;
  };
}

/** A select's option: its value and its words. */
export interface OptionView {
  id: string;
  label: string;
}

/** A public list page's words, finished on the server in the page's language (decision 127). */
export interface ListText {
  heading: string;
  eyebrow: string;
  intro: string;
  empty: string;
  emptyDetail: string;
  /** "3 trips" or, with filters, "3 trips match". */
  count: string;
  filters: string;
  destination: string;
  allDestinations: string;
  month: string;
  anyMonth: string;
  price: string;
  anyPrice: string;
  duration: string;
  anyLength: string;
  sortBy: string;
  clear: string;
  apply: string;
  prices: OptionView[];
  durations: OptionView[];
  sorts: OptionView[];
  pages: PagesText;
}

/** Previous / Next and the page numbers' words under a list. */
export interface PagesText {
  label: string;
  previous: string;
  next: string;
  page: string;
  /** Said after Previous/Next to screen readers: " page". */
  step: string;
}

/** The contact form's words in the page's language (decision 127). */
export interface ContactFormText {
  heading: string;
  aboutTrip: string;
  checkFields: string;
  honeypot: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  travelDates: string;
  travelDatesPlaceholder: string;
  trip: string;
  tripPlaceholder: string;
  /** The message prefilled when the form is about a trip: "I would like to know more about …". */
  prefill: string;
  send: string;
  sending: string;
  sentHeading: string;
  received: string;
  another: string;
}

/** The contact page's words around the form. */
export interface ContactPageText {
  eyebrow: string;
  title: string;
  intro: string;
  getInTouch: string;
  phone: string;
  email: string;
  replyWithin: string;
  office: string;
  hours: string;
  emergency: string;
  emergencyText: string;
}

/** The package page's fixed words (not its booking section) in the page's language. */
/**
 * What a carousel says, in the page's language, with slots the browser fills (fillIn):
 * "{n} of {count}" for a slide, "Play {name}" and "Pause {name}" for its buttons.
 */
export interface CarouselWords {
  slide: string;
  /** What a screen reader calls the carousel and its slides (aria-roledescription). */
  role: string;
  slideRole: string;
  play: string;
  pause: string;
}

/** The home page's banner: its words and links in the page's language. */
export interface HeroText {
  eyebrow: string;
  headline: string;
  explore: { to: string; label: string };
  discover: { to: string; label: string };
  region: string;
  dots: string;
  /** "Show slide {n}: {name}". */
  dot: string;
  slideshow: string;
}

/** The travel moments reel's words. */
export interface MomentsText {
  empty: string;
  region: string;
  previous: string;
  next: string;
  /** The video facade's "Play video:". */
  play: string;
}

/**
 * A package's photo gallery: "{title} photos" is finished on the server, the rest has slots; its
 * slides are named and described as every carousel's are.
 */
export interface GalleryText extends Pick<CarouselWords, "slide" | "role" | "slideRole"> {
  region: string;
  browse: string;
  /** "{count} photos". */
  count: string;
  scrollMore: string;
  previous: string;
  next: string;
  dots: string;
  /** "Show photo {n} of {count}". */
  dot: string;
}

/** A package's videos: "{title} videos" finished, "{title} video {n}" with its {n} slot. */
export interface VideoListText {
  list: string;
  name: string;
  play: string;
}

export interface DetailText {
  draft: string;
  draftText: string;
  /** The list the package belongs to, in this language: the back link. */
  backTo: { to: string; label: string };
  overview: string;
  highlights: string;
  meetingPoint: string;
  itinerary: string;
  /** "Day {n}" with a literal {n} the screen fills in. */
  day: string;
  accommodation: string;
  included: string;
  notIncluded: string;
  faq: string;
  videos: string;
  /** "Swipe or scroll to see more videos". */
  swipeVideos: string;
  gallery: GalleryText;
  video: VideoListText;
  /** The price card's words. */
  priceCard: PriceCardText;
  /** The Dates & Prices table's words. */
  dates: DatesText;
}

export interface PriceCardText {
  aria: string;
  price: string;
  onRequest: string;
  duration: string;
  travelPeriod: string;
  location: string;
  bookNow: string;
  opensWhatsApp: string;
  enquire: string;
  /** The trip enquiry form in the page's language, for this package. */
  enquireHref: string;
  notes: string[];
}

export interface DatesText {
  heading: string;
  caption: string;
  dates: string;
  price: string;
  onRequest: string;
  status: string;
  booking: string;
  guaranteed: string;
  bookThisDate: string;
  bookNow: string;
  opensWhatsApp: string;
  enquire: string;
  enquireAbout: string;
}

/** The package page's not-found words. */
export interface DetailNotFoundText {
  /** The page's <title> ("Package not found · Wanderlux"). */
  metaTitle: string;
  title: string;
  text: string;
  home: string;
  homePath: string;
}

/** The booking and waiting-list forms' words in the page's language (decision 148). */
export interface BookingFormText {
  /** The form's own address in the page's language ("/de/book/{id}"). */
  action: string;
  termsHref: string;
  tripsHref: string;
  heading: string;
  checkFields: string;
  honeypot: string;
  travellers: string;
  adults: string;
  children: string;
  leadName: string;
  email: string;
  phone: string;
  country: string;
  otherTravellers: string;
  notes: string;
  acceptTerms: string;
  termsLink: string;
  sending: string;
  payDeposit: string;
  payFull: string;
  sendRequest: string;
  dates: string;
  pricePerTraveller: string;
  seatsLeft: string;
  deposit: string;
  balanceDue: string;
  payment: string;
  fullWhenBooking: string;
  payNoteDeposit: string;
  payNoteFull: string;
  requestNote: string;
  backToTrip: string;
  /** "Only 3 seats are left: choose fewer travellers." (empty without a date). */
  tooMany: string;
  sentHeading: string;
  sentText: string;
  soldOutHeading: string;
  unavailableHeading: string;
  soldOutText: string;
  unavailableText: string;
  chooseAnother: string;
  otherDates: string;
  seeTrips: string;
  chat: string;
  waitlistHeading: string;
  waitlistText: string;
  waitlistName: string;
  waitlistJoin: string;
}

/**
 * What the booking form says for one number of travellers, finished on the server so that no
 * formatter reaches the browser: the total and, while payments are on, what is paid at booking.
 */
export interface BookingLine {
  total: string;
  /** "deposit" or "full" while payments are on; null otherwise. */
  pay: "deposit" | "full" | null;
  /** "Deposit due now: R 7,350. Balance: …" (payments on), else null. */
  due: string | null;
  /** "30% of the total, paid when you book" (a deposit), else null. */
  depositWhen: string | null;
  /** The balance's last day, formatted (a deposit with a balance), else null. */
  balanceDue: string | null;
}

/** The private booking page's words, each finished for its booking (decision 148). */
export interface BookingPageText {
  notFoundHeading: string;
  notFoundText: string;
  isNew: string;
  notice: string | null;
  noticeAlert: boolean;
  status: string;
  next: string;
  hold: string | null;
  reference: string;
  dates: string;
  datesValue: string;
  travellers: string;
  travellersValue: string;
  names: string;
  namesLater: string;
  total: string;
  totalValue: string | null;
  aboutTrip: string;
  aboutTripHref: string;
  questions: string;
  quoting: string;
  paid: string;
  paidValue: string;
  due: { label: string; value: string } | null;
  later: { label: string; value: string } | null;
  payButton: string | null;
  payNote: string;
  paymentLabel: string;
  sending: string;
}
