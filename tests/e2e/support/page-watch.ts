import type { Page } from "@playwright/test";

/**
 * React's own signals that a page is broken: a render loop ("Maximum update depth", minified as
 * error #185 in production builds), key warnings (development builds), hydration failures.
 */
export const REACT_TROUBLE =
  /Maximum update depth|Minified React error #(185|301|418|419|423|425)|unique "key" prop|Too many re-renders|Hydration failed/;

/** How often the watchdog asks the page for an answer, and how long one answer may take. */
const PROBE_EVERY_MS = 2_000;
const PROBE_TIMEOUT_MS = 4_000;
/** Unanswered probes in a row that mean the page has stopped answering (about 12 s). */
const MISSES_TO_FAIL = 3;

const TIMED_OUT = Symbol("timed out");

/**
 * Watches a test's page for the class of bug that froze the package edit form:
 * - React errors and warnings in the browser (page errors and console errors);
 * - with JavaScript on, a main thread that stops answering: a probe `page.evaluate` runs every
 *   2 s; when three in a row get no answer the page is closed, which ends the hung action at once
 *   instead of at the test timeout, and the test fails saying why.
 */
export function watchPage(page: Page, options: { responsiveness: boolean }) {
  const problems: string[] = [];
  page.on("pageerror", (error) => {
    if (REACT_TROUBLE.test(error.message)) problems.push(`page error: ${error.message}`);
  });
  page.on("console", (message) => {
    if (message.type() === "error" && REACT_TROUBLE.test(message.text())) {
      problems.push(`console error: ${message.text()}`);
    }
  });

  let misses = 0;
  let stopped = false;
  let probing = false;
  // No "dialog" listener here: with one, Playwright stops dismissing dialogs nobody answers (a
  // leave prompt on page.goto would then hang the page it is meant to watch).
  const probe = async () => {
    if (stopped || probing || page.isClosed()) return;
    probing = true;
    let timer: NodeJS.Timeout | undefined;
    try {
      const answer = await Promise.race([
        page.evaluate(() => true).catch(() => true), // navigations and closes are not freezes
        new Promise<typeof TIMED_OUT>((resolve) => {
          timer = setTimeout(() => resolve(TIMED_OUT), PROBE_TIMEOUT_MS);
        }),
      ]);
      misses = answer === TIMED_OUT ? misses + 1 : 0;
      if (misses >= MISSES_TO_FAIL && !stopped) {
        problems.push(
          `the page stopped answering: ${MISSES_TO_FAIL} probes in a row got no answer within ` +
            `${PROBE_TIMEOUT_MS} ms (${page.url()}); it was closed to end the hung action`,
        );
        stopped = true;
        await page.close().catch(() => undefined);
      }
    } finally {
      clearTimeout(timer);
      probing = false;
    }
  };
  const interval = options.responsiveness ? setInterval(probe, PROBE_EVERY_MS) : undefined;

  return {
    stop() {
      stopped = true;
      clearInterval(interval);
    },
    /** Throws when anything was seen: call it after the test body. */
    assertHealthy() {
      if (problems.length) throw new Error(`Page trouble:\n${problems.join("\n")}`);
    },
  };
}
