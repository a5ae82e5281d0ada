import { expect, test } from "./support/fixtures";

// Decision 105: what keeps the admin forms at Lighthouse's best practices.

test.describe("with JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "JS-only behaviour");

  test("validating the package form in the browser breaks no content security policy", async ({
    adminPage: page,
  }) => {
    // zod's first object parse probes `new Function`, which the CSP (no 'unsafe-eval') blocks and
    // reports: a DevTools issue on every admin form, even though the probe's throw is caught.
    await page.addInitScript(() => {
      const seen: string[] = [];
      Object.assign(window, { cspViolations: seen });
      document.addEventListener("securitypolicyviolation", (event) =>
        seen.push(`${event.violatedDirective} ${event.blockedURI}`),
      );
    });
    await page.goto("/admin/new-discovery");
    const title = page.getByLabel("Title");
    await title.fill("x");
    await title.fill("");
    await title.blur();
    // The browser's validation ran (zod parsed the form) and said so.
    await expect(page.getByText("Please enter a title")).toBeVisible();
    expect(
      await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations),
    ).toEqual([]);
  });
});
