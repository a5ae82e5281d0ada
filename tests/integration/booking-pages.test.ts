import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { BOOKING_MESSAGES } from "~/domain/bookings";
import { MIN_FILL_MS } from "~/server/leads/honeypot.server";
import { makePackage } from "../support/factories";
import { formPost } from "../support/form-post";
import {
  ACCEPTS_HTML,
  clearLeads,
  decodeEntities,
  sleep,
  startLeadsServer,
  type LeadsServer,
} from "../support/leads-support";
import { element, textOf } from "../support/site-html";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp-server";

// The public booking flow over HTTP without JavaScript (decision 118): the form, a booking, the
// e-mails with the private link, the private page, and every refusal with its message.

const TRAVELLER = {
  adults: "2",
  children: "1",
  lead_name: "Thandi Mokoena",
  email: "thandi@example.com",
  phone: "+27 82 555 0101",
  country: "South Africa",
  other_travellers: "Sipho Mokoena\nLerato Mokoena",
  notes: "Vegetarian meals, please.",
  accept_terms: "on",
};

describe("booking a date over HTTP", () => {
  let smtp: TestSmtpServer;
  let server: LeadsServer;
  let departureId = "";
  let packageId = "";
  let ready: Record<string, string>;

  /** The booking page's honeypot fields and price, as a browser posts them back. */
  async function formFields(id: string): Promise<Record<string, string>> {
    const html = await (await server.fetch(`/book/${id}`)).text();
    const time = html.match(/name="from__confirm"[^>]*value="([^"]+)"/)?.[1];
    const seen = html.match(/name="seen_amount" value="(\d+)"/)?.[1];
    if (!time || !seen) throw new Error("no booking form");
    return { name__confirm: "", from__confirm: decodeEntities(time), seen_amount: seen };
  }

  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startLeadsServer("postgres", {
      SMTP_URL: smtp.url,
      MAIL_FROM: "Wanderlux <no-reply@travel.example.com>",
    });
    const pkg = await makePackage(server.db, "trip", {
      title: "Okavango by Mokoro",
      departures: [
        {
          start_date: "2031-06-14",
          end_date: "2031-06-20",
          seats_total: 6,
          price_amount: 2_450_000,
        },
        { start_date: "2031-07-14", seats_total: 2, price_amount: 2_450_000 },
        { start_date: "2031-08-14" },
      ],
    });
    packageId = pkg.id;
    departureId = pkg.departures[0]!.id;
    ready = await formFields(departureId);
    await sleep(MIN_FILL_MS + 200);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });
  beforeEach(async () => {
    await clearLeads(server.db);
    await server.db.deleteFrom("bookings").execute();
  });

  it("offers Book this date on the trip page for dates with seats and a price, beside Book Now", async () => {
    const html = await (await server.fetch(`/package/${packageId}`)).text();
    const table = element(html, /<table class="departures"/)!;
    expect(table).toContain(`href="/book/${departureId}"`);
    expect(textOf(table)).toContain("Book this date");
    expect(textOf(table)).toContain("6 seats left");
    // The date on request keeps only the chat.
    const rows = [...table.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((m) => m[1]!);
    expect(rows.at(-1)).not.toContain("/book/");
    expect(rows.at(-1)).toContain("Book Now");
  });

  it("renders the form, never cached, with the date, price and seats left", async () => {
    const res = await server.fetch(`/book/${departureId}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const text = textOf(await res.text());
    for (const part of [
      "Okavango by Mokoro",
      "14 – 20 Jun 2031",
      "R 24,500",
      "Seats left",
      "Send booking request",
    ])
      expect(text).toContain(part);
  });

  it("gives each of many travellers loading the form at once a time token of their own", async () => {
    const pages = await Promise.all(
      Array.from({ length: 12 }, () => server.fetch(`/book/${departureId}`).then((r) => r.text())),
    );
    const tokens = pages.map((html) => html.match(/name="from__confirm"[^>]*value="([^"]+)"/)?.[1]);
    expect(tokens.every(Boolean)).toBe(true);
    expect(new Set(tokens).size).toBe(12);
  });

  it("holds the seats, e-mails the traveller a private link and the team a notice, and shows the booking", async () => {
    const seen = smtp.messages.length;
    const res = await formPost(
      server,
      `/book/${departureId}`,
      { ...ready, ...TRAVELLER },
      ACCEPTS_HTML,
    );
    expect(res.status, await res.clone().text()).toBe(303);
    const location = res.headers.get("location")!;
    expect(location).toMatch(/^\/booking\/WLX-[2-9A-HJKMNP-Z]{6}\?token=[A-Za-z0-9_-]{43}&new=1$/);
    const row = await server.db.selectFrom("bookings").selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      status: "requested",
      adults: 2,
      children: 1,
      lead_name: "Thandi Mokoena",
      email: "thandi@example.com",
      country: "South Africa",
      traveller_names: ["Thandi Mokoena", "Sipho Mokoena", "Lerato Mokoena"],
      notes: "Vegetarian meals, please.",
      source: "online",
    });

    const mails = [await smtp.nextMessage(seen), await smtp.nextMessage(seen + 1)];
    const traveller = mails.find((m) => m.to[0] === "thandi@example.com")!;
    const team = mails.find((m) => m.to[0] === "team@travel.example.com")!;
    expect(traveller.subject).toBe(
      `Booking request ${row.reference} received · Wanderlux Journeys`,
    );
    const link = location.replace("&new=1", "");
    expect(traveller.text).toContain(`https://travel.example.com${link}`);
    expect(traveller.text).toMatch(/Total: R\s73,500/);
    expect(team.subject).toBe(
      `New booking ${row.reference}: Okavango by Mokoro · Wanderlux Journeys`,
    );
    expect(team.parsed.replyTo?.text).toBe("thandi@example.com");

    const page = await server.fetch(location);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    // The last policy in the list is the one browsers apply: the link's token never leaves.
    expect(page.headers.get("referrer-policy")?.split(",").at(-1)?.trim()).toBe("no-referrer");
    const text = textOf(await page.text());
    for (const part of [
      row.reference,
      "Requested",
      "Seats held until",
      "R 73,500",
      "Sipho Mokoena",
      "Your booking request has been sent",
    ])
      expect(text).toContain(part);

    // Seats left follow on the trip page at once (the page cache was emptied by the booking).
    const after = textOf(
      element(
        await (await server.fetch(`/package/${packageId}`)).text(),
        /<table class="departures"/,
      )!,
    );
    expect(after).toContain("3 seats left");

    // A wrong token is a 404 that shows nothing of the booking.
    const wrong = await server.fetch(`/booking/${row.reference}?token=${"A".repeat(43)}`);
    expect(wrong.status).toBe(404);
    const wrongText = await wrong.text();
    expect(wrongText).not.toContain("Thandi");
    expect(wrongText).toContain("We could not find this booking");
  });

  it("refuses bad input field by field, storing nothing", async () => {
    const res = await formPost(
      server,
      `/book/${departureId}`,
      { ...ready, adults: "0", lead_name: "", email: "nope", phone: "call me", country: "" },
      ACCEPTS_HTML,
    );
    expect(res.status).toBe(400);
    const text = decodeEntities(textOf(await res.text()));
    for (const message of [
      BOOKING_MESSAGES.adults,
      BOOKING_MESSAGES.leadName,
      BOOKING_MESSAGES.email,
      BOOKING_MESSAGES.phone,
      BOOKING_MESSAGES.country,
      BOOKING_MESSAGES.terms,
    ])
      expect(text).toContain(message);
    expect(await server.db.selectFrom("bookings").select("id").execute()).toEqual([]);
  });

  it("refuses more travellers than seats left, and a price that changed, with the reason", async () => {
    const small = (
      await server.db
        .selectFrom("departures")
        .select("id")
        .where("start_date", "=", "2031-07-14")
        .executeTakeFirstOrThrow()
    ).id;
    const fields = await formFields(small);
    await sleep(MIN_FILL_MS + 200);
    const tooMany = await formPost(
      server,
      `/book/${small}`,
      { ...fields, ...TRAVELLER },
      ACCEPTS_HTML,
    );
    expect(tooMany.status).toBe(409);
    expect(decodeEntities(textOf(await tooMany.text()))).toContain(BOOKING_MESSAGES.notSeats(2));

    const stale = await formPost(
      server,
      `/book/${departureId}`,
      { ...ready, ...TRAVELLER, seen_amount: "1000000" },
      ACCEPTS_HTML,
    );
    expect(stale.status).toBe(409);
    expect(decodeEntities(textOf(await stale.text())).replace(/\u00a0/g, " ")).toContain(
      BOOKING_MESSAGES.priceChanged("R 24,500"),
    );
    expect(await server.db.selectFrom("bookings").select("id").execute()).toEqual([]);
    // The form's checks run before the seat rule; a refusal rolls back what they wrote, so
    // neither refusal cost the traveller the form's token or one of the hour's slots.
    expect(await server.db.selectFrom("contact_form_tokens").selectAll().execute()).toEqual([]);
    expect(await server.db.selectFrom("enquiry_submissions").selectAll().execute()).toEqual([]);
    const fewer = await formPost(
      server,
      `/book/${small}`,
      { ...fields, ...TRAVELLER, adults: "1", children: "0" },
      ACCEPTS_HTML,
    );
    expect(fewer.status).toBe(303);
    expect(await server.db.selectFrom("contact_form_tokens").selectAll().execute()).toHaveLength(1);
  });

  it("answers an unknown, malformed or on-request date with a friendly 404, never a 500", async () => {
    const onRequest = (
      await server.db
        .selectFrom("departures")
        .select("id")
        .where("start_date", "=", "2031-08-14")
        .executeTakeFirstOrThrow()
    ).id;
    for (const id of ["6b0b3f1e-2b8c-4f7e-9c61-0c6d2b9a1f00", "not-a-date", onRequest]) {
      const page = await server.fetch(`/book/${id}`);
      expect(page.status, id).toBe(404);
      expect(textOf(await page.text())).toContain("This date cannot be booked online");
      const post = await formPost(server, `/book/${id}`, { ...ready, ...TRAVELLER }, ACCEPTS_HTML);
      expect(post.status, id).toBe(404);
    }
    expect(await server.db.selectFrom("bookings").select("id").execute()).toEqual([]);
  });

  it("offers a sold-out date's waiting list and puts the traveller on it, JS off", async () => {
    const small = (
      await server.db
        .selectFrom("departures")
        .select("id")
        .where("start_date", "=", "2031-07-14")
        .executeTakeFirstOrThrow()
    ).id;
    await server.db
      .updateTable("departures")
      .set({ status_override: "sold_out" })
      .where("id", "=", small)
      .execute();
    const page = await server.fetch(`/book/${small}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(textOf(html)).toContain("This date is sold out");
    expect(textOf(html)).toContain("Join the waiting list");
    const time = decodeEntities(html.match(/name="from__confirm"[^>]*value="([^"]+)"/)![1]!);
    await sleep(MIN_FILL_MS + 200);
    const seen = smtp.messages.length;
    const res = await formPost(
      server,
      `/book/${small}`,
      {
        name__confirm: "",
        from__confirm: time,
        intent: "waitlist",
        lead_name: "Lindiwe Zulu",
        email: "lindiwe@example.com",
        adults: "2",
      },
      ACCEPTS_HTML,
    );
    expect(res.status, await res.clone().text()).toBe(303);
    const location = res.headers.get("location")!;
    expect(location).toMatch(/^\/booking\/WLX-[2-9A-HJKMNP-Z]{6}\?token=/);
    const mail = await smtp.nextMessage(seen);
    expect([mail.to[0], mail.subject]).toEqual([
      "lindiwe@example.com",
      expect.stringContaining("You are on the waiting list"),
    ]);
    expect(textOf(await (await server.fetch(location)).text())).toContain("Waitlisted");
    await server.db
      .updateTable("departures")
      .set({ status_override: null })
      .where("id", "=", small)
      .execute();
  });

  it("drops spam (a filled honeypot) without a booking, answering as if it went through", async () => {
    const res = await formPost(
      server,
      `/book/${departureId}`,
      { ...ready, ...TRAVELLER, name__confirm: "bot" },
      ACCEPTS_HTML,
    );
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/book/${departureId}?sent=1`);
    expect(await server.db.selectFrom("bookings").select("id").execute()).toEqual([]);
  });
});
