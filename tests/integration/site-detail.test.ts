import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { displayRating, displayReviewCount } from "~/domain/rating";
import { createAdmin } from "~/server/auth/admins.server";
import { createSession, SESSION_COOKIE } from "~/server/auth/session.server";
import { startTestServer, type TestServer } from "../support/app-server";
import { createTestDatabase, type TestDatabase } from "../support/db";
import { makePackage } from "../support/factories";
import { element, links, tags, textOf } from "../support/site-html";

const PUBLIC_URL = "https://travel.example";
const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";

describe("package detail screen", () => {
  let database: TestDatabase;
  let server: TestServer;
  let adminCookie = "";
  const ids = {
    trip: "",
    discovery: "",
    sameIdTrip: "",
    exclusive: "",
    local: "",
    draft: "",
    slugTrip: "",
  };

  const get = async (path: string, cookie?: string) => {
    const res = await server.fetch(path, cookie ? { headers: { Cookie: cookie } } : undefined);
    return { res, html: await res.text() };
  };
  const main = (html: string) => element(html, /<main/)!;

  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    const db = database.db;
    ids.trip = (
      await makePackage(db, "trip", {
        title: "Bali Escape",
        slug: "bali-escape",
        description: "Seven days of temples, rice terraces and slow mornings.",
        images: ["https://cdn.example.com/bali-1.jpg", "https://cdn.example.com/bali-2.jpg"],
        videos: [
          { type: "url", url: "https://vimeo.com/76979871", title: "Second", order: 1 },
          {
            type: "url",
            url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
            title: "First",
            order: 0,
          },
          { type: "url", url: "/media/packages/clip.mp4", title: "Third", order: 2 },
        ],
        highlights: ["Sunrise trek up Mount Batur"],
        inclusions: ["Return flights"],
        exclusions: ["Travel insurance"],
        itinerary: [
          { day: "Day 1", activity: "Arrive in Ubud", accommodation: "Maya Ubud Resort" },
          { day: "Day 2", activity: "Rice terraces", accommodation: "" },
        ],
      })
    ).id;
    ids.discovery = (
      await makePackage(db, "discovery", { title: "Hidden Lofoten", rating: 4.9, review_count: 77 })
    ).id;
    ids.exclusive = (await makePackage(db, "exclusive", { title: "Antarctic Expedition" })).id;
    ids.local = (await makePackage(db, "local", { title: "Winelands Weekend" })).id;
    ids.draft = (await makePackage(db, "trip", { title: "Secret Draft Trip", status: "draft" })).id;
    ids.slugTrip = (await makePackage(db, "trip", { title: "Slug Only", slug: "slug-only" })).id;
    await makePackage(db, "trip", {
      title: "Draft By Slug",
      slug: "draft-by-slug",
      status: "draft",
    });
    const admin = await createAdmin(db, "editor@example.com", "correct horse battery staple");
    const session = await createSession(db, admin.id);
    adminCookie = `${SESSION_COOKIE}=${session.id}`;
    server = await startTestServer({ DATABASE_URL: database.url, PUBLIC_URL });
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  describe("lookup order", () => {
    it("finds a trip by id on /package/{id}", async () => {
      const { res, html } = await get(`/package/${ids.trip}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe(
        "public, max-age=0, s-maxage=60, stale-while-revalidate=300",
      );
      expect(textOf(element(html, /<h1/)!)).toBe("Bali Escape");
    });

    it("then a discovery package by id, shown with the 'Discovery' label", async () => {
      const { res, html } = await get(`/package/${ids.discovery}`);
      expect(res.status).toBe(200);
      const header = textOf(element(html, /<header class="detail-header"/)!);
      expect(header).toContain("Discovery");
      expect(header).toContain("Hidden Lofoten");
      expect(
        textOf(
          element(await (await get(`/package/${ids.trip}`)).html, /<header class="detail-header"/)!,
        ),
      ).not.toContain("Discovery");
    });

    it("then a published trip by slug, with the canonical URL on its id", async () => {
      const { res, html } = await get("/package/slug-only");
      expect(res.status).toBe(200);
      expect(textOf(element(html, /<h1/)!)).toBe("Slug Only");
      expect(html).toContain(
        `<link rel="canonical" href="${PUBLIC_URL}/package/${ids.slugTrip}"/>`,
      );
      expect((await get("/package/draft-by-slug", adminCookie)).res.status).toBe(404);
    });

    it("keeps the exclusive and local paths to their own kind", async () => {
      expect((await get(`/exclusive/${ids.exclusive}`)).res.status).toBe(200);
      expect((await get(`/local-package/${ids.local}`)).res.status).toBe(200);
      expect((await get(`/package/${ids.exclusive}`)).res.status).toBe(404);
      expect((await get(`/package/${ids.local}`)).res.status).toBe(404);
      expect((await get(`/exclusive/${ids.trip}`)).res.status).toBe(404);
      expect((await get(`/local-package/${ids.trip}`)).res.status).toBe(404);
      expect((await get(`/local-package/${ids.exclusive}`)).res.status).toBe(404);
      expect((await get("/exclusive/bali-escape")).res.status).toBe(404);
    });

    it("answers unknown ids with 404, 'Package Not Found' and Back to Home", async () => {
      for (const path of [
        `/package/${UNKNOWN_ID}`,
        "/package/not-a-thing",
        `/exclusive/${UNKNOWN_ID}`,
        "/local-package/x",
      ]) {
        const { res, html } = await get(path);
        expect(res.status, path).toBe(404);
        const body = main(html);
        expect(textOf(body)).toContain("Package Not Found");
        expect(html).toMatch(/<title>Package not found · \S[^<]*<\/title>/);
        expect(links(body)).toContainEqual(
          expect.objectContaining({ href: "/", text: "Back to Home" }),
        );
      }
    });
  });

  describe("drafts", () => {
    it("are a 404 for visitors", async () => {
      const { res, html } = await get(`/package/${ids.draft}`);
      expect(res.status).toBe(404);
      expect(textOf(main(html))).toContain("Package Not Found");
      expect(html).not.toContain("Secret Draft Trip");
    });

    it("are a 404 for a forged or expired session cookie", async () => {
      const { res } = await get(`/package/${ids.draft}`, `${SESSION_COOKIE}=forged-session-id`);
      expect(res.status).toBe(404);
    });

    it("are shown to a signed-in admin with a 'Draft preview' banner and are never cached", async () => {
      const { res, html } = await get(`/package/${ids.draft}`, adminCookie);
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("private, no-store");
      expect(textOf(main(html))).toContain("Draft preview");
      expect(textOf(element(html, /<h1/)!)).toBe("Secret Draft Trip");
      expect(html).toContain('<meta name="robots" content="noindex"/>');
    });

    it("published pages seen by an admin are not cached publicly either", async () => {
      const { res, html } = await get(`/package/${ids.trip}`, adminCookie);
      expect(res.headers.get("cache-control")).toBe("private, no-store");
      expect(textOf(main(html))).not.toContain("Draft preview");
    });
  });

  describe("contents", () => {
    it("renders the gallery with every image sized, the first eager and the others lazy", async () => {
      const { html } = await get(`/package/${ids.trip}`);
      const gallery = element(html, /<section class="gallery"/)!;
      const images = tags(gallery, "img");
      expect(images.map((i) => i.src)).toEqual([
        "https://cdn.example.com/bali-1.jpg",
        "https://cdn.example.com/bali-2.jpg",
      ]);
      for (const img of images) {
        expect(Number(img.width)).toBeGreaterThan(0);
        expect(Number(img.height)).toBeGreaterThan(0);
        expect(img.alt).toContain("Bali Escape");
      }
      expect(images[0]).toMatchObject({ loading: "eager", fetchpriority: "high" });
      expect(images[1]!.loading).toBe("lazy");
    });

    it("shows videos in order: YouTube/Vimeo as a facade (no iframe up front), others natively, with a swipe hint", async () => {
      const { html } = await get(`/package/${ids.trip}`);
      const videos = element(html, /<section[^>]*aria-labelledby="videos-heading"/)!;
      expect(textOf(videos)).toContain("Swipe");
      expect(videos).not.toContain("<iframe");
      const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]+)"`).exec(tag)?.[1];
      const items = [...videos.matchAll(/<(a|video)\b[^>]*>/g)].map((m) => [
        m[1],
        attr(m[0], m[1] === "a" ? "href" : "src"),
        attr(m[0], "data-embed"),
      ]);
      expect(items).toEqual([
        [
          "a",
          "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
          "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?rel=0",
        ],
        ["a", "https://vimeo.com/76979871", "https://player.vimeo.com/video/76979871?dnt=1"],
        ["video", "/media/packages/clip.mp4", undefined],
      ]);
      // The YouTube facade shows the video's thumbnail.
      expect(videos).toContain('src="https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg"');
    });

    it("shows highlights, itinerary, inclusions and exclusions", async () => {
      const text = textOf(main((await get(`/package/${ids.trip}`)).html));
      for (const s of [
        "Highlights",
        "Sunrise trek up Mount Batur",
        "Itinerary",
        "Day 1",
        "Arrive in Ubud",
        "Maya Ubud Resort",
        "Day 2",
        "What's Included",
        "Return flights",
        "What's Not Included",
        "Travel insurance",
      ]) {
        expect(text).toContain(s);
      }
    });

    it("has a price card whose Book Now names the package, a contact link and the three notes", async () => {
      const { html } = await get(`/package/${ids.trip}`);
      const card = element(html, /<aside class="price-card"/)!;
      const text = textOf(card);
      expect(text).toContain("$2,450 per person");
      for (const note of [
        "Free cancellation up to 24 hours",
        "Reserve now & pay later",
        "Mobile ticket accepted",
      ]) {
        expect(text).toContain(note);
      }
      const book = links(card).find((l) => l.text.startsWith("Book Now"))!;
      expect(book.attrs.target).toBe("_blank");
      // Through the app's counted route, which redirects to the chat naming the package.
      expect(book.href).toBe(`/whatsapp/${ids.trip}`);
      const chat = (await server.fetch(book.href)).headers.get("location")!;
      expect(new URL(chat).hostname).toBe("wa.me");
      expect(new URL(chat).searchParams.get("text")).toContain('"Bali Escape"');
      // The contact link names the trip.
      expect(links(card).map((l) => l.href)).toContain(`/contact?package=${ids.trip}`);
    });

    it("shows an entered rating, and none (no made-up one) without it", async () => {
      const stored = textOf(main((await get(`/package/${ids.discovery}`)).html));
      expect(stored).toContain("4.9 out of 5 (77 reviews)");
      const none = textOf(main((await get(`/package/${ids.trip}`)).html));
      expect(none).not.toContain(
        `${displayRating(ids.trip, null).toFixed(1)} out of 5 (${displayReviewCount(ids.trip, null)} reviews)`,
      );
      expect(none).not.toMatch(/\d reviews\)/);
    });
  });

  describe("SEO", () => {
    it("has title, description, canonical, og:image from the first image and TouristTrip JSON-LD", async () => {
      const { html } = await get(`/package/${ids.trip}`);
      expect(html).toMatch(/<title>Bali Escape \| [^<]+<\/title>/);
      expect(html).toContain(
        '<meta name="description" content="Seven days of temples, rice terraces and slow mornings."/>',
      );
      expect(html).toContain(`<link rel="canonical" href="${PUBLIC_URL}/package/${ids.trip}"/>`);
      expect(html).toContain(
        '<meta property="og:image" content="https://cdn.example.com/bali-1.jpg"/>',
      );
      const json = html.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/)?.[1];
      expect(json).toBeDefined();
      const ld = JSON.parse(json!) as Record<string, unknown>;
      expect(ld).toMatchObject({
        "@context": "https://schema.org",
        "@type": "TouristTrip",
        name: "Bali Escape",
        offers: { "@type": "Offer", price: "2450", priceCurrency: "USD" },
        provider: { "@type": "TravelAgency" },
        itinerary: {
          "@type": "ItemList",
          itemListElement: [
            { "@type": "ListItem", position: 1, name: "Day 1" },
            { "@type": "ListItem", position: 2, name: "Day 2" },
          ],
        },
      });
    });
  });
});
