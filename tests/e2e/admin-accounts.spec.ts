import { randomUUID } from "node:crypto";
import { secretKey, totpCodeAt } from "../../app/server/auth/totp.server";
import { expect, test } from "./support/fixtures";
import { expectNoSeriousViolations } from "./support/expectations";
import { invitationPath } from "./support/mail";

// Admin accounts, end to end: an invitation accepted in a second browser, two-factor enrolment
// with a code computed from the secret on the page, sign-in with a recovery code, removal; axe on
// each new screen. The e2e server sends mail to the suite's own SMTP server, where the invitation link is read.
const PASSWORD = "an invited admin's passphrase";

test("invite → accept in a second browser → enrol two-factor → sign in with a recovery code → remove", async ({
  adminPage: page,
  browser,
  javaScriptEnabled,
}) => {
  test.skip(javaScriptEnabled === false, "the JS-off forms are covered by the integration tests");
  test.setTimeout(120_000);
  const email = `invitee-${randomUUID().slice(0, 8)}@example.com`;

  await page.goto("/admin/team");
  await expectNoSeriousViolations(page, "/admin/team");
  await page.getByLabel("E-mail address").fill(email);
  await page.getByRole("button", { name: "Invite", exact: true }).click();
  const link = await invitationPath(email);
  await expectNoSeriousViolations(page, "/admin/team after inviting");

  const other = await browser.newContext();
  const invitee = await other.newPage();
  try {
    await invitee.goto(link, {
      waitUntil: "networkidle",
    });
    await expectNoSeriousViolations(invitee, "/admin/accept-invite");
    await invitee.getByLabel(/^Your name/).fill("Ana Invitee");
    await invitee.getByLabel(/^Password/).fill(PASSWORD);
    await invitee.getByLabel("Confirm password").fill(PASSWORD);
    await invitee.getByRole("button", { name: "Set password and sign in" }).click();
    await expect(invitee).toHaveURL(/\/admin\/dashboard$/);

    await invitee.goto("/admin/settings", { waitUntil: "networkidle" });
    await expectNoSeriousViolations(invitee, "/admin/settings");
    await invitee.getByRole("button", { name: "Enable two-factor authentication" }).click();
    const secret = await invitee.locator(".totp-secret").innerText();
    await expect(invitee.getByRole("img", { name: /QR code/ })).toBeVisible();
    await expectNoSeriousViolations(invitee, "/admin/settings while enrolling");
    await invitee
      .getByLabel("Code from your authenticator app")
      .fill(totpCodeAt(secretKey(secret), Date.now()));
    await invitee.getByRole("button", { name: "Turn on two-factor authentication" }).click();
    const codes = invitee.getByRole("list", { name: "Recovery codes" }).getByRole("listitem");
    await expect(codes).toHaveCount(10);
    const recovery = await codes.first().innerText();
    await expectNoSeriousViolations(invitee, "/admin/settings with recovery codes");

    await invitee.getByRole("button", { name: "Sign Out" }).click();
    await expect(invitee).toHaveURL(/\/admin$/);
    await invitee.getByLabel("Email").fill(email);
    await invitee.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await invitee.getByRole("button", { name: "Sign In" }).click();
    await expect(invitee).toHaveURL(/\/admin\/two-factor$/);
    // The sign-in script loads the code step as a new document: wait for it before axe.
    await expect(invitee.getByLabel("Authentication code")).toBeVisible();
    await expect(invitee).toHaveTitle(/Two-factor sign-in/);
    await expectNoSeriousViolations(invitee, "/admin/two-factor");
    await invitee.getByLabel("Authentication code").fill(recovery);
    await invitee.getByRole("button", { name: "Verify" }).click();
    await expect(invitee).toHaveURL(/\/admin\/dashboard$/);
  } finally {
    await other.close();
  }

  await page.goto("/admin/team");
  await expect(page.getByRole("row", { name: new RegExp(`Ana Invitee ${email}`) })).toBeVisible();
  await page.getByRole("link", { name: `Remove ${email}` }).click();
  const dialog = page.getByRole("alertdialog", { name: "Remove admin" });
  await expect(dialog).toBeVisible();
  await expectNoSeriousViolations(page, "/admin/team?remove=");
  await dialog.getByRole("button", { name: "Remove" }).click();
  await expect(page.getByRole("cell", { name: email })).toHaveCount(0);
});

test("@nojs invite, accept, enrol two-factor and sign in with a code, all without JavaScript", async ({
  adminPage: page,
  browser,
  javaScriptEnabled,
}) => {
  test.skip(javaScriptEnabled !== false, "the no-js project runs this");
  test.setTimeout(120_000);
  const email = `nojs-${randomUUID().slice(0, 8)}@example.com`;
  await page.goto("/admin/team");
  await page.getByLabel("E-mail address").fill(email);
  await page.getByRole("button", { name: "Invite", exact: true }).click();
  const link = await invitationPath(email);

  const other = await browser.newContext({ javaScriptEnabled: false });
  const invitee = await other.newPage();
  try {
    await invitee.goto(link);
    await invitee.getByLabel(/^Your name/).fill("Sipho Nojs");
    await invitee.getByLabel(/^Password/).fill(PASSWORD);
    await invitee.getByLabel("Confirm password").fill(PASSWORD);
    await invitee.getByRole("button", { name: "Set password and sign in" }).click();
    await expect(invitee).toHaveURL(/\/admin\/dashboard$/);

    await invitee.goto("/admin/settings");
    await invitee.getByRole("button", { name: "Enable two-factor authentication" }).click();
    const secret = await invitee.locator(".totp-secret").innerText();
    await invitee
      .getByLabel("Code from your authenticator app")
      .fill(totpCodeAt(secretKey(secret), Date.now()));
    await invitee.getByRole("button", { name: "Turn on two-factor authentication" }).click();
    await expect(
      invitee.getByRole("list", { name: "Recovery codes" }).getByRole("listitem"),
    ).toHaveCount(10);

    await invitee.getByRole("button", { name: "Sign Out" }).click();
    await expect(invitee).toHaveURL(/\/admin$/);
    await invitee.getByLabel("Email").fill(email);
    await invitee.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await invitee.getByRole("button", { name: "Sign In" }).click();
    await expect(invitee).toHaveURL(/\/admin\/two-factor$/);
    // The step after the one used to enrol: a code works once.
    await invitee
      .getByLabel("Authentication code")
      .fill(totpCodeAt(secretKey(secret), Date.now() + 30_000));
    await invitee.getByRole("button", { name: "Verify" }).click();
    await expect(invitee).toHaveURL(/\/admin\/dashboard$/);
    await expect(invitee.getByRole("complementary").getByText(email)).toBeVisible();
    // Invited as an Editor (the form's default role), who does not manage the team (decision
    // 125): the inviter sees the new admin on the team screen.
    await page.goto("/admin/team");
    await expect(page.getByRole("row", { name: new RegExp(`Sipho Nojs ${email}`) })).toBeVisible();
  } finally {
    await other.close();
  }
});

test("axe finds no serious or critical violations on the sign-in help screens", async ({
  page,
}) => {
  for (const path of [
    "/admin/forgot-password",
    "/admin/reset-password?token=not-a-token",
    "/admin/accept-invite?token=not-a-token",
    "/admin/verify-email?token=not-a-token",
  ]) {
    await page.goto(path);
    await expectNoSeriousViolations(page, path);
  }
  await page.goto("/admin/forgot-password");
  await page.getByLabel("Email").fill("nobody@example.com");
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "If an account uses that address" }),
  ).toBeVisible();
  await expectNoSeriousViolations(page, "/admin/forgot-password after asking");
});
