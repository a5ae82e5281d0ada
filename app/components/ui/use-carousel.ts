import { useCallback, useEffect, useRef, useState } from "react";
import type { EmblaCarouselType } from "embla-carousel";
import type { CarouselAutoplay, CarouselOptions } from "./carousel-engine";
import { whenWanted } from "./when-wanted";

export type { CarouselAutoplay, CarouselOptions };

/**
 * Embla with progressive enhancement: until it runs (no JS, before hydration, and until the page
 * has finished its first load) the viewport is a plain horizontally scrollable row (see the
 * .carousel CSS) showing its first slide; `ready` switches to Embla.
 *
 * Embla is not part of the page's first-load JS (decision 061): it is fetched once the page has
 * loaded, the carousel is near the viewport and the browser is idle, or at once when the visitor
 * touches, hovers or focuses the carousel. Options are read when Embla starts; later changes are ignored.
 */
export function useCarousel(options: CarouselOptions, autoplay?: CarouselAutoplay) {
  const [viewport, setViewport] = useState<HTMLElement | null>(null);
  const [api, setApi] = useState<EmblaCarouselType>();
  const [selected, setSelected] = useState(0);
  const [snapCount, setSnapCount] = useState(0);
  const settings = useRef({ options, autoplay });

  useEffect(() => {
    if (!viewport) return;
    let instance: EmblaCarouselType | undefined;
    let cancelled = false;
    const stopWaiting = whenWanted(viewport.parentElement ?? viewport, () => {
      const { options: startOptions, autoplay: startAutoplay } = settings.current;
      import("./carousel-engine")
        .then(({ startEmbla }) => startEmbla(viewport, startOptions, startAutoplay))
        .then((embla) => {
          if (cancelled) {
            embla.destroy();
            return;
          }
          instance = embla;
          setApi(embla);
        })
        // Offline or a failed chunk: the native scroll row keeps working.
        .catch(() => undefined);
    });
    return () => {
      cancelled = true;
      stopWaiting();
      instance?.destroy();
      setApi(undefined);
    };
  }, [viewport]);

  useEffect(() => {
    if (!api) return;
    // A visitor may have scrolled the native row before Embla ran; Embla moves by transform.
    api.rootNode().scrollLeft = 0;
    const onSelect = () => setSelected(api.selectedScrollSnap());
    const onReInit = () => {
      setSnapCount(api.scrollSnapList().length);
      onSelect();
    };
    onReInit();
    api.on("select", onSelect).on("reInit", onReInit);
    return () => {
      api.off("select", onSelect).off("reInit", onReInit);
    };
  }, [api]);

  const scrollTo = useCallback((index: number) => api?.scrollTo(index), [api]);

  /** Wraps at both ends even when there are too few slides for Embla's own loop. */
  const next = useCallback(() => {
    if (!api) return;
    if (api.canScrollNext()) api.scrollNext();
    else api.scrollTo(0);
  }, [api]);
  const prev = useCallback(() => {
    if (!api) return;
    if (api.canScrollPrev()) api.scrollPrev();
    else api.scrollTo(api.scrollSnapList().length - 1);
  }, [api]);

  return {
    viewportRef: setViewport,
    api,
    ready: api !== undefined,
    selected,
    snapCount,
    scrollTo,
    next,
    prev,
  };
}
