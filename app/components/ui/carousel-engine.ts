import EmblaCarousel, { type EmblaCarouselType, type EmblaOptionsType } from "embla-carousel";
import Autoplay, { type AutoplayOptionsType } from "embla-carousel-autoplay";
import { emblaDurationForMs } from "~/domain/embla-timing";

export type CarouselAutoplay = Pick<
  AutoplayOptionsType,
  "delay" | "stopOnInteraction" | "stopOnFocusIn"
>;

/** Embla's options, with the slide transition given in milliseconds instead of its `duration`. */
export type CarouselOptions = Omit<EmblaOptionsType, "duration"> & { transitionMs?: number };

/**
 * Everything a carousel needs once it runs, in one chunk that pages fetch after their first load
 * (decision 061): Embla, its autoplay plugin and the transition timing.
 */
export function startEmbla(
  viewport: HTMLElement,
  { transitionMs, ...options }: CarouselOptions,
  autoplay: CarouselAutoplay | undefined,
): EmblaCarouselType {
  return EmblaCarousel(
    viewport,
    transitionMs === undefined
      ? options
      : { ...options, duration: emblaDurationForMs(transitionMs) },
    autoplay ? [Autoplay(autoplay)] : [],
  );
}
