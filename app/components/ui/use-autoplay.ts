import { useEffect, useState, type FocusEvent } from "react";
import { useReducedMotion } from "./use-hydrated";
import type { EmblaCarouselType } from "embla-carousel";

/**
 * Decides when an Embla autoplay runs: paused while the pointer hovers the carousel, while the
 * keyboard focus is inside it, and after the visitor pressed pause (WCAG 2.2.2). The plugin's own
 * hover/focus options are not used because they restart playback even after a visitor's pause.
 */
export function useAutoplay(api: EmblaCarouselType | undefined) {
  const [hover, setHover] = useState(false);
  const [focus, setFocus] = useState(false);
  // Visitors who asked for less motion start paused and can press play.
  const reducedMotion = useReducedMotion();
  const [userChoice, setUserChoice] = useState<"paused" | "playing" | null>(null);
  const userPaused = userChoice ? userChoice === "paused" : reducedMotion;

  useEffect(() => {
    const autoplay = api?.plugins().autoplay;
    if (!autoplay) return;
    if (hover || focus || userPaused) autoplay.stop();
    else autoplay.play();
  }, [api, hover, focus, userPaused]);

  const rootProps = {
    onMouseEnter: () => setHover(true),
    onMouseLeave: () => setHover(false),
    onFocus: (e: FocusEvent<HTMLElement>) => {
      if (e.target instanceof Element && e.target.matches(":focus-visible")) setFocus(true);
    },
    onBlur: (e: FocusEvent<HTMLElement>) => {
      if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocus(false);
    },
  };

  return {
    paused: userPaused,
    toggle: () => setUserChoice(userPaused ? "playing" : "paused"),
    rootProps,
  };
}
