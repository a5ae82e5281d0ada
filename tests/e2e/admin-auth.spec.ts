import { type Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { E2E_ADMIN } from "../../playwright.config";

async function fillLogin(page: Page, email: string, password: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
}

test.describe("admin sign-in with JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "JS-only behaviour");

  test("toggles the password, signs in with a toast, and signs out from the sidebar", async ({
    page,
  }) => {
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.goto("/admin");
    const password = page.getByLabel("Password", { exact: true });
    await fillLogin(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await expect(password).toHaveAttribute("type", "password");
    const toggle = page.getByRole("button", { name: "Show password" });
    await toggle.click();
    await expect(password).toHaveAttribute("type", "text");
    await expect(page.getByRole("button", { name: "Hide password" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await page.getByRole("button", { name: "Hide password" }).click();
    await expect(password).toHaveAttribute("type", "password");

    // Hold the sign-in request to see the pending label.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/admin/login", async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByRole("button", { name: "Signing In..." })).toBeDisabled();
    release();

    await expect(page.getByText("Successfully logged in!")).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByRole("heading", { level: 1, name: "Manage Packages" })).toBeVisible();
    const sidebar = page.getByRole("complementary");
    await expect(sidebar.getByText(E2E_ADMIN.email)).toBeVisible();
    for (const name of [
      "Packages",
      "Discovery",
      "Exclusive",
      "Local Trips",
      "Travel Moments",
      "Settings",
    ]) {
      await expect(sidebar.getByRole("link", { name, exact: true })).toBeVisible();
    }

    await sidebar.getByRole("link", { name: "Settings" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();

    await sidebar.getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
    await page.goto("/admin/dashboard");
    await expect(page).toHaveURL(/\/admin$/);
    // Hydration, toasts and navigation all ran under the nonce-based CSP.
    expect(violations).toEqual([]);
  });

  test("shows the server's error, and 'Login failed. Please try again.' when the network fails", async ({
    page,
  }) => {
    await page.goto("/admin");
    await fillLogin(page, E2E_ADMIN.email, "definitely not the password");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByText("Invalid credentials")).toBeVisible();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByLabel("Password", { exact: true })).toBeFocused();

    await page.route("**/api/admin/login", (route) => route.abort("internetdisconnected"));
    await fillLogin(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByText("Login failed. Please try again.")).toBeVisible();
    await expect(page).toHaveURL(/\/admin$/);
  });
});

test("signs in and out without JavaScript @nojs", async ({ page, javaScriptEnabled }) => {
  test.skip(javaScriptEnabled, "the no-js project runs this");
  await page.goto("/admin/settings");
  await expect(page).toHaveURL(/\/admin$/);
  // No toggle without JavaScript: the field is a plain password field.
  await expect(page.getByRole("button", { name: /password/i })).toHaveCount(0);

  await fillLogin(page, E2E_ADMIN.email, "wrong password, no js");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("alert")).toHaveText("Invalid credentials");

  await fillLogin(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(
    page.getByRole("status").filter({ hasText: "Successfully logged in!" }),
  ).toBeVisible();
  await expect(page.getByRole("complementary").getByText(E2E_ADMIN.email)).toBeVisible();

  await page.getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(
    page.getByRole("status").filter({ hasText: "You have been signed out." }),
  ).toBeVisible();
  await page.goto("/admin/dashboard");
  await expect(page).toHaveURL(/\/admin$/);
});
