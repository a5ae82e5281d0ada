import { slot } from "~/domain/fill-in";
import type { Translate } from "~/domain/i18n/catalogues";
import { DESTINATION_SLIDES, type DestinationSlide } from "~/domain/site-content";
import type {
  CarouselWords,
  GalleryText,
  HeroText,
  MomentsText,
  VideoListText,
} from "~/domain/site-views";

/*
 * The words of the site's carousels, banner, gallery and videos in the page's language (issue 33):
 * finished here, with `{n}`-style slots where only the browser knows the number (fillIn).
 */

export function carouselWords(t: Translate): CarouselWords {
  return {
    slide: t("carousel.slide", { n: slot("n"), count: slot("count") }),
    role: t("carousel.role"),
    slideRole: t("carousel.slideRole"),
    play: t("carousel.play", { name: slot("name") }),
    pause: t("carousel.pause", { name: slot("name") }),
  };
}

export function heroText(t: Translate, href: (path: string) => string): HeroText {
  return {
    eyebrow: t("hero.eyebrow"),
    headline: t("hero.headline"),
    explore: { to: href("/upcoming-trips"), label: t("hero.explore") },
    discover: { to: href("/hidden-gems"), label: t("hero.discover") },
    region: t("hero.region"),
    dots: t("hero.dots"),
    dot: t("hero.dot", { n: slot("n"), name: slot("name") }),
    slideshow: t("hero.slideshow"),
  };
}

/** Each banner slide's catalogue key, by its image. */
const SLIDE_KEYS = {
  mauritius: "mauritius",
  bali: "bali",
  phuket: "phuket",
  "cape-town": "capeTown",
  "msc-cruise": "mscCruise",
  spain: "spain",
} as const;

/** The banner's destinations with their names and descriptions in the page's language. */
export function heroSlides(t: Translate): DestinationSlide[] {
  return DESTINATION_SLIDES.map((slide) => {
    const key = SLIDE_KEYS[slide.image as keyof typeof SLIDE_KEYS];
    return {
      ...slide,
      name: t(`hero.${key}.name`),
      description: t(`hero.${key}.description`),
    };
  });
}

export function momentsText(t: Translate): MomentsText {
  return {
    empty: t("moments.empty"),
    region: t("moments.region"),
    previous: t("moments.previous"),
    next: t("moments.next"),
    play: t("video.play"),
  };
}

export function galleryText(t: Translate, title: string): GalleryText {
  const { slide, role, slideRole } = carouselWords(t);
  return {
    region: t("gallery.region", { title }),
    browse: t("gallery.browse"),
    count: t("gallery.count", { count: slot("count") }),
    scrollMore: t("gallery.scrollMore"),
    previous: t("gallery.previous"),
    next: t("gallery.next"),
    dots: t("gallery.dots"),
    dot: t("gallery.dot", { n: slot("n"), count: slot("count") }),
    slide,
    role,
    slideRole,
  };
}

export function videoListText(t: Translate, title: string): VideoListText {
  return {
    list: t("video.list", { title }),
    name: t("video.name", { title, n: slot("n") }),
    play: t("video.play"),
  };
}
