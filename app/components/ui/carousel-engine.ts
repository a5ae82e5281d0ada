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
 * (decision 061): Embla, its autoplay plugin and the transition timing. Resolves in a later task.
 */
export async function startEmbla(
  viewport: HTMLElement,
  { transitionMs, ...options }: CarouselOptions,
  autoplay: CarouselAutoplay | undefined,
): Promise<EmblaCarouselType> {
  // Each carousel starts in a task of its own: carousels that waited on this one download would
  // otherwise all measure their slides (a forced layout each) in one long task (decision 110).
  await new Promise((resolve) => setTimeout(resolve));
  return EmblaCarousel(
    viewport,
    transitionMs === undefined
      ? options
      : { ...options, duration: emblaDurationForMs(transitionMs) },
    autoplay ? [Autoplay(autoplay)] : [],
  );
}
