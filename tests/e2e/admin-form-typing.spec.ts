import { randomUUID } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";

// With JavaScript on, the edit form of a package with saved list rows froze the tab as
// soon as staff typed. Every kind's edit form, every list filled, typed into field by field with
// real key presses, then saved. The fixture's watchdog fails the test if the page stops answering.

const KINDS = [
  { kind: "trip", api: "/api/trips", edit: "/admin/edit-package/", save: "Save Draft" },
  { kind: "local", api: "/api/local", edit: "/admin/edit-local/", save: "Save Draft" },
  { kind: "discovery", api: "/api/discovery", edit: "/admin/edit-discovery/", save: "Save Draft" },
  {
    kind: "exclusive",
    api: "/api/exclusive-packages",
    edit: "/admin/edit-exclusive/",
    save: "Save Exclusive Package",
  },
] as const;

interface ApiPackage {
  id: string;
  title: string;
  slug: string;
  price: string;
  duration: string;
  location: string;
  travel_period: string;
  description: string;
  images: string[];
  videos: { type: string; url: string; title?: string | null; description?: string | null }[];
  highlights: string[];
  inclusions: string[];
  exclusions: string[];
  itinerary: { day: string; activity: string; accommodation: string }[];
  departures: { start_date: string; price_amount: number | null; note: string | null }[];
  faqs: { question: string; answer: string }[];
  meeting_point: string;
  rating_source: string;
}

/** A package with every list filled: two rows each, images of the demo catalogue, two videos. */
async function createFull(page: Page, api: string): Promise<ApiPackage> {
  const seeded = (await (await page.request.get("/api/trips")).json()) as ApiPackage[];
  const images = seeded.flatMap((p) => p.images).slice(0, 3);
  expect(images.length).toBe(3);
  const tag = randomUUID().slice(0, 8);
  const response = await page.request.post(api, {
    data: {
      title: `Typing ${tag}`,
      price: "From R 12 000",
      duration: "5 days",
      location: "Cape Town",
      travel_period: "March 2027",
      description: "First line of the description.\nSecond line.",
      images,
      videos: [
        {
          type: "url",
          url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
          title: "Reel one",
          description: "The first reel.\nWith two lines.",
        },
        { type: "url", url: "https://vimeo.com/76979871", title: "Reel two", description: "" },
      ],
      highlights: ["Table Mountain", "Cape Point"],
      inclusions: ["Breakfast", "Transfers"],
      exclusions: ["Flights", "Visas"],
      itinerary: [
        { day: "Day 1", activity: "Arrival and\ndinner", accommodation: "Hotel" },
        { day: "Day 2", activity: "Winelands", accommodation: "Lodge" },
      ],
      departures: [
        { start_date: "2031-03-01", price: "R 9 000", status: "limited", note: "Early" },
        { start_date: "2031-04-01", price: "R 9 500", status: "available", note: "Late" },
      ],
      faqs: [
        { question: "Visa?", answer: "No." },
        { question: "Deposit?", answer: "30%." },
      ],
      meeting_point: "Airport",
      rating: 4.5,
      review_count: 10,
      rating_source: "Google",
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as ApiPackage;
}

/**
 * The form's visible text inputs and textareas, in document order: not URL and date fields, and
 * not the number fields (rating, reviews, a departure's seats and price, the deposit's numbers:
 * text typed there is refused by design).
 */
function typedFields(page: Page): Locator {
  return page.locator(
    "form.package-form input[type=text]:visible:not([name=rating]):not([name=review_count]):not([name$='.seats']):not([name$='.amount']):not([name^='deposit.']), form.package-form textarea:visible",
  );
}

/** Appends text with real key presses and checks that the page still answers. */
async function typeInto(page: Page, field: Locator, suffix: string) {
  await field.click();
  await field.press("Control+End");
  await field.pressSequentially(suffix);
  // A short round trip into the page: a render loop never lets it through.
  expect(await page.evaluate(() => document.readyState)).toBe("complete");
}

test.describe("with JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "the freeze needed React running");

  for (const { kind, api, edit, save } of KINDS) {
    test(`the ${kind} edit form takes typing in every field and row, then saves`, async ({
      adminPage: page,
    }) => {
      test.setTimeout(90_000);
      const created = await createFull(page, api);
      await page.goto(edit + created.id);

      const fields = typedFields(page);
      const count = await fields.count();
      // Exclusive: three images' alt texts, title, price, duration, location, travel period,
      // description, rating source.
      // Full forms add the slug, meeting point, two rows of each list, two itinerary days of three
      // fields, two departures' notes, two questions and answers, the videos' texts.
      expect(count).toBe(kind === "exclusive" ? 10 : 34);
      const names: string[] = [];
      for (let i = 0; i < count; i++) {
        const field = fields.nth(i);
        const name = (await field.getAttribute("name")) ?? "";
        names.push(name);
        await typeInto(page, field, name === "slug" ? "-x" : " x");
      }
      if (kind !== "exclusive") {
        for (const expected of [
          "highlights[1]",
          "inclusions[1]",
          "exclusions[1]",
          "itinerary[1].day",
          "itinerary[1].activity",
          "itinerary[1].accommodation",
          "videos[1].title",
          "videos[0].description",
          "departures[1].note",
          "faqs[1].answer",
          "meeting_point",
          "rating_source",
        ]) {
          expect(names).toContain(expected);
        }
      }

      await page.getByRole("button", { name: save, exact: true }).click();
      await expect(page).not.toHaveURL(new RegExp(`${edit}${created.id}$`));

      const saved = (await (await page.request.get(`${api}/${created.id}`)).json()) as ApiPackage;
      expect(saved.title).toBe(`${created.title} x`);
      expect(saved.price).toBe("From R 12 000 x");
      expect(saved.description).toBe("First line of the description.\nSecond line. x");
      expect(saved.images).toEqual(created.images);
      expect(saved.rating_source).toBe("Google x");
      if (kind === "exclusive") return;
      expect(saved.meeting_point).toBe("Airport x");
      // The prices were read as amounts when created, and kept through the form.
      expect(saved.departures.map((d) => [d.start_date, d.price_amount, d.note])).toEqual([
        ["2031-03-01", 900_000, "Early x"],
        ["2031-04-01", 950_000, "Late x"],
      ]);
      expect(saved.faqs).toEqual([
        { question: "Visa? x", answer: "No. x" },
        { question: "Deposit? x", answer: "30%. x" },
      ]);
      expect(saved.slug).toBe(`${created.slug}-x`);
      expect(saved.highlights).toEqual(["Table Mountain x", "Cape Point x"]);
      expect(saved.inclusions).toEqual(["Breakfast x", "Transfers x"]);
      expect(saved.exclusions).toEqual(["Flights x", "Visas x"]);
      expect(saved.itinerary).toEqual([
        { day: "Day 1 x", activity: "Arrival and\ndinner x", accommodation: "Hotel x" },
        { day: "Day 2 x", activity: "Winelands x", accommodation: "Lodge x" },
      ]);
      expect(saved.videos.map((v) => [v.title, v.description])).toEqual([
        ["Reel one x", "The first reel.\nWith two lines. x"],
        ["Reel two x", "x"],
      ]);
    });
  }

  test("adding a row is an unsaved change: leaving asks first", async ({ adminPage: page }) => {
    const created = await createFull(page, "/api/trips");
    await page.goto(`/admin/edit-package/${created.id}`);
    await page.getByRole("button", { name: "Add Highlight" }).click();
    await expect(page.getByLabel("Highlight 3", { exact: true })).toBeFocused();
    const messages: string[] = [];
    page.once("dialog", async (dialog) => {
      messages.push(dialog.message());
      await dialog.dismiss();
    });
    await page.getByRole("link", { name: "Cancel" }).click();
    await expect
      .poll(() => messages)
      .toEqual(["You have unsaved changes. Leave this page and lose them?"]);
    await expect(page).toHaveURL(new RegExp(`/admin/edit-package/${created.id}$`));
  });

  test("blur validation alone is not a change: a clean form leaves without asking", async ({
    adminPage: page,
  }) => {
    const created = await createFull(page, "/api/trips");
    await page.goto(`/admin/edit-package/${created.id}`);
    let asked = false;
    page.on("dialog", async (dialog) => {
      asked = true;
      await dialog.dismiss();
    });
    await page.locator("input[name=title]").focus();
    await page.locator("input[name=price]").focus();
    await page.getByRole("link", { name: "Cancel" }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    expect(asked).toBe(false);
  });
});
