import { randomUUID } from "node:crypto";
import { expect, test } from "./support/fixtures";
import { expectFlash, expectNoSeriousViolations } from "./support/expectations";

// Bulk Publish and Delete on a package list, with JavaScript (a dialog asks once) and
// without (checkboxes in a plain form; the server answers Delete with the confirmation step).

test("@nojs select cards, publish them together, then delete them after one confirmation", async ({
  adminPage: page,
}) => {
  const tag = `Bulk ${randomUUID().slice(0, 8)}`;
  const titles = [`${tag} Karoo`, `${tag} Kruger`];
  for (const title of titles) {
    const made = await page.request.post("/api/local", {
      data: { title, price: "R 1 200", status: "draft" },
    });
    expect(made.status()).toBe(201);
  }
  const list = `/admin/local?q=${encodeURIComponent(tag)}`;
  await page.goto(list);
  for (const title of titles) await page.getByLabel(`Select ${title}`).check();
  await expectNoSeriousViolations(page, "list with a selection");
  await page.getByRole("button", { name: "Publish selected", exact: true }).click();
  await expectFlash(page, "2 local packages published");
  await expect(
    page.locator("article.admin-card").getByText("Published", { exact: true }),
  ).toHaveCount(2);

  await page.getByRole("link", { name: "Select all on this page" }).click();
  for (const title of titles) await expect(page.getByLabel(`Select ${title}`)).toBeChecked();
  await page.getByRole("button", { name: "Delete selected" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Delete 2 local packages?" });
  await expect(dialog).toBeVisible();
  for (const title of titles) await expect(dialog.getByText(title)).toBeVisible();
  await expectNoSeriousViolations(page, "bulk delete confirmation");
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expectFlash(page, "2 local packages deleted");
  await expect(page.getByText("No local trips found")).toBeVisible();
});
