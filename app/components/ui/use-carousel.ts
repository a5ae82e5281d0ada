import { useCallback, useEffect, useState } from "react";
import useEmblaCarousel from "embla-carousel-react";
import type { EmblaOptionsType, EmblaPluginType } from "embla-carousel";

/**
 * Embla with progressive enhancement: until it has initialised (no JS, or before hydration) the
 * viewport is a plain horizontally scrollable row (see .carousel CSS); `ready` switches to Embla.
 */
export function useCarousel(options: EmblaOptionsType, plugins: EmblaPluginType[] = []) {
  const [viewportRef, api] = useEmblaCarousel(options, plugins);
  const [selected, setSelected] = useState(0);
  const [snapCount, setSnapCount] = useState(0);

  useEffect(() => {
    if (!api) return;
    // A visitor may have scrolled the native row before hydration; Embla moves by transform.
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

  return { viewportRef, api, ready: api !== undefined, selected, snapCount, scrollTo, next, prev };
}
