import AxeBuilder from "@axe-core/playwright";
import { randomUUID } from "node:crypto";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { jsOn } from "./support/expectations";

// A travel moment's thumbnail description (alt text), with JavaScript on and off.
const SCREEN = "/admin/travel-moments";
const VIDEO = path.resolve("db/seed/assets/moment-lagoon-sunset.webm");
const THUMBNAIL = path.resolve("db/seed/assets/moment-lagoon-sunset.webp");
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
const ALT = "Turquoise lagoon at sunset with a wooden jetty";

/** axe runs as a script in the page: only where JavaScript runs (the markup is the same). */
async function expectAxeClean(page: Page, include?: string) {
  if (!jsOn()) return;
  let builder = new AxeBuilder({ page }).exclude("[data-sonner-toaster]").withTags(TAGS);
  if (include) builder = builder.include(include);
  expect((await builder.analyze()).violations).toEqual([]);
}

async function moments(page: Page): Promise<{ id: string; title: string }[]> {
  return (await (await page.request.get("/api/travel-moments")).json()) as {
    id: string;
    title: string;
  }[];
}

test("@nojs the thumbnail description: refused form keeps it, saved, in the admin list and on the home page", async ({
  adminPage: page,
  browser,
}) => {
  const title = `E2E Alt ${randomUUID().slice(0, 8)}`;
  try {
    await page.goto(SCREEN);
    test.skip((await moments(page)).length >= 7, "the shared reel is full");
    await page.goto(`${SCREEN}?add`);
    const dialog = page.getByRole("dialog", { name: "Add Video" });
    const alt = dialog.getByLabel("Thumbnail description (alt text)");
    await expect(alt).toHaveAccessibleDescription(/Leave empty to use the title/);
    await expect(alt).toHaveAttribute("maxlength", "250");

    // Refused (no title): the description typed survives the round trip, the form stays axe clean.
    await dialog.getByLabel("Video file").setInputFiles(VIDEO);
    await alt.fill(ALT);
    await dialog.getByRole("button", { name: "Add Video" }).click();
    await expect(dialog.getByText("Title is required")).toBeVisible();
    await expect(dialog.getByLabel("Thumbnail description (alt text)")).toHaveValue(ALT);
    await expectAxeClean(page);

    await dialog.getByLabel("Title").fill(title);
    await dialog.getByLabel("Video file").setInputFiles(VIDEO);
    await dialog.getByLabel("Thumbnail image").setInputFiles(THUMBNAIL);
    await dialog.getByRole("button", { name: "Add Video" }).click();
    await expect(page).toHaveURL(new RegExp(`${SCREEN}$`));
    const card = page.getByRole("listitem").filter({ hasText: title });
    await expect(card.getByRole("img", { name: ALT })).toBeVisible();
    await expectAxeClean(page);

    // The edit dialog shows it back.
    await card.getByRole("link", { name: `Edit ${title}` }).click();
    await expect(
      page
        .getByRole("dialog", { name: "Edit Video" })
        .getByLabel("Thumbnail description (alt text)"),
    ).toHaveValue(ALT);

    // A visitor: the video is named by its title and described by the thumbnail's text.
    const context = await browser.newContext({
      baseURL: test.info().project.use.baseURL,
      javaScriptEnabled: jsOn(),
    });
    const visitor = await context.newPage();
    try {
      await visitor.goto("/");
      const video = visitor
        .locator("video[data-moment-id]")
        .and(visitor.getByRole("group", { name: new RegExp(title) }).locator("video"));
      await expect(video).toHaveAccessibleName(title);
      await expect(video).toHaveAccessibleDescription(ALT);
      await expectAxeClean(visitor, ".moments");
    } finally {
      await context.close();
    }
  } finally {
    const mine = (await moments(page)).filter((m) => m.title === title);
    for (const m of mine) await page.request.delete(`/api/admin/travel-moments/${m.id}`);
  }
});
