import { test as base, expect, type Page } from "@playwright/test";
import { E2E_ADMIN } from "../../../playwright.config";
import { watchPage } from "./page-watch";

/**
 * `adminPage`: a page whose context holds a signed-in admin session. It signs in through
 * POST /api/admin/login (the e2e server holds the embedded database's lock, so a fixture cannot
 * write sessions directly); the cookie lands in the browser context the page uses.
 */
export const test = base.extend<{ adminPage: Page; waitForHydration: boolean }>({
  /** Off for tests that block the app's scripts on purpose. */
  waitForHydration: [true, { option: true }],
  /**
   * With JS on, `goto` and `reload` resolve once the page has hydrated: its scripts load only
   * after the first paint (decision 062), so `load` alone can come before React runs.
   */
  page: async ({ page, javaScriptEnabled, waitForHydration }, provide) => {
    if (javaScriptEnabled !== false && waitForHydration) {
      const hydrated = () =>
        page.waitForFunction(
          () =>
            !("__reactRouterContext" in window) ||
            document.documentElement.dataset.hydrated === "true",
        );
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      page.goto = async (...args) => {
        const response = await goto(...args);
        await hydrated();
        return response;
      };
      page.reload = async (...args) => {
        const response = await reload(...args);
        await hydrated();
        return response;
      };
    }
    const watch = watchPage(page, { responsiveness: javaScriptEnabled !== false });
    await provide(page);
    watch.stop();
    watch.assertHealthy();
  },
  adminPage: async ({ page }, provide) => {
    const response = await page.request.post("/api/admin/login", {
      data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
    });
    expect(response.status(), await response.text()).toBe(200);
    await provide(page);
  },
});

export { expect };
