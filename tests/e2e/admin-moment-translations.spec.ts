import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { expectFlash, expectNoSeriousViolations } from "./support/expectations";

// A travel moment's German translation (decision 150), with and without JavaScript: from the
// moment's card ("German: 0 of 1 fields"), the English title beside the German field, a refusal
// that keeps the typed text, then the German home's reel shows the German title.

async function createViaApi(page: Page, title: string): Promise<string> {
  const response = await page.request.post("/api/admin/travel-moments", {
    data: { title, videoUrl: `https://videos.example/${randomUUID()}.mp4`, duration: "0:30" },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

test("@nojs a translator gives a travel moment its German title and the German reel shows it", async ({
  adminPage: page,
}) => {
  test.setTimeout(120_000);
  const tag = randomUUID().slice(0, 8);
  const title = `Whale Song ${tag}`;
  const id = await createViaApi(page, title);
  try {
    await page.goto("/admin/travel-moments");
    const card = page.getByRole("listitem", { name: title });
    await card.getByRole("link", { name: "German: 0 of 1 fields" }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/translations/moment/${id}/de$`));
    await expect(page.getByRole("heading", { level: 1 })).toContainText(title);
    const germanTitle = page.getByLabel("Title · German");
    await expect(germanTitle).toHaveAccessibleDescription(`English: ${title}`);
    await expectNoSeriousViolations(page, "the moment translation form");

    // Refused: too long. Nothing saved, the typed text kept.
    await germanTitle.fill("x".repeat(201));
    await page.getByRole("button", { name: "Save German translation" }).click();
    await expect(page.locator("#translation-errors")).toContainText(
      "The title must be at most 200 characters",
    );
    await expect(page.getByLabel("Title · German")).toHaveValue("x".repeat(201));

    await page.getByLabel("Title · German").fill(`Walgesang ${tag}`);
    await page.getByRole("button", { name: "Save German translation" }).click();
    await expectFlash(page, `German translation of “${title}” saved`);
    await expect(page.locator(".translation-status")).toContainText(
      "German: 1 of 1 fields translated",
    );
    await page.getByRole("link", { name: "see the page" }).click();
    await expect(page).toHaveURL(/\/de$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page.locator(".moment-title", { hasText: `Walgesang ${tag}` })).toHaveCount(1);
  } finally {
    await page.request.delete(`/api/admin/travel-moments/${id}`);
  }
});
