import { expect, test } from "./support/fixtures";
import { violations } from "./support/expectations";

// The back office's bookings inbox in a browser: the navigation, the filters and accessibility,
// with JavaScript and without. (Bookings themselves are made and changed in the HTTP suites.)

for (const mode of ["JS", "no JS @nojs"]) {
  test(`bookings inbox: navigation, filters and an unknown booking (${mode})`, async ({
    adminPage: page,
  }) => {
    await page.goto("/admin/enquiries");
    const nav = page.getByRole("navigation", { name: "Admin" });
    await nav.getByRole("link", { name: "Bookings" }).click();
    await expect(page).toHaveURL(/\/admin\/bookings$/);
    await expect(page.getByRole("heading", { name: "Bookings", level: 1 })).toBeVisible();
    // Axe once, with JavaScript (it is slow on a page without it).
    if (mode === "JS") expect(await violations(page)).toEqual([]);

    await page.getByLabel("Search").fill("WLX-ABCDEF");
    await page.getByLabel("Status").selectOption("confirmed");
    await page.getByLabel("Departing from").fill("2031-06-01");
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(
      /q=WLX-ABCDEF&status=confirmed&package=&departure=&from=2031-06-01/,
    );
    await expect(page.getByText("No bookings match these filters.")).toBeVisible();
    await expect(page.getByRole("link", { name: /Export CSV/ })).toHaveAttribute(
      "href",
      "/admin/bookings/export?q=WLX-ABCDEF&status=confirmed&from=2031-06-01",
    );

    const missing = await page.goto("/admin/bookings/WLX-ABCDEF");
    expect(missing?.status()).toBe(404);
  });
}
