import { expect, test } from "./support/fixtures";
import { expectNoSeriousViolations, jsOn } from "./support/expectations";

// The Accept-Language hint (decision 151): a visitor whose browser prefers German sees, on an
// English page, a hint in German with a link to the same page in German (never a redirect); it
// closes with the keyboard and stays closed. Without JavaScript the page carries it hidden.

test.use({ locale: "de-DE" });

test("@nojs a German-preferring visitor is offered the German page, and can dismiss the hint", async ({
  page,
}) => {
  const response = await page.goto("/about");
  // Never a redirect: the English page answers.
  expect(response?.status()).toBe(200);
  expect(page.url()).toMatch(/\/about$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  const hint = page.getByRole("complementary", { name: "Sprachhinweis" });
  if (!jsOn()) {
    // Without JavaScript nothing reads the browser's languages: the hint stays hidden.
    await expect(page.locator('[data-language-hint="de"]')).toBeHidden();
    return;
  }
  await expect(hint).toBeVisible();
  await expect(hint).toContainText("Diese Seite gibt es auch auf Deutsch.");
  await expectNoSeriousViolations(page, "an English page with the German hint");

  // The link leads to the same page in German, where no hint is needed.
  await hint.getByRole("link", { name: "Auf Deutsch ansehen" }).click();
  await expect(page).toHaveURL(/\/de\/about$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expect(page.locator("aside.language-hint:visible")).toHaveCount(0);
  // The English tagline on the German page keeps its lang after hydration (decision 150).
  await expect(page.locator(".topbar-tagline")).toHaveAttribute("lang", "en");

  // Back in English: dismissed with the keyboard, the focus goes to the page's content.
  await page.goto("/contact");
  const again = page.getByRole("complementary", { name: "Sprachhinweis" });
  await expect(again).toBeVisible();
  await again.getByRole("button", { name: "Schließen" }).focus();
  await page.keyboard.press("Enter");
  await expect(again).toBeHidden();
  await expect(page.locator("#main")).toBeFocused();
  // Remembered: no hint on the next page either.
  await page.goto("/about");
  await expect(page.locator('[data-language-hint="de"]')).toBeHidden();
});
