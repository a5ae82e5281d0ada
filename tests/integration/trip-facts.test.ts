import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { departureStatus } from "~/domain/departures";
import { todayIn } from "~/domain/trip-facts";
import {
  getPackageById,
  listPublishedCards,
  updatePackage,
} from "~/server/catalogue/packages.server";
import { startTestServer, type TestServer } from "../support/app-server";
import { BACKENDS, createTestDatabase, type TestDatabase } from "../support/db";
import { makePackage, packageInput } from "../support/factories";
import { element, textOf } from "../support/site-html";

// Departures, FAQs, meeting point and entered ratings, stored and shown, on both
// databases; the public page and API show departures from the company's today on.

const TZ = "Africa/Johannesburg";
const shift = (days: number) => {
  const d = new Date(`${todayIn(TZ)}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

const yesterday = shift(-1);
const today = shift(0);
const later = shift(40);

async function makeFactsPackage(database: TestDatabase) {
  return makePackage(database.db, "trip", {
    title: "Cape Facts",
    price: "From R 12 000 pp",
    rating: 4.8,
    review_count: 214,
    rating_source: "Google reviews",
    meeting_point: "V&A Waterfront clock tower",
    departures: [
      { start_date: later, end_date: shift(45), price: "R 13 500", status: "limited" },
      { start_date: yesterday, status: "available" },
      { start_date: today, status: "sold_out", note: "Waiting list" },
    ],
    faqs: [{ question: "Is the visa included?", answer: "No, but we help you apply." }],
  });
}

describe.each(BACKENDS)("trip facts repository on %s", (backend) => {
  let database: TestDatabase;
  let id = "";

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    id = (await makeFactsPackage(database)).id;
  }, 120_000);
  afterAll(async () => {
    await database?.close();
  });

  it("stores them in date order and replaces them on update", async () => {
    const saved = (await getPackageById(database.db, "trip", id))!;
    expect(saved.departures.map((d) => [d.start_date, departureStatus(d, today)])).toEqual([
      [yesterday, "departed"],
      [today, "sold_out"],
      [later, "limited"],
    ]);
    expect(saved).toMatchObject({
      meeting_point: "V&A Waterfront clock tower",
      rating_source: "Google reviews",
      faqs: [{ question: "Is the visa included?", answer: "No, but we help you apply." }],
    });
    const other = await makePackage(database.db, "local", {
      title: "Replace",
      departures: [{ start_date: later }],
    });
    await updatePackage(
      database.db,
      "local",
      other.id,
      packageInput("local", { title: "Replace" }),
    );
    expect((await getPackageById(database.db, "local", other.id))!.departures).toEqual([]);
  });

  it("puts the departures on the card rows", async () => {
    const cards = await listPublishedCards(database.db, "trip");
    expect(cards.find((c) => c.id === id)?.departures).toHaveLength(3);
  });
});

describe("trip facts on the public site and API", () => {
  let database: TestDatabase;
  let server: TestServer;
  let id = "";

  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    id = (await makeFactsPackage(database)).id;
    server = await startTestServer({
      DATABASE_URL: database.url!,
      PUBLIC_URL: "https://travel.example",
    });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  it("shows Dates & Prices from today on, a sold-out date with Enquire, FAQ and meeting point", async () => {
    const response = await server.fetch(`/package/${id}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    const table = element(html, /<table class="departures"/)!;
    const rows = [...table.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].slice(1).map((m) => textOf(m[1]!));
    expect(rows).toHaveLength(2);
    expect(rows[0]).toContain("Sold out");
    expect(rows[0]).toContain("Waiting list");
    expect(rows[0]).toContain("Enquire");
    expect(rows[0]).not.toContain("Book Now");
    expect(rows[1]).toMatch(/R\s13,500/);
    expect(rows[1]).toContain("Limited");
    expect(rows[1]).toContain("Book Now");
    expect(table).toContain(`href="/contact?package=${id}"`);
    const page = textOf(element(html, /<main/)!);
    expect(page).toContain("Dates & Prices");
    expect(page).toContain("V&A Waterfront clock tower");
    expect(html).toMatch(/<details class="faq"><summary>Is the visa included\?<\/summary>/);
    expect(page).toContain("4.8 out of 5 (214 reviews) · Google reviews");
    const ld = JSON.parse(
      html.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/)![1]!,
    ) as { offers: { availability: string; validFrom: string }[]; aggregateRating: unknown };
    expect(ld.offers.map((o) => [o.validFrom, o.availability])).toEqual([
      [today, "https://schema.org/SoldOut"],
      [later, "https://schema.org/LimitedAvailability"],
    ]);
    expect(ld.aggregateRating).toMatchObject({ ratingValue: 4.8, reviewCount: 214 });
  });

  it("gives anonymous API readers only departures from today on", async () => {
    const one = (await (await server.fetch(`/api/trips/${id}`)).json()) as {
      departures: { start_date: string }[];
    };
    expect(one.departures.map((d) => d.start_date)).toEqual([today, later]);
    const list = (await (await server.fetch(`/api/trips`)).json()) as {
      id: string;
      departures: { start_date: string; end_date: string | null; status: string }[];
    }[];
    const listed = list.find((p) => p.id === id)!;
    // The earlier `price` text was read as an amount; the status is derived on each read.
    const common = {
      id: expect.any(String),
      seats_total: null,
      seats_left: null,
      currency: "ZAR",
      price_text: null,
      guaranteed: false,
    };
    expect(listed.departures).toEqual([
      {
        ...common,
        start_date: today,
        end_date: null,
        price_amount: null,
        status: "sold_out",
        status_override: "sold_out",
        note: "Waiting list",
      },
      {
        ...common,
        start_date: later,
        end_date: shift(45),
        price_amount: 1_350_000,
        status: "limited",
        status_override: "limited",
        note: null,
      },
    ]);
  });

  it("puts the next departure on the card", async () => {
    const html = await (await server.fetch("/upcoming-trips")).text();
    expect(textOf(html)).toMatch(/Next: \d{1,2} [A-Z][a-z]{2} \d{4}/);
  });
});
