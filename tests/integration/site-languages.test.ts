import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/app-server";
import { createTestDatabase, type TestDatabase } from "../support/db";
import { makePackage, publishGerman } from "../support/factories";
import { element, links, tags, textOf } from "../support/site-html";

const PUBLIC_URL = "https://travel.example";

/** The hreflang links of a page, as { hreflang: href }. */
function hreflangs(html: string): Record<string, string> {
  const head = element(html, /<head>/) ?? html;
  return Object.fromEntries(
    tags(head, "link")
      .filter((l) => l.rel === "alternate" && l.hreflang)
      .map((l) => [l.hreflang!, l.href!]),
  );
}

const langOf = (html: string) => /<html lang="([^"]+)"/.exec(html)?.[1];
const canonicalOf = (html: string) => tags(html, "link").find((l) => l.rel === "canonical")?.href;

describe("languages (SITE_LANGUAGES=en,de)", () => {
  let database: TestDatabase;
  let server: TestServer;
  let trip = { id: "", title: "" };

  const get = async (path: string) => {
    const res = await server.fetch(path);
    return { res, html: await res.text() };
  };

  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    trip = await makePackage(database.db, "trip", { title: "Bali Escape" });
    // Packages appear in German once translated (decision 139).
    await publishGerman(database.db, trip.id, "Bali-Flucht", "bali-flucht", "Reis.");
    server = await startTestServer({
      DATABASE_URL: database.url,
      PUBLIC_URL,
      SITE_LANGUAGES: "en,de",
      LOG_LEVEL: "error",
    });
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  it("shows the default language at today's URLs, unchanged", async () => {
    const { res, html } = await get("/");
    expect(res.status).toBe(200);
    expect(langOf(html)).toBe("en");
    const nav = element(html, /<nav class="nav-desktop"/)!;
    expect(links(nav).map((l) => l.href)).toEqual([
      "/",
      "/discover",
      "/upcoming-trips",
      "/local-trips",
      "/about",
      "/contact",
    ]);
    expect(textOf(nav)).toBe("Home Discover Upcoming Trips Local Trips About Contact");
    expect(textOf(html)).toContain("Trusted by leading travel industry partners");
  });

  it.each([
    ["/de", "Startseite", "Unsere Partner aus der Reisebranche"],
    ["/de/about", "Über uns", "Über uns"],
    ["/de/upcoming-trips", "Kommende Reisen", "Kommende Reisen"],
    [`/de/package/${"TRIP"}`, "Kontakt", "Bali-Flucht"],
  ])("%s renders German chrome with lang=de", async (path, navWord, bodyWord) => {
    const { res, html } = await get(path.replace("TRIP", trip.id));
    expect(res.status).toBe(200);
    expect(langOf(html)).toBe("de");
    const nav = element(html, /<nav class="nav-desktop"/)!;
    expect(textOf(nav)).toContain(navWord);
    expect(links(nav).map((l) => l.href)).toEqual([
      "/de",
      "/de/discover",
      "/de/upcoming-trips",
      "/de/local-trips",
      "/de/about",
      "/de/contact",
    ]);
    expect(textOf(html)).toContain(bodyWord);
    const footer = element(html, /<footer class="site-footer"/)!;
    expect(textOf(footer)).toContain("Alle Rechte vorbehalten.");
    expect(textOf(html)).toContain("Zum Inhalt springen");
  });

  it("German home sections link to German lists and trips", async () => {
    const { html } = await get("/de");
    const hrefs = links(html).map((l) => l.href);
    expect(hrefs).toContain("/de/upcoming-trips");
    expect(hrefs).toContain("/de/package/bali-flucht");
    expect(textOf(html)).toContain("Alle ansehen");
  });

  it("the switcher in header and footer links the same page in each language, without JS", async () => {
    const { html } = await get("/de/about");
    const header = element(html, /<header class="site-header"/)!;
    const footer = element(html, /<footer class="site-footer"/)!;
    for (const part of [header, footer]) {
      const nav = element(part, /<nav class="language-links"/)!;
      expect(nav).toMatch(/aria-label="Sprache( \(Fußzeile\))?"/);
      expect(links(nav).map((l) => l.text)).toEqual(["English", "Deutsch"]);
      expect(tags(nav, "a").map((a) => [a.href, a.hreflang, a["aria-current"]])).toEqual([
        ["/about", "en", "false"],
        ["/de/about", "de", "true"],
      ]);
    }
    const home = await get("/");
    const nav = element(home.html, /<nav class="language-links"/)!;
    expect(tags(nav, "a").map((a) => a.href)).toEqual(["/", "/de"]);
  });

  it("an unknown prefix, and the default language's own prefix, are 404s in the default language", async () => {
    for (const path of ["/fr", "/fr/about", "/xx/package/abc"]) {
      const { res, html } = await get(path);
      expect(res.status, path).toBe(404);
      expect(langOf(html), path).toBe("en");
      expect(textOf(html), path).toContain("Oops! Page not found");
    }
    const own = await get("/en/about");
    expect(own.res.status).toBe(404);
    expect(langOf(own.html)).toBe("en");
  });

  it("a missing page under /de is a German 404", async () => {
    const { res, html } = await get("/de/no-such-page");
    expect(res.status).toBe(404);
    expect(langOf(html)).toBe("de");
    expect(textOf(html)).toContain("Hoppla! Seite nicht gefunden");
  });

  it("hreflang alternates are reciprocal, with x-default, and each page is its own canonical", async () => {
    for (const base of ["/", "/about", `/package/${trip.id}`]) {
      const en = await get(base);
      const de = await get(base === "/" ? "/de" : `/de${base}`);
      // A package's German page is at its German slug (decision 139).
      const dePath = base.startsWith("/package/")
        ? "/de/package/bali-flucht"
        : base === "/"
          ? "/de"
          : `/de${base}`;
      const expected = {
        en: `${PUBLIC_URL}${base}`,
        de: `${PUBLIC_URL}${dePath}`,
        "x-default": `${PUBLIC_URL}${base}`,
      };
      expect(hreflangs(en.html), base).toEqual(expected);
      expect(hreflangs(de.html), base).toEqual(expected);
      expect(canonicalOf(en.html)).toBe(expected.en);
      expect(canonicalOf(de.html)).toBe(expected.de);
      expect(en.html).toMatch(/<meta property="og:locale" content="en_US"/);
      expect(de.html).toMatch(/<meta property="og:locale" content="de_DE"/);
      expect(de.html).toMatch(/<meta property="og:locale:alternate" content="en_US"/);
    }
  });

  it("the sitemap lists each page in each language with xhtml:link alternates", async () => {
    const res = await server.fetch("/sitemap.xml");
    const xml = await res.text();
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    const entries = [...xml.matchAll(/<url>(.*?)<\/url>/g)].map((m) => m[1]!);
    const entryOf = (loc: string) => entries.find((e) => e.includes(`<loc>${loc}</loc>`));
    for (const loc of [`${PUBLIC_URL}/about`, `${PUBLIC_URL}/de/about`]) {
      const entry = entryOf(loc)!;
      expect(entry, loc).toContain(
        `<xhtml:link rel="alternate" hreflang="en" href="${PUBLIC_URL}/about"/>`,
      );
      expect(entry).toContain(
        `<xhtml:link rel="alternate" hreflang="de" href="${PUBLIC_URL}/de/about"/>`,
      );
      expect(entry).toContain(
        `<xhtml:link rel="alternate" hreflang="x-default" href="${PUBLIC_URL}/about"/>`,
      );
    }
    expect(entryOf(`${PUBLIC_URL}/de/package/bali-flucht`)).toBeDefined();
    expect(entryOf(`${PUBLIC_URL}/de`)).toBeDefined();
  });

  it("the page cache keeps each language apart (the key is the path)", async () => {
    await get("/about");
    await get("/de/about");
    const en = await get("/about");
    const de = await get("/de/about");
    expect(en.res.headers.get("x-page-cache")).toBe("hit");
    expect(de.res.headers.get("x-page-cache")).toBe("hit");
    expect(langOf(en.html)).toBe("en");
    expect(langOf(de.html)).toBe("de");
  });
});

describe("languages (one language: the default)", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ PUBLIC_URL, LOG_LEVEL: "error" });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  it("has no switcher, no hreflang, no /de pages and a sitemap without alternates", async () => {
    const res = await server.fetch("/about");
    const html = await res.text();
    expect(html).not.toContain('class="language-links"');
    expect(hreflangs(html)).toEqual({});
    expect(html).toMatch(/<meta property="og:locale" content="en_US"/);
    expect((await server.fetch("/de/about")).status).toBe(404);
    expect((await server.fetch("/de")).status).toBe(404);
    const xml = await (await server.fetch("/sitemap.xml")).text();
    expect(xml).not.toContain("xhtml");
    expect(xml).toContain(`<loc>${PUBLIC_URL}/about</loc>`);
  });
});
