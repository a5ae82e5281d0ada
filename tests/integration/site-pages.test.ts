import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { DEFAULT_SITE } from "~/domain/site";
import { setPackageStatus } from "~/server/catalogue/packages.server";
import { startTestServer, type TestServer } from "../support/app-server";
import { createTestDatabase, type TestDatabase } from "../support/db";
import { makePackage } from "../support/factories";
import { element, links, tags, textOf } from "../support/site-html";

const PUBLIC_URL = "https://travel.example";

describe("public site pages", () => {
  let database: TestDatabase;
  let server: TestServer;
  const trips: { id: string; title: string }[] = [];
  let draftTripId = "";
  let discoveryId = "";
  let exclusiveId = "";

  const get = async (path: string) => {
    const res = await server.fetch(path);
    return { res, html: await res.text() };
  };

  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    const db = database.db;
    // Created oldest first; new packages go first in admin order, so "Trip 7" leads.
    for (let i = 1; i <= 7; i++)
      trips.unshift(await makePackage(db, "trip", { title: `Trip ${i}` }));
    draftTripId = (await makePackage(db, "trip", { title: "Secret Draft Trip", status: "draft" }))
      .id;
    exclusiveId = (await makePackage(db, "exclusive", { title: "Antarctic Expedition" })).id;
    discoveryId = (await makePackage(db, "discovery", { title: "Hidden Lofoten" })).id;
    const unpublished = await makePackage(db, "local", { title: "Unpublished Local" });
    await setPackageStatus(db, "local", unpublished.id, "draft");
    server = await startTestServer({ DATABASE_URL: database.url, PUBLIC_URL, LOG_LEVEL: "warn" });
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  describe("header and footer", () => {
    it("shows phone, e-mail, tagline, nav links and a WhatsApp Book Now in a new tab", async () => {
      const { html } = await get("/about");
      const header = element(html, /<header class="site-header"/)!;
      const text = textOf(header);
      expect(text).toContain(DEFAULT_SITE.phone);
      expect(text).toContain(DEFAULT_SITE.email);
      expect(text).toContain("Curated luxury adventures for the discerning traveler");
      const mainNav = element(header, /<nav class="nav-desktop"/)!;
      expect(links(mainNav).map((l) => l.href)).toEqual([
        "/",
        "/discover",
        "/upcoming-trips",
        "/local-trips",
        "/about",
        "/contact",
      ]);
      const bookNow = links(header).filter((l) => l.text.startsWith("Book Now"));
      expect(bookNow.length).toBe(2); // desktop bar and the mobile menu
      for (const link of bookNow) {
        // The app's counted route, which redirects to the chat.
        expect(link.href).toBe("/whatsapp");
        expect(link.attrs.target).toBe("_blank");
        expect(link.attrs.rel).toContain("noopener");
      }
    });

    it("renders the mobile menu as a <details> toggle that works without JavaScript", async () => {
      const { html } = await get("/");
      const menu = element(html, /<details class="mobile-menu"/)!;
      expect(menu).toMatch(/<summary[^>]*>[\s\S]*Menu[\s\S]*<\/summary>/);
      expect(links(menu).map((l) => l.href)).toEqual(
        expect.arrayContaining([
          "/",
          "/discover",
          "/upcoming-trips",
          "/local-trips",
          "/about",
          "/contact",
        ]),
      );
      expect(links(menu).some((l) => l.text.startsWith("Book Now"))).toBe(true);
    });

    it("has the blurb, two social links, contact details, /admin in the copyright and no legal links", async () => {
      const { html } = await get("/");
      const footer = element(html, /<footer class="site-footer"/)!;
      const text = textOf(footer);
      expect(text).toContain(DEFAULT_SITE.blurb);
      expect(text).toContain(DEFAULT_SITE.phone);
      expect(text).toContain(DEFAULT_SITE.email);
      const footerLinks = links(footer);
      expect(footerLinks.filter((l) => l.attrs.target === "_blank").map((l) => l.href)).toEqual([
        DEFAULT_SITE.facebookUrl,
        DEFAULT_SITE.instagramUrl,
      ]);
      expect(footerLinks.map((l) => l.href)).toEqual(
        expect.arrayContaining(["/discover", "/upcoming-trips", "/about", "/contact"]),
      );
      const copyright = element(footer, /<div class="container footer-bottom"/)!;
      expect(links(copyright)).toEqual([
        expect.objectContaining({ href: "/admin", text: DEFAULT_SITE.name }),
      ]);
      expect(textOf(copyright)).toContain("Privacy Policy");
      expect(textOf(copyright)).toContain("Terms of Service");
    });
  });

  describe("home", () => {
    it("renders the hero banner with six slides, the headline and the two hero buttons", async () => {
      const { res, html } = await get("/");
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe(
        "public, max-age=0, s-maxage=60, stale-while-revalidate=300",
      );
      const hero = element(html, /<section class="hero carousel"/)!;
      const slides = [...hero.matchAll(/aria-roledescription="slide" aria-label="([^"]+)"/g)].map(
        (m) => m[1],
      );
      expect(slides).toEqual([
        "1 of 6: Mauritius",
        "2 of 6: Bali",
        "3 of 6: Phuket",
        "4 of 6: Cape Town",
        "5 of 6: MSC Cruise",
        "6 of 6: Spain",
      ]);
      expect(textOf(hero)).toContain(
        "Discover Hidden Corners of the World, Travel That Feels Just Right",
      );
      expect(links(hero).map((l) => l.href)).toEqual(["/upcoming-trips", "/hidden-gems"]);
      const images = tags(hero, "img");
      expect(images).toHaveLength(6);
      expect(images[0]).toMatchObject({
        loading: "eager",
        fetchpriority: "high",
        width: "1600",
        height: "900",
      });
      expect(images[0]!.srcset).toContain("/images/banners/mauritius-640.webp 640w");
      for (const img of images.slice(1)) {
        expect(img.loading).toBe("lazy");
        expect(img.fetchpriority).toBeUndefined();
      }
    });

    it("shows the partner strip with all seven logos in the server HTML", async () => {
      const { html } = await get("/");
      const partners = element(html, /<section class="partners"/)!;
      expect(textOf(partners)).toContain("Trusted by leading travel industry partners");
      const logos = tags(partners, "img");
      expect(logos).toHaveLength(7);
      for (const logo of logos)
        expect(logo).toMatchObject({ width: "200", height: "80", loading: "lazy" });
    });

    it("lists the first 6 published packages of each kind in admin order", async () => {
      const { html } = await get("/");
      const upcoming = element(
        html,
        /<section class="section section-plain" aria-labelledby="upcoming-heading"/,
      )!;
      expect(textOf(upcoming)).toContain("Upcoming Trips");
      const titles = [...upcoming.matchAll(/<h3 class="card-title">([\s\S]*?)<\/h3>/g)].map((m) =>
        textOf(m[1]!),
      );
      expect(titles).toEqual(trips.slice(0, 6).map((t) => t.title));
      expect(upcoming).not.toContain("Secret Draft Trip");
      expect(textOf(element(html, /<section[^>]*aria-labelledby="exclusives-heading"/)!)).toContain(
        "2026 Exclusives",
      );
      expect(textOf(element(html, /<section[^>]*aria-labelledby="exclusives-heading"/)!)).toContain(
        "Antarctic Expedition",
      );
      const local = textOf(element(html, /<section[^>]*aria-labelledby="local-heading"/)!);
      expect(local).toContain("Local Trips");
      expect(local).toContain("No local trips available");
      expect(local).not.toContain("Unpublished Local");
      const gems = textOf(element(html, /<section[^>]*aria-labelledby="gems-heading"/)!);
      expect(gems).toContain("Discover Hidden Gems");
      expect(gems).toContain("Hidden Lofoten");
      expect(gems).toContain("Discovery");
    });

    it("has travel moments, the perks, the flights and hotels promos and the Accredited By rotator", async () => {
      const { html } = await get("/");
      const text = textOf(html);
      expect(text).toContain("Travel Moments");
      expect(text).toContain("Psst! There's more");
      for (const perk of [
        "All-Inclusive",
        "Low Deposit",
        "Stress Free Travel",
        "Loyalty Programme",
      ]) {
        expect(text).toContain(perk);
      }
      expect(links(html).map((l) => l.href)).toEqual(
        expect.arrayContaining(["/flights", "/hotels"]),
      );
      const accredited = element(html, /<section class="section accredited"/)!;
      expect(textOf(accredited)).toContain("Accredited By");
      expect(tags(accredited, "img")).toHaveLength(4);
    });
  });

  describe("list pages", () => {
    it("shows published trips on /upcoming-trips, without drafts", async () => {
      const { res, html } = await get("/upcoming-trips");
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toContain("public");
      const text = textOf(element(html, /<main/)!);
      expect(text).toContain("Upcoming Trips");
      for (const trip of trips) expect(text).toContain(trip.title);
      expect(text).not.toContain("Secret Draft Trip");
      expect(html).toContain(`href="/package/${trips[0]!.id}"`);
    });

    it("heads /exclusive-trips '2026 Exclusive Trips' and links to /exclusive/{id}", async () => {
      const { html } = await get("/exclusive-trips");
      expect(textOf(element(html, /<h1/)!)).toBe("2026 Exclusive Trips");
      expect(html).toContain(`href="/exclusive/${exclusiveId}"`);
    });

    it("shows the empty state on /local-trips when nothing is published", async () => {
      const { res, html } = await get("/local-trips");
      expect(res.status).toBe(200);
      const main = textOf(element(html, /<main/)!);
      expect(main).toContain("No local trips available");
      expect(main).not.toContain("Unpublished Local");
    });

    it("serves the same hidden-gems screen on /hidden-gems and /discover, canonical on /hidden-gems", async () => {
      const gems = await get("/hidden-gems");
      const discover = await get("/discover");
      expect(discover.res.status).toBe(200);
      for (const { html } of [gems, discover]) {
        expect(textOf(element(html, /<h1/)!)).toBe("Discover Hidden Gems");
        expect(html).toContain(`href="/package/${discoveryId}"`);
        expect(html).toContain(`<link rel="canonical" href="${PUBLIC_URL}/hidden-gems"/>`);
      }
    });
  });

  describe("promo and company pages", () => {
    it("has the four WhatsApp enquiry buttons on /flights and /hotels", async () => {
      for (const [path, labels] of [
        ["/flights", ["Get Flight Quotes", "Speak to Expert"]],
        ["/hotels", ["Find Hotel Deals", "Custom Requests"]],
      ] as const) {
        const { res, html } = await get(path);
        expect(res.status).toBe(200);
        for (const label of labels) {
          const buttons = links(html).filter((l) => l.text.startsWith(label));
          expect(buttons.length).toBeGreaterThan(0);
          for (const b of buttons) {
            // Through /whatsapp (counted), which redirects to the prefilled chat.
            expect(b.href).toMatch(/^\/whatsapp\?topic=(flight|hotel)\w+$/);
            const chat = (await server.fetch(b.href)).headers.get("location");
            expect(chat).toMatch(/^https:\/\/wa\.me\/27215550147\?text=.+/);
            expect(b.attrs.target).toBe("_blank");
          }
        }
      }
    });

    it("tells the story on /about with since 2016, 10 years and four strengths", async () => {
      const { res, html } = await get("/about");
      expect(res.status).toBe(200);
      const text = textOf(element(html, /<main/)!);
      expect(text).toContain("Since 2016");
      expect(text).toContain("10 years");
      for (const s of [
        "Handpicked Experiences",
        "Personal Service",
        "Trusted Partners",
        "Always On Call",
      ]) {
        expect(text).toContain(s);
      }
    });

    it("shows the contact form fields, hours, the 24/7 line and 'within 2 hours' on /contact", async () => {
      const { res, html } = await get("/contact");
      expect(res.status).toBe(200);
      const form = element(html, /<form/)!;
      // The form posts to /contact; the honeypot's two hidden inputs come first.
      expect(tags(form, "form")[0]!.action).toBe("/contact");
      expect(
        tags(form, "input")
          .map((i) => i.name)
          .filter((name) => !name?.endsWith("__confirm")),
      ).toEqual(["firstName", "lastName", "email", "phone", "travelDates"]);
      expect(form).toContain('name="tripDescription"');
      const text = textOf(element(html, /<main/)!);
      for (const label of [
        "First name",
        "Last name",
        "Email",
        "Phone",
        "Preferred travel dates",
        "Send Message",
      ]) {
        expect(text).toContain(label);
      }
      expect(text).toContain("Monday - Friday 9:00 - 19:00");
      expect(text).toContain("Saturday 10:00 - 16:00");
      expect(text).toContain("Sunday Closed");
      expect(text).toContain("24/7 emergency line");
      expect(text).toContain("within 2 hours");
    });
  });

  describe("caching", () => {
    it("caches public pages briefly and hashed assets as immutable", async () => {
      // Not /contact: its form's honeypot time is per render, so it is never stored.
      const { res, html } = await get("/about");
      expect(res.headers.get("cache-control")).toBe(
        "public, max-age=0, s-maxage=60, stale-while-revalidate=300",
      );
      const script = html.match(/\/assets\/[\w.-]+\.js/)?.[0];
      expect(script).toBeDefined();
      const asset = await server.fetch(script!);
      expect(asset.status).toBe(200);
      expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    });
  });

  describe("not found", () => {
    it("answers any other path with 404, the message, a link home and one log line", async () => {
      const spy = vi.spyOn(process.stdout, "write"); // pino writes JSON lines to stdout
      try {
        const { res, html } = await get("/no/such/page?x=1");
        expect(res.status).toBe(404);
        const main = element(html, /<main/)!;
        expect(textOf(main)).toContain("404");
        expect(textOf(main)).toContain("Oops! Page not found");
        expect(html).toMatch(/<title>Page not found · \S[^<]*<\/title>/);
        expect(links(main).map((l) => l.href)).toContain("/");
        const lines = spy.mock.calls
          .map((c) => String(c[0]))
          .filter((l) => l.includes('"not found"'))
          .map((l) => JSON.parse(l) as Record<string, unknown>);
        expect(lines).toHaveLength(1);
        expect(lines[0]).toMatchObject({
          level: "warn",
          msg: "not found",
          status: 404,
          path: "/no/such/page",
        });
      } finally {
        spy.mockRestore();
      }
    });
  });

  describe("SEO", () => {
    it("gives each page a title, description, canonical and og:image on the public URL", async () => {
      for (const path of ["/", "/upcoming-trips", "/flights", "/about", "/contact"]) {
        const { html } = await get(path);
        expect(html).toMatch(/<title>[^<]+<\/title>/);
        expect(html).toMatch(/<meta name="description" content="[^"]+"/);
        expect(html).toContain(`<link rel="canonical" href="${PUBLIC_URL}${path}"/>`);
        expect(html).toMatch(new RegExp(`<meta property="og:image" content="${PUBLIC_URL}/`));
      }
    });

    it("lists every public URL and every published package in /sitemap.xml", async () => {
      const res = await server.fetch("/sitemap.xml");
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toContain("application/xml");
      const xml = await res.text();
      const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
      for (const path of [
        "/",
        "/upcoming-trips",
        "/exclusive-trips",
        "/local-trips",
        "/hidden-gems",
        "/flights",
        "/hotels",
        "/about",
        "/contact",
      ]) {
        expect(locs).toContain(`${PUBLIC_URL}${path}`);
      }
      for (const trip of trips) expect(locs).toContain(`${PUBLIC_URL}/package/${trip.id}`);
      expect(locs).toContain(`${PUBLIC_URL}/exclusive/${exclusiveId}`);
      expect(locs).toContain(`${PUBLIC_URL}/package/${discoveryId}`);
      expect(locs).not.toContain(`${PUBLIC_URL}/package/${draftTripId}`);
    });

    it("disallows /admin and /api in /robots.txt", async () => {
      const res = await server.fetch("/robots.txt");
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toContain("text/plain");
      const body = await res.text();
      expect(body).toMatch(/^Disallow: \/admin$/m);
      expect(body).toMatch(/^Disallow: \/api$/m);
      expect(body).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
    });
  });
});
