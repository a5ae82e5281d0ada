import { type Page } from "@playwright/test";
import { mailTo } from "./support/mail";
import { bookableDate } from "./support/catalogue";
import { expect, test } from "./support/fixtures";
import { violations, FILL_TIME_MS } from "./support/expectations";

// A visitor switches to German on a phone, books a date and enquires in German, and gets each
// e-mail in German (decision 148), with JavaScript and without. Each journey posts from an
// address of its own, so the per-address limit of the public forms is not shared.

async function bookInGerman(page: Page, email: string, js: boolean) {
  const form = page.getByRole("form", { name: "Ihre Buchung" });
  await form.getByLabel("Vollständiger Name der Hauptperson").fill("Jonas Becker");
  await form.getByLabel("E-Mail").fill(email);
  await form.getByLabel("Telefon (WhatsApp, falls vorhanden)").fill("+49 30 555 0101");
  await form.getByLabel("Wohnsitzland").fill("Deutschland");
  await page.waitForTimeout(FILL_TIME_MS);
  // Sent without accepting the terms: the reason, in German.
  await form.getByRole("button", { name: "Buchungsanfrage senden" }).click();
  await expect(
    page.getByText("Bitte akzeptieren Sie die Buchungsbedingungen, um Ihre Anfrage zu senden"),
  ).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  if (js) expect(await violations(page)).toEqual([]);
  await page
    .getByRole("form", { name: "Ihre Buchung" })
    .getByLabel(/Ich akzeptiere die/)
    .check();
  await page.waitForTimeout(FILL_TIME_MS);
  await page
    .getByRole("form", { name: "Ihre Buchung" })
    .getByRole("button", { name: "Buchungsanfrage senden" })
    .click();
  await expect(page).toHaveURL(/\/de\/booking\/WLX-[2-9A-Z]{6}\?token=/);
  await expect(page.getByText("Ihre Buchungsanfrage wurde gesendet")).toBeVisible();
  await expect(page.getByText("Angefragt", { exact: true })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  const reference = /WLX-[2-9A-Z]{6}/.exec(page.url())![0];
  const mail = await mailTo(email, new RegExp(`^Buchungsanfrage ${reference} erhalten`));
  expect(mail.text).toContain("Hallo Jonas Becker,");
  expect(mail.text).toContain(`/de/booking/${reference}?token=`);
  expect(mail.html).toContain('<html lang="de">');
  return reference;
}

async function enquireInGerman(page: Page, email: string) {
  await page.goto("/de/contact");
  const form = page.getByRole("form", { name: "Schreiben Sie uns" });
  await form.getByLabel("Vorname").fill("Lena");
  await form.getByLabel("E-Mail").fill(email);
  await form.getByLabel("Erzählen Sie uns von Ihrer Reise").fill("Wir möchten nach Botswana.");
  await page.waitForTimeout(FILL_TIME_MS);
  await form.getByRole("button", { name: "Nachricht senden" }).click();
  await expect(page.getByRole("heading", { name: "Nachricht gesendet" })).toBeVisible();
  const mail = await mailTo(email, /^Wir haben Ihre Nachricht erhalten/);
  expect(mail.text).toContain("Hallo Lena,");
  expect(mail.html).toContain('<html lang="de">');
}

test.describe("booking and enquiring in German on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("switches to German, books a date and enquires, each e-mail in German (JS)", async ({
    page,
  }) => {
    // Two forms, each waiting out the honeypot's fill time twice or once: longer than the default.
    test.setTimeout(90_000);
    await page.setExtraHTTPHeaders({ "X-Forwarded-For": "198.51.100.61" });
    const { detail, departure } = await bookableDate(page.request, 2);
    await page.goto(detail);
    // The footer's switcher: a plain link to the same trip in German.
    await page
      .getByRole("navigation", { name: "Language (footer)" })
      .getByRole("link", { name: "Deutsch" })
      .click();
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await page.locator(`a[href="/de/book/${departure.id}"]`).click();
    await expect(page).toHaveURL(new RegExp(`/de/book/${departure.id}$`));
    await expect(page.getByRole("heading", { name: "Ihre Buchung" })).toBeVisible();
    // The live total in German.
    const form = page.getByRole("form", { name: "Ihre Buchung" });
    await form.getByLabel("Erwachsene").selectOption("2");
    await expect(form.getByText(/^Gesamtpreis für 2 Reisende: /)).toBeVisible();
    expect(await violations(page)).toEqual([]);
    // Nothing wider than the phone: long German words wrap inside the layout.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );

    await bookInGerman(page, "jonas.js@example.com", true);
    expect(await violations(page)).toEqual([]);
    await page.screenshot({
      path: test.info().outputPath("booking-german-phone.png"),
      fullPage: true,
    });

    await enquireInGerman(page, "lena.js@example.com");
  });
});

test("books a date and enquires in German without JavaScript @nojs", async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(javaScriptEnabled !== false, "the no-JS project runs this");
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": "198.51.100.62" });
  const { detail, departure } = await bookableDate(page.request, 2);
  await page.goto(detail);
  await page
    .getByRole("navigation", { name: "Language (footer)" })
    .getByRole("link", { name: "Deutsch" })
    .click();
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await page.locator(`a[href="/de/book/${departure.id}"]`).click();
  await expect(page).toHaveURL(new RegExp(`/de/book/${departure.id}$`));
  await bookInGerman(page, "jonas.nojs@example.com", false);
  await enquireInGerman(page, "lena.nojs@example.com");
});
