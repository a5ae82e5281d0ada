import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { bookingRequestSchema } from "~/domain/booking-schema";
import { todayIn } from "~/domain/trip-facts";
import { requestBooking } from "~/server/bookings/bookings.server";
import { pageLinks } from "../support/admin-http-support";
import { BACKENDS } from "../support/db";
import { makePackage } from "../support/factories";
import { formPost } from "../support/form-post";
import {
  ACCEPTS_HTML,
  decodeEntities,
  startLeadsServer,
  type LeadsServer,
} from "../support/leads-support";

// The bookings screens over HTTP without JavaScript: the inbox, a booking's page, its plain POST
// actions (Confirm, Cancel, Resend link) with their toasts, refusals and 404s, and the CSV.

describe.each(BACKENDS)("bookings screens on %s", (backend) => {
  let server: LeadsServer;
  let cookie: string;
  let departureId = "";
  let packageId = "";
  const get = (path: string, extra = "") =>
    server.fetch(path, { headers: { Cookie: extra ? `${cookie}; ${extra}` : cookie } });
  const page = async (path: string) => {
    const res = await get(path);
    return { res, html: decodeEntities(await res.text()) };
  };
  const post = (path: string, fields: Record<string, string>) =>
    formPost(server, path, fields, { ...ACCEPTS_HTML, Cookie: cookie });

  async function book(fields: Record<string, string> = {}) {
    const outcome = await requestBooking(
      server.db,
      departureId,
      bookingRequestSchema.parse({
        adults: "2",
        children: "0",
        lead_name: "Thandi Mokoena",
        email: "thandi@example.com",
        phone: "+27 82 555 0101",
        country: "South Africa",
        other_travellers: "Sipho Mokoena",
        notes: "Vegetarian meals, please.",
        accept_terms: "on",
        ...fields,
      }),
      { source: "online", holdHours: 48, today: todayIn("Africa/Johannesburg") },
    );
    if (outcome.kind !== "booked") throw new Error(`not booked: ${outcome.kind}`);
    return outcome.receipt;
  }
  const statusOf = async (reference: string) =>
    (
      await server.db
        .selectFrom("bookings")
        .select("status")
        .where("reference", "=", reference)
        .executeTakeFirstOrThrow()
    ).status;

  beforeAll(async () => {
    server = await startLeadsServer(backend);
    cookie = await server.adminCookie();
    const pkg = await makePackage(server.db, "trip", {
      title: "Okavango by Mokoro",
      departures: [
        {
          start_date: "2031-06-14",
          end_date: "2031-06-20",
          seats_total: 60,
          price_amount: 2_450_000,
        },
      ],
    });
    packageId = pkg.id;
    departureId = pkg.departures[0]!.id;
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });
  beforeEach(async () => {
    await server.db.deleteFrom("bookings").execute();
    await sql`delete from events where type like 'booking.%'`.execute(server.db);
  });

  it("is behind the sign-in, and so are the CSV and a booking's page", async () => {
    for (const path of [
      "/admin/bookings",
      "/admin/bookings/export",
      "/admin/bookings/WLX-ABCDEF",
    ]) {
      const res = await server.fetch(path);
      expect(res.status, path).toBe(302);
      expect(res.headers.get("location"), path).toMatch(/^\/admin(\?|$)/);
    }
  });

  it("lists bookings newest first with their columns, filters, searches and pages", async () => {
    const older = await book({ lead_name: "Amara Okafor", email: "amara@example.org" });
    await sql`update bookings set created_at = now() - interval '2 days' where reference = ${older.reference}`.execute(
      server.db,
    );
    const newer = await book();
    const { res, html } = await page("/admin/bookings");
    expect(res.status).toBe(200);
    expect(html).toContain('href="/admin/bookings"');
    expect(html).toMatch(/>Bookings<\/a>/);
    expect(html.indexOf(newer.reference)).toBeGreaterThan(0);
    expect(html.indexOf(newer.reference)).toBeLessThan(html.indexOf(older.reference));
    expect(html).toContain("Okavango by Mokoro");
    expect(html).toContain("R\u00a049,000");
    expect(html).toContain('<span class="badge badge-booking-requested">Requested</span>');
    expect(html).toContain("2 bookings");
    expect(html).toContain('href="/admin/bookings/export"');

    expect((await page("/admin/bookings?q=amara")).html).toContain("1 booking match");
    expect((await page(`/admin/bookings?q=${newer.reference}`)).html).toContain("1 booking match");
    expect((await page("/admin/bookings?status=confirmed")).html).toContain(
      "No bookings match these filters.",
    );
    const byTrip = (
      await page(`/admin/bookings?package=${packageId}&from=2031-06-01&to=2031-06-30`)
    ).html;
    expect(byTrip).toContain("2 bookings match");
    expect(byTrip).toContain(
      `<option value="${packageId}" selected="">Okavango by Mokoro</option>`,
    );
    expect((await page("/admin/bookings?from=2031-07-01")).html).toContain("0 bookings match");
    const bad = await page("/admin/bookings?page=x&status=lost&from=soon");
    expect(bad.res.status).toBe(200);
    expect(bad.html).toContain('Unknown status "lost": showing every status.');
    expect(bad.html).toContain("From must be a date like 2031-06-14: that filter was ignored.");

    for (let i = 0; i < 20; i++) await book({ lead_name: `Guest ${i}` });
    const first = (await page("/admin/bookings?status=requested")).html;
    expect(pageLinks(first)).toEqual({
      current: "1",
      prev: undefined,
      next: "/admin/bookings?status=requested&page=2",
    });
    expect((await page("/admin/bookings?status=requested&page=2")).html).toContain(older.reference);
  });

  it("shows a booking: travellers, contact links, notes, source, hold and history", async () => {
    const r = await book();
    const { res, html } = await page(`/admin/bookings/${r.reference}`);
    expect(res.status).toBe(200);
    expect(html).toContain(`Booking ${r.reference}`);
    expect(html).toContain("<li>Thandi Mokoena</li>");
    expect(html).toContain("<li>Sipho Mokoena</li>");
    expect(html).toMatch(/href="mailto:thandi@example.com\?subject=About%20your%20booking/);
    expect(html).toContain('href="https://wa.me/27825550101?text=Hello%20Thandi');
    expect(html).toContain("Vegetarian meals, please.");
    expect(html).toContain("Online booking form");
    expect(html).toContain("Seats held until");
    expect(html).toContain("Booking requested");
    expect(html).toContain('<input type="hidden" name="intent" value="confirm"/>');
    expect(html).toContain("E-mail the traveller");
    expect((await get("/admin/bookings/WLX-ZZZZZZ")).status).toBe(404);
    expect((await get("/admin/bookings/not-a-reference")).status).toBe(404);
    expect((await post("/admin/bookings/WLX-ZZZZZZ", { intent: "confirm" })).status).toBe(404);
  });

  it("confirms with a toast and an event; an illegal change is a 409 that changes nothing", async () => {
    const r = await book();
    const done = await post(`/admin/bookings/${r.reference}`, { intent: "confirm" });
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe(`/admin/bookings/${r.reference}`);
    const flash = done.headers.get("set-cookie")!.split(";")[0]!;
    const after = decodeEntities(await (await get(`/admin/bookings/${r.reference}`, flash)).text());
    expect(after).toContain(`Booking ${r.reference} confirmed.`);
    expect(after).toContain("Booking confirmed");
    expect(await statusOf(r.reference)).toBe("confirmed");
    const event = await server.db
      .selectFrom("events")
      .select(["admin_id"])
      .where("type", "=", "booking.confirmed")
      .executeTakeFirstOrThrow();
    expect(event.admin_id).toBeTruthy();

    const again = await post(`/admin/bookings/${r.reference}`, { intent: "confirm" });
    expect(again.status).toBe(409);
    expect(decodeEntities(await again.text())).toContain(
      "This booking is confirmed: only a requested booking can be confirmed.",
    );
    const unknown = await post(`/admin/bookings/${r.reference}`, { intent: "refund" });
    expect(unknown.status).toBe(400);
    expect(await statusOf(r.reference)).toBe("confirmed");
  });

  it("cancels, freeing the seats; a cancelled booking cannot be cancelled again", async () => {
    const r = await book();
    const done = await post(`/admin/bookings/${r.reference}`, { intent: "cancel", notify: "on" });
    expect(done.status).toBe(302);
    expect(await statusOf(r.reference)).toBe("cancelled");
    const again = await post(`/admin/bookings/${r.reference}`, { intent: "cancel" });
    expect(again.status).toBe(409);
    expect(decodeEntities(await again.text())).toContain(
      "This booking is cancelled: it can no longer be cancelled.",
    );
    const html = (await page(`/admin/bookings/${r.reference}`)).html;
    expect(html).not.toContain('value="confirm"');
    expect(html).not.toContain('value="cancel"');
    expect(html).toContain("Booking cancelled");
  });

  it("resends the link: the old one stops working", async () => {
    const r = await book();
    expect((await server.fetch(`/booking/${r.reference}?token=${r.token}`)).status).toBe(200);
    const done = await post(`/admin/bookings/${r.reference}`, { intent: "resend" });
    expect(done.status).toBe(302);
    expect((await server.fetch(`/booking/${r.reference}?token=${r.token}`)).status).toBe(404);
    const events = await server.db
      .selectFrom("events")
      .select("type")
      .where(sql<string>`details->>'reference'`, "=", r.reference)
      .execute();
    expect(events.map((e) => e.type)).toContain("booking.link_resent");
  });

  it("exports the filtered list as CSV with formulas neutralised", async () => {
    await book({ lead_name: "=HYPERLINK(1)" });
    const res = await get("/admin/bookings/export?status=requested");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="bookings-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const csv = await res.text();
    expect(csv).toContain(`"'=HYPERLINK(1)"`);
    expect(csv).toContain("Okavango by Mokoro");
    expect(await (await get("/admin/bookings/export?status=paid")).text()).not.toContain(
      "HYPERLINK",
    );
  });
});
