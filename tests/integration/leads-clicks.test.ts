import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ENQUIRY_TEXTS } from "~/domain/site-content";
import { packageEnquiryText, whatsappLink } from "~/domain/whatsapp";
import { insertEnquiry } from "~/server/leads/enquiries.server";
import { dayIn } from "~/domain/intl";
import { lastDays } from "~/server/leads/booking-clicks.server";
import { loadInsights } from "~/server/leads/insights.server";
import { BACKENDS } from "../support/db";
import { makePackage } from "../support/factories";
import { rawRequest } from "../support/support-http";
import { decodeEntities, startLeadsServer, type LeadsServer } from "../support/leads-support";

// Book Now / WhatsApp clicks counted per package per day, and /admin/insights.
const NUMBER = "27215550147";
const TZ = "Africa/Johannesburg";
const GENERAL_CHAT = whatsappLink(NUMBER, ENQUIRY_TEXTS.bookNow);

describe.each(BACKENDS)("Book Now clicks on %s", (backend) => {
  let server: LeadsServer;
  let tripId: string;
  let draftId: string;

  const clicks = async () => {
    const rows = await server.db
      .selectFrom("booking_clicks")
      .select([sql<string>`to_char(day, 'YYYY-MM-DD')`.as("day"), "target", "clicks"])
      .execute();
    return Object.fromEntries(rows.map((r) => [r.target, r.clicks]));
  };
  // Each request is another visitor (its own browser) unless a test says otherwise: one visitor
  // counts once per package per day.
  let visitors = 0;
  const go = (path: string, headers: Record<string, string> = {}, method = "GET") =>
    rawRequest(server.url, path, {
      method,
      headers: { "User-Agent": `Mozilla/5.0 (visitor ${++visitors})`, ...headers },
    });

  beforeAll(async () => {
    server = await startLeadsServer(backend);
    tripId = (await makePackage(server.db, "trip", { title: "Bali & Beyond", price: "$2,450" })).id;
    draftId = (await makePackage(server.db, "local", { title: "Draft", status: "draft" })).id;
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });
  beforeEach(async () => {
    await sql`delete from booking_clicks`.execute(server.db);
    await sql`delete from booking_click_visitors`.execute(server.db);
    await sql`delete from enquiries`.execute(server.db);
  });

  it("counts a package's Book Now and redirects to the chat naming it, never cached", async () => {
    const first = await go(`/whatsapp/${tripId}`);
    expect(first.status).toBe(302);
    expect(first.headers.location).toBe(
      whatsappLink(NUMBER, packageEnquiryText("Bali & Beyond", "$2,450")),
    );
    expect(first.headers["cache-control"]).toBe("no-store");
    expect(first.headers["set-cookie"]).toBeUndefined();
    expect(first.headers["x-page-cache"]).toBeUndefined();
    // Two clicks at once are two clicks (no shared render, no cache).
    await Promise.all([go(`/whatsapp/${tripId}`), go(`/whatsapp/${tripId}`)]);
    expect(await clicks()).toEqual({ [tripId]: 3 });
    const row = await server.db
      .selectFrom("booking_clicks")
      .select(sql<string>`to_char(day, 'YYYY-MM-DD')`.as("day"))
      .executeTakeFirstOrThrow();
    expect(row.day).toBe(dayIn(TZ));
  });

  it("counts a visitor once per package per day, storing only that day's salted hashes", async () => {
    const browser = { "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36" };
    const from = (localAddress: string, headers = browser) =>
      rawRequest(server.url, `/whatsapp/${tripId}`, { method: "GET", headers, localAddress });
    for (let i = 0; i < 50; i++) expect((await from("127.0.0.1")).status).toBe(302);
    expect(await clicks()).toEqual({ [tripId]: 1 });
    // Another browser, or another address, is another visitor; the general chat counts apart.
    await from("127.0.0.1", { "User-Agent": "Mozilla/5.0 (iPhone) Safari/604.1" });
    await from("127.0.0.2");
    await rawRequest(server.url, "/whatsapp", {
      method: "GET",
      headers: browser,
      localAddress: "127.0.0.1",
    });
    await rawRequest(server.url, "/whatsapp", {
      method: "GET",
      headers: browser,
      localAddress: "127.0.0.1",
    });
    expect(await clicks()).toEqual({ [tripId]: 3, general: 1 });
    // Nothing personal: hashes of today only, and a new day's first click ends yesterday's.
    const today = dayIn(TZ);
    const stored = await server.db.selectFrom("booking_click_visitors").selectAll().execute();
    expect(stored).toHaveLength(4);
    const text = JSON.stringify(stored);
    for (const secret of ["127.0.0", "Mozilla", "Chrome"]) expect(text).not.toContain(secret);
    const yesterday = lastDays(today, 2)[0]!;
    await sql`update booking_click_visitors set day = ${yesterday}::date`.execute(server.db);
    await sql`update booking_click_salts set day = ${yesterday}::date`.execute(server.db);
    await from("127.0.0.1");
    expect(await clicks()).toEqual({ [tripId]: 4, general: 1 });
    const salts = await server.db
      .selectFrom("booking_click_salts")
      .select(sql<string>`to_char(day, 'YYYY-MM-DD')`.as("day"))
      .execute();
    expect(salts.map((r) => r.day)).toEqual([today]);
    expect(await server.db.selectFrom("booking_click_visitors").selectAll().execute()).toHaveLength(
      1,
    );
  });

  it("counts the header's and the promo pages' chats as general, each with its own text", async () => {
    expect((await go("/whatsapp")).headers.location).toBe(GENERAL_CHAT);
    expect((await go("/whatsapp?topic=flightQuotes")).headers.location).toBe(
      whatsappLink(NUMBER, ENQUIRY_TEXTS.flightQuotes),
    );
    expect((await go("/whatsapp?topic=hotelCustom")).headers.location).toBe(
      whatsappLink(NUMBER, ENQUIRY_TEXTS.hotelCustom),
    );
    expect((await go("/whatsapp?topic=nonsense")).headers.location).toBe(GENERAL_CHAT);
    expect(await clicks()).toEqual({ general: 4 });
  });

  it("sends unknown, unpublished and malformed ids to the general chat, counted as general", async () => {
    for (const id of [
      "00000000-0000-4000-8000-000000000000",
      draftId,
      "not-a-uuid",
      "1%27%20or%201=1",
    ]) {
      const res = await go(`/whatsapp/${id}`);
      expect(res.status, id).toBe(302);
      expect(res.headers.location, id).toBe(GENERAL_CHAT);
    }
    expect(await clicks()).toEqual({ general: 4 });
  });

  it("does not count HEAD requests, crawlers or prefetches, but still redirects them", async () => {
    const asked: [Record<string, string>, string][] = [
      [{}, "HEAD"],
      [
        {
          "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
        },
        "GET",
      ],
      [{ "Sec-Purpose": "prefetch" }, "GET"],
      [{ "Sec-Purpose": "prefetch;prerender" }, "GET"],
      [{ Purpose: "prefetch" }, "GET"],
      [{ "X-Moz": "prefetch" }, "GET"],
    ];
    for (const [headers, method] of asked) {
      const res = await go(`/whatsapp/${tripId}`, headers, method);
      expect(res.status, JSON.stringify(headers)).toBe(302);
      expect(res.headers.location).toContain("wa.me");
    }
    expect(await clicks()).toEqual({});
    await go(`/whatsapp/${tripId}`, {
      "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36",
    });
    expect(await clicks()).toEqual({ [tripId]: 1 });
  });

  it("points every Book Now and WhatsApp button at the counting routes", async () => {
    const detail = await (await server.fetch(`/package/${tripId}`)).text();
    const card = detail.slice(detail.indexOf('<aside class="price-card"'));
    expect(card).toMatch(
      new RegExp(`<a class="btn btn-gold btn-block" href="/whatsapp/${tripId}" target="_blank"`),
    );
    const home = await (await server.fetch("/about")).text();
    expect(home).toContain('href="/whatsapp" target="_blank"');
    expect(await (await server.fetch("/flights")).text()).toContain(
      'href="/whatsapp?topic=flightQuotes"',
    );
    expect(await (await server.fetch("/hotels")).text()).toContain(
      'href="/whatsapp?topic=hotelDeals"',
    );
  });

  it("shows the last 30 days' clicks on the admin cards and on /admin/insights", async () => {
    const cookie = await server.adminCookie();
    const today = dayIn(TZ);
    const [d29, , , d3] = lastDays(today, 30).slice(0, 4);
    const old = new Date(Date.parse(`${today}T12:00:00Z`) - 40 * 86_400_000)
      .toISOString()
      .slice(0, 10);
    await server.db
      .insertInto("booking_clicks")
      .values([
        { day: today, target: tripId, clicks: 9 },
        { day: d29!, target: tripId, clicks: 3 },
        { day: old, target: tripId, clicks: 50 },
        { day: d3!, target: "general", clicks: 4 },
      ])
      .execute();
    await insertEnquiry(server.db, {
      firstName: "A",
      lastName: "",
      email: "a@example.org",
      phone: "",
      travelDates: "",
      message: "Hi",
    });

    const list = decodeEntities(
      await (await server.fetch("/admin/dashboard", { headers: { Cookie: cookie } })).text(),
    );
    expect(list).toContain("Book Now clicks: 12 (30 days)");

    const insights = await server.fetch("/admin/insights", { headers: { Cookie: cookie } });
    expect(insights.status).toBe(200);
    const html = decodeEntities(await insights.text());
    expect(html).toMatch(/<svg class="insights-chart"[^>]*role="img"/);
    expect(html).toContain("16 Book Now clicks, 1 new enquiry.");
    expect(html).toContain(`<th scope="row">${today}</th><td>9</td><td>1</td>`);
    expect(html).toContain(`<th scope="row">${d3}</th><td>4</td><td>0</td>`);
    expect(html).not.toContain(`<th scope="row">${old}</th>`);
    expect(html).toMatch(
      new RegExp(`<a href="/package/${tripId}">Bali & Beyond</a></td><td>12</td>`),
    );
    expect(html).toContain("General chat (header, flights, hotels)</td><td>4</td>");
  });
});

describe("insights chart data (postgres)", () => {
  let server: LeadsServer;
  beforeAll(async () => {
    server = await startLeadsServer("postgres");
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  it("has 30 days ending today in the company's time zone, zeros kept, enquiries by local day", async () => {
    // 22:30 UTC on 1 March is already 2 March in Johannesburg (UTC+2).
    const now = new Date("2027-03-01T22:30:00Z");
    await server.db
      .insertInto("booking_clicks")
      .values([
        { day: "2027-03-02", target: "general", clicks: 2 },
        { day: "2027-01-31", target: "general", clicks: 7 },
        { day: "2027-02-01", target: "general", clicks: 5 },
      ])
      .execute();
    const e = await insertEnquiry(server.db, {
      firstName: "B",
      lastName: "",
      email: "b@example.org",
      phone: "",
      travelDates: "",
      message: "Hi",
    });
    await sql`update enquiries set created_at = ${new Date("2027-03-01T22:10:00Z")} where id = ${e.id}`.execute(
      server.db,
    );
    const data = await loadInsights(server.db, { timeZone: TZ }, now);
    expect(data.days).toHaveLength(30);
    expect(data.days[29]).toEqual({ day: "2027-03-02", clicks: 2, enquiries: 1 });
    expect(data.days[0]).toEqual({ day: "2027-02-01", clicks: 5, enquiries: 0 });
    expect(data.days.filter((d) => d.clicks === 0)).toHaveLength(28);
    expect(data.totalClicks).toBe(7);
    expect(data.totalEnquiries).toBe(1);
    expect(data.top).toEqual([
      { label: "General chat (header, flights, hotels)", href: null, clicks: 7 },
    ]);
  });
});
