import { expect, test } from "./support/fixtures";
import { inviteAndAccept } from "./support/team";
import { expectNoSeriousViolations } from "./support/expectations";

// Roles (decision 125), end to end: the Owner invites a Sales user and an Editor from the team
// screen; each accepts in a browser of their own and sees only what the role allows.
test("a Sales user sees bookings but no content controls; an Editor cannot reach the team", async ({
  adminPage: page,
  browser,
}) => {
  test.setTimeout(120_000);
  await page.goto("/admin/team");
  await expect(page.getByRole("columnheader", { name: "Role" })).toBeVisible();
  await expectNoSeriousViolations(page, "/admin/team with roles");

  const sales = await inviteAndAccept(page, browser, "Sales");
  try {
    const nav = sales.invitee.getByRole("navigation", { name: "Admin" });
    await expect(nav.getByRole("link", { name: "Bookings" })).toBeAttached();
    await expect(nav.getByRole("link", { name: "Team" })).toHaveCount(0);
    await expect(sales.invitee.getByRole("link", { name: /^Edit/ })).toHaveCount(0);
    await expect(sales.invitee.getByRole("button", { name: /^(Publish|Unpublish)/ })).toHaveCount(
      0,
    );
    await expect(sales.invitee.getByRole("link", { name: /^Delete/ })).toHaveCount(0);
    await sales.invitee.goto("/admin/bookings");
    await expect(sales.invitee.getByRole("heading", { level: 1 })).toContainText("Bookings");
  } finally {
    await sales.close();
  }

  const editor = await inviteAndAccept(page, browser, "Editor");
  try {
    const nav = editor.invitee.getByRole("navigation", { name: "Admin" });
    await expect(nav.getByRole("link", { name: "Team" })).toHaveCount(0);
    const response = await editor.invitee.goto("/admin/team");
    expect(response?.status()).toBe(403);
    // The reason is in the answer (roles-http.test.ts); the site-wide error page stays as it is,
    // so the home page's JS budget is not spent on it.
    await expect(editor.invitee.getByRole("heading", { level: 1 })).toHaveText("403");
  } finally {
    await editor.close();
  }
});
