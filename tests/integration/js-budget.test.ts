import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/app-server";
import { createTestDatabase, type TestDatabase } from "../support/db";
import { makePackage, publishGerman } from "../support/factories";
import { brotliBytes, firstLoadScripts } from "../support/page-scripts";

const clientDir = path.resolve(process.env.BUILD_DIR ?? "build", "client");

/** Text only admin-only libraries put in a chunk: sonner, dnd-kit, Conform. */
const ADMIN_LIBRARIES: [string, RegExp][] = [
  ["sonner", /data-sonner-toaster/],
  ["dnd-kit", /To pick up a draggable item|DndDescribedBy/],
  ["conform", /__intent__/],
];

/** Embla's option names, which survive minification. */
const EMBLA = /slidesToScroll.*containScroll|containScroll.*slidesToScroll/s;

/** A package page with everything its screen can show: photos, videos of each kind, dates. */
const DETAIL_PAGE = "/package/bali-escape";
const GERMAN_DETAIL_PAGE = "/de/package/bali-flucht";

async function packageDatabase(): Promise<TestDatabase> {
  const database = await createTestDatabase("postgres");
  const trip = await makePackage(database.db, "trip", {
    title: "Bali Escape",
    slug: "bali-escape",
    images: ["https://cdn.example.com/bali-1.jpg", "https://cdn.example.com/bali-2.jpg"],
    videos: [
      { type: "url", url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ", title: "Reef", order: 0 },
      { type: "url", url: "https://vimeo.com/76979871", title: "Rice", order: 1 },
      { type: "url", url: "/media/packages/clip.mp4", title: "Temple", order: 2 },
    ],
    highlights: ["Sunrise trek up Mount Batur"],
    itinerary: [{ day: "Day 1", activity: "Arrive in Ubud", accommodation: "Maya Ubud Resort" }],
    faqs: [{ question: "Visa?", answer: "On arrival." }],
    departures: [
      {
        start_date: "2031-06-14",
        end_date: "2031-06-20",
        seats_total: 12,
        price_amount: 2_450_000,
      },
    ],
  });
  await publishGerman(database.db, trip.id, "Bali-Flucht", "bali-flucht", "Reis.");
  return database;
}

const PUBLIC_PAGES = [
  "/",
  DETAIL_PAGE,
  "/upcoming-trips",
  "/exclusive-trips",
  "/local-trips",
  "/hidden-gems",
  "/about",
  "/contact",
  "/flights",
  "/hotels",
  "/no-such-page",
];

describe("public pages load no admin-only library", () => {
  let server: TestServer;
  let database: TestDatabase;
  beforeAll(async () => {
    database = await packageDatabase();
    server = await startTestServer({ DATABASE_URL: database.url });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  it("finds the libraries in the build at all (so the check below can fail)", () => {
    const all = fs.readdirSync(path.join(clientDir, "assets")).filter((f) => f.endsWith(".js"));
    for (const [name, marker] of ADMIN_LIBRARIES) {
      expect(
        all.some((f) => marker.test(fs.readFileSync(path.join(clientDir, "assets", f), "utf8"))),
        name,
      ).toBe(true);
    }
  });

  it.each(PUBLIC_PAGES)("%s", async (page) => {
    const html = await (await server.fetch(page)).text();
    const scripts = firstLoadScripts(html, clientDir);
    expect(scripts.length).toBeGreaterThan(3);
    for (const script of scripts) {
      const source = fs.readFileSync(path.join(clientDir, script), "utf8");
      for (const [name, marker] of ADMIN_LIBRARIES)
        expect(marker.test(source), `${name} in ${script}`).toBe(false);
    }
  });

  it("no public page carries the carousel engine in its first load (it follows the load event)", async () => {
    for (const page of PUBLIC_PAGES) {
      const html = await (await server.fetch(page)).text();
      for (const script of firstLoadScripts(html, clientDir))
        expect(
          fs.readFileSync(path.join(clientDir, script), "utf8"),
          `${page}: ${script}`,
        ).not.toMatch(EMBLA);
    }
    const all = fs.readdirSync(path.join(clientDir, "assets")).filter((f) => f.endsWith(".js"));
    expect(
      all.some((f) => EMBLA.test(fs.readFileSync(path.join(clientDir, "assets", f), "utf8"))),
    ).toBe(true);
  });

  // The public pages' JS budget; the home page is the largest (decision 064).
  it.each(PUBLIC_PAGES)("%s loads at most 100 KiB of JS (brotli) on first load", async (page) => {
    const html = await (await server.fetch(page)).text();
    expect(brotliBytes(firstLoadScripts(html, clientDir), clientDir)).toBeLessThanOrEqual(
      100 * 1024,
    );
  });

  // For a Lighthouse score of 1.0 on public pages: one render-blocking stylesheet per page. The
  // home page's separate video-facade stylesheet cost it ~150 ms of LCP on a simulated phone.
  it.each(PUBLIC_PAGES)("%s links exactly one stylesheet", async (page) => {
    const html = await (await server.fetch(page)).text();
    expect(html.match(/<link\b[^>]*rel="stylesheet"[^>]*>/g) ?? []).toHaveLength(1);
  });

  it("the admin sign-in page does load the toasts (they are lazy, not gone)", async () => {
    const html = await (await server.fetch("/admin")).text();
    const sources = firstLoadScripts(html, clientDir).map((s) =>
      fs.readFileSync(path.join(clientDir, s), "utf8"),
    );
    expect(sources.some((s) => ADMIN_LIBRARIES[0]![1].test(s))).toBe(true);
  });
});

// Only the page's language reaches the browser (decision 127): the German pages keep the budget,
// and no client chunk carries a message catalogue (the server sends finished strings).
describe("German pages' JavaScript", () => {
  let server: TestServer;
  let database: TestDatabase;
  beforeAll(async () => {
    database = await packageDatabase();
    server = await startTestServer({ DATABASE_URL: database.url, SITE_LANGUAGES: "en,de" });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  const GERMAN_PAGES = [
    "/de",
    GERMAN_DETAIL_PAGE,
    "/de/upcoming-trips",
    "/de/about",
    "/de/contact",
  ];

  it.each(GERMAN_PAGES)("%s loads at most 100 KiB of JS (brotli) on first load", async (page) => {
    const res = await server.fetch(page);
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(html).toContain('<html lang="de"');
    expect(brotliBytes(firstLoadScripts(html, clientDir), clientDir)).toBeLessThanOrEqual(
      100 * 1024,
    );
  });

  it("no client chunk holds a catalogue: neither its keys nor its German or English messages", () => {
    const markers = [
      '"nav.bookNow"',
      "mail.received.thanks",
      "Vielen Dank für Ihre Buchung",
      "Thank you for booking",
    ];
    const assets = fs.readdirSync(path.join(clientDir, "assets")).filter((f) => f.endsWith(".js"));
    expect(assets.length).toBeGreaterThan(10);
    for (const file of assets) {
      const source = fs.readFileSync(path.join(clientDir, "assets", file), "utf8");
      for (const marker of markers)
        expect(source.includes(marker), `${marker} in ${file}`).toBe(false);
    }
  });
});
