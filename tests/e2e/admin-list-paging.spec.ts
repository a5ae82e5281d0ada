import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { ADMIN_PAGE_SIZE } from "../../app/domain/admin-paging";
import { kindMessages, PACKAGE_KIND_INFO } from "../../app/domain/package-kinds";
import { expect, test } from "./support/fixtures";
import {
  expectFlash,
  expectNoSeriousViolations,
  pressUntilAnnounced,
} from "./support/expectations";

// The paged admin lists (decisions 077 and 078): page links, drag within a page with
// global positions, and "Move to position…" across pages, with JavaScript on and (@nojs) off.
// The filler packages are drafts of the discovery kind, so the public lists other specs read
// do not change.

const KIND = "discovery";
const API = PACKAGE_KIND_INFO[KIND].api.base;
const LIST = PACKAGE_KIND_INFO[KIND].admin.listPath;
const unique = (title: string) => `${title} ${randomUUID().slice(0, 8)}`;

interface ApiPackage {
  id: string;
  title: string;
}

/** The kind's packages in admin order (a signed-in read lists drafts too). */
async function adminOrder(page: Page): Promise<ApiPackage[]> {
  const response = await page.request.get(API);
  expect(response.status()).toBe(200);
  return (await response.json()) as ApiPackage[];
}

async function create(page: Page, title: string): Promise<ApiPackage> {
  const response = await page.request.post(API, {
    data: { title, status: "draft", price: "R 1 000", duration: "3 days" },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as ApiPackage;
}

/** At least `count` packages of the kind: three pages' worth for these tests. */
async function ensurePackages(page: Page, count: number): Promise<ApiPackage[]> {
  const have = (await adminOrder(page)).length;
  for (let i = have; i < count; i += 6) {
    await Promise.all(
      Array.from({ length: Math.min(6, count - i) }, (_, j) =>
        create(page, unique(`Paging filler ${i + j}`)),
      ),
    );
  }
  return adminOrder(page);
}

const cardTitles = (page: Page) => page.locator(".admin-card h2").allInnerTexts();

/** Opens a card's "Move to position…", types the place and moves it. */
async function moveTo(page: Page, title: string, position: string) {
  const card = page.getByRole("article", { name: title });
  const input = card.getByLabel(/New position/);
  if (!(await input.isVisible())) await card.getByText(`Move to position… ${title}`).click();
  await input.fill(position);
  await card.getByRole("button", { name: `Move ${title}`, exact: true }).click();
}

test("@nojs the list pages with links and a count, and Move to position takes a card to another page", async ({
  adminPage: page,
}) => {
  test.setTimeout(90_000);
  const order = await ensurePackages(page, 2 * ADMIN_PAGE_SIZE + 5);
  const total = order.length;
  await page.goto(LIST);
  await expect(page.getByText(`Showing 1–24 of ${total} discovery packages`)).toBeVisible();
  expect(await cardTitles(page)).toEqual(order.slice(0, 24).map((p) => p.title));

  const pages = page.getByRole("navigation", { name: "Pages" });
  await pages.getByRole("link", { name: "Next page" }).click();
  await expect(page).toHaveURL(new RegExp(`${LIST}\\?page=2$`));
  await expect(page.getByText(`Showing 25–48 of ${total} discovery packages`)).toBeVisible();
  expect(await cardTitles(page)).toEqual(order.slice(24, 48).map((p) => p.title));
  await expect(pages.locator("[aria-current=page]")).toHaveText("Page 2");

  // The 30th package goes to the 3rd place, on page 1: the list follows it there.
  const mover = order[29]!;
  const card = page.getByRole("article", { name: mover.title });
  await expect(card.getByText(`30 of ${total}`)).toBeVisible();
  await moveTo(page, mover.title, "3");
  await expectFlash(page, kindMessages(KIND).reordered);
  await expect(page).toHaveURL(new RegExp(`${LIST}#card-${mover.id}$`));
  expect((await cardTitles(page))[2]).toBe(mover.title);
  await expect(
    page.getByRole("article", { name: mover.title }).getByText(`3 of ${total}`),
  ).toBeVisible();
  const after = (await adminOrder(page)).map((p) => p.id);
  const expected = order.map((p) => p.id).filter((id) => id !== mover.id);
  expected.splice(2, 0, mover.id);
  expect(after).toEqual(expected);
});

test("@nojs Move to position says so when the package was deleted meanwhile, and changes nothing", async ({
  adminPage: page,
}) => {
  const doomed = await create(page, unique("Deleted meanwhile"));
  await page.goto(LIST);
  const card = page.getByRole("article", { name: doomed.title });
  await card.getByText(`Move to position… ${doomed.title}`).click();
  await card.getByLabel(/New position/).fill("5");
  const before = (await adminOrder(page)).map((p) => p.id);
  expect((await page.request.delete(`${API}/${doomed.id}`)).status()).toBe(200);
  await card.getByRole("button", { name: `Move ${doomed.title}`, exact: true }).click();
  await expectFlash(page, "no longer exists (it may have been deleted)");
  expect((await adminOrder(page)).map((p) => p.id)).toEqual(
    before.filter((id) => id !== doomed.id),
  );
});

test("an open Move to position… and what is typed in it survive the switch to drag and drop", async ({
  adminPage: page,
  javaScriptEnabled,
}) => {
  test.skip(javaScriptEnabled === false, "the switch happens only with JavaScript");
  const pkg = await create(page, unique("Kept open"));
  // Drag and drop arrives only when the test lets its chunk through: the disclosure is opened
  // and typed in before the switch remounts the cards.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/sortable-grid-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(LIST);
  const card = page.getByRole("article", { name: pkg.title });
  await card.getByText(`Move to position… ${pkg.title}`).click();
  await card.getByLabel(/New position/).fill("4");
  await expect(page.getByRole("button", { name: /^Drag to reorder / })).toHaveCount(0);
  release();
  await expect(page.getByRole("button", { name: `Drag to reorder ${pkg.title}` })).toBeVisible();
  const after = page.getByRole("article", { name: pkg.title });
  await expect(after.getByLabel(/New position/)).toBeVisible();
  await expect(after.getByLabel(/New position/)).toHaveValue("4");
  expect((await page.request.delete(`${API}/${pkg.id}`)).status()).toBe(200);
});

test("dragging on page 2 saves the order in place; positions are global", async ({
  adminPage: page,
}) => {
  test.setTimeout(90_000);
  const order = await ensurePackages(page, 2 * ADMIN_PAGE_SIZE + 5);
  const total = order.length;
  const [first, second] = [order[24]!, order[25]!];
  await page.goto(`${LIST}?page=2`);
  expect((await cardTitles(page)).slice(0, 2)).toEqual([first.title, second.title]);
  await expect(page.getByText(/Dragging moves a card within its page/)).toBeVisible();

  const handle = page.getByRole("button", { name: `Drag to reorder ${second.title}` });
  await handle.focus();
  await page.keyboard.press("Space");
  const announcer = page.locator("[id^='DndLiveRegion']");
  await expect(handle).toHaveAttribute("aria-pressed", "true");
  await expect(announcer).toContainText(`${second.title} moved to position 26 of ${total}`);
  await pressUntilAnnounced(
    page,
    "ArrowLeft",
    announcer,
    `${second.title} moved to position 25 of ${total}`,
  );
  await page.keyboard.press("Space");
  await expect(
    page.locator("[data-sonner-toast]").filter({ hasText: kindMessages(KIND).reordered }),
  ).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${LIST}\\?page=2$`));
  await page.reload();
  expect((await cardTitles(page)).slice(0, 2)).toEqual([second.title, first.title]);
  const ids = order.map((p) => p.id);
  [ids[24], ids[25]] = [ids[25]!, ids[24]!];
  expect((await adminOrder(page)).map((p) => p.id)).toEqual(ids);
});

test("Move to position with JavaScript: across pages, focus lands on the moved card; axe is clean", async ({
  adminPage: page,
}) => {
  test.setTimeout(90_000);
  const order = await ensurePackages(page, 2 * ADMIN_PAGE_SIZE + 5);
  const total = order.length;
  const mover = order[1]!;
  await page.goto(LIST);
  await page
    .getByRole("article", { name: mover.title })
    .getByText(`Move to position… ${mover.title}`)
    .click();
  await expectNoSeriousViolations(page, `${LIST} with Move to position open`);
  await moveTo(page, mover.title, String(total - 1));
  await expect(
    page.locator("[data-sonner-toast]").filter({ hasText: kindMessages(KIND).reordered }),
  ).toBeVisible();
  const lastPage = Math.ceil(total / ADMIN_PAGE_SIZE);
  await expect(page).toHaveURL(new RegExp(`${LIST}\\?page=${lastPage}#card-${mover.id}$`));
  const heading = page.getByRole("heading", { name: mover.title });
  await expect(heading).toBeFocused();
  await expect(
    page.getByRole("article", { name: mover.title }).getByText(`${total - 1} of ${total}`),
  ).toBeVisible();
  // (Once the toast has gone: axe reads its fade-in as low contrast.)
  await page.reload();
  await expectNoSeriousViolations(page, `${LIST}?page=${lastPage}`);

  // The browser refuses a place past the end before it is sent; the server would say the same.
  await page.goto(`${LIST}?page=2`);
  const target = (await cardTitles(page))[0]!;
  const card = page.getByRole("article", { name: target });
  await card.getByText(`Move to position… ${target}`).click();
  const input = card.getByLabel(/New position/);
  await expect(input).toHaveAttribute("max", String(total));
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSeriousViolations(page, `${LIST}?page=2 at 390 px`);
});
