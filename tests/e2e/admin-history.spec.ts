import { randomUUID } from "node:crypto";
import { kindMessages, PACKAGE_KIND_INFO } from "../../app/domain/package-kinds";
import { expect, test } from "./support/fixtures";
import { expectFlash, expectNoSeriousViolations, jsOn } from "./support/expectations";

// Edit → History → view → Restore, and delete → Recently deleted → Restore, with
// JavaScript on (a confirmation dialog) and off (plain form posts), axe on each new screen.

const unique = (title: string) => `${title} ${randomUUID().slice(0, 8)}`;

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
  await expectNoSeriousViolations(page, "history");

  await page.getByRole("link", { name: "View version 1" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Version 1 of “${title}”`);
  await expect(page.locator(".version-fields")).toContainText("From R 12 000");
  await expectNoSeriousViolations(page, "version");

  await page.getByRole("button", { name: "Restore this version" }).click();
  if (jsOn()) {
    const dialog = page.getByRole("alertdialog", { name: "Restore this version?" });
    await expect(dialog).toBeVisible();
    await expectNoSeriousViolations(page, "restore dialog");
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
  await expectNoSeriousViolations(page, "recently deleted");

  await page.getByRole("button", { name: `Restore ${title}` }).click();
  await expectFlash(page, `"${title}" restored.`);
  await expect(page.getByRole("heading", { name: title })).toHaveCount(0);
  expect((await page.request.get(publicPath)).status()).toBe(200);
});
