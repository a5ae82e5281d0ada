import { randomUUID } from "node:crypto";
import { expect, test } from "./support/fixtures";
import { expectFlash, expectNoSeriousViolations } from "./support/expectations";

// Translated content (decision 139), with and without JavaScript: a translator opens a package's
// German translation from its edit form, sees the English beside each field, fills the German
// title and description, publishes it in German (decision 154), and /de/package/{german slug}
// shows them, the rest marked lang="en".

test("@nojs a translator fills the German title and description and the German page shows them", async ({
  adminPage: page,
}) => {
  test.setTimeout(120_000);
  const tag = randomUUID().slice(0, 8);
  const title = `Azores Whale Week ${tag}`;
  await page.goto("/admin/new-package");
  await page.getByLabel("Title").fill(title);
  await page
    .getByRole("textbox", { name: "Description" })
    .fill("Whales, volcanoes and hot springs.");
  await page.getByRole("button", { name: "Publish Package" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  // Not translated yet: no German page, and its card says how much is missing.
  const card = page.getByRole("article", { name: title });
  await expect(
    card.getByRole("link", { name: /^German: 0 of \d+ fields · not published$/ }),
  ).toBeVisible();
  await card.getByRole("link", { name: /^German:/ }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(title);
  // The English text is shown beside the German field, as its description.
  const germanTitle = page.getByLabel("Title · German");
  await expect(germanTitle).toHaveAccessibleDescription(`English: ${title}`);
  await expectNoSeriousViolations(page, "the translation form");

  // Refused: a slug with spaces. Nothing is saved, the typed title is kept.
  await germanTitle.fill(`Walwoche auf den Azoren ${tag}`);
  await page.getByLabel("URL slug · German").fill("Wal Woche!");
  await page.getByRole("button", { name: "Save German translation" }).click();
  await expect(page.locator("#translation-errors")).toContainText(
    "The URL slug may contain only lowercase",
  );
  await expect(page.getByLabel("Title · German")).toHaveValue(`Walwoche auf den Azoren ${tag}`);

  await page.getByLabel("URL slug · German").fill("");
  await page.getByLabel("Description · German").fill("Wale, Vulkane und heiße Quellen.");
  // Saved but not published in German: the German site does not show it yet (decision 154).
  await page.getByRole("button", { name: "Save German translation" }).click();
  await expectFlash(page, "It is not published in German");
  await expect(page.locator(".translation-status")).toContainText("It is not published in German");
  await page.getByLabel("Publish in German").check();
  await page.getByRole("button", { name: "Save German translation" }).click();
  await expectFlash(page, "It appears on the German site");
  await expect(page.locator(".translation-status")).toContainText(
    "German: 3 of 3 fields translated",
  );

  const slug = `walwoche-auf-den-azoren-${tag}`;
  await page.getByRole("link", { name: "see its page" }).click();
  await expect(page).toHaveURL(new RegExp(`/de/package/${slug}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    `Walwoche auf den Azoren ${tag}`,
  );
  await expect(page.locator("main")).toContainText("Wale, Vulkane und heiße Quellen.");
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expectNoSeriousViolations(page, "a German package page");
});
