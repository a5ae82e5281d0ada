import { kindInfo } from "~/domain/package-kinds";
import { displayRating, displayReviewCount } from "~/domain/rating";
import { LIMITS, type Package, type PackageImage, type TravelMoment } from "~/domain/schemas";
import type { SiteConfig } from "~/domain/site";
import type {
  DepartureView,
  ImageView,
  MomentView,
  PackageCardView,
  PackageDetailView,
  RatingView,
} from "~/domain/site-views";
import { departurePrice, departureStatus, isBookable, seatsLeft } from "~/domain/departures";
import { amountText } from "~/domain/money";
import { formatDates, todayIn, upcomingDepartures } from "~/domain/trip-facts";
import { videoSource } from "~/domain/video-embed";
import { packageChatPath } from "~/domain/chat-links";
import { translator, type Translate } from "~/domain/i18n/catalogues";
import { formatDate, formatDateRange, formatOneDecimal } from "~/domain/i18n/format";
import { localizedPath, type Language } from "~/domain/i18n/languages";
import { variantSrcSet } from "../media/media-urls.server";

/** External images have no stored size; a 3:2 box still reserves their space (no layout shift). */
const FALLBACK_SIZE = { width: 1200, height: 800 };

export function imageView(detail: PackageImage, alt: string): ImageView {
  const width = detail.width ?? FALLBACK_SIZE.width;
  const height = detail.height ?? FALLBACK_SIZE.height;
  // The original joins the set only when its real width is known.
  const srcSet = detail.width
    ? variantSrcSet(detail.url, detail.width, detail.variants)
    : undefined;
  return {
    src: detail.url,
    ...(srcSet ? { srcSet } : {}),
    width,
    height,
    alt: detail.alt || alt,
    ...(detail.focal_x !== 0.5 || detail.focal_y !== 0.5
      ? { focus: `${percent(detail.focal_x)} ${percent(detail.focal_y)}` }
      : {}),
  };
}

const percent = (n: number) => `${Math.round(n * 1000) / 10}%`;

function packageImages(pkg: Package): ImageView[] {
  return pkg.imageDetails.map((detail, i) =>
    imageView(detail, `${pkg.title}${pkg.imageDetails.length > 1 ? ` - photo ${i + 1}` : ""}`),
  );
}

/** The columns a card needs: a whole package, or a card row (listPublishedCards). */
export type CardSource = Pick<
  Package,
  | "id"
  | "kind"
  | "title"
  | "location"
  | "duration"
  | "price"
  | "travel_period"
  | "rating"
  | "review_count"
  | "rating_source"
  | "departures"
> & { cover?: PackageImage };

/** What every view of a package depends on besides the package: the day, and the settings. */
export interface ViewContext {
  /** YYYY-MM-DD in the company's time zone. */
  today: string;
  placeholderRatings: boolean;
  /** LIMITED_SEATS: at most this many seats left reads "Limited". */
  limitedSeats: number;
  /** The page's language: a card's own words and dates are in it (decision 127). */
  lang: Language;
  t: Translate;
  /**
   * The site's languages: the page's own links keep its language's prefix (decision 148).
   * Absent: links are the default language's.
   */
  languages?: readonly Language[];
}

export function viewContext(
  site: SiteConfig,
  now: Date = new Date(),
  lang: Language = site.languages[0] ?? "en",
): ViewContext {
  return {
    today: todayIn(site.timeZone, now),
    placeholderRatings: site.placeholderRatings,
    limitedSeats: site.limitedSeats,
    lang,
    t: translator(lang),
    languages: site.languages,
  };
}

/** A day in the page's language (English: the site's own "14 Jun 2027"). */
function dayIn(context: ViewContext, day: string): string {
  return formatDate(context.lang, day);
}

/**
 * The rating a traveller sees: the one staff entered, with its source; otherwise nothing, or the
 * spec's stable made-up value when PLACEHOLDER_RATINGS is on (marked, so it never reaches
 * structured data). Decision 068.
 */
export function ratingView(pkg: CardSource, context: ViewContext): RatingView | undefined {
  const shown = (value: number, reviewCount: number | undefined) => ({
    value: formatOneDecimal(context.lang, value),
    outOf: context.t("rating.outOf"),
    reviews: reviewCount === undefined ? "" : context.t("rating.reviews", { n: reviewCount }),
  });
  if (typeof pkg.rating === "number" && Number.isFinite(pkg.rating)) {
    const value = displayRating(pkg.id, pkg.rating);
    const reviewCount = typeof pkg.review_count === "number" ? pkg.review_count : undefined;
    return {
      value,
      ...(reviewCount !== undefined ? { reviewCount } : {}),
      text: shown(value, reviewCount),
      source: pkg.rating_source,
      placeholder: false,
    };
  }
  if (!context.placeholderRatings) return undefined;
  const value = displayRating(pkg.id, null);
  const reviewCount = displayReviewCount(pkg.id, pkg.review_count);
  return { value, reviewCount, text: shown(value, reviewCount), source: "", placeholder: true };
}

export function cardView(pkg: Package, context: ViewContext): PackageCardView {
  return cardViewOf({ ...pkg, cover: pkg.imageDetails[0] }, context);
}

export function cardViewOf(pkg: CardSource, context: ViewContext): PackageCardView {
  const info = kindInfo(pkg.kind);
  const first = pkg.cover;
  const rating = ratingView(pkg, context);
  const next = upcomingDepartures(pkg.departures, context.today)[0];
  return {
    id: pkg.id,
    kind: pkg.kind,
    href: info.detailPath(pkg.id),
    ...(pkg.kind === "discovery" ? { label: context.t("card.discoveryLabel") } : {}),
    title: pkg.title,
    location: pkg.location,
    duration: pkg.duration,
    price: pkg.price,
    travelPeriod: pkg.travel_period,
    ...(rating ? { rating } : {}),
    ...(next
      ? { nextDeparture: context.t("card.next", { date: dayIn(context, next.start_date) }) }
      : {}),
    ...(next ? scarcity(next, context) : {}),
    ...(first ? { image: imageView(first, pkg.title) } : {}),
  };
}

/** "3 seats left" or "Sold out" for a card, only when few or no seats are left (decision 115). */
function scarcity(d: Package["departures"][number], context: ViewContext): { nextSeats?: string } {
  const status = departureStatus(d, context.today, context.limitedSeats);
  if (status === "sold_out") return { nextSeats: context.t("card.soldOut") };
  const left = seatsLeft(d);
  return status === "limited" && left !== null
    ? { nextSeats: context.t("card.seatsLeft", { count: left }) }
    : {};
}

function departureViews(pkg: Package, context: ViewContext): DepartureView[] {
  return upcomingDepartures(pkg.departures, context.today).map((d) => {
    const dates = formatDateRange(context.lang, d.start_date, d.end_date, formatDates);
    const status = departureStatus(d, context.today, context.limitedSeats);
    const left = seatsLeft(d);
    const seats =
      status === "sold_out" || left === null ? null : context.t("card.seatsLeft", { count: left });
    return {
      id: d.id,
      startDate: d.start_date,
      endDate: d.end_date,
      dates,
      price: departurePrice(d, context.lang) ?? pkg.price,
      ...(d.price_amount !== null
        ? { offer: { price: amountText(d.price_amount, d.currency), currency: d.currency } }
        : {}),
      status,
      statusLabel: context.t(`departure.${status}`),
      ...(seats ? { seats } : {}),
      ...(d.guaranteed ? { guaranteed: true } : {}),
      ...(d.note ? { note: d.note } : {}),
      ...(isBookable(d, context.today, context.limitedSeats)
        ? {
            bookOnlineUrl: localizedPath(
              `/book/${d.id}`,
              context.lang,
              context.languages ?? [context.lang],
            ),
          }
        : {}),
      // Counted by /whatsapp/{id}, which redirects to packageChatLink's chat.
      ...(status !== "sold_out" ? { bookUrl: packageChatPath(pkg.id, d.start_date) } : {}),
    };
  });
}

export function detailView(
  pkg: Package,
  site: SiteConfig,
  context: ViewContext = viewContext(site),
): PackageDetailView {
  return {
    ...cardView(pkg, context),
    description: pkg.description,
    images: packageImages(pkg),
    videos: [...pkg.videos]
      .sort((a, b) => a.order - b.order)
      .slice(0, LIMITS.packageVideos)
      .map((v) => ({
        id: v.id,
        ...(v.title ? { title: v.title } : {}),
        ...(v.description ? { description: v.description } : {}),
        source: videoSource(v.url),
      })),
    highlights: pkg.highlights,
    itinerary: pkg.itinerary,
    inclusions: pkg.inclusions,
    exclusions: pkg.exclusions,
    departures: departureViews(pkg, context),
    faqs: pkg.faqs,
    meetingPoint: pkg.meeting_point,
    enquiryUrl: packageChatPath(pkg.id),
    enquireHref: `/contact?package=${pkg.id}`,
    isDraft: pkg.status === "draft",
  };
}

export function momentView(moment: TravelMoment): MomentView {
  return {
    id: moment.id,
    title: moment.title,
    ...(moment.description ? { description: moment.description } : {}),
    ...(moment.duration ? { duration: moment.duration } : {}),
    ...(moment.thumbnailUrl ? { thumbnailUrl: moment.thumbnailUrl } : {}),
    ...(moment.thumbnailUrl && moment.thumbnailAlt ? { thumbnailAlt: moment.thumbnailAlt } : {}),
    source: videoSource(moment.videoUrl),
  };
}
