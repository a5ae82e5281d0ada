import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseListQuery } from "~/domain/catalogue-filters";
import { DEFAULT_SITE } from "~/domain/site";
import { todayIn } from "~/domain/trip-facts";
import { loadListPage } from "~/server/site/catalogue-list.server";
import { startTestServer, type TestServer } from "../support/app-server";
import { BACKENDS, createTestDatabase, type TestDatabase } from "../support/db";
import { makePackage } from "../support/factories";
import { element, textOf } from "../support/site-html";

// Filters, sorting and 12-card pages on the public lists.

const site = { ...DEFAULT_SITE, publicUrl: "https://travel.example" };
const inDays = (days: number) => {
  const d = new Date(`${todayIn(site.timeZone)}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
const soon = inDays(20);
const later = inDays(80);

/** 26 trips: 20 to Spain (R 10 000 – 29 000, 3 to 9 days), 6 to Kenya with departures. */
async function seed(database: TestDatabase) {
  for (let i = 0; i < 20; i++) {
    await makePackage(database.db, "trip", {
      title: `Spain ${String(i).padStart(2, "0")}`,
      location: `Seville, Spain`,
      price: `From R ${10 + i},000 pp`,
      duration: `${3 + (i % 7)} days`,
      travel_period: "Year-round",
    });
  }
  for (let i = 0; i < 6; i++) {
    await makePackage(database.db, "trip", {
      title: `Kenya ${i}`,
      location: "Masai Mara, Kenya",
      price: `From R ${60 + i},000 pp`,
      duration: "8 days",
      departures: [{ start_date: i % 2 ? later : soon }],
    });
  }
  await makePackage(database.db, "trip", {
    title: "Hidden draft",
    status: "draft",
    location: "Oz",
  });
}

describe.each(BACKENDS)("list pages on %s", (backend) => {
  let database: TestDatabase;
  const load = (search: string) =>
    loadListPage(database.db, site, "trip", parseListQuery(new URLSearchParams(search)));

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    await seed(database);
  }, 120_000);
  afterAll(async () => {
    await database?.close();
  });

  it("pages 12 cards at a time, in admin order, published only", async () => {
    const first = await load("");
    expect(first).toMatchObject({ total: 26, page: 1, pageCount: 3 });
    expect(first.items).toHaveLength(12);
    expect(first.items[0]!.title).toBe("Kenya 5"); // created last: first in admin order
    const third = await load("page=3");
    expect(third.items).toHaveLength(2);
    expect(first.destinations.map((d) => d.label)).toEqual(["Kenya", "Spain"]);
  });

  it("filters by destination, month of departure, price band and duration band", async () => {
    expect((await load("destination=kenya")).total).toBe(6);
    const month = await load(`month=${soon.slice(0, 7)}`);
    expect(month.items.map((c) => c.title).sort()).toEqual(["Kenya 0", "Kenya 2", "Kenya 4"]);
    expect((await load("price=under-20000")).total).toBe(10);
    expect((await load("price=50000-100000&destination=spain")).total).toBe(0);
    const short = await load("duration=1-3&destination=spain");
    expect(short.items.map((c) => c.title)).toEqual(["Spain 14", "Spain 07", "Spain 00"]);
  });

  it("sorts by price both ways and by next departure (none last)", async () => {
    const cheap = await load("sort=price-asc");
    expect(cheap.items[0]!.title).toBe("Spain 00");
    const dear = await load("sort=price-desc");
    expect(dear.items[0]!.title).toBe("Kenya 5");
    const next = await load("sort=departure");
    expect(
      next.items
        .slice(0, 3)
        .map((c) => c.title)
        .sort(),
    ).toEqual(["Kenya 0", "Kenya 2", "Kenya 4"]);
    expect(next.items.slice(3, 6).every((c) => c.title.startsWith("Kenya"))).toBe(true);
  });
});

describe("list pages over HTTP", () => {
  let database: TestDatabase;
  let server: TestServer;

  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    await seed(database);
    server = await startTestServer({ DATABASE_URL: database.url!, PUBLIC_URL: site.publicUrl });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  const get = async (path: string) => {
    const res = await server.fetch(path);
    return { res, html: res.status === 200 ? await res.text() : "" };
  };

  it("sends odd URLs to the canonical one: bad values dropped, pages past the last to the last", async () => {
    for (const [from, to] of [
      ["/upcoming-trips?page=1", "/upcoming-trips"],
      ["/upcoming-trips?sort=bogus&destination=atlantis", "/upcoming-trips"],
      ["/upcoming-trips?page=99", "/upcoming-trips?page=3"],
      ["/upcoming-trips?page=2&destination=kenya", "/upcoming-trips?destination=kenya"],
    ]) {
      const { res } = await get(from!);
      expect(res.status, from).toBe(302);
      expect(res.headers.get("location"), from).toBe(to);
    }
  });

  it("shows the count, rel=prev/next pages, noindex with the unfiltered canonical", async () => {
    const { res, html } = await get("/upcoming-trips?page=2");
    expect(res.status).toBe(200);
    expect(textOf(element(html, /<p class="filter-count"/)!)).toBe("26 trips");
    expect(html).toMatch(
      /<a[^>]*rel="prev"[^>]*href="\/upcoming-trips"|<a[^>]*href="\/upcoming-trips"[^>]*rel="prev"/,
    );
    expect(html).toMatch(
      /href="\/upcoming-trips\?page=3"[^>]*rel="next"|rel="next"[^>]*href="\/upcoming-trips\?page=3"/,
    );
    expect(html).toContain('<meta name="robots" content="noindex, follow"/>');
    expect(html).toContain(`<link rel="canonical" href="${site.publicUrl}/upcoming-trips"/>`);
    const plain = await get("/upcoming-trips");
    expect(plain.html).not.toContain('name="robots"');
  });

  it("shows the kind's empty text when nothing matches", async () => {
    const { html } = await get("/upcoming-trips?destination=spain&price=over-100000");
    const main = textOf(element(html, /<main/)!);
    expect(main).toContain("0 trips match");
    expect(main).toContain("No trips available");
  });

  it("never answers one route-discovery query with another's cached manifest", async () => {
    const html = await (await server.fetch("/upcoming-trips")).text();
    const version = /"version":\s*"([^"]+)"/.exec(html)?.[1];
    expect(version).toBeDefined();
    const manifest = async (path: string) =>
      Object.keys(
        (await (
          await server.fetch(`/__manifest?paths=${encodeURIComponent(path)}&version=${version}`)
        ).json()) as Record<string, unknown>,
      );
    expect(await manifest("/about")).toContain("routes/site/about");
    expect(await manifest("/admin/two-factor")).toContain("routes/admin/two-factor");
    expect(await manifest("/admin/two-factor")).not.toContain("routes/site/about");
  });

  it("keys the page cache on the known parameters: random query strings share one page", async () => {
    const first = await server.fetch("/upcoming-trips?utm_source=a1");
    expect(first.headers.get("x-page-cache")).toMatch(/miss|hit/);
    for (const junk of ["utm_source=b2", "fbclid=c3&x=1", "zz=9"]) {
      const res = await server.fetch(`/upcoming-trips?${junk}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("x-page-cache"), junk).toBe("hit");
    }
  });
});
