import AxeBuilder from "@axe-core/playwright";
import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { kindMessages, PACKAGE_KIND_INFO } from "../../app/domain/package-kinds";
import { expect, test } from "./support/fixtures";

// Issue 19: edit → History → view → Restore, and delete → Recently deleted → Restore, with
// JavaScript on (a confirmation dialog) and off (plain form posts), axe on each new screen.

const unique = (title: string) => `${title} ${randomUUID().slice(0, 8)}`;
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
const jsOn = () => test.info().project.use.javaScriptEnabled !== false;

async function expectFlash(page: Page, message: string) {
  if (jsOn()) {
    await expect(page.getByText(message).first()).toBeVisible();
  } else {
    await expect
      .poll(() => page.locator("noscript").allInnerTexts())
      .toContainEqual(expect.stringContaining(message));
  }
}

/** axe runs in the page's JavaScript: with JavaScript on (the markup is the same server HTML). */
async function check(page: Page, path: string) {
  if (!jsOn()) return;
  // A toast from the step before may still be fading (half-transparent): not this screen's.
  const results = await new AxeBuilder({ page })
    .withTags(TAGS)
    .exclude("[data-sonner-toaster]")
    .analyze();
  const bad = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({ id: v.id, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(" ")) }));
  expect(bad, path).toEqual([]);
}

test("@nojs edit → History → view a version → Restore this version", async ({
  adminPage: page,
}) => {
  const title = unique("History Trip");
  const created = await page.request.post("/api/trips", {
    data: { title, price: "From R 12 000", duration: "5 days", status: "published" },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const updated = await page.request.put(`/api/trips/${id}`, {
    data: { title, price: "From R 13 500", duration: "5 days" },
  });
  expect(updated.status()).toBe(200);

  await page.goto(PACKAGE_KIND_INFO.trip.admin.editPath(id));
  await page.getByRole("link", { name: "History", exact: true }).click();
  await expect(page).toHaveURL(`/admin/history/trip/${id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`History of “${title}”`);
  await expect(page.getByText("Price: From R 12 000 → From R 13 500")).toBeVisible();
  await check(page, "history");

  await page.getByRole("link", { name: "View version 1" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Version 1 of “${title}”`);
  await expect(page.locator(".version-fields")).toContainText("From R 12 000");
  await check(page, "version");

  await page.getByRole("button", { name: "Restore this version" }).click();
  if (jsOn()) {
    const dialog = page.getByRole("alertdialog", { name: "Restore this version?" });
    await expect(dialog).toBeVisible();
    await check(page, "restore dialog");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole("button", { name: "Restore this version" }).click();
    await dialog.getByRole("button", { name: "Restore" }).click();
  }
  await expect(page).toHaveURL(`/admin/history/trip/${id}`);
  await expectFlash(page, "Version 1 restored.");
  await expect(page.getByRole("heading", { name: /Version 3: Restored version 1/ })).toBeVisible();
  const now = (await (await page.request.get(`/api/trips/${id}`)).json()) as { price: string };
  expect(now.price).toBe("From R 12 000");
});

test("@nojs delete → Recently deleted → Restore brings the package back on the site", async ({
  adminPage: page,
}) => {
  const title = unique("Bin Gem");
  const created = await page.request.post("/api/discovery", {
    data: { title, price: "R 900", status: "published" },
  });
  const { id } = (await created.json()) as { id: string };
  const publicPath = PACKAGE_KIND_INFO.discovery.detailPath(id);

  await page.goto(`/admin/discovery?q=${encodeURIComponent(title)}`);
  await page.getByRole("link", { name: `Delete ${title}` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expectFlash(page, kindMessages("discovery").deleted);
  expect((await page.request.get(publicPath)).status()).toBe(404);

  await page.getByRole("link", { name: "Recently deleted" }).click();
  await expect(page).toHaveURL("/admin/recently-deleted/discovery");
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  await check(page, "recently deleted");

  await page.getByRole("button", { name: `Restore ${title}` }).click();
  await expectFlash(page, `"${title}" restored.`);
  await expect(page.getByRole("heading", { name: title })).toHaveCount(0);
  expect((await page.request.get(publicPath)).status()).toBe(200);
});
