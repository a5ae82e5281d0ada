import type { VideoSource } from "./video-embed";
import type { ItineraryDay, PackageKind } from "./schemas";

/** What the public pages render: plain, serialisable shapes built on the server from packages. */
export interface ImageView {
  src: string;
  srcSet?: string;
  width: number;
  height: number;
  alt: string;
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
  rating: number;
  reviewCount: number;
  image?: ImageView;
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
  enquiryUrl: string;
  isDraft: boolean;
}

export interface MomentView {
  id: string;
  title: string;
  description?: string;
  duration?: string;
  thumbnailUrl?: string;
  source: VideoSource;
}

export interface Seo {
  title: string;
  description: string;
  canonical: string;
  image: string;
  siteName: string;
  type: "website" | "article";
  noindex?: boolean;
}
