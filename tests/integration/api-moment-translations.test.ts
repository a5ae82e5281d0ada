import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BACKENDS } from "../support/db";
import {
  rowCount,
  sendAdminJson,
  startLeadsServer,
  type LeadsServer,
} from "../support/leads-support";

type ApiMoment = {
  id: string;
  title: string;
  description?: string;
  thumbnailAlt?: string;
  translations?: Record<string, { title: string; description: string; thumbnailAlt: string }>;
};
type Refusal = { error: string; details?: Record<string, string[]> };

const SUNSET = {
  title: "Sunset over Santorini",
  description: "Golden light on the caldera.",
  videoUrl: "https://videos.example.com/santorini.mp4",
  thumbnailAlt: "White houses above the sea",
};
const GERMAN = {
  title: "Sonnenuntergang über Santorini",
  thumbnailAlt: "Weiße Häuser über dem Meer",
};

/**
 * `translations: { de: { … } }` on the travel-moment API's writes (decision 158), on both
 * databases: stored with the moment in one transaction, answered back, read with ?lang=de, and
 * refused with the field named and nothing written (the moment included).
 */
describe.each(BACKENDS)("translations on /api travel-moment writes on %s", (backend) => {
  let server: LeadsServer;
  let cookie = "";

  const send = (method: string, path: string, body: unknown) =>
    sendAdminJson(server, cookie, method, path, body);
  const count = (table: "travel_moments" | "moment_translations") => rowCount(server.db, table);

  beforeAll(async () => {
    server = await startLeadsServer(backend, { SITE_LANGUAGES: "en,de" });
    cookie = await server.adminCookie();
  });
  afterAll(() => server?.close());

  it("creates a moment with its German text in one request; ?lang=de reads it", async () => {
    const res = await send("POST", "/api/admin/travel-moments", {
      ...SUNSET,
      translations: { de: GERMAN },
    });
    expect(res.status).toBe(201);
    const created = (await res.json()) as ApiMoment;
    expect(created.translations).toEqual({
      de: { title: GERMAN.title, description: "", thumbnailAlt: GERMAN.thumbnailAlt },
    });
    const events = await server.db
      .selectFrom("events")
      .select("details")
      .where("type", "=", "moment.translated")
      .execute();
    expect(events.map((e) => e.details)).toContainEqual(
      expect.objectContaining({ id: created.id, language: "German" }),
    );
    const german = (await (
      await server.fetch("/api/travel-moments?lang=de")
    ).json()) as ApiMoment[];
    const own = german.find((m) => m.id === created.id);
    expect(own).toMatchObject({ title: GERMAN.title, thumbnailAlt: GERMAN.thumbnailAlt });
    // The untranslated description falls back to English, as on the German reel.
    expect(own?.description).toBe(SUNSET.description);
  });

  it("a PUT replaces a named language's text and keeps it when left out", async () => {
    const created = (await (
      await send("POST", "/api/admin/travel-moments", { ...SUNSET, translations: { de: GERMAN } })
    ).json()) as ApiMoment;
    const renamed = await send("PUT", `/api/admin/travel-moments/${created.id}`, {
      ...SUNSET,
      translations: { de: { title: "Abend auf Santorini" } },
    });
    expect(renamed.status).toBe(200);
    expect(((await renamed.json()) as ApiMoment).translations?.de).toEqual({
      title: "Abend auf Santorini",
      description: "",
      thumbnailAlt: "",
    });
    const kept = await send("PUT", `/api/admin/travel-moments/${created.id}`, {
      ...SUNSET,
      title: "Santorini at dusk",
    });
    expect(kept.status).toBe(200);
    const body = (await kept.json()) as ApiMoment;
    expect(body.title).toBe("Santorini at dusk");
    expect(body.translations?.de?.title).toBe("Abend auf Santorini");
  });

  it("refuses a bad translation with the field named, writing nothing", async () => {
    const moments = await count("travel_moments");
    const translations = await count("moment_translations");
    const refusals: [unknown, number, string][] = [
      [{ fr: { title: "Coucher de soleil" } }, 400, 'translations: unknown language "fr": use de'],
      [{ en: { title: "Sunset" } }, 400, "translations.en: en is the default language"],
      [
        { de: { description: "Goldenes Licht." } },
        400,
        "translations.de.title: Please enter the title too",
      ],
      [
        { de: { title: "x".repeat(201) } },
        400,
        "translations.de.title: The title must be at most 200 characters",
      ],
      [
        { de: { title: "Santorini", thumbnailAlt: "y".repeat(251) } },
        400,
        "translations.de.thumbnailAlt: The alt text must be at most 250 characters",
      ],
      [
        { de: { title: "Santorini", videoUrl: "/x.mp4" } },
        400,
        "Not a field a moment's translation has",
      ],
    ];
    for (const [body, status, message] of refusals) {
      const res = await send("POST", "/api/admin/travel-moments", {
        ...SUNSET,
        translations: body,
      });
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(((await res.json()) as Refusal).error).toContain(message);
    }
    expect(await count("travel_moments")).toBe(moments);
    expect(await count("moment_translations")).toBe(translations);
  });
});

describe("translations on /api travel-moment writes on a one-language site", () => {
  let server: LeadsServer;
  beforeAll(async () => {
    server = await startLeadsServer("pglite", {});
  });
  afterAll(() => server?.close());

  it("are refused, and answers keep the spec's shape", async () => {
    const cookie = await server.adminCookie();
    const refused = await sendAdminJson(server, cookie, "POST", "/api/admin/travel-moments", {
      ...SUNSET,
      translations: { de: GERMAN },
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as Refusal).error).toBe(
      "translations: the site is shown in one language only (SITE_LANGUAGES)",
    );
    const made = await sendAdminJson(server, cookie, "POST", "/api/admin/travel-moments", SUNSET);
    expect(made.status).toBe(201);
    expect(await made.json()).not.toHaveProperty("translations");
  });
});
