import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIMITS } from "~/domain/schemas";
import { registerApiHarness } from "../support/api-harness";
import { BACKENDS } from "../support/db";
import {
  rowCount,
  sendAdminJson,
  startLeadsServer,
  type LeadsServer,
} from "../support/leads-support";

type Translation = {
  title: string;
  slug: string | null;
  description: string;
  highlights: string[];
  itinerary: { day: string; activity: string; accommodation: string }[];
  faqs: { question: string; answer: string }[];
  departure_notes: Record<string, string>;
  image_alts: Record<string, string>;
  published: boolean;
};
type ApiPackage = {
  id: string;
  slug: string;
  title: string;
  updated_at: string;
  departures: { id: string; start_date: string; note: string | null }[];
  translations: Record<string, Translation>;
};
type Refusal = { error: string; details?: Record<string, string[]> };

const IMAGE = "https://images.example.com/ubud.jpg";

const BALI = {
  title: "Bali Escape",
  description: "Rice terraces and temples.",
  highlights: ["Sunrise at Mount Batur", "Tegallalang rice terraces"],
  itinerary: [{ day: "Arrival", activity: "Transfer to Ubud", accommodation: "Villa" }],
  faqs: [{ question: "Is it hot?", answer: "Warm all year." }],
  images: [IMAGE],
  image_details: [{ url: IMAGE, alt: "Rice terraces at dawn", focal_x: 0.5, focal_y: 0.5 }],
  departures: [{ start_date: "2031-05-01", end_date: "2031-05-08", note: "Full moon week" }],
  status: "published",
};

const GERMAN = {
  title: "Bali-Auszeit",
  description: "Reisterrassen und Tempel.",
  highlights: ["Sonnenaufgang am Mount Batur"],
  itinerary: [{ day: "Ankunft", activity: "Transfer nach Ubud", accommodation: "Villa" }],
  faqs: [{ question: "Ist es heiß?", answer: "Ganzjährig warm." }],
  image_alts: { [IMAGE]: "Reisterrassen im Morgengrauen" },
  published: true,
};

/**
 * `translations: { de: { … } }` on the package API's writes (decision 153), on both databases:
 * stored with the package in one transaction, a language replaced wholly and the others kept,
 * `?lang=de` reads after the write, and bad input (a language the site lacks, the default
 * language, a list longer than the package's, too long text, a slug another package uses there)
 * refused with the field named and nothing written, the package included.
 */
describe.each(BACKENDS)("translations on /api package writes on %s", (backend) => {
  let server: LeadsServer;
  let cookie = "";

  const send = (method: string, path: string, body: unknown) =>
    sendAdminJson(server, cookie, method, path, body);
  const adminGet = async (id: string) =>
    (await (
      await server.fetch(`/api/trips/${id}`, { headers: { Cookie: cookie } })
    ).json()) as ApiPackage;
  const count = (table: "packages" | "package_translations") => rowCount(server.db, table);
  const translatedEvents = async (id: string) =>
    (
      await server.db
        .selectFrom("events")
        .select("details")
        .where("type", "=", "package.translated")
        .execute()
    ).filter((e) => (e.details as { id?: string }).id === id).length;

  beforeAll(async () => {
    server = await startLeadsServer(backend, { SITE_LANGUAGES: "en,de" });
    cookie = await server.adminCookie();
  });
  afterAll(() => server?.close());

  it("creates a package with its German translation in one request; ?lang=de reads it", async () => {
    const res = await send("POST", "/api/trips", { ...BALI, translations: { de: GERMAN } });
    expect(res.status).toBe(201);
    const created = (await res.json()) as ApiPackage;
    const de = created.translations.de!;
    expect(de.title).toBe("Bali-Auszeit");
    expect(de.slug).toBe("bali-auszeit"); // made from the German title
    expect(de.highlights).toEqual(["Sonnenaufgang am Mount Batur", ""]);
    expect(de.itinerary[0]).toEqual(GERMAN.itinerary[0]);
    expect(de.image_alts).toEqual({ [IMAGE]: "Reisterrassen im Morgengrauen" });
    expect(await translatedEvents(created.id)).toBe(1);

    const german = await server.fetch(`/api/trips/${created.id}?lang=de`);
    expect(german.status).toBe(200);
    const read = (await german.json()) as { title: string; description: string; faqs: unknown };
    expect(read.title).toBe("Bali-Auszeit");
    expect(read.description).toBe("Reisterrassen und Tempel.");
    expect(read.faqs).toEqual(GERMAN.faqs);
    // The public page is there at the German slug too.
    expect((await server.fetch("/de/package/bali-auszeit")).status).toBe(200);
    // An anonymous read never sees the translations object.
    const anonymous = (await (await server.fetch(`/api/trips/${created.id}`)).json()) as object;
    expect(anonymous).not.toHaveProperty("translations");
  });

  it("a PUT replaces a named language wholly, keeps it when left out, and a round trip records nothing", async () => {
    const created = (await (
      await send("POST", "/api/trips", {
        ...BALI,
        title: "Lombok Escape",
        translations: { de: { ...GERMAN, title: "Lombok-Auszeit" } },
      })
    ).json()) as ApiPackage;
    const departure = created.departures[0]!;
    expect((await server.fetch(`/api/trips/${created.id}?lang=de`)).status).toBe(200);

    const replaced = await send("PUT", `/api/trips/${created.id}`, {
      ...BALI,
      title: "Lombok Escape",
      departures: [{ ...departure }],
      translations: {
        de: {
          title: "Lombok-Auszeit",
          description: "Strände und Vulkane.",
          departure_notes: { [departure.id]: "Vollmondwoche" },
        },
      },
    });
    expect(replaced.status).toBe(200);
    const de = ((await replaced.json()) as ApiPackage).translations.de!;
    expect(de.description).toBe("Strände und Vulkane.");
    expect(de.departure_notes).toEqual({ [departure.id]: "Vollmondwoche" });
    expect(de.highlights).toEqual(["", ""]); // replaced wholly: not translated any more
    expect(de.image_alts).toEqual({});
    // `published` left out: not published in German any more (decision 154).
    expect(de.published).toBe(false);
    expect((await server.fetch(`/api/trips/${created.id}?lang=de`)).status).toBe(404);

    // Without `translations` the German text stays as it is.
    const kept = await send("PUT", `/api/trips/${created.id}`, {
      ...BALI,
      title: "Lombok Escape!",
      departures: [{ ...departure }],
    });
    expect(kept.status).toBe(200);
    expect(((await kept.json()) as ApiPackage).translations.de!.description).toBe(
      "Strände und Vulkane.",
    );

    // GET, then PUT the same translation back: no new "translated" entry.
    const events = await translatedEvents(created.id);
    const read = await adminGet(created.id);
    const again = await send("PUT", `/api/trips/${created.id}`, {
      ...BALI,
      title: read.title,
      departures: read.departures,
      translations: read.translations,
    });
    expect(again.status).toBe(200);
    expect(await translatedEvents(created.id)).toBe(events);
  });

  it("refuses a slug another package uses in German with 409, changing neither package nor translation", async () => {
    const first = (await (
      await send("POST", "/api/trips", {
        ...BALI,
        title: "Java Escape",
        translations: {
          de: { title: "Java-Auszeit", description: "Vulkane.", slug: "java-rundreise" },
        },
      })
    ).json()) as ApiPackage;
    const second = (await (
      await send("POST", "/api/trips", {
        ...BALI,
        title: "Flores Escape",
        translations: { de: { title: "Flores-Auszeit", description: "Drachen." } },
      })
    ).json()) as ApiPackage;
    const before = await adminGet(second.id);

    const res = await send("PUT", `/api/trips/${second.id}`, {
      ...BALI,
      title: "Flores Escape, renamed",
      translations: { de: { title: "Flores", description: "Drachen.", slug: "java-rundreise" } },
    });
    expect(res.status).toBe(409);
    const body = (await res.json()) as Refusal;
    expect(body.error).toBe(
      "The URL slug “java-rundreise” is already used in German by “Java Escape”. Choose another.",
    );
    expect(body.details?.["translations.de.slug"]).toEqual([body.error]);
    const after = await adminGet(second.id);
    expect(after.title).toBe("Flores Escape");
    expect(after.updated_at).toBe(before.updated_at);
    expect(after.translations).toEqual(before.translations);
    expect((await adminGet(first.id)).translations.de!.slug).toBe("java-rundreise");

    // On a create, the package is not stored either.
    const packages = await count("packages");
    const create = await send("POST", "/api/trips", {
      ...BALI,
      title: "Sumba Escape",
      translations: { de: { title: "Sumba", description: "Pferde.", slug: "java-rundreise" } },
    });
    expect(create.status).toBe(409);
    expect(await count("packages")).toBe(packages);
  });

  it.each([
    [
      "a language the site is not shown in",
      { fr: { title: "Évasion" } },
      "translations.fr",
      /use de/,
    ],
    ["the default language", { en: { title: "Bali" } }, "translations.en", /default language/],
    [
      "a list longer than the package's",
      { de: { title: "T", description: "D", highlights: ["a", "b", "c"] } },
      "translations.de.highlights",
      /has 2 item\(s\); a translation cannot add any/,
    ],
    [
      "a title over the limit",
      { de: { title: "x".repeat(LIMITS.title + 1), description: "D" } },
      "translations.de.title",
      new RegExp(`The title must be at most ${LIMITS.title} characters`),
    ],
    [
      "a description without a title",
      { de: { description: "Nur Text" } },
      "translations.de.title",
      /Please enter the title too/,
    ],
    [
      "an image the package does not have",
      { de: { title: "T", description: "D", image_alts: { "https://x.example/a.jpg": "A" } } },
      "translations.de.image_alts.https://x.example/a.jpg",
      /no image of this package/,
    ],
    [
      "a departure the package does not have",
      { de: { title: "T", description: "D", departure_notes: { nope: "A" } } },
      "translations.de.departure_notes.nope",
      /no departure of this package/,
    ],
    [
      "a bad slug",
      { de: { title: "T", description: "D", slug: "Not A Slug" } },
      "translations.de.slug",
      /lowercase letters, digits and single hyphens/,
    ],
    ["a field translations do not have", { de: { price: "10 €" } }, "translations.de", /price/],
    ["a field that is not text", { de: { title: 5 } }, "translations.de.title", /must be text/],
  ])(
    "refuses %s with 400 naming the field, storing nothing",
    async (_label, translations, field, message) => {
      const packages = await count("packages");
      const stored = await count("package_translations");
      const res = await send("POST", "/api/trips", { ...BALI, title: "Refused", translations });
      expect(res.status).toBe(400);
      const body = (await res.json()) as Refusal;
      const messages = Object.entries(body.details ?? {})
        .filter(([key]) => key.startsWith(field))
        .flatMap(([, list]) => list);
      expect(messages.join(" "), JSON.stringify(body)).toMatch(message);
      expect(body.error).toMatch(message);
      expect(await count("packages")).toBe(packages);
      expect(await count("package_translations")).toBe(stored);
    },
  );

  it("the OpenAPI document describes translations on writes and on admin reads", async () => {
    const doc = (await (await server.fetch("/api/openapi.json")).json()) as {
      components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
    };
    const input = doc.components.schemas.PackageInput!.properties!.translations as {
      additionalProperties?: { properties?: Record<string, unknown> };
    };
    expect(Object.keys(input.additionalProperties?.properties ?? {})).toEqual(
      expect.arrayContaining(["title", "slug", "highlights", "departure_notes", "image_alts"]),
    );
    expect(doc.components.schemas.ExclusivePackageInput!.properties).toHaveProperty("translations");
    expect(doc.components.schemas.Package!.properties).toHaveProperty("translations");
  });
});

describe("translations on a site shown in one language", () => {
  const h = registerApiHarness({}, { resetEachTest: true });

  it("refuses them with 400 and stores nothing; admin reads keep the spec's shape", async () => {
    const res = await h.send("POST", "/api/trips", { title: "Bali", translations: { de: {} } });
    expect(res.status).toBe(400);
    expect(((await res.json()) as Refusal).error).toBe(
      "translations: the site is shown in one language only (SITE_LANGUAGES)",
    );
    const created = await h.send("POST", "/api/trips", { title: "Bali" });
    const { id } = (await created.json()) as ApiPackage;
    const list = await h.database.db.selectFrom("packages").select("id").execute();
    expect(list.map((p) => p.id)).toEqual([id]);
    expect(await (await h.get(`/api/trips/${id}`, { admin: true })).json()).not.toHaveProperty(
      "translations",
    );
  });
});
