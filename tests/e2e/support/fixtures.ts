import { test as base, expect, type Page } from "@playwright/test";
import { E2E_ADMIN } from "../../../playwright.config";

/**
 * `adminPage`: a page whose context holds a signed-in admin session. It signs in through
 * POST /api/admin/login (the e2e server holds the embedded database's lock, so a fixture cannot
 * write sessions directly); the cookie lands in the browser context the page uses.
 */
export const test = base.extend<{ adminPage: Page }>({
  adminPage: async ({ page }, provide) => {
    const response = await page.request.post("/api/admin/login", {
      data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
    });
    expect(response.status(), await response.text()).toBe(200);
    await provide(page);
  },
});

export { expect };
