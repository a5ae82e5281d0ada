import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parsePackageInput, updatePackage } from "~/server/catalogue/packages.server";
import { flashOf } from "../support/admin-http-support";
import { BACKENDS } from "../support/db";
import { makePackage, packageInput } from "../support/factories";
import { formPost } from "../support/form-post";
import { startLeadsServer, type LeadsServer } from "../support/leads-support";
import { element, links, tags, textOf } from "../support/site-html";

const PUBLIC_URL = "https://travel.example.com";

/** The hreflang links in a page's head, as { hreflang: href }. */
function hreflangs(html: string): Record<string, string> {
  const head = element(html, /<head>/) ?? html;
  return Object.fromEntries(
    tags(head, "link")
      .filter((l) => l.rel === "alternate" && l.hreflang)
      .map((l) => [l.hreflang!, l.href!]),
  );
}
const canonicalOf = (html: string) => tags(html, "link").find((l) => l.rel === "canonical")?.href;
const metaOf = (html: string, property: string) =>
  tags(html, "meta")
    .filter((m) => m.property === property)
    .map((m) => m.content);

/**
 * Translated content (decision 139) on the built server: the staff translation form, the
 * appearance rule, fallbacks marked with their lang, per-language slugs with 301s, hreflang and
 * the sitemap at each language's slug, and the page cache after a translation changes.
 */
describe.each(BACKENDS)("translated content on %s (SITE_LANGUAGES=en,de)", (backend) => {
  let server: LeadsServer;
  let cookie: Record<string, string>;
  let trip = { id: "", slug: "" };
  let other = { id: "" };

  const get = async (path: string) => {
    const res = await server.fetch(path);
    return { res, html: await res.text() };
  };
  // A save that publishes in German unless a test says otherwise (decision 154).
  const translate = (id: string, fields: Record<string, string>, kind = "trip") =>
    formPost(
      server,
      `/admin/translations/${kind}/${id}/de`,
      { published: "on", ...fields },
      cookie,
    );
  const stored = (id: string) =>
    server.db
      .selectFrom("package_translations")
      .selectAll()
      .where("package_id", "=", id)
      .where("lang", "=", "de")
      .executeTakeFirst();

  beforeAll(async () => {
    server = await startLeadsServer(backend, { SITE_LANGUAGES: "en,de" });
    cookie = { Cookie: await server.adminCookie() };
    trip = await makePackage(server.db, "trip", {
      title: "Bali Escape",
      description: "Rice terraces and temples.",
      highlights: ["Sunrise at Mount Batur", "Tegallalang rice terraces"],
      meeting_point: "Ngurah Rai airport",
    });
    other = await makePackage(server.db, "trip", {
      title: "Cape Town Classic",
      description: "Table Mountain and the winelands.",
    });
  }, 120_000);

  afterAll(async () => {
    await server?.close();
  });

  it("an untranslated package does not appear in German: no page, not listed, no alternates", async () => {
    expect((await get(`/de/package/${trip.id}`)).res.status).toBe(404);
    const list = await get("/de/upcoming-trips");
    expect(list.res.status).toBe(200);
    expect(textOf(element(list.html, /<main/)!)).not.toContain("Bali Escape");
    // The English page names no German page it does not have.
    const english = await get(`/package/${trip.id}`);
    expect(hreflangs(english.html)).toEqual({});
    expect(metaOf(english.html, "og:locale:alternate")).toEqual([]);
  });

  it("shows the translation form with the English text beside each German field", async () => {
    const res = await server.fetch(`/admin/translations/trip/${trip.id}/de`, { headers: cookie });
    expect(res.status).toBe(200);
    const html = await res.text();
    const form = element(html, /<form\b[^>]*translation-form/)!;
    // The English source beside the German input, each in its own language.
    expect(form).toMatch(/<div id="tr-title-source" lang="en"[^>]*>.*Bali Escape/);
    const title = tags(form, "input").find((i) => i.name === "title");
    expect(title?.lang).toBe("de");
    expect(textOf(form)).toContain("Sunrise at Mount Batur");
    expect(textOf(html)).toContain("German: 0 of");
    // An unknown language is the admin's 404.
    const fr = await server.fetch(`/admin/translations/trip/${trip.id}/fr`, { headers: cookie });
    expect(fr.status).toBe(404);
  });

  it("refuses bad input with clear messages and stores nothing", async () => {
    const tooLong = await translate(trip.id, { title: "x".repeat(201), description: "Reis" });
    expect(tooLong.status).toBe(422);
    const html = await tooLong.text();
    expect(textOf(html)).toContain("The title must be at most 200 characters");
    // The typed text is kept in the form.
    expect(html).toContain(">Reis</textarea>");
    expect(await stored(trip.id)).toBeUndefined();

    const badSlug = await translate(trip.id, { title: "Bali", slug: "Bali Flucht!" });
    expect(badSlug.status).toBe(422);
    expect(textOf(await badSlug.text())).toContain("The URL slug may contain only lowercase");
    const noTitle = await translate(trip.id, { description: "Nur Beschreibung" });
    expect(noTitle.status).toBe(422);
    expect(textOf(await noTitle.text())).toContain("Please enter the title too");
    expect(await stored(trip.id)).toBeUndefined();
    const events = await server.db
      .selectFrom("events")
      .select("type")
      .where("type", "=", "package.translated")
      .execute();
    expect(events).toEqual([]);
  });

  it("saves a translation: the package appears in German, its fallbacks marked lang=en", async () => {
    const res = await translate(trip.id, {
      title: "Bali-Flucht über die Reisterrassen",
      description: "Reisterrassen und Tempel.",
      "highlights.0": "Sonnenaufgang am Mount Batur",
      // The second highlight is left out: the list stays English, marked as such.
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/admin/translations/trip/${trip.id}/de`);
    expect(flashOf(res)?.message).toContain("It appears on the German site");
    const row = await stored(trip.id);
    expect(row?.slug).toBe("bali-flucht-ueber-die-reisterrassen");
    const event = await server.db
      .selectFrom("events")
      .select("details")
      .where("type", "=", "package.translated")
      .executeTakeFirstOrThrow();
    expect(event.details).toMatchObject({
      id: trip.id,
      language: "German",
      publication: "published",
    });
    // The package's history names the save and its language.
    const history = await server.fetch(`/admin/history/trip/${trip.id}`, { headers: cookie });
    expect(history.status).toBe(200);
    const saves = element(await history.text(), /<section\b[^>]*history-translations/);
    expect(saves).toBeDefined();
    expect(textOf(saves!)).toMatch(/German translation saved .+ by /);

    const { res: page, html } = await get("/de/package/bali-flucht-ueber-die-reisterrassen");
    expect(page.status).toBe(200);
    const main = element(html, /<main/)!;
    expect(main).toMatch(/<h1>Bali-Flucht über die Reisterrassen<\/h1>/);
    expect(main).toContain("<p>Reisterrassen und Tempel.</p>");
    // Untranslated: the highlights list and the meeting point, each with its own lang.
    expect(main).toMatch(
      /<ul class="icon-list icon-list-check" lang="en">.*Sunrise at Mount Batur/s,
    );
    expect(main).toMatch(/<span lang="en">Ngurah Rai airport<\/span>/);
    // JSON-LD and Open Graph in the page's language.
    expect(html).toContain('"inLanguage":"de"');
    expect(html).toContain('"name":"Bali-Flucht über die Reisterrassen"');
    expect(metaOf(html, "og:locale")).toEqual(["de_DE"]);
    expect(metaOf(html, "og:locale:alternate")).toEqual(["en_US"]);
  });

  it("lists the package in German with its German title, linked at its German slug", async () => {
    const { html } = await get("/de/upcoming-trips");
    const main = element(html, /<main/)!;
    expect(textOf(main)).toContain("Bali-Flucht über die Reisterrassen");
    expect(links(main).map((l) => l.href)).toContain(
      "/de/package/bali-flucht-ueber-die-reisterrassen",
    );
    // The other package has no German title and description: it is not listed.
    expect(textOf(main)).not.toContain("Cape Town Classic");
    expect(links(main).map((l) => l.href)).not.toContain(`/de/package/${other.id}`);
    const home = await get("/de");
    expect(textOf(element(home.html, /<main/)!)).toContain("Bali-Flucht über die Reisterrassen");
    // English lists are unchanged.
    expect(textOf((await get("/upcoming-trips")).html)).toContain("Bali Escape");
  });

  it("the API answers ?lang=de with the German fields, only for packages that appear in German", async () => {
    const item = await server.fetch(`/api/trips/${trip.id}?lang=de`);
    expect(item.status).toBe(200);
    const body = (await item.json()) as { title: string; highlights: string[] };
    expect(body.title).toBe("Bali-Flucht über die Reisterrassen");
    // The half-translated list falls back to English, as on the page.
    expect(body.highlights).toEqual(["Sunrise at Mount Batur", "Tegallalang rice terraces"]);
    const list = (await (await server.fetch("/api/trips?lang=de")).json()) as { id: string }[];
    expect(list.map((p) => p.id)).toEqual([trip.id]);
    expect((await server.fetch(`/api/trips/${other.id}?lang=de`)).status).toBe(404);
    const unknown = await server.fetch("/api/trips?lang=fr");
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { error: string }).error).toBe(
      'Unknown language "fr": use one of en, de',
    );
    // Without lang: the packages as stored.
    const english = (await (await server.fetch(`/api/trips/${trip.id}`)).json()) as {
      title: string;
    };
    expect(english.title).toBe("Bali Escape");
    // By slug: ?lang=de takes the German slug and answers in German; the German slug without
    // lang, and the English slug with it, name no package.
    const bySlug = await server.fetch(
      "/api/trips/slug/bali-flucht-ueber-die-reisterrassen?lang=de",
    );
    expect(bySlug.status).toBe(200);
    expect(((await bySlug.json()) as { id: string; title: string }).title).toBe(
      "Bali-Flucht über die Reisterrassen",
    );
    expect((await server.fetch("/api/trips/slug/bali-flucht-ueber-die-reisterrassen")).status).toBe(
      404,
    );
    expect((await server.fetch(`/api/trips/slug/${trip.slug}?lang=de`)).status).toBe(404);
    expect((await server.fetch(`/api/trips/slug/${trip.slug}?lang=fr`)).status).toBe(400);
  });

  it("the whole sitemap keeps hreflang's rules: each entry names itself, x-default, and alternates that name it back", async () => {
    const sitemap = await (await server.fetch("/sitemap.xml")).text();
    expect(sitemap).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    const entries = new Map<string, Map<string, string>>();
    for (const [, body] of sitemap.matchAll(/<url>(.*?)<\/url>/g)) {
      const loc = /<loc>([^<]+)<\/loc>/.exec(body!)![1]!;
      const alternates = new Map(
        [
          ...body!.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g),
        ].map((m) => [m[1]!, m[2]!] as const),
      );
      expect(entries.has(loc), `${loc} is listed once`).toBe(false);
      entries.set(loc, alternates);
    }
    const withAlternates = [...entries].filter(([, a]) => a.size > 0);
    // The home, the static pages, the lists and the translated packages, in both languages.
    expect(withAlternates.length).toBeGreaterThan(10);
    for (const [loc, alternates] of withAlternates) {
      // Every language the site shows, plus x-default (the default language's URL).
      expect([...alternates.keys()].sort(), loc).toEqual(["de", "en", "x-default"]);
      expect(alternates.get("x-default"), loc).toBe(alternates.get("en"));
      // The entry names itself among its alternates.
      expect([...alternates.values()], loc).toContain(loc);
      // Reciprocal: each alternate is an entry of its own, naming the same set.
      for (const [lang, href] of alternates) {
        if (lang === "x-default") continue;
        expect(entries.get(href), `${href} (from ${loc})`).toEqual(alternates);
      }
    }
  });

  it("names each language's page in hreflang, the canonical and the sitemap", async () => {
    const expected = {
      en: `${PUBLIC_URL}/package/${trip.id}`,
      de: `${PUBLIC_URL}/de/package/bali-flucht-ueber-die-reisterrassen`,
      "x-default": `${PUBLIC_URL}/package/${trip.id}`,
    };
    const german = await get("/de/package/bali-flucht-ueber-die-reisterrassen");
    expect(hreflangs(german.html)).toEqual(expected);
    expect(canonicalOf(german.html)).toBe(expected.de);
    const english = await get(`/package/${trip.id}`);
    expect(hreflangs(english.html)).toEqual(expected);
    expect(canonicalOf(english.html)).toBe(expected.en);

    const sitemap = await (await server.fetch("/sitemap.xml")).text();
    const entry = (loc: string) =>
      sitemap.split("\n").find((line) => line.includes(`<loc>${loc}</loc>`));
    const de = entry(expected.de);
    expect(de).toBeDefined();
    expect(de).toContain(`<xhtml:link rel="alternate" hreflang="en" href="${expected.en}"/>`);
    expect(de).toContain(
      `<xhtml:link rel="alternate" hreflang="x-default" href="${expected.en}"/>`,
    );
    expect(entry(expected.en)).toContain(`hreflang="de" href="${expected.de}"`);
    // The untranslated package: its English entry only, without alternates.
    expect(entry(`${PUBLIC_URL}/de/package/${other.id}`)).toBeUndefined();
    expect(entry(`${PUBLIC_URL}/package/${other.id}`)).not.toContain("xhtml:link");
  });

  it("redirects an old German slug, the English slug and the id's old slug with 301", async () => {
    const res = await translate(trip.id, {
      title: "Bali-Flucht über die Reisterrassen",
      slug: "bali-rundreise",
      description: "Reisterrassen und Tempel.",
    });
    expect(res.status).toBe(302);
    const old = await server.fetch("/de/package/bali-flucht-ueber-die-reisterrassen");
    expect(old.status).toBe(301);
    expect(old.headers.get("location")).toBe("/de/package/bali-rundreise");
    const byEnglishSlug = await server.fetch(`/de/package/${trip.slug}`);
    expect(byEnglishSlug.status).toBe(301);
    expect(byEnglishSlug.headers.get("location")).toBe("/de/package/bali-rundreise");
    expect((await get("/de/package/bali-rundreise")).res.status).toBe(200);

    // The default language's slug changes too: its old one redirects to the new one.
    await updatePackage(
      server.db,
      "trip",
      trip.id,
      parsePackageInput("trip", {
        ...packageInput("trip", {
          title: "Bali Escape",
          description: "Rice terraces and temples.",
          highlights: ["Sunrise at Mount Batur", "Tegallalang rice terraces"],
          meeting_point: "Ngurah Rai airport",
        }),
        slug: "bali-grand-tour",
      }),
    );
    const english = await server.fetch(`/package/${trip.slug}`);
    expect(english.status).toBe(301);
    expect(english.headers.get("location")).toBe("/package/bali-grand-tour");
    // The English slug it gave up, under /de, leads to its German page too.
    const oldEnglishInGerman = await server.fetch(`/de/package/${trip.slug}`);
    expect(oldEnglishInGerman.status).toBe(301);
    expect(oldEnglishInGerman.headers.get("location")).toBe("/de/package/bali-rundreise");
  });

  it("refuses a German slug another package uses, storing nothing", async () => {
    const res = await translate(other.id, {
      title: "Kapstadt klassisch",
      slug: "bali-rundreise",
      description: "Tafelberg und Weinland.",
    });
    expect(res.status).toBe(422);
    expect(textOf(await res.text())).toContain(
      "The URL slug “bali-rundreise” is already used in German by “Bali Escape”",
    );
    expect(await stored(other.id)).toBeUndefined();
    expect((await get("/de/package/bali-rundreise")).html).toContain("Bali-Flucht");
  });

  it("a German page in the cache changes with its translation", async () => {
    const first = await get("/de/upcoming-trips");
    expect(textOf(first.html)).not.toContain("Kapstadt klassisch");
    // Cached now: the second request is a hit.
    const again = await server.fetch("/de/upcoming-trips");
    await again.text();
    const saved = await translate(other.id, {
      title: "Kapstadt klassisch",
      description: "Tafelberg und Weinland.",
    });
    expect(saved.status).toBe(302);
    const after = await get("/de/upcoming-trips");
    expect(textOf(after.html)).toContain("Kapstadt klassisch");
  });

  it("shows per-language completeness on the admin list", async () => {
    // One trip not translated: its badge says it is not published in German.
    await makePackage(server.db, "trip", { title: "Namib Dunes", description: "Sossusvlei." });
    const res = await server.fetch("/admin/dashboard", { headers: cookie });
    const html = await res.text();
    // With whether each appears in German (decision 154): the one published there, and one not.
    const badges = [...html.matchAll(/<li[^>]*>(?:<a[^>]*>)?(German: [^<]+)/g)].map((m) => m[1]);
    expect(badges).toContainEqual(expect.stringMatching(/^German: \d+ of \d+ fields · published$/));
    expect(badges).toContainEqual(
      expect.stringMatching(/^German: \d+ of \d+ fields · not published$/),
    );
    expect(links(html).map((l) => l.href)).toContain(`/admin/translations/trip/${other.id}/de`);
  });
});
