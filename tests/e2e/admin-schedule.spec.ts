import { randomUUID } from "node:crypto";
import { expect, test } from "./support/fixtures";
import { expectNoSeriousViolations } from "./support/expectations";

// Publish at / Unpublish at on the package forms, with JavaScript on and (for @nojs
// titles) off; the list card's Scheduled line; axe on the changed forms.

const unique = (title: string) => `${title} ${randomUUID().slice(0, 8)}`;

test("@nojs schedule a draft to publish, and see the Scheduled line on its list card", async ({
  adminPage: page,
}) => {
  const title = unique("Okavango Flood");
  await page.goto("/admin/new-discovery");
  await expect(page.getByRole("heading", { name: "Schedule" })).toBeVisible();
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Publish at", { exact: true }).fill("2030-03-01T08:00");
  await page.getByLabel("Unpublish at").fill("2030-03-31T23:59");
  await page.getByRole("button", { name: "Save Draft" }).click();
  await expect(page).toHaveURL(/\/admin\/discovery$/);

  await page.goto(`/admin/discovery?q=${encodeURIComponent(title)}`);
  const card = page.getByRole("article", { name: title });
  await expect(card.getByText("Draft", { exact: true })).toBeVisible();
  await expect(card).toContainText(
    "Scheduled: publishes 1 Mar 2030 08:00, then unpublishes 31 Mar 2030 23:59",
  );

  // The edit form shows the times as they were typed (company time).
  await card.getByRole("link", { name: /^Edit/ }).click();
  await expect(page.getByLabel("Publish at", { exact: true })).toHaveValue("2030-03-01T08:00");
  await expect(page.getByLabel("Unpublish at")).toHaveValue("2030-03-31T23:59");

  // Publishing by hand clears the pending Publish at; the Unpublish at stays.
  await page.goto(`/admin/discovery?q=${encodeURIComponent(title)}`);
  await card.getByRole("button", { name: /^Publish/ }).click();
  await expect(page.getByRole("article", { name: title })).toContainText(
    "Scheduled: unpublishes 31 Mar 2030 23:59",
  );
});

test("@nojs nonsense is refused by the field and nothing is saved", async ({ adminPage: page }) => {
  const title = unique("Past Date");
  await page.goto("/admin/new-package");
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Publish at", { exact: true }).fill("2020-01-01T08:00");
  await page.getByRole("button", { name: "Save Draft" }).click();
  await expect(page.getByText("Publish at must be in the future")).toBeVisible();
  await expect(page.getByLabel("Publish at", { exact: true })).toHaveAttribute(
    "aria-invalid",
    "true",
  );
  await expect(page.getByLabel("Title")).toHaveValue(title);
  await expectNoSeriousViolations(page, "full form with a schedule error");

  const list = await page.request.get("/api/trips");
  const titles = ((await list.json()) as { title: string }[]).map((p) => p.title);
  expect(titles).not.toContain(title);
});

test("@nojs the exclusive form schedules too, with its Status select", async ({
  adminPage: page,
}) => {
  const title = unique("Private Island");
  await page.goto("/admin/new-exclusive");
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Price").fill("R 99 000");
  await page.getByLabel("Status").selectOption("published");
  await page.getByLabel("Publish at", { exact: true }).fill("2030-03-01T08:00");
  await page.getByRole("button", { name: "Create Exclusive Package" }).click();
  await expect(page.getByText("This package is already published: clear Publish at")).toBeVisible();
  await expectNoSeriousViolations(page, "exclusive form with a schedule error");

  await page.getByLabel("Status").selectOption("draft");
  await page.getByRole("button", { name: "Create Exclusive Package" }).click();
  await expect(page).toHaveURL(/\/admin\/exclusive$/);
  await page.goto(`/admin/exclusive?q=${encodeURIComponent(title)}`);
  await expect(page.getByRole("article", { name: title })).toContainText(
    "Scheduled: publishes 1 Mar 2030 08:00",
  );
});

test("axe: the package forms with their Schedule section", async ({ adminPage: page }) => {
  for (const path of ["/admin/new-package", "/admin/new-exclusive"]) {
    await page.goto(path);
    await expect(page.getByLabel("Publish at", { exact: true })).toBeVisible();
    await expectNoSeriousViolations(page, path);
  }
});
