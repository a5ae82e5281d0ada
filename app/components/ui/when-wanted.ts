const INTERACTIONS = ["pointerenter", "pointerdown", "touchstart", "focusin", "keydown"] as const;

/** How long an idle callback may wait once the page has loaded. */
const IDLE_TIMEOUT_MS = 2000;

/** How close to the viewport an element must come before its enhancement starts on its own. */
const NEAR_VIEWPORT = "300px 0px";

/** Calls `callback` once the window `load` event has fired (at once if it already has). */
export function afterLoad(callback: () => void, signal: AbortSignal): void {
  if (document.readyState === "complete") callback();
  else window.addEventListener("load", callback, { once: true, signal });
}

function hasIdleCallback(): boolean {
  return typeof window.requestIdleCallback === "function";
}

/**
 * Calls `start` once: when the visitor first hovers, touches, presses or focuses inside `element`,
 * or else once the page's first load has finished (the window `load` event), `element` is in or
 * near the viewport and the browser is idle. Enhancements that are not needed for the first paint
 * wait here, so their code is not fetched with the page's first-load JS, and one far down the page
 * does no work (Embla measures every slide, a forced layout) until the visitor scrolls towards
 * it. Returns a function that cancels the wait.
 */
export function whenWanted(element: HTMLElement, start: () => void): () => void {
  let done = false;
  let idleHandle: number | undefined;
  let observer: IntersectionObserver | undefined;
  const listeners = new AbortController();

  const run = () => {
    if (done) return;
    done = true;
    cancel();
    start();
  };
  const cancel = () => {
    listeners.abort();
    observer?.disconnect();
    if (idleHandle !== undefined) {
      if (hasIdleCallback()) window.cancelIdleCallback(idleHandle);
      else window.clearTimeout(idleHandle);
    }
  };
  const whenIdle = () => {
    if (done || idleHandle !== undefined) return;
    // Safari has no requestIdleCallback.
    idleHandle = hasIdleCallback()
      ? window.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS })
      : window.setTimeout(run, 1);
  };
  const whenNear = () => {
    if (done) return;
    if (typeof IntersectionObserver !== "function") return whenIdle();
    observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer?.disconnect();
        whenIdle();
      },
      { rootMargin: NEAR_VIEWPORT },
    );
    observer.observe(element);
  };

  for (const type of INTERACTIONS)
    element.addEventListener(type, run, { passive: true, signal: listeners.signal });
  afterLoad(whenNear, listeners.signal);

  return () => {
    done = true;
    cancel();
  };
}
