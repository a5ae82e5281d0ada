import { randomUUID } from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import { expect } from "./fixtures";
import { invitationPath } from "./mail";

const PASSWORD = "an invited admin's passphrase";

/**
 * The signed-in Owner on `page` invites a new address with `role` from the team screen; the
 * invitee accepts in a browser of their own and lands on the dashboard. Close it when done.
 */
export async function inviteAndAccept(
  page: Page,
  browser: Browser,
  role: "Owner" | "Admin" | "Editor" | "Contributor" | "Sales",
): Promise<{ invitee: Page; close: () => Promise<void> }> {
  const email = `${role.toLowerCase()}-${randomUUID().slice(0, 8)}@example.com`;
  await page.goto("/admin/team");
  await page.getByLabel("E-mail address").fill(email);
  await page.getByLabel("Role", { exact: true }).selectOption({ label: role });
  await page.getByRole("button", { name: "Invite", exact: true }).click();
  await expect(page.getByRole("row", { name: new RegExp(`${email} ${role}`) })).toBeVisible();
  const link = await invitationPath(email);
  const context = await browser.newContext();
  const invitee = await context.newPage();
  await invitee.goto(link);
  await invitee.getByLabel(/^Password/).fill(PASSWORD);
  await invitee.getByLabel("Confirm password").fill(PASSWORD);
  await invitee.getByRole("button", { name: "Set password and sign in" }).click();
  await expect(invitee).toHaveURL(/\/admin\/dashboard$/);
  return { invitee, close: () => context.close() };
}
