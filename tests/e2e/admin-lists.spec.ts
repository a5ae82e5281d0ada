import { randomUUID } from "node:crypto";
import { kindMessages, PACKAGE_KIND_INFO } from "../../app/domain/package-kinds";
import { expect, test } from "./support/fixtures";
import { expectFlash, expectNoSeriousViolations, jsOn } from "./support/expectations";
import { createPackage, unique } from "./support/admin-packages";

// The admin list screens, with JavaScript on and (for @nojs titles) off. Every test makes its own
// packages with unique titles: the e2e database is shared by all specs. Reordering, which needs
// its packages first in their list, is in admin-reorder.spec.ts and runs alone.

test("@nojs publish and unpublish from a card, then see it on and off the public site", async ({
  adminPage: page,
  request,
}) => {
  const pkg = await createPackage(page, "local", { title: unique("Toggle Trip"), status: "draft" });
  const publicPath = PACKAGE_KIND_INFO.local.detailPath(pkg.id);
  expect((await request.get(publicPath)).status()).toBe(404);

  await page.goto(`/admin/local?q=${encodeURIComponent(pkg.title)}`);
  const card = page.getByRole("article", { name: pkg.title });
  await expect(card.getByText("Draft", { exact: true })).toBeVisible();
  await card.getByRole("button", { name: `Publish ${pkg.title}` }).click();
  await expectFlash(page, kindMessages("local").updated);
  await expect(page).toHaveURL(/\/admin\/local\?q=/);
  await expect(card.getByText("Published", { exact: true })).toBeVisible();
  expect((await request.get(publicPath)).status()).toBe(200);

  await card.getByRole("button", { name: `Unpublish ${pkg.title}` }).click();
  await expectFlash(page, kindMessages("local").updated);
  await expect(card.getByText("Draft", { exact: true })).toBeVisible();
  expect((await request.get(publicPath)).status()).toBe(404);
});

test("delete asks in a dialog: focus moves in, Escape cancels and focus returns, then it deletes", async ({
  adminPage: page,
}) => {
  const pkg = await createPackage(page, "discovery", { title: unique("Dialog Gem") });
  await page.goto(`/admin/discovery?q=${encodeURIComponent(pkg.title)}`);
  const trigger = page.getByRole("link", { name: `Delete ${pkg.title}` });
  const dialog = page.getByRole("alertdialog", { name: "Delete discovery package" });

  await trigger.click();
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`Are you sure you want to delete "${pkg.title}"?`);
  expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  // Opened in place: no navigation.
  await expect(page).not.toHaveURL(/delete=/);

  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();

  await trigger.click();
  await dialog
    .getByRole("button", { name: "Cancel" })
    .or(dialog.getByRole("link", { name: "Cancel" }))
    .click();
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();

  await trigger.click();
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expectFlash(page, kindMessages("discovery").deleted);
  await expect(page.getByRole("article", { name: pkg.title })).toHaveCount(0);
  expect((await page.request.get(`/api/discovery/${pkg.id}`)).status()).toBe(404);
});

test("@nojs delete has a confirmation step that is a URL; Cancel goes back, Delete deletes", async ({
  adminPage: page,
}) => {
  test.skip(jsOn(), "the JavaScript dialog is covered above");
  const pkg = await createPackage(page, "exclusive", { title: unique("Confirm Exclusive") });
  await page.goto(`/admin/exclusive?q=${encodeURIComponent(pkg.title)}`);
  await page.getByRole("link", { name: `Delete ${pkg.title}` }).click();
  await expect(page).toHaveURL(new RegExp(`delete=${pkg.id}`));
  const dialog = page.getByRole("alertdialog", { name: "Delete exclusive package" });
  await expect(dialog).toContainText(`Are you sure you want to delete "${pkg.title}"?`);

  await dialog.getByRole("link", { name: "Cancel" }).click();
  await expect(page).not.toHaveURL(/delete=/);
  await expect(page.getByRole("alertdialog")).toHaveCount(0);
  await expect(page.getByRole("article", { name: pkg.title })).toBeVisible();

  await page.getByRole("link", { name: `Delete ${pkg.title}` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(page).not.toHaveURL(/delete=/);
  await expectFlash(page, kindMessages("exclusive").deleted);
  await expect(page.getByRole("article", { name: pkg.title })).toHaveCount(0);
});

test("@nojs with a search or status filter on, reordering is off and the screen says why", async ({
  adminPage: page,
}) => {
  await page.goto("/admin/dashboard?status=published");
  await expect(
    page.getByText("Reordering is off while a search or a filter is active."),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: /^Move (earlier|later)/ })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Drag to reorder/ })).toHaveCount(0);
  await page.getByRole("link", { name: "Show all packages" }).click();
  await expect(
    page.getByText("The order here will be reflected on your main website."),
  ).toBeVisible();
});

test("a list navigation shows the kind's loading text while it is pending", async ({
  adminPage: page,
}) => {
  await page.goto("/admin/discovery");
  await page.route("**/admin/discovery.data*", async (route) => {
    await new Promise((r) => setTimeout(r, 700));
    await route.continue();
  });
  await page.getByRole("link", { name: "Draft", exact: true }).click();
  await expect(page.getByText("Loading discovery packages...")).toBeVisible();
  await expect(page).toHaveURL(/status=draft/);
  await expect(page.getByText("Loading discovery packages...")).toBeHidden();
});

test("@nojs unknown admin URLs and unknown ids show the admin not-found screen with the sidebar", async ({
  adminPage: page,
}) => {
  for (const path of ["/admin/no-such-screen", `/admin/edit-local/${randomUUID()}`]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { name: "Not found" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Admin" })).toBeVisible();
    await page.getByRole("link", { name: "Back to packages" }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
  }
});

test("@nojs on a phone the sidebar folds into a menu", async ({ adminPage: page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/admin/dashboard");
  const nav = page.getByRole("navigation", { name: "Admin" });
  await expect(nav).toBeHidden();
  await expect(page.getByRole("heading", { name: "Manage Packages" })).toBeInViewport();
  await page.getByText("Menu", { exact: true }).click();
  await expect(nav.getByRole("link", { name: "Travel Moments" })).toBeVisible();
  await nav.getByRole("link", { name: "Local Trips" }).click();
  await expect(page).toHaveURL(/\/admin\/local$/);
  await expect(page.getByRole("navigation", { name: "Admin" })).toBeHidden();
});

test("axe finds no serious or critical violations on the admin screens", async ({
  adminPage: page,
}) => {
  test.setTimeout(120_000);
  const pkg = await createPackage(page, "trip", { title: unique("Axe Lists") });
  for (const path of [
    "/admin/dashboard",
    "/admin/discovery",
    "/admin/exclusive",
    "/admin/local",
    "/admin/local?q=nothing-matches-this",
    `/admin/dashboard?delete=${pkg.id}`,
    "/admin/travel-moments",
    "/admin/settings",
    "/admin/no-such-screen",
  ]) {
    await page.goto(path);
    await expectNoSeriousViolations(page, path);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/admin/dashboard");
  await expectNoSeriousViolations(page, "/admin/dashboard at 390 px");
});

test("axe finds no serious or critical violations on the sign-in screen", async ({ page }) => {
  await page.goto("/admin");
  await expectNoSeriousViolations(page, "/admin (sign-in)");
});
