/**
 * A pointer (mouse, pen or touch: a touch enters before it presses) or the keyboard's focus
 * arriving inside the element.
 */
const INTERACTIONS = ["pointerenter", "focusin"] as const;

/** How long an idle callback may wait once the page has loaded. */
const IDLE_TIMEOUT_MS = 2000;

/** How close to the viewport an element must come before its enhancement starts on its own. */
const NEAR_VIEWPORT = "300px 0px";

/** Calls `callback` once the window `load` event has fired (at once if it already has). */
export function afterLoad(callback: () => void, signal: AbortSignal): void {
  if (document.readyState === "complete") callback();
  else window.addEventListener("load", callback, { once: true, signal });
}

/**
 * Calls `start` once: when the visitor first hovers, touches, presses or focuses inside `element`,
 * or else once the page's first load has finished (the window `load` event), `element` is in or
 * near the viewport and the browser is idle. Enhancements that are not needed for the first paint
 * wait here, so their code is not fetched with the page's first-load JS, and one far down the page
 * does no work (Embla measures every slide, a forced layout) until the visitor scrolls towards
 * it (decision 110). Returns a function that cancels the wait. Small on purpose: it is part of
 * every public page's first-load JS.
 */
export function whenWanted(element: HTMLElement, start: () => void): () => void {
  const stop = new AbortController();
  const { signal } = stop;
  const run = () => {
    if (signal.aborted) return;
    stop.abort();
    start();
  };
  for (const type of INTERACTIONS) element.addEventListener(type, run, { passive: true, signal });
  afterLoad(() => {
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        // Safari has no requestIdleCallback. A callback after a cancel finds `signal` aborted.
        if ("requestIdleCallback" in window) requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
        else setTimeout(run, 1);
      },
      { rootMargin: NEAR_VIEWPORT },
    );
    observer.observe(element);
    signal.addEventListener("abort", () => observer.disconnect());
  }, signal);
  return () => stop.abort();
}
