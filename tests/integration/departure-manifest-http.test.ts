import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { bookingRequestSchema } from "~/domain/booking-schema";
import { todayIn } from "~/domain/trip-facts";
import { joinWaitlist, requestBooking } from "~/server/bookings/bookings.server";
import { BACKENDS } from "../support/db";
import { makePackage } from "../support/factories";
import { formPost } from "../support/form-post";
import {
  ACCEPTS_HTML,
  decodeEntities,
  startLeadsServer,
  type LeadsServer,
} from "../support/leads-support";

// A departure's manifest over HTTP without JavaScript (decision 121): the page with its seats,
// travellers and waiting list, the print stylesheet, the CSV, the plain POST that offers a freed
// seat (with its refusals), the links from the bookings inbox, and 404s for bad ids.

const TODAY = todayIn("Africa/Johannesburg");

describe.each(BACKENDS)("departure manifest screens on %s", (backend) => {
  let server: LeadsServer;
  let cookie: string;
  let departureId = "";
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
      { source: "online", holdHours: 48, today: TODAY },
    );
    if (outcome.kind !== "booked") throw new Error(`not booked: ${outcome.kind}`);
    return outcome.receipt;
  }
  async function waitlist(name: string, travellers: number) {
    const outcome = await joinWaitlist(
      server.db,
      departureId,
      { name, email: "wanjiru@example.org", travellers },
      { source: "online", today: TODAY },
    );
    if (outcome.kind !== "waitlisted") throw new Error(`not waitlisted: ${outcome.kind}`);
    return outcome.receipt;
  }

  beforeAll(async () => {
    server = await startLeadsServer(backend);
    cookie = await server.adminCookie();
    const pkg = await makePackage(server.db, "trip", {
      title: "Okavango by Mokoro",
      departures: [
        {
          start_date: "2031-06-14",
          end_date: "2031-06-20",
          seats_total: 4,
          price_amount: 2_450_000,
        },
      ],
    });
    departureId = pkg.departures[0]!.id;
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });
  beforeEach(async () => {
    await server.db.deleteFrom("bookings").execute();
    await sql`delete from events where type like 'booking.%'`.execute(server.db);
  });

  it("is behind the sign-in, the page, its action and the CSV alike", async () => {
    for (const path of [
      `/admin/departures/${departureId}`,
      `/admin/departures/${departureId}/manifest.csv`,
    ]) {
      const res = await server.fetch(path);
      expect(res.status, path).toBe(302);
      expect(res.headers.get("location"), path).toBe("/admin");
      expect(await res.text(), path).not.toContain("Okavango");
    }
    const offer = await formPost(server, `/admin/departures/${departureId}`, {
      intent: "offer",
      reference: "WLX-ABCDEF",
    });
    expect(offer.status).toBe(302);
    expect(offer.headers.get("location")).toBe("/admin");
  });

  it("answers unknown and malformed ids with the admin's 404 page, never a 500", async () => {
    for (const id of [
      "6b0b3f1e-2b8c-4f7e-9c61-0c6d2b9a1f00",
      "not-a-uuid",
      "1%20or%201=1",
      "%E2%80%8B",
      "x".repeat(300),
    ]) {
      const { res, html } = await page(`/admin/departures/${id}`);
      expect(res.status, id).toBe(404);
      expect(html, id).toContain("This departure does not exist.");
      expect(html, id).toContain('class="admin-sidebar"');
      expect((await get(`/admin/departures/${id}/manifest.csv`)).status, id).toBe(404);
      expect(
        (await post(`/admin/departures/${id}`, { intent: "offer", reference: "WLX-ABCDEF" }))
          .status,
        id,
      ).toBe(404);
    }
  });

  it("shows seats, travellers with contact links, the waiting list, Print and the print stylesheet", async () => {
    const a = await book();
    const b = await book({
      adults: "2",
      lead_name: "Amara Okafor",
      email: "amara@example.org",
      other_travellers: "",
    });
    await sql`update bookings set phone = '' where reference = ${b.reference}`.execute(server.db);
    await sql`update bookings set status = 'confirmed' where reference = ${a.reference}`.execute(
      server.db,
    );
    const { res, html } = await page(`/admin/departures/${departureId}`);
    expect(res.status).toBe(200);
    expect(html).toContain("Manifest: Okavango by Mokoro, 14 – 20 Jun 2031");
    expect(html).toMatch(/<dt>Seats<\/dt><dd>4<\/dd>/);
    expect(html).toMatch(/<dt>Held<\/dt><dd>2<\/dd>/);
    expect(html).toMatch(/<dt>Confirmed<\/dt><dd>2<\/dd>/);
    expect(html).toMatch(/<dt>Left<\/dt><dd>0<\/dd>/);
    expect(html).toContain(`href="/admin/bookings/${a.reference}"`);
    expect(html).toContain(`href="/admin/bookings/${b.reference}"`);
    expect(html).toContain("<li>Thandi Mokoena</li><li>Sipho Mokoena</li>");
    expect(html).toContain("Name not given yet");
    expect(html).toMatch(/href="mailto:thandi@example.com\?subject=About%20your%20booking/);
    expect(html).toContain('href="https://wa.me/27825550101?text=Hello%20Thandi');
    expect(html).toContain("No phone");
    expect(html).toContain("Vegetarian meals, please.");
    expect(html).toContain("Nobody is waiting for this date.");
    expect(html).toContain(`href="/admin/departures/${departureId}/manifest.csv"`);
    // Print is a button only once JavaScript runs (never one that does nothing); the print
    // stylesheet is linked.
    expect(html).not.toContain(">Print</button>");
    const sheets = [
      ...new Set([...html.matchAll(/href="(\/assets\/[^"]+\.css)"/g)].map((m) => m[1]!)),
    ];
    const css = (await Promise.all(sheets.map(async (href) => (await get(href)).text()))).join(
      "\n",
    );
    expect(css).toMatch(/@media print\{[^]*\.admin-sidebar[^]*display:none!important/);
  });

  it("exports the manifest as CSV with formula cells neutralised", async () => {
    await book({ lead_name: "=HYPERLINK(1)" });
    const res = await get(`/admin/departures/${departureId}/manifest.csv`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="manifest-2031-06-14-[0-9a-f]{8}\.csv"$/,
    );
    expect(res.headers.get("cache-control")).toBe("no-store");
    const csv = await res.text();
    expect(csv).toContain(`"'=HYPERLINK(1)","1","'=HYPERLINK(1)"`);
    expect(csv).toContain('"Sipho Mokoena","2","\'=HYPERLINK(1)"');
  });

  it("offers a freed seat with a plain POST: refused while full, then held with a toast", async () => {
    const a = await book();
    const c = await book();
    const w = await waitlist("Wanjiru Kamau", 2);
    const full = await page(`/admin/departures/${departureId}`);
    expect(full.html).toContain("Waiting list (1)");
    expect(full.html).toContain("No seat is free: cancel or expire a booking to offer one.");
    expect(full.html).toContain("Not enough seats free");
    expect(full.html).not.toContain('name="intent" value="offer"');

    const refused = await post(`/admin/departures/${departureId}`, {
      intent: "offer",
      reference: w.reference,
    });
    expect(refused.status).toBe(409);
    expect(decodeEntities(await refused.text())).toContain(
      `Not enough seats are free to offer ${w.reference}: no seat is free and 2 travellers wait. Nothing was offered.`,
    );
    const unknown = await post(`/admin/departures/${departureId}`, {
      intent: "offer",
      reference: "WLX-ZZZZZZ",
    });
    expect(unknown.status).toBe(404);
    expect(decodeEntities(await unknown.text())).toContain(
      "That place is not on this date's waiting list",
    );
    const odd = await post(`/admin/departures/${departureId}`, {
      intent: "refund",
      reference: w.reference,
    });
    expect(odd.status).toBe(400);

    await sql`update bookings set status = 'cancelled' where reference = ${a.reference}`.execute(
      server.db,
    );
    const open = await page(`/admin/departures/${departureId}`);
    expect(open.html).toContain('<input type="hidden" name="intent" value="offer"/>');
    expect(open.html).toContain(`<input type="hidden" name="reference" value="${w.reference}"/>`);

    const done = await post(`/admin/departures/${departureId}`, {
      intent: "offer",
      reference: w.reference,
    });
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe(`/admin/departures/${departureId}`);
    const flash = done.headers.get("set-cookie")!.split(";")[0]!;
    const after = decodeEntities(
      await (await get(`/admin/departures/${departureId}`, flash)).text(),
    );
    // No SMTP_URL here: the seats are held and the toast says the e-mail was only logged.
    expect(after).toContain(`2 seats are held for ${w.reference}, but the e-mail was not sent.`);
    expect(after).toContain("Waiting list (0)");
    expect(after).toMatch(/<dt>Held<\/dt><dd>4<\/dd>/);
    const event = await server.db
      .selectFrom("events")
      .select(["admin_id"])
      .where("type", "=", "booking.offered")
      .executeTakeFirstOrThrow();
    expect(event.admin_id).toBeTruthy();
    expect(c.reference).toBeTruthy();
  });

  it("the bookings inbox links each row and its departure filter to the manifest", async () => {
    const a = await book();
    const inbox = await page("/admin/bookings");
    expect(inbox.html).toContain(`href="/admin/departures/${departureId}"`);
    expect(inbox.html).not.toContain("Open the manifest");
    const filtered = await page(`/admin/bookings?departure=${departureId}`);
    expect(filtered.html).toContain("1 booking match");
    expect(filtered.html).toContain(a.reference);
    expect(filtered.html).toContain(
      `<option value="${departureId}" selected="">Okavango by Mokoro, 14 – 20 Jun 2031</option>`,
    );
    expect(filtered.html).toMatch(
      new RegExp(
        `<a class="button button-primary" href="/admin/departures/${departureId}"[^>]*>Open the manifest`,
      ),
    );
    const bad = await page("/admin/bookings?departure=nope");
    expect(bad.res.status).toBe(200);
    expect(bad.html).toContain("Unknown departure filter: showing every departure.");
    // A booking's page links its dates to the manifest too.
    const detail = await page(`/admin/bookings/${a.reference}`);
    expect(detail.html).toMatch(
      new RegExp(`<a href="/admin/departures/${departureId}"[^>]*>14 – 20 Jun 2031`),
    );
  });
});
