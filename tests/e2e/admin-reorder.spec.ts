import type { Page } from "@playwright/test";
import { kindMessages, PACKAGE_KIND_INFO } from "../../app/domain/package-kinds";
import type { PackageKind } from "../../app/domain/schemas";
import { expect, test } from "./support/fixtures";
import { expectFlash, pressUntilAnnounced } from "./support/expectations";
import { cardTitles, createPackage, unique } from "./support/admin-packages";

// Reordering the admin lists, with JavaScript on and (for @nojs titles) off. Each test makes two
// packages and expects them first in their list, then saves a new order that the server checks
// against the list it last showed. Another spec adding a package of the same kind meanwhile would
// change both, so this spec runs alone, after the others (SERIAL in playwright.config.ts).

/**
 * Two new packages of `kind` ("<label> One", then "<label> Two"), and the kind's admin list opened
 * with them first: new packages go first, so the second made leads.
 */
async function twoLeading(page: Page, kind: PackageKind, label: string) {
  const first = await createPackage(page, kind, { title: unique(`${label} One`) });
  const second = await createPackage(page, kind, { title: unique(`${label} Two`) });
  await page.goto(PACKAGE_KIND_INFO[kind].admin.listPath);
  expect((await cardTitles(page)).slice(0, 2)).toEqual([second.title, first.title]);
  return { first, second };
}

test("keyboard reorder with drag and drop: Space lifts, arrows move, Space drops; the order is saved", async ({
  adminPage: page,
}) => {
  const { first, second } = await twoLeading(page, "discovery", "Order");
  // The handles are described by dnd-kit's instructions (the DndContext's id names them).
  await expect(page.locator("#admin-package-order")).toContainText("press Space or Enter");

  // The save takes a moment here, so the overlay can be seen.
  await page.route("**/admin/discovery.data*", async (route) => {
    if (route.request().method() === "POST") await new Promise((r) => setTimeout(r, 700));
    await route.continue();
  });
  const handle = page.getByRole("button", { name: `Drag to reorder ${first.title}` });
  await handle.focus();
  await page.keyboard.press("Space");
  // dnd-kit announces each step in its live region.
  const announcer = page.locator("[id^='DndLiveRegion']");
  // Lifted and measured: the card is over its own place (it is second, after the other).
  await expect(announcer).toContainText(`${first.title} moved to position 2 of`);
  await pressUntilAnnounced(page, "ArrowLeft", announcer, `${first.title} moved to position 1 of`);
  await page.keyboard.press("Space");
  await expect(page.getByText("Updating order...")).toBeVisible();
  const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Success" });
  await expect(toast).toContainText(kindMessages("discovery").reordered);
  await expect(page.getByText("Updating order...")).toBeHidden();
  expect((await cardTitles(page)).slice(0, 2)).toEqual([first.title, second.title]);
  await page.reload();
  expect((await cardTitles(page)).slice(0, 2)).toEqual([first.title, second.title]);
});

test("a mouse drag starts only after 8 px and saves the new order", async ({ adminPage: page }) => {
  const { first, second } = await twoLeading(page, "local", "Drag");
  const announcer = page.locator("[id^='DndLiveRegion']");

  const handle = page.getByRole("button", { name: `Drag to reorder ${first.title}` });
  const from = (await handle.boundingBox())!;
  // Onto the other card's handle: the same spot of that card, high enough on the screen that
  // dnd-kit's auto-scroll near the viewport's edge does not move the page during the drag.
  const to = (await page
    .getByRole("button", { name: `Drag to reorder ${second.title}` })
    .boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  // A small wobble is a click, not a drag.
  await page.mouse.move(from.x + from.width / 2 + 4, from.y + from.height / 2, { steps: 4 });
  await expect(announcer).not.toContainText(first.title);
  await expect(handle).not.toHaveAttribute("aria-pressed", "true");
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 20 });
  await expect(announcer).toContainText(`${first.title} moved to position 1 of`);
  await expect(handle).toHaveAttribute("aria-pressed", "true");
  await page.mouse.up();
  await expect(page.getByText(kindMessages("local").reordered).first()).toBeVisible();
  await page.reload();
  expect((await cardTitles(page)).slice(0, 2)).toEqual([first.title, second.title]);
});

test("a refused reorder puts the cards back and shows the spec's error", async ({
  adminPage: page,
}) => {
  const { first, second } = await twoLeading(page, "trip", "Stale");
  // Another admin adds a package: the order on this screen is now stale.
  await createPackage(page, "trip", { title: unique("Added Elsewhere") });

  const handle = page.getByRole("button", { name: `Drag to reorder ${first.title}` });
  await handle.focus();
  await page.keyboard.press("Space");
  // Move only once the lifted card is over its own place (the cards are measured by then), and
  // drop only once it is over its neighbour.
  const announcer = page.locator("[id^='DndLiveRegion']");
  await expect(handle).toHaveAttribute("aria-pressed", "true");
  await expect(announcer).toContainText(`${first.title} moved to position 2 of`);
  await pressUntilAnnounced(page, "ArrowLeft", announcer, `${first.title} moved to position 1 of`);
  await page.keyboard.press("Space");
  await expect(page.getByText(kindMessages("trip").reorderFailed).first()).toBeVisible();
  await expect(page.getByText("Error", { exact: true }).first()).toBeVisible();
  expect((await cardTitles(page)).slice(0, 2)).toEqual([second.title, first.title]);
});

test("@nojs the move buttons reorder without JavaScript and come back with a flash", async ({
  adminPage: page,
}) => {
  const { first, second } = await twoLeading(page, "exclusive", "Move");
  const lead = page.getByRole("article", { name: second.title });
  await expect(lead.getByRole("button", { name: `Move earlier ${second.title}` })).toBeDisabled();
  await lead.getByRole("button", { name: `Move later ${second.title}` }).click();
  await expectFlash(page, kindMessages("exclusive").reordered);
  await expect(page).toHaveURL(/\/admin\/exclusive$/);
  expect((await cardTitles(page)).slice(0, 2)).toEqual([first.title, second.title]);
});
