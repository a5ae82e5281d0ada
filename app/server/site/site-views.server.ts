import { kindInfo } from "~/domain/package-kinds";
import { displayRating, displayReviewCount } from "~/domain/rating";
import { LIMITS, type Package, type PackageImage, type TravelMoment } from "~/domain/schemas";
import type { SiteConfig } from "~/domain/site";
import type {
  ImageView,
  MomentView,
  PackageCardView,
  PackageDetailView,
} from "~/domain/site-views";
import { videoSource } from "~/domain/video-embed";
import { packageEnquiryText, whatsappLink } from "~/domain/whatsapp";
import { mediaUrlForKey } from "../media/media-urls.server";

/** External images have no stored size; a 3:2 box still reserves their space (no layout shift). */
const FALLBACK_SIZE = { width: 1200, height: 800 };

export function imageView(detail: PackageImage, alt: string): ImageView {
  const width = detail.width ?? FALLBACK_SIZE.width;
  const height = detail.height ?? FALLBACK_SIZE.height;
  const variants = detail.variants
    .filter((v) => v.width < width)
    .sort((a, b) => a.width - b.width)
    .map((v) => `${mediaUrlForKey(v.key)} ${v.width}w`);
  return {
    src: detail.url,
    // The original joins the set only when its real width is known.
    ...(variants.length && detail.width
      ? { srcSet: [...variants, `${detail.url} ${detail.width}w`].join(", ") }
      : {}),
    width,
    height,
    alt: detail.alt || alt,
  };
}

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
> & { cover?: PackageImage };

export function cardView(pkg: Package): PackageCardView {
  return cardViewOf({ ...pkg, cover: pkg.imageDetails[0] });
}

export function cardViewOf(pkg: CardSource): PackageCardView {
  const info = kindInfo(pkg.kind);
  const first = pkg.cover;
  return {
    id: pkg.id,
    kind: pkg.kind,
    href: info.detailPath(pkg.id),
    ...(pkg.kind === "discovery" ? { label: info.label } : {}),
    title: pkg.title,
    location: pkg.location,
    duration: pkg.duration,
    price: pkg.price,
    travelPeriod: pkg.travel_period,
    rating: displayRating(pkg.id, pkg.rating),
    reviewCount: displayReviewCount(pkg.id, pkg.review_count),
    ...(first ? { image: imageView(first, pkg.title) } : {}),
  };
}

export function detailView(pkg: Package, site: SiteConfig): PackageDetailView {
  return {
    ...cardView(pkg),
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
    enquiryUrl: whatsappLink(site.whatsapp, packageEnquiryText(pkg.title, pkg.price || undefined)),
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
    source: videoSource(moment.videoUrl),
  };
}
