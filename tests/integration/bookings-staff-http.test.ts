import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { bookingRequestSchema } from "~/domain/booking-schema";
import { todayIn } from "~/domain/trip-facts";
import { requestBooking } from "~/server/bookings/bookings.server";
import { insertEnquiry } from "~/server/leads/enquiries.server";
import { BACKENDS } from "../support/db";
import { makePackage } from "../support/factories";
import { formPost } from "../support/form-post";
import {
  ACCEPTS_HTML,
  decodeEntities,
  startLeadsServer,
  type LeadsServer,
} from "../support/leads-support";

// The staff side of bookings over HTTP without JavaScript (decision 123): the names form, a move
// and its refusals, the staff booking form and one started from an enquiry, and the booking terms
// in Settings with the public page following. Refusals re-render with their message, never a 500.

describe.each(BACKENDS)("staff booking screens on %s", (backend) => {
  let server: LeadsServer;
  let cookie: string;
  let packageId = "";
  let june = "";
  let july = "";
  const get = (path: string) => server.fetch(path, { headers: { Cookie: cookie } });
  const page = async (path: string) => {
    const res = await get(path);
    return { res, html: decodeEntities(await res.text()) };
  };
  const post = (path: string, fields: Record<string, string> | [string, string][]) =>
    formPost(server, path, fields, { ...ACCEPTS_HTML, Cookie: cookie });
  const text = async (res: Response) => decodeEntities(await res.text()).replace(/\u00a0/g, " ");

  async function book(departureId: string, adults = "2") {
    const outcome = await requestBooking(
      server.db,
      departureId,
      bookingRequestSchema.parse({
        adults,
        lead_name: "Thandi Mokoena",
        email: "thandi@example.com",
        phone: "+27 82 555 0101",
        country: "South Africa",
        other_travellers: "Sipho Mokoena",
        accept_terms: "on",
      }),
      { source: "online", holdHours: 48, today: todayIn("Africa/Johannesburg") },
    );
    if (outcome.kind !== "booked") throw new Error(`not booked: ${outcome.kind}`);
    return outcome.receipt;
  }
  const booking = (reference: string) =>
    server.db
      .selectFrom("bookings")
      .selectAll()
      .where("reference", "=", reference)
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    server = await startLeadsServer(backend);
    cookie = await server.adminCookie();
    const pkg = await makePackage(server.db, "trip", {
      title: "Okavango by Mokoro",
      departures: [
        { start_date: "2031-06-14", seats_total: 40, price_amount: 2_450_000 },
        { start_date: "2031-07-14", seats_total: 3, price_amount: 2_600_000 },
      ],
    });
    packageId = pkg.id;
    [june, july] = pkg.departures.map((d) => d.id) as [string, string];
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });
  beforeEach(async () => {
    await server.db.deleteFrom("bookings").execute();
    await server.db.deleteFrom("enquiries").execute();
    await sql`delete from events where type like 'booking.%'`.execute(server.db);
  });

  it("is behind the sign-in", async () => {
    const res = await server.fetch("/admin/bookings/new");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toMatch(/^\/admin(\?|$)/);
    const posted = await formPost(server, "/admin/bookings/new", { lead_name: "x" }, ACCEPTS_HTML);
    expect([302, 403]).toContain(posted.status);
    expect(await server.db.selectFrom("bookings").select("id").execute()).toHaveLength(0);
  });

  it("edits travellers' names: saved with a toast, refused with the messages and what was typed", async () => {
    const r = await book(june);
    const detail = (await page(`/admin/bookings/${r.reference}`)).html;
    expect(detail).toContain("Edit travellers");
    expect(detail).toContain('value="Sipho Mokoena"');
    const bad = await post(`/admin/bookings/${r.reference}`, [
      ["intent", "travellers"],
      ["lead_name", "Thandi Mokoena"],
      ["email", "nope"],
      ["phone", ""],
      ["country", ""],
      ["traveller", "Sipho Dube"],
    ]);
    expect(bad.status).toBe(400);
    const html = await text(bad);
    expect(html).toContain("Please enter a valid e-mail address, like name@example.com");
    expect(html).toContain('value="Sipho Dube"');
    expect(html).toContain('value="nope"');
    expect((await booking(r.reference)).email).toBe("thandi@example.com");
    const stale = await post(`/admin/bookings/${r.reference}`, {
      intent: "travellers",
      lead_name: "Thandi Mokoena",
      email: "thandi@example.com",
    });
    expect(stale.status).toBe(409);
    const done = await post(`/admin/bookings/${r.reference}`, [
      ["intent", "travellers"],
      ["lead_name", "Thandi Dube"],
      ["email", "thandi@example.com"],
      ["phone", "+27 82 555 0101"],
      ["country", "South Africa"],
      ["traveller", "Sipho Dube"],
    ]);
    expect(done.status).toBe(302);
    expect((await booking(r.reference)).traveller_names).toEqual(["Thandi Dube", "Sipho Dube"]);
  });

  it("moves a booking; a date without the seats is refused with the seats left", async () => {
    const r = await book(june, "2");
    const other = await book(june, "2");
    const detail = (await page(`/admin/bookings/${r.reference}`)).html;
    expect(detail).toContain("Move to another date");
    expect(detail).toContain("14 Jul 2031");
    const moved = await post(`/admin/bookings/${r.reference}`, {
      intent: "move",
      departure_id: july,
    });
    expect(moved.status).toBe(302);
    expect((await booking(r.reference)).departure_id).toBe(july);
    const full = await post(`/admin/bookings/${other.reference}`, {
      intent: "move",
      departure_id: july,
      notify: "on",
    });
    expect(full.status).toBe(409);
    expect(await text(full)).toContain(
      "Not moved: only 1 seat is left on 14 Jul 2031 for 2 travellers.",
    );
    for (const departure_id of ["", "x'; drop table bookings;--", june]) {
      const res = await post(`/admin/bookings/${other.reference}`, {
        intent: "move",
        departure_id,
      });
      expect([400, 409], departure_id).toContain(res.status);
    }
    expect((await booking(other.reference)).departure_id).toBe(june);
  });

  it("makes a staff booking, confirmed at once; refusals re-render the form with what was typed", async () => {
    const form = (await page("/admin/bookings")).html;
    expect(form).toContain('href="/admin/bookings/new"');
    const blank = await page("/admin/bookings/new");
    expect(blank.res.status).toBe(200);
    expect(blank.html).toContain("Okavango by Mokoro: 14 Jun 2031");
    // A one-language site asks nothing about the traveller's language (decision 156).
    expect(blank.html).not.toContain('name="language"');
    const fields = {
      departure_id: july,
      adults: "4",
      children: "0",
      lead_name: "Amara Okafor",
      email: "amara@example.org",
      phone: "+234 803 555 0101",
      country: "Nigeria",
      other_travellers: "",
      notes: "From a WhatsApp chat",
      confirm: "on",
    };
    const tooMany = await post("/admin/bookings/new", fields);
    expect(tooMany.status).toBe(409);
    const html = await text(tooMany);
    expect(html).toContain("Only 3 seats are left on this date");
    expect(html).toContain('value="Amara Okafor"');
    const bad = await post("/admin/bookings/new", { ...fields, adults: "0", email: "x" });
    expect(bad.status).toBe(400);
    expect(await text(bad)).toContain("Choose how many adults are travelling");
    const none = await post("/admin/bookings/new", {});
    expect(none.status).toBe(400);
    const made = await post("/admin/bookings/new", { ...fields, adults: "3" });
    expect(made.status).toBe(302);
    const reference = made.headers.get("location")!.split("/").at(-1)!;
    expect(await booking(reference)).toMatchObject({ status: "confirmed", source: "staff" });
    const shown = (await page(`/admin/bookings/${reference}`)).html;
    expect(shown).toMatch(/Staff \(/);
  });

  it("turns an enquiry into a booking, and the enquiry links to it", async () => {
    const enquiry = await insertEnquiry(server.db, {
      firstName: "Lerato",
      lastName: "Dube",
      email: "lerato@example.com",
      phone: "+27 82 555 0199",
      travelDates: "",
      message: "Can we come in June?",
      packageId,
      packageTitle: "Okavango by Mokoro",
    });
    const before = (await page(`/admin/enquiries/${enquiry.id}`)).html;
    expect(before).toContain(`href="/admin/bookings/new?enquiry=${enquiry.id}"`);
    const form = (await page(`/admin/bookings/new?enquiry=${enquiry.id}`)).html;
    expect(form).toContain('value="Lerato Dube"');
    expect(form).toContain('value="lerato@example.com"');
    expect(form).toContain(`value="${enquiry.id}"`);
    expect(form).toContain(`action="/admin/bookings/new?enquiry=${enquiry.id}"`);
    const made = await post(`/admin/bookings/new?enquiry=${enquiry.id}`, {
      departure_id: june,
      adults: "1",
      lead_name: "Lerato Dube",
      email: "lerato@example.com",
      phone: "+27 82 555 0199",
      enquiry_id: enquiry.id,
    });
    expect(made.status).toBe(302);
    const reference = made.headers.get("location")!.split("/").at(-1)!;
    expect(await booking(reference)).toMatchObject({ source: "enquiry", enquiry_id: enquiry.id });
    const after = (await page(`/admin/enquiries/${enquiry.id}`)).html;
    expect(after).toContain(`href="/admin/bookings/${reference}"`);
    expect((await page(`/admin/bookings/${reference}`)).html).toContain(
      `href="/admin/enquiries/${enquiry.id}"`,
    );
    const unknown = await post("/admin/bookings/new", {
      departure_id: june,
      adults: "1",
      lead_name: "Lerato Dube",
      email: "lerato@example.com",
      enquiry_id: "00000000-0000-4000-8000-000000000000",
    });
    expect(unknown.status).toBe(409);
  });

  it("edits the booking terms in Settings; the cached public page follows at once", async () => {
    const first = await server.fetch("/booking-terms");
    expect(await text(first)).toContain("Your request and its hold");
    await server.fetch("/booking-terms");
    const settings = (await page("/admin/settings")).html;
    expect(settings).toContain("Booking terms");
    expect(settings).toContain("# Your request and its hold");
    const saved = await post("/admin/settings", {
      intent: "booking-terms",
      terms: "# Deposits\n\nA deposit of 30% confirms your booking.",
    });
    expect(saved.status).toBe(302);
    const terms = await text(await server.fetch("/booking-terms"));
    expect(terms).toContain("<h2>Deposits</h2>");
    expect(terms).not.toContain("Your request and its hold");
    const tooLong = await post("/admin/settings", {
      intent: "booking-terms",
      terms: "x".repeat(20_001),
    });
    expect(tooLong.status).toBe(400);
    expect(await text(tooLong)).toContain("The booking terms must be at most 20,000 characters");
    expect(await post("/admin/settings", { intent: "booking-terms", terms: "" })).toHaveProperty(
      "status",
      302,
    );
    expect(await text(await server.fetch("/booking-terms"))).toContain("Your request and its hold");
  });
});
