import { expect, test } from "./support/fixtures";
import { expectNoSeriousViolations } from "./support/expectations";

// /admin/activity lists the admin's own sign-in and filters through a GET form, with
// and without JavaScript; axe finds nothing serious on it.

test("@nojs the activity log shows sign-ins and filters by kind and date", async ({
  adminPage: page,
}) => {
  await page.goto("/admin/activity");
  await expect(page.getByRole("heading", { level: 1, name: "Activity" })).toBeVisible();
  const table = page.getByRole("table", { name: "Activity, newest first" });
  await expect(table.getByRole("cell", { name: "Signed in" }).first()).toBeVisible();
  await expectNoSeriousViolations(page, "/admin/activity");

  await page.getByLabel("Kind of event").selectOption("auth.sign_in");
  await page.getByLabel("From").fill("2020-01-01");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/type=auth\.sign_in/);
  await expect(page).toHaveURL(/from=2020-01-01/);
  await expect(page.getByRole("status").filter({ hasText: /entr(y|ies) match/ })).toBeVisible();
  await expect(table.getByRole("cell", { name: "Signed in" }).first()).toBeVisible();

  await page.getByLabel("From").fill("2099-01-01");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page.getByText("No activity matches these filters.")).toBeVisible();
  await page.getByRole("link", { name: "Clear filters" }).click();
  await expect(page).toHaveURL(/\/admin\/activity$/);
});
