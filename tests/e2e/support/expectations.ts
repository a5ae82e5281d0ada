import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/** The WCAG levels the admin and site screens are held to. */
export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/** Whether the running Playwright project runs the page's JavaScript (the no-js project does not). */
export const jsOn = () => test.info().project.use.javaScriptEnabled !== false;

/**
 * The flash after a form post: a toast with JavaScript; without it the <noscript> status message.
 * Chromium with script execution disabled still parses <noscript> as raw text, so there the
 * served markup is read instead of its rendering, polled because the redirect's page may still be
 * loading after the click.
 */
export async function expectFlash(page: Page, message: string) {
  if (jsOn()) {
    await expect(page.getByText(message).first()).toBeVisible();
  } else {
    await expect
      .poll(() => page.locator("noscript").allInnerTexts())
      .toContainEqual(expect.stringContaining(message));
  }
}

/**
 * axe finds no serious or critical WCAG violation on the page. axe runs as a script in the page,
 * so only in the JavaScript project (the markup is the same server HTML in both). A toast from the
 * step before may still be fading (half-transparent, read as low contrast): it is not this screen's.
 */
export async function expectNoSeriousViolations(page: Page, label: string) {
  if (!jsOn()) return;
  const results = await new AxeBuilder({ page })
    .withTags(WCAG_TAGS)
    .exclude("[data-sonner-toaster]")
    .analyze();
  const bad = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({ id: v.id, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(" ")) }));
  expect(bad, label).toEqual([]);
}

/** axe's tags for the public and booking screens: WCAG 2.2 AA plus axe's best practices. */
export const ALL_TAGS = [...WCAG_TAGS, "best-practice"];

/** The honeypot's minimum fill time (MIN_FILL_MS) with a margin: public forms sent sooner are dropped. */
export const FILL_TIME_MS = 3_300;

/** Every axe violation on the page (any impact), each with its first three nodes. */
export async function violations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(ALL_TAGS).analyze();
  return results.violations.map((v) => ({
    id: v.id,
    help: v.help,
    nodes: v.nodes.slice(0, 3).map((n) => n.target.join(" ")),
  }));
}

/**
 * Presses `key` on a lifted card until the live region says `text`. dnd-kit's keyboard sensor
 * starts listening a moment after the lift (on its own timer), so a key sent at once can go
 * unheard on a busy machine; once the card is where the key takes it, the key leaves it there.
 */
export async function pressUntilAnnounced(
  page: Page,
  key: string,
  announcer: Locator,
  text: string,
): Promise<void> {
  await expect(async () => {
    await page.keyboard.press(key);
    await expect(announcer).toContainText(text, { timeout: 1000 });
  }).toPass();
}
