import { randomUUID } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { expectFlash, expectNoSeriousViolations } from "./support/expectations";

// The admin package forms, with JavaScript on and (for @nojs titles) off. Every test makes its own
// packages with unique titles: the e2e database is shared by all specs.

const unique = (title: string) => `${title} ${randomUUID().slice(0, 8)}`;

interface ApiPackage {
  id: string;
  title: string;
  slug: string;
  status: string;
  price: string;
  duration: string;
  highlights: string[];
  itinerary: { day: string; activity: string; accommodation: string }[];
}

/** Admin API reads include drafts. */
async function findByTitle(page: Page, base: string, title: string): Promise<ApiPackage> {
  const response = await page.request.get(base);
  expect(response.status()).toBe(200);
  const found = ((await response.json()) as ApiPackage[]).find((p) => p.title === title);
  expect(found, `${title} in ${base}`).toBeDefined();
  return found!;
}

async function createViaApi(page: Page, base: string, body: Record<string, unknown>) {
  const response = await page.request.post(base, { data: body });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as ApiPackage;
}

const publicStatus = async (request: APIRequestContext, path: string) =>
  (await request.get(path, { maxRedirects: 0 })).status();

test("@nojs create a draft, edit it, publish from the form, see it on the public site", async ({
  adminPage: page,
  request,
}) => {
  const title = unique("Azores Whales");
  await page.goto("/admin/new-package");
  await expect(page.getByRole("heading", { level: 1, name: "New Package" })).toBeVisible();
  await expect(page.getByText("Draft", { exact: true })).toBeVisible();
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Price").fill("$2,100");
  await page.getByLabel("Highlight 1").fill("Sperm whales off Pico");
  await page.getByRole("button", { name: "Save Draft" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expectFlash(page, "Package created successfully");

  const draft = await findByTitle(page, "/api/trips", title);
  expect(draft).toMatchObject({ status: "draft", price: "$2,100" });
  expect(draft.highlights).toEqual(["Sperm whales off Pico"]);
  expect(await publicStatus(request, `/package/${draft.id}`)).toBe(404);

  await page.goto(`/admin/edit-package/${draft.id}`);
  await expect(page.getByRole("heading", { level: 1, name: "Edit Package" })).toBeVisible();
  await expect(page.getByLabel("Title")).toHaveValue(title);
  await expect(page.getByLabel("URL Slug")).toHaveValue(draft.slug);
  await page.getByLabel("Duration").fill("5 days");
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expectFlash(page, "Package updated successfully");

  const published = await findByTitle(page, "/api/trips", title);
  expect(published).toMatchObject({ status: "published", duration: "5 days", slug: draft.slug });
  const detail = await request.get(`/package/${draft.id}`);
  expect(detail.status()).toBe(200);
  expect(await detail.text()).toContain(title);
});

test("@nojs the list editors add and remove rows and keep one row", async ({ adminPage: page }) => {
  const title = unique("Karoo Stars");
  await page.goto("/admin/new-local");
  const highlights = page.getByRole("region", { name: "Package Highlights" });
  await expect(highlights.getByRole("textbox")).toHaveCount(1);
  await expect(highlights.getByRole("button", { name: /Remove/ })).toHaveCount(0);

  await page.getByLabel("Title").fill(title);
  await highlights.getByLabel("Highlight 1").fill("first");
  await highlights.getByRole("button", { name: "Add Highlight" }).click();
  await expect(highlights.getByRole("textbox")).toHaveCount(2);
  await expect(highlights.getByLabel("Highlight 2")).toBeFocused();
  await expect(highlights.getByRole("button", { name: /Remove/ })).toHaveCount(2);
  // Values typed before the add are kept (without JavaScript the server rendered them back).
  await expect(page.getByLabel("Title")).toHaveValue(title);
  await expect(highlights.getByLabel("Highlight 1")).toHaveValue("first");
  await highlights.getByLabel("Highlight 2").fill("second");
  await highlights.getByRole("button", { name: "Remove highlight 1" }).click();
  await expect(highlights.getByRole("textbox")).toHaveCount(1);
  await expect(highlights.getByLabel("Highlight 1")).toHaveValue("second");
  await expect(highlights.getByRole("button", { name: /Remove/ })).toHaveCount(0);

  const itinerary = page.getByRole("region", { name: "Itinerary" });
  await itinerary.getByLabel("Day Name").fill("Arrival");
  await itinerary.getByRole("button", { name: "Add Day" }).click();
  await expect(itinerary.getByRole("group", { name: "Day 2" })).toBeVisible();
  await itinerary.getByRole("group", { name: "Day 2" }).getByLabel("Activities").fill("Stargazing");
  await page.getByRole("button", { name: "Save Draft" }).click();
  await expect(page).toHaveURL(/\/admin\/local$/);
  await expectFlash(page, "Local package created successfully");

  const saved = await findByTitle(page, "/api/local", title);
  expect(saved.highlights).toEqual(["second"]);
  expect(saved.itinerary).toEqual([
    { day: "Arrival", activity: "", accommodation: "" },
    { day: "", activity: "Stargazing", accommodation: "" },
  ]);
});

test("@nojs validation texts: 'Please enter a title' and the exclusive 'Please fill in all required fields'", async ({
  adminPage: page,
}) => {
  await page.goto("/admin/new-discovery");
  await page.getByLabel("Price").fill("$450 kept");
  await page.getByRole("button", { name: "Save Draft" }).click();
  const title = page.getByLabel("Title");
  await expect(page.getByText("Please enter a title")).toBeVisible();
  await expect(title).toBeFocused();
  await expect(title).toHaveAttribute("aria-invalid", "true");
  await expect(title).toHaveAccessibleDescription("Please enter a title");
  await expect(page.getByLabel("Price")).toHaveValue("$450 kept");
  await expect(page).toHaveURL(/\/admin\/new-discovery$/);

  await page.goto("/admin/new-exclusive");
  await expect(page.getByLabel("Status")).toHaveValue("draft");
  await page.getByLabel("Title").fill(unique("Seychelles"));
  await page.getByRole("button", { name: "Create Exclusive Package" }).click();
  const alert = page.getByRole("alert").filter({ hasText: "Please fill in all required fields" });
  await expect(alert).toContainText("Error");
  await expect(page.getByLabel("Price")).toBeFocused();
  await expect(page.getByLabel("Price")).toHaveAccessibleDescription(
    "Please fill in all required fields",
  );
});

test("@nojs the exclusive form creates with the Status select and goes to its list", async ({
  adminPage: page,
}) => {
  const title = unique("Bora Bora Villas");
  await page.goto("/admin/new-exclusive");
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Price").fill("$12,000");
  await page.getByLabel("Status").selectOption("published");
  await page.getByRole("button", { name: "Create Exclusive Package" }).click();
  await expect(page).toHaveURL(/\/admin\/exclusive$/);
  await expectFlash(page, "Exclusive package created successfully");
  const saved = await findByTitle(page, "/api/exclusive-packages", title);
  expect(saved.status).toBe("published");
  await page.goto(`/admin/edit-exclusive/${saved.id}`);
  await expect(page.getByLabel("Status")).toHaveValue("published");
  await expect(page.getByRole("button", { name: "Save Exclusive Package" })).toBeVisible();
});

test("@nojs a slug another package uses gets a message on the field and nothing is saved", async ({
  adminPage: page,
}) => {
  const taken = await createViaApi(page, "/api/local", { title: unique("Slug Owner") });
  const title = unique("Slug Thief");
  await page.goto("/admin/new-local");
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("URL Slug").fill(taken.slug);
  await page.getByRole("button", { name: "Save Draft" }).click();
  const slug = page.getByLabel("URL Slug");
  await expect(slug).toBeFocused();
  await expect(slug).toHaveAttribute("aria-invalid", "true");
  await expect(slug).toHaveAccessibleDescription(
    new RegExp(`The URL slug "${taken.slug}" is already used by another local package`),
  );
  await expect(page.getByLabel("Title")).toHaveValue(title);
  const list = (await (await page.request.get("/api/local")).json()) as ApiPackage[];
  expect(list.some((p) => p.title === title)).toBe(false);
});

test("@nojs Enter in a text field saves, keeping the status", async ({ adminPage: page }) => {
  const title = unique("Enter Key Escape");
  await page.goto("/admin/new-package");
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Duration").fill("3 days");
  await page.getByLabel("Duration").press("Enter");
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  const saved = await findByTitle(page, "/api/trips", title);
  expect(saved).toMatchObject({ status: "draft", duration: "3 days" });
});

test("@nojs a stale edit is refused with a clear message, keeping the admin's input", async ({
  adminPage: page,
}) => {
  const created = await createViaApi(page, "/api/discovery", {
    title: unique("Stale Gem"),
    price: "$300",
  });
  await page.goto(`/admin/edit-discovery/${created.id}`);
  // Someone else saves first.
  const other = await page.request.put(`/api/discovery/${created.id}`, {
    data: { title: created.title, price: "$999 theirs" },
  });
  expect(other.status()).toBe(200);
  await page.getByLabel("Price").fill("$350 mine");
  await page.getByRole("button", { name: "Save Draft" }).click();
  await expect(page.getByRole("alert").first()).toContainText(
    "This package was changed by someone else",
  );
  await expect(page.getByLabel("Price")).toHaveValue("$350 mine");
  await expect(page.getByRole("link", { name: "Open the latest version" })).toHaveAttribute(
    "href",
    `/admin/edit-discovery/${created.id}`,
  );
  expect((await findByTitle(page, "/api/discovery", created.title)).price).toBe("$999 theirs");
});

test("@nojs an unknown or other kind's id answers 404", async ({ adminPage: page }) => {
  const local = await createViaApi(page, "/api/local", { title: unique("Wrong Kind") });
  for (const path of [`/admin/edit-package/${randomUUID()}`, `/admin/edit-package/${local.id}`]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
  }
});

test("@nojs the Deposit section sets the package's own rule; a bad amount is refused on its field", async ({
  adminPage: page,
}) => {
  const created = await createViaApi(page, "/api/trips", {
    title: unique("Deposit Rule"),
    price: "From R 24 500",
    departures: [{ start_date: "2031-06-14", seats_total: 10, price_amount: 2_450_000 }],
  });
  await page.goto(`/admin/edit-package/${created.id}`);
  const section = page.getByRole("region", { name: "Deposit" });
  await expect(section.getByLabel(/^Company default \(/)).toBeChecked();
  await expect(section).toContainText("it applies when online payments are on");
  await section.getByLabel("An amount per traveller").check();
  const amount = section.getByLabel("Amount per traveller (ZAR)");
  await amount.fill("12.345");
  await page.getByRole("button", { name: "Save Draft" }).click();
  // Refused in the browser with JavaScript, by the server without: the same message either way.
  await expect(amount).toHaveAttribute("aria-invalid", "true");
  await expect(amount).toHaveAccessibleDescription(
    /Enter an amount per traveller in ZAR, above zero/,
  );
  await expect(page).toHaveURL(new RegExp(`/admin/edit-package/${created.id}$`));
  const unchanged = (await (await page.request.get(`/api/trips/${created.id}`)).json()) as {
    deposit: unknown;
  };
  expect(unchanged.deposit).toBeNull();

  await section.getByLabel("An amount per traveller").check();
  await amount.fill("2 500");
  await page.getByRole("button", { name: "Save Draft" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expectFlash(page, "Package updated successfully");
  const saved = (await (await page.request.get(`/api/trips/${created.id}`)).json()) as {
    deposit: unknown;
  };
  expect(saved.deposit).toEqual({ type: "per_traveller", value: 250_000 });

  await page.goto(`/admin/edit-package/${created.id}`);
  await expect(section.getByLabel("An amount per traveller")).toBeChecked();
  await expect(amount).toHaveValue("2500");
});

test.describe("with JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "JS-only behaviour");

  test("leaving a form with unsaved changes asks first", async ({ adminPage: page }) => {
    await page.goto("/admin/new-discovery");
    await page.getByLabel("Title").fill("Unsaved title");
    const messages: string[] = [];
    page.once("dialog", async (dialog) => {
      messages.push(dialog.message());
      await dialog.dismiss();
    });
    await page.getByRole("link", { name: "Cancel" }).click();
    await expect
      .poll(() => messages)
      .toEqual(["You have unsaved changes. Leave this page and lose them?"]);
    await expect(page).toHaveURL(/\/admin\/new-discovery$/);
    await expect(page.getByLabel("Title")).toHaveValue("Unsaved title");

    page.once("dialog", (dialog) => dialog.accept());
    await page.getByRole("link", { name: "Cancel" }).click();
    await expect(page).toHaveURL(/\/admin\/discovery$/);
  });

  test("closing or reloading a changed form asks the browser's leave prompt", async ({
    adminPage: page,
  }) => {
    await page.goto("/admin/new-package");
    // The prompt is installed by the hydrated form: on a busy machine hydration can lag the load.
    await page.waitForLoadState("networkidle");
    await page.getByLabel("Duration").fill("4 days");
    await page.waitForLoadState("networkidle");
    const asked = new Promise<string>((resolve) =>
      page.once("dialog", async (dialog) => {
        resolve(dialog.type());
        // Leave: the page then closes for real, so the context's teardown has nothing pending.
        await dialog.accept();
      }),
    );
    await page.close({ runBeforeUnload: true });
    expect(await asked).toBe("beforeunload");
    await expect.poll(() => page.isClosed()).toBe(true);
  });

  test("a save the browser submits itself (clicked while the page hydrates) is not asked about", async ({
    adminPage: page,
  }) => {
    // A click during hydration reaches no React handler and the browser posts the form itself,
    // after hydration may have marked it dirty. Stopping the event at the form gives the same
    // path on a hydrated page: the save must leave, not be stopped by the leave prompt.
    const title = unique("Hydration Race");
    await page.goto("/admin/new-package");
    await page.waitForLoadState("networkidle");
    await page.getByLabel("Title").fill(title);
    await page.getByLabel("Price").fill("$990");
    await page.getByLabel("Highlight 1").fill("Fynbos in flower");
    await page.evaluate(() => {
      const form = document.querySelector("form.package-form");
      form?.addEventListener("submit", (event) => event.stopImmediatePropagation());
    });
    const dialogs: string[] = [];
    page.on("dialog", async (dialog) => {
      dialogs.push(dialog.type());
      await dialog.dismiss();
    });
    await page.getByRole("button", { name: "Save Draft" }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    expect(dialogs).toEqual([]);
    await findByTitle(page, "/api/trips", title);
  });

  test("a clean form leaves without asking", async ({ adminPage: page }) => {
    let asked = false;
    page.on("dialog", async (dialog) => {
      asked = true;
      await dialog.dismiss();
    });
    await page.goto("/admin/new-local");
    await page.getByRole("link", { name: "Cancel" }).click();
    await expect(page).toHaveURL(/\/admin\/local$/);
    expect(asked).toBe(false);
  });

  test("validates in the browser on blur with the API's message", async ({ adminPage: page }) => {
    await page.goto("/admin/new-package");
    const slug = page.getByLabel("URL Slug");
    await slug.fill("Not A Slug!");
    await slug.blur();
    await expect(slug).toHaveAttribute("aria-invalid", "true");
    await expect(slug).toHaveAccessibleDescription(
      /Slug may contain only lowercase letters, digits and single hyphens/,
    );
  });
});

test("axe finds no serious or critical violations on the form screens", async ({
  adminPage: page,
}) => {
  // Five axe scans of the longest admin screens, on a machine others share (about 30 s under load).
  test.setTimeout(60_000);
  const seeded = (await (await page.request.get("/api/trips")).json()) as { images: string[] }[];
  const image = seeded.flatMap((p) => p.images)[0];
  expect(image).toBeDefined();
  const created = await createViaApi(page, "/api/trips", {
    title: unique("Axe Check"),
    images: [image],
    videos: [{ type: "url", url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ", title: "Reel" }],
    highlights: ["One", "Two"],
  });
  const screens: [string, (() => Promise<void>) | null][] = [
    ["/admin/new-package", null],
    [`/admin/edit-package/${created.id}`, null],
    ["/admin/new-exclusive", null],
    ["/admin/new-package", () => page.getByRole("button", { name: "Save Draft" }).click()],
    [
      "/admin/new-exclusive",
      () => page.getByRole("button", { name: "Create Exclusive Package" }).click(),
    ],
  ];
  for (const [path, act] of screens) {
    await page.goto(path);
    if (act) {
      await act();
      await expect(
        page.getByText(/Please (enter a title|fill in all required fields)/).first(),
      ).toBeVisible();
    }
    await expectNoSeriousViolations(page, path);
  }
});
