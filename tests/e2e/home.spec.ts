import { expect, test } from "./support/fixtures";

test("home page renders on the server with seeded trips @nojs", async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(
    page.getByRole("heading", { level: 1, name: /Discover Hidden Corners of the World/ }),
  ).toBeVisible();
  await expect(page.getByRole("heading", { name: "Upcoming Trips" })).toBeVisible();
});
