import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { kindMessages } from "~/domain/package-kinds";
import type { PackageKind } from "~/domain/schemas";
import { getPackageById } from "~/server/catalogue/packages.server";
import { STALE_EDIT_MESSAGE } from "~/server/catalogue/packages.server";
import { makePackage } from "../support/factories";
import { flashOf } from "../support/admin-http-support";
import { useSignedInServer } from "../support/auth-support";
import { decode, element, formFields, tags, textOf } from "../support/site-html";
import { formPost } from "../support/form-post";
import { blankDeparture } from "~/domain/package-form";

/** The admin package forms' actions through the built server, on a real PostgreSQL. */
describe("admin package forms", () => {
  const suite = useSignedInServer();

  const get = (path: string) => suite.server.fetch(path, { headers: { Cookie: suite.cookie } });

  /** A multipart post, as the form sends it. */
  const post = (path: string, fields: [string, string][]) =>
    formPost(suite.server, path, fields, { Cookie: suite.cookie }, "multipart");

  const countOf = async (kind: PackageKind) =>
    Number(
      (
        await suite.database.db
          .selectFrom("packages")
          .select((eb) => eb.fn.countAll().as("n"))
          .where("kind", "=", kind)
          .executeTakeFirstOrThrow()
      ).n,
    );

  const rowByTitle = (title: string) =>
    suite.database.db
      .selectFrom("packages")
      .selectAll()
      .where("title", "=", title)
      .executeTakeFirst();

  /** Every named input of the rendered package form, as the browser would post it. */
  const packageFields = (html: string) => formFields(html, /<form\b[^>]*class="package-form"/);

  const withField = (fields: [string, string][], name: string, value: string) =>
    fields.map(([n, v]): [string, string] => [n, n === name ? value : v]);

  it("renders the full form's sections in spec order, with its buttons", async () => {
    const response = await get("/admin/new-package");
    expect(response.status).toBe(200);
    const html = await response.text();
    const headings = [...html.matchAll(/<h2\b[^>]*>([\s\S]*?)<\/h2>/g)].map((m) => textOf(m[1]!));
    expect(headings).toEqual([
      "Package Images",
      "Travel Moments Videos",
      "Basic Information",
      "Description",
      "Departures",
      "Deposit",
      "Package Highlights",
      "Itinerary",
      "What's Included",
      "What's Not Included",
      "Frequently Asked Questions",
      "Rating",
      "Publication Status",
      "Schedule",
    ]);
    const text = textOf(html);
    for (const label of ["Title *", "URL Slug", "Price *", "Duration", "Location", "Travel Period"])
      expect(text).toContain(label);
    for (const label of [
      "Day Name",
      "Activities",
      "Accommodation",
      "Save Draft",
      "Publish Package",
    ])
      expect(text).toContain(label);
    expect(html).toMatch(/enctype="multipart\/form-data"/i);
    // One row per list and no remove button while there is only one.
    expect(text).not.toMatch(/Remove/);
    const cancel = [...html.matchAll(/<a\b[^>]*href="([^"]+)"[^>]*>Cancel<\/a>/g)].map((m) => m[1]);
    expect(cancel).toEqual(["/admin/dashboard"]);
    // The hidden default submit button comes before any row button, so Enter saves.
    const buttons = tags(element(html, /<form\b[^>]*class="package-form"/)!, "button");
    expect(buttons[0]).toMatchObject({ name: "status", value: "draft", tabindex: "-1" });
  });

  it("returns each kind's Cancel to its own list, and the exclusive form has its own fields", async () => {
    for (const [path, list] of [
      ["/admin/new-discovery", "/admin/discovery"],
      ["/admin/new-local", "/admin/local"],
      ["/admin/new-exclusive", "/admin/exclusive"],
    ]) {
      const html = await (await get(path!)).text();
      expect(html, path).toMatch(new RegExp(`<a\\b[^>]*href="${list}"[^>]*>Cancel</a>`));
    }
    const html = await (await get("/admin/new-exclusive")).text();
    const text = textOf(html);
    expect(text).toContain("Create Exclusive Package");
    expect(text).not.toContain("URL Slug");
    expect(text).not.toContain("Package Highlights");
    const options = tags(element(html, /<select\b/)!, "option").map((o) => o.value);
    expect(options).toEqual(["draft", "published"]);
  });

  it("creates a package: slug from the title, blank rows dropped, published by Publish, flash toast", async () => {
    const title = `Lofoten Lights ${randomUUID().slice(0, 6)}`;
    const response = await post("/admin/new-package", [
      ["title", title],
      ["slug", ""],
      ["price", "$3,100"],
      ["duration", "6 days"],
      ["highlights[0]", "Northern lights"],
      ["highlights[1]", "   "],
      ["inclusions[0]", ""],
      ["exclusions[0]", "Flights"],
      ["itinerary[0].day", "Day 1"],
      ["itinerary[0].activity", "Arrive"],
      ["itinerary[0].accommodation", ""],
      ["itinerary[1].day", ""],
      ["itinerary[1].activity", ""],
      ["itinerary[1].accommodation", ""],
      ["status", "published"],
    ]);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/dashboard");
    expect(flashOf(response)).toMatchObject({
      type: "success",
      message: "Package created successfully",
    });
    const row = (await rowByTitle(title))!;
    expect(row).toMatchObject({ kind: "trip", status: "published", price: "$3,100" });
    expect(row.slug).toBe(title.toLowerCase().replace(/ /g, "-"));
    expect(row.highlights).toEqual(["Northern lights"]);
    expect(row.inclusions).toEqual([]);
    expect(row.exclusions).toEqual(["Flights"]);
    expect(row.itinerary).toEqual([{ day: "Day 1", activity: "Arrive", accommodation: "" }]);
  });

  it("Save Draft saves a draft, with a typed slug, and goes to the kind's list", async () => {
    const title = `Hidden Cove ${randomUUID().slice(0, 6)}`;
    const slug = `cove-${randomUUID().slice(0, 6)}`;
    const response = await post("/admin/new-discovery", [
      ["title", title],
      ["slug", slug],
      ["price", "$900"],
      ["status", "draft"],
    ]);
    expect(response.headers.get("Location")).toBe("/admin/discovery");
    expect(flashOf(response)?.message).toBe("Discovery package created successfully");
    expect(await rowByTitle(title)).toMatchObject({ kind: "discovery", status: "draft", slug });
  });

  it("refuses an empty title with 'Please enter a title' next to the field, focus on it, input kept", async () => {
    const before = await countOf("local");
    const response = await post("/admin/new-local", [
      ["title", "  "],
      ["price", "$120 kept"],
      ["highlights[0]", "kept highlight"],
      ["highlights[1]", "second kept"],
      ["status", "draft"],
    ]);
    expect(response.status).toBe(400);
    const html = await response.text();
    const title = tags(html, "input").find((i) => i.name === "title")!;
    expect(title["aria-invalid"]).toBe("true");
    expect(title.autofocus).toBeDefined();
    const describedBy = title["aria-describedby"]!;
    expect(textOf(element(html, new RegExp(`<p\\b[^>]*id="${describedBy}"`))!)).toBe(
      "Please enter a title",
    );
    const values = Object.fromEntries(packageFields(html));
    expect(values).toMatchObject({
      price: "$120 kept",
      "highlights[0]": "kept highlight",
      "highlights[1]": "second kept",
    });
    // Two rows now: each has its remove button.
    expect(textOf(html).match(/Remove highlight/g)).toHaveLength(2);
    expect(await countOf("local")).toBe(before);
  });

  it("refuses an exclusive package without title or price: 'Please fill in all required fields' titled 'Error'", async () => {
    const before = await countOf("exclusive");
    const response = await post("/admin/new-exclusive", [
      ["title", "Only a title"],
      ["price", ""],
      ["status", "draft"],
    ]);
    expect(response.status).toBe(400);
    const html = await response.text();
    const alert = element(html, /<div\b[^>]*role="alert"/)!;
    expect(textOf(alert)).toBe("Error Please fill in all required fields");
    const price = tags(html, "input").find((i) => i.name === "price")!;
    expect(price["aria-invalid"]).toBe("true");
    expect(price.autofocus).toBeDefined();
    expect(Object.fromEntries(packageFields(html)).title).toBe("Only a title");
    expect(await countOf("exclusive")).toBe(before);
  });

  it("creates an exclusive package with a numbered slug when the title's is taken, status from the select", async () => {
    const title = `Maldives Reef ${randomUUID().slice(0, 6)}`;
    await makePackage(suite.database.db, "exclusive", { title });
    const response = await post("/admin/new-exclusive", [
      ["title", title],
      ["price", "$8,000"],
      ["status", "published"],
      ["videos[0].url", "https://youtu.be/dQw4w9WgXcQ"],
    ]);
    expect(response.headers.get("Location")).toBe("/admin/exclusive");
    expect(flashOf(response)?.message).toBe("Exclusive package created successfully");
    const rows = await suite.database.db
      .selectFrom("packages")
      .select(["slug", "status"])
      .where("title", "=", title)
      .orderBy("created_at")
      .execute();
    const base = title.toLowerCase().replace(/ /g, "-");
    expect(rows.map((r) => r.slug)).toEqual([base, `${base}-2`]);
  });

  it("refuses a slug another package of the kind uses, typed or from the title: message on the field, nothing saved", async () => {
    const taken = await makePackage(suite.database.db, "trip", {
      title: `Taken ${randomUUID().slice(0, 6)}`,
    });
    const before = await countOf("trip");
    for (const fields of [
      [
        ["title", "Anything"],
        ["slug", taken.slug],
      ],
      [
        ["title", taken.title],
        ["slug", ""],
      ],
    ] as [string, string][][]) {
      const response = await post("/admin/new-package", [...fields, ["status", "draft"]]);
      expect(response.status).toBe(409);
      const html = await response.text();
      const slug = tags(html, "input").find((i) => i.name === "slug")!;
      expect(slug["aria-invalid"]).toBe("true");
      expect(slug.autofocus).toBeDefined();
      const message = textOf(
        element(html, new RegExp(`<p\\b[^>]*id="${slug["aria-describedby"]!.split(" ")[0]}"`))!,
      );
      expect(message).toContain(`The URL slug "${taken.slug}" is already used by another package`);
      expect(message).toContain(`"${taken.slug}-2"`);
    }
    expect(await countOf("trip")).toBe(before);
    // The JSON API keeps numbering a taken slug instead.
    const api = await suite.server.fetch("/api/trips", {
      method: "POST",
      headers: { Cookie: suite.cookie, "Content-Type": "application/json" },
      body: JSON.stringify({ title: "Via API", slug: taken.slug }),
    });
    expect(api.status).toBe(201);
    expect(((await api.json()) as { slug: string }).slug).toBe(`${taken.slug}-2`);
  });

  it("adds and removes list rows without JavaScript: intents answered by the server, values kept", async () => {
    const page = await (await get("/admin/new-package")).text();
    const addHighlight = tags(page, "button").find(
      (b) =>
        b.name === "__intent__" &&
        decode(b.value!).includes('"insert"') &&
        decode(b.value!).includes('"highlights"'),
    )!;
    const typed: [string, string][] = [
      ["title", "Row test"],
      ["highlights[0]", "first"],
      ["itinerary[0].day", "Day one"],
    ];
    const added = await post("/admin/new-package", [...typed, ["__intent__", addHighlight.value!]]);
    expect(added.status).toBe(200);
    const html = await added.text();
    const values = Object.fromEntries(packageFields(html));
    expect(values).toMatchObject({
      title: "Row test",
      "highlights[0]": "first",
      "highlights[1]": "",
      "itinerary[0].day": "Day one",
    });
    // The new row takes focus; nothing was saved.
    expect(tags(html, "input").find((i) => i.name === "highlights[1]")!.autofocus).toBeDefined();
    expect(await rowByTitle("Row test")).toBeUndefined();

    const remove = tags(html, "button").find(
      (b) =>
        b.name === "__intent__" &&
        decode(b.value!).includes('"remove"') &&
        decode(b.value!).includes('"highlights"') &&
        decode(b.value!).includes('"index":0'),
    )!;
    const removed = await post("/admin/new-package", [
      ["title", "Row test"],
      ["highlights[0]", "first"],
      ["highlights[1]", "second"],
      ["__intent__", remove.value!],
    ]);
    expect(removed.status).toBe(200);
    const after = Object.fromEntries(packageFields(await removed.text()));
    expect(after["highlights[0]"]).toBe("second");
    expect(after["highlights[1]"]).toBeUndefined();
  });

  it("updates a package through its edit form, keeping its images and videos", async () => {
    const pkg = await makePackage(suite.database.db, "local", {
      title: `Cape Point ${randomUUID().slice(0, 6)}`,
      status: "published",
      images: ["/media/packages/a.webp", "https://example.com/b.jpg"],
      videos: [{ type: "url", url: "https://youtu.be/dQw4w9WgXcQ", title: "Reel" }],
      highlights: ["Penguins"],
    });
    const page = await get(`/admin/edit-local/${pkg.id}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(textOf(html)).toContain("Publish");
    expect(html).toMatch(/<a\b[^>]*href="\/admin\/local"[^>]*>Cancel<\/a>/);
    const fields = withField(packageFields(html), "duration", "2 days");
    const response = await post(`/admin/edit-local/${pkg.id}`, [
      ...fields,
      ["status", "published"],
    ]);
    expect(response.status, await response.clone().text()).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/local");
    expect(flashOf(response)?.message).toBe("Local package updated successfully");
    const saved = (await getPackageById(suite.database.db, "local", pkg.id))!;
    expect(saved).toMatchObject({
      duration: "2 days",
      slug: pkg.slug,
      status: "published",
      highlights: ["Penguins"],
    });
    expect(saved.images).toEqual(pkg.images);
    expect(saved.videos.map((v) => [v.type, v.url, v.title])).toEqual([
      ["url", "https://youtu.be/dQw4w9WgXcQ", "Reel"],
    ]);
  });

  it("saves departures, FAQs, meeting point and rating from the form, JS off", async () => {
    const pkg = await makePackage(suite.database.db, "trip", {
      title: `Facts ${randomUUID().slice(0, 6)}`,
    });
    const html = await (await get(`/admin/edit-package/${pkg.id}`)).text();
    const labels = textOf(html);
    for (const label of [
      "Start date",
      "End date (optional)",
      "Seats (optional)",
      "Fare per traveller (optional)",
      "Currency",
      "Availability",
      "Guaranteed departure",
      "Question",
      "Answer",
    ])
      expect(labels).toContain(label);
    expect(labels).toContain("Rating (0–5)");
    let fields = packageFields(html);
    fields = withField(fields, "departures[0].start_date", "2031-06-14");
    fields = withField(fields, "departures[0].end_date", "2031-06-20");
    fields = withField(fields, "departures[0].status", "limited");
    fields = withField(fields, "departures[0].seats", "12");
    fields = withField(fields, "departures[0].amount", "24 500.50");
    fields = withField(fields, "departures[0].currency", "USD");
    fields = [...fields, ["departures[0].guaranteed", "on"]];
    fields = withField(fields, "faqs[0].question", "Is the visa included?");
    fields = withField(fields, "faqs[0].answer", "No.");
    fields = withField(fields, "meeting_point", "Ubud market");
    fields = withField(fields, "rating", "4.8");
    fields = withField(fields, "review_count", "120");
    fields = withField(fields, "rating_source", "Google reviews");
    const response = await post(`/admin/edit-package/${pkg.id}`, [...fields, ["status", "draft"]]);
    expect(response.status, await response.clone().text()).toBe(302);
    const saved = (await getPackageById(suite.database.db, "trip", pkg.id))!;
    expect(saved.departures).toEqual([
      {
        id: expect.any(String),
        start_date: "2031-06-14",
        end_date: "2031-06-20",
        seats_total: 12,
        seats_taken: 0,
        price_amount: 2_450_050,
        currency: "USD",
        price_text: null,
        note: null,
        guaranteed: true,
        status_override: "limited",
      },
    ]);
    expect(saved.faqs).toEqual([{ question: "Is the visa included?", answer: "No." }]);
    // Saved again from the form it reloads as, the departure keeps its id and every value.
    const reloaded = packageFields(await (await get(`/admin/edit-package/${pkg.id}`)).text());
    expect(reloaded).toContainEqual(["departures[0].id", saved.departures[0]!.id]);
    expect(reloaded).toContainEqual(["departures[0].amount", "24500.50"]);
    const resaved = await post(`/admin/edit-package/${pkg.id}`, [...reloaded, ["status", "draft"]]);
    expect(resaved.status, await resaved.clone().text()).toBe(302);
    const same = (await getPackageById(suite.database.db, "trip", pkg.id))!;
    expect(same.departures).toEqual(saved.departures);
    expect(saved).toMatchObject({
      meeting_point: "Ubud market",
      rating: 4.8,
      review_count: 120,
      rating_source: "Google reviews",
    });

    // Adding a departure row without JavaScript: the server answers with one more row, focused.
    const again = packageFields(await (await get(`/admin/edit-package/${pkg.id}`)).text());
    const added = await post(`/admin/edit-package/${pkg.id}`, [
      ...again,
      [
        "__intent__",
        JSON.stringify({
          type: "insert",
          payload: {
            name: "departures",
            defaultValue: blankDeparture("ZAR"),
          },
        }),
      ],
    ]);
    const addedHtml = await added.text();
    expect(
      tags(addedHtml, "input").filter((i) => i.name?.startsWith("departures[1].")),
    ).not.toEqual([]);
    expect(
      tags(addedHtml, "input").find((i) => i.name === "departures[1].start_date")!.autofocus,
    ).toBeDefined();
  });

  it("sets the package's own deposit rule from the Deposit fieldset, JS off; a bad value is refused on its field", async () => {
    const pkg = await makePackage(suite.database.db, "trip", {
      title: `Deposit ${randomUUID().slice(0, 6)}`,
    });
    const html = await (await get(`/admin/edit-package/${pkg.id}`)).text();
    const text = textOf(html);
    // The company's rule is named; the hint says when the rule applies.
    expect(text).toMatch(
      /Company default \(\d+ % of the total, balance due \d+ days before departure\)/,
    );
    expect(text).toContain("it applies when online payments are on");
    let fields = packageFields(html);
    expect(fields).toContainEqual(["deposit.type", "default"]);
    fields = fields.filter(([name]) => name !== "deposit.type");
    const stored = () =>
      suite.database.db
        .selectFrom("packages")
        .select(["deposit_type", "deposit_value"])
        .where("id", "=", pkg.id)
        .executeTakeFirstOrThrow();

    const refused = await post(`/admin/edit-package/${pkg.id}`, [
      ...withField(fields, "deposit.amount", "12.345"),
      ["deposit.type", "per_traveller"],
      ["status", "draft"],
    ]);
    expect(refused.status).toBe(400);
    const refusedHtml = await refused.text();
    expect(textOf(refusedHtml)).toContain("Enter an amount per traveller in ZAR, above zero");
    const amountInput = tags(refusedHtml, "input").find((i) => i.name === "deposit.amount")!;
    expect(amountInput["aria-invalid"]).toBe("true");
    expect(amountInput.autofocus).toBeDefined();
    expect(await stored()).toEqual({ deposit_type: null, deposit_value: null });

    const saved = await post(`/admin/edit-package/${pkg.id}`, [
      ...withField(fields, "deposit.amount", "2 500"),
      ["deposit.type", "per_traveller"],
      ["status", "draft"],
    ]);
    expect(saved.status, await saved.clone().text()).toBe(302);
    const row = await stored();
    expect([row.deposit_type, Number(row.deposit_value)]).toEqual(["per_traveller", 250_000]);
    // The form reloads with the choice checked and the amount in rands.
    const reloaded = packageFields(await (await get(`/admin/edit-package/${pkg.id}`)).text());
    expect(reloaded).toContainEqual(["deposit.type", "per_traveller"]);
    expect(reloaded).toContainEqual(["deposit.amount", "2500"]);
  });

  it("refuses a departure ending before it starts, an unreal date and a rating over 5, saving nothing", async () => {
    const pkg = await makePackage(suite.database.db, "trip", {
      title: `Bad Facts ${randomUUID().slice(0, 6)}`,
      rating: 4.5,
    });
    const before = (await getPackageById(suite.database.db, "trip", pkg.id))!;
    let fields = packageFields(await (await get(`/admin/edit-package/${pkg.id}`)).text());
    fields = withField(fields, "departures[0].start_date", "2031-06-14");
    fields = withField(fields, "departures[0].end_date", "2031-06-01");
    fields = withField(fields, "rating", "7");
    fields = withField(fields, "title", `${pkg.title} changed`);
    fields = [
      ...fields,
      ["departures[1].start_date", "2031-02-30"],
      ["departures[1].seats", "0"],
      ["departures[2].start_date", "2031-03-01"],
      ["departures[2].amount", "twelve"],
      ["departures[3].start_date", "2031-03-02"],
      ["departures[3].currency", "XYZ"],
      ["departures[4].start_date", "2031-03-03"],
      ["departures[4].id", "not-an-id"],
    ];
    const response = await post(`/admin/edit-package/${pkg.id}`, [...fields, ["status", "draft"]]);
    expect(response.status).toBe(400);
    const page = textOf(await response.text());
    expect(page).toContain("The end date must not be before the start date");
    expect(page).toContain("Dates must be real dates written as YYYY-MM-DD");
    expect(page).toContain("Seats must be a whole number from 1 to 999");
    expect(page).toContain("Enter the price as a number, e.g. 24 500 or 24 500.50");
    expect(page).toContain("Currency must be a three-letter ISO 4217 code such as ZAR");
    expect(page).toContain("Unknown departure id");
    expect(page).toContain("Rating must be a number from 0 to 5");
    const after = (await getPackageById(suite.database.db, "trip", pkg.id))!;
    expect(after).toEqual(before);
  });

  it("saves each image's alt text and focal point from the form, JS off, and keeps them with the image on Make cover", async () => {
    const pkg = await makePackage(suite.database.db, "trip", {
      title: `Images ${randomUUID().slice(0, 6)}`,
      images: ["/media/packages/one.webp", "/media/packages/two.webp"],
    });
    const html = await (await get(`/admin/edit-package/${pkg.id}`)).text();
    const text = textOf(html);
    expect(text).toContain("Alt text (image 2)");
    expect(text).toContain("No alt text of its own: the package title is read instead.");
    let fields = packageFields(html).filter(([name]) => !/^image_details\[\d\]\.focal$/.test(name));
    fields = withField(fields, "image_details[1].alt", "Second view");
    fields.push(["image_details[0].focal", "0.5,0.5"], ["image_details[1].focal", "1,0"]);
    // Make cover (no JavaScript): the server answers the form with the images swapped.
    const swapped = await post(`/admin/edit-package/${pkg.id}`, [
      ...fields,
      [
        "__intent__",
        JSON.stringify({ type: "reorder", payload: { name: "images", from: 1, to: 0 } }),
      ],
    ]);
    expect(swapped.status).toBe(200);
    const again = await swapped.text();
    const altOfCover = tags(again, "input").find((i) => i.name === "image_details[0].alt");
    expect(altOfCover?.value).toBe("Second view");
    const checked = tags(again, "input").filter((i) => i.type === "radio" && "checked" in i);
    expect(checked.map((i) => [i.name, i.value])).toContainEqual(["image_details[0].focal", "1,0"]);

    const saved = await post(`/admin/edit-package/${pkg.id}`, [...fields, ["status", "draft"]]);
    expect(saved.status, await saved.clone().text()).toBe(302);
    const after = (await getPackageById(suite.database.db, "trip", pkg.id))!;
    expect(after.imageDetails.map((i) => [i.alt, i.focal_x, i.focal_y])).toEqual([
      ["", 0.5, 0.5],
      ["Second view", 1, 0],
    ]);
  });

  it("refuses a focal point outside the picture, saving nothing", async () => {
    const pkg = await makePackage(suite.database.db, "trip", {
      title: `Focal ${randomUUID().slice(0, 6)}`,
      images: ["/media/packages/one.webp"],
    });
    const fields = packageFields(await (await get(`/admin/edit-package/${pkg.id}`)).text()).filter(
      ([name]) => name !== "image_details[0].focal",
    );
    const response = await post(`/admin/edit-package/${pkg.id}`, [
      ...fields,
      ["image_details[0].focal", "2,0.5"],
      ["status", "draft"],
    ]);
    expect(response.status).toBe(400);
    expect(textOf(await response.text())).toContain("The focal point must be between 0 and 1");
    const after = (await getPackageById(suite.database.db, "trip", pkg.id))!;
    expect(after.imageDetails[0]).toMatchObject({ focal_x: 0.5, focal_y: 0.5 });
  });

  it("saving the exclusive form keeps lists, departures and FAQs it does not show", async () => {
    const pkg = await makePackage(suite.database.db, "exclusive", {
      title: `Keep ${randomUUID().slice(0, 6)}`,
      price: "R 1",
      highlights: ["Private chef"],
      itinerary: [{ day: "Day 1", activity: "Arrive", accommodation: "Villa" }],
      departures: [{ start_date: "2031-01-01" }],
      faqs: [{ question: "Q?", answer: "A." }],
      meeting_point: "Jetty",
    });
    const fields = withField(
      packageFields(await (await get(`/admin/edit-exclusive/${pkg.id}`)).text()),
      "duration",
      "3 days",
    );
    const response = await post(`/admin/edit-exclusive/${pkg.id}`, fields);
    expect(response.status, await response.clone().text()).toBe(302);
    const saved = (await getPackageById(suite.database.db, "exclusive", pkg.id))!;
    expect(saved).toMatchObject({
      duration: "3 days",
      highlights: ["Private chef"],
      itinerary: [{ day: "Day 1", activity: "Arrive", accommodation: "Villa" }],
      faqs: [{ question: "Q?", answer: "A." }],
      meeting_point: "Jetty",
    });
    expect(saved.departures.map((d) => d.start_date)).toEqual(["2031-01-01"]);
  });

  it("edits an exclusive package: the slug stays, images and API-made videos are kept", async () => {
    const pkg = await makePackage(suite.database.db, "exclusive", {
      title: `Amalfi ${randomUUID().slice(0, 6)}`,
      images: ["/media/packages/x.webp"],
      videos: [{ type: "url", url: "https://vimeo.com/76979871", description: "Coast" }],
    });
    const html = await (await get(`/admin/edit-exclusive/${pkg.id}`)).text();
    expect(textOf(html)).toContain("Save Exclusive Package");
    expect(textOf(html)).not.toContain("Travel Moments Videos");
    const fields = withField(packageFields(html), "title", `${pkg.title} renamed`);
    const response = await post(`/admin/edit-exclusive/${pkg.id}`, fields);
    expect(response.headers.get("Location")).toBe("/admin/exclusive");
    expect(flashOf(response)?.message).toBe("Exclusive package updated successfully");
    const saved = (await getPackageById(suite.database.db, "exclusive", pkg.id))!;
    expect(saved).toMatchObject({ title: `${pkg.title} renamed`, slug: pkg.slug });
    expect(saved.images).toEqual(["/media/packages/x.webp"]);
    expect(saved.videos.map((v) => [v.url, v.description])).toEqual([
      ["https://vimeo.com/76979871", "Coast"],
    ]);
  });

  it("refuses a stale edit (the package changed after the form was opened), keeping the admin's input", async () => {
    const pkg = await makePackage(suite.database.db, "trip", {
      title: `Stale ${randomUUID().slice(0, 6)}`,
    });
    const fields = withField(
      packageFields(await (await get(`/admin/edit-package/${pkg.id}`)).text()),
      "price",
      "$1 mine",
    );
    // Another admin saves first.
    await sql`update packages set price = 'theirs', updated_at = now() + interval '1 second' where id = ${pkg.id}`.execute(
      suite.database.db,
    );
    const response = await post(`/admin/edit-package/${pkg.id}`, [...fields, ["status", "draft"]]);
    expect(response.status).toBe(409);
    const html = await response.text();
    const alert = element(html, /<div\b[^>]*role="alert"/)!;
    expect(textOf(alert)).toBe(`${STALE_EDIT_MESSAGE} Open the latest version`);
    expect(alert).toContain(`href="/admin/edit-package/${pkg.id}"`);
    expect(Object.fromEntries(packageFields(html)).price).toBe("$1 mine");
    expect((await getPackageById(suite.database.db, "trip", pkg.id))!.price).toBe("theirs");
  });

  it("answers 404 for an unknown id, a malformed id and another kind's id, on GET and POST", async () => {
    const discovery = await makePackage(suite.database.db, "discovery", {
      title: `Other kind ${randomUUID().slice(0, 6)}`,
    });
    for (const path of [
      `/admin/edit-package/${randomUUID()}`,
      "/admin/edit-package/not-a-uuid",
      `/admin/edit-package/${discovery.id}`,
      `/admin/edit-exclusive/${discovery.id}`,
    ]) {
      expect((await get(path)).status, path).toBe(404);
      const posted = await post(path, [
        ["title", "x"],
        ["price", "y"],
        ["status", "draft"],
      ]);
      expect(posted.status, path).toBe(404);
    }
    expect((await getPackageById(suite.database.db, "discovery", discovery.id))!.title).toBe(
      discovery.title,
    );
  });

  it("refuses NUL and ill-formed text with 400 and a message, saving nothing", async () => {
    const before = await countOf("trip");
    const response = await post("/admin/new-package", [
      ["title", "Nul\u0000title"],
      ["status", "draft"],
    ]);
    expect(response.status).toBe(400);
    expect(textOf(await response.text())).toContain(
      "Text must not contain NUL characters or invalid Unicode",
    );
    const encoded = await suite.server.fetch("/admin/new-package", {
      method: "POST",
      headers: { Cookie: suite.cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: "title=a%00b&status=draft",
    });
    expect(encoded.status).toBe(400);
    expect(await countOf("trip")).toBe(before);
  });

  it("shows 'Failed to create package' / 'Failed to update package' on a server fault, keeping the input", async () => {
    await sql`
      create function refuse_fault() returns trigger language plpgsql as $$
      begin
        if new.title like 'FAULT%' then raise exception 'injected fault'; end if;
        return new;
      end $$`.execute(suite.database.db);
    await sql`create trigger refuse_fault before insert or update on packages
      for each row execute function refuse_fault()`.execute(suite.database.db);
    try {
      const created = await post("/admin/new-package", [
        ["title", "FAULT create"],
        ["price", "$5 kept"],
        ["status", "draft"],
      ]);
      expect(created.status).toBe(500);
      const html = await created.text();
      expect(textOf(element(html, /<div\b[^>]*role="alert"/)!)).toBe(
        kindMessages("trip").createFailed,
      );
      expect(Object.fromEntries(packageFields(html)).price).toBe("$5 kept");

      const pkg = await makePackage(suite.database.db, "local", {
        title: `Fine ${randomUUID().slice(0, 6)}`,
      });
      const fields = withField(
        packageFields(await (await get(`/admin/edit-local/${pkg.id}`)).text()),
        "title",
        "FAULT update",
      );
      const updated = await post(`/admin/edit-local/${pkg.id}`, [...fields, ["status", "draft"]]);
      expect(updated.status).toBe(500);
      expect(textOf(await updated.text())).toContain("Failed to update local package");
      expect((await getPackageById(suite.database.db, "local", pkg.id))!.title).toBe(pkg.title);
    } finally {
      await sql`drop trigger refuse_fault on packages`.execute(suite.database.db);
      await sql`drop function refuse_fault()`.execute(suite.database.db);
    }
  });
});
