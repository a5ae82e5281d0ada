import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { BOOKING_MESSAGES } from "~/domain/bookings";
import { insertEnquiry } from "~/server/leads/enquiries.server";
import { MIN_FILL_MS } from "~/server/leads/honeypot.server";
import { BACKENDS } from "../support/db";
import { makePackage, publishGerman } from "../support/factories";
import { formPost } from "../support/form-post";
import {
  ACCEPTS_HTML,
  clearLeads,
  decodeEntities,
  sleep,
  startLeadsServer,
  type LeadsServer,
} from "../support/leads-support";
import { textOf } from "../support/site-html";
import { startSmtpServer, type Delivered, type TestSmtpServer } from "../support/smtp-server";

// Booking and enquiring in the visitor's language (decision 148): /de/book and /de/booking in
// German from the catalogues, the language recorded with each lead, the traveller's e-mails in
// it, the team's notices in English naming it, and anything unknown falling back to the default.

const TRAVELLER = {
  adults: "2",
  children: "1",
  lead_name: "Jonas Becker",
  email: "jonas@example.com",
  phone: "+49 30 555 0101",
  country: "Deutschland",
  other_travellers: "",
  notes: "",
  accept_terms: "on",
};
const ENQUIRY = {
  firstName: "Lena",
  lastName: "Fischer",
  email: "lena@example.com",
  phone: "",
  travelDates: "",
  tripDescription: "Wir möchten im März nach Botswana.",
};

const langOf = (html: string) => /<html lang="([^"]+)"/.exec(html)?.[1];
const text = (html: string) => decodeEntities(textOf(html));

describe.each(BACKENDS)("booking and enquiring in German on %s", (backend) => {
  let smtp: TestSmtpServer;
  let server: LeadsServer;
  let packageId = "";
  let departureId = "";
  let soldOutId = "";
  let bookFields: Record<string, string>;
  let waitFields: Record<string, string>;
  let contactFields: Record<string, string>;
  let englishFields: Record<string, string>;

  /** A form page's honeypot fields and the price it showed, as a browser posts them back. */
  async function fieldsOf(path: string): Promise<Record<string, string>> {
    const html = await (await server.fetch(path)).text();
    const time = html.match(/name="from__confirm"[^>]*value="([^"]+)"/)?.[1];
    if (!time) throw new Error(`no form on ${path}`);
    const seen = html.match(/name="seen_amount" value="(\d+)"/)?.[1];
    return {
      name__confirm: "",
      from__confirm: decodeEntities(time),
      ...(seen ? { seen_amount: seen } : {}),
    };
  }

  /** The German booking form sent with the traveller's details (and any field changed). */
  const bookInGerman = (changes: Record<string, string> = {}) =>
    formPost(
      server,
      `/de/book/${departureId}`,
      { ...bookFields, ...TRAVELLER, ...changes },
      ACCEPTS_HTML,
    );
  /** The two e-mails a post sends: the visitor's and the team's. */
  async function twoMails(seen: number, visitor: string) {
    const mails: Delivered[] = [await smtp.nextMessage(seen), await smtp.nextMessage(seen + 1)];
    return {
      visitor: mails.find((m) => m.to[0] === visitor)!,
      team: mails.find((m) => m.to[0] === "team@travel.example.com")!,
    };
  }

  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startLeadsServer(backend, {
      SITE_LANGUAGES: "en,de",
      SMTP_URL: smtp.url,
      MAIL_FROM: "Wanderlux <no-reply@travel.example.com>",
      ENQUIRY_ACK: "true",
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
        { start_date: "2031-07-14", seats_total: 1, price_amount: 2_450_000 },
      ],
    });
    packageId = pkg.id;
    departureId = pkg.departures[0]!.id;
    soldOutId = pkg.departures[1]!.id;
    // The trip appears in German once translated (decision 139): its German page and title.
    await publishGerman(server.db, pkg.id, "Okavango im Mokoro", "okavango-im-mokoro");
    const soldOutFields = await fieldsOf(`/book/${soldOutId}`);
    bookFields = await fieldsOf(`/de/book/${departureId}`);
    // The waiting list's form has the same time token as the booking form's.
    waitFields = await fieldsOf(`/de/book/${departureId}`);
    englishFields = await fieldsOf(`/book/${departureId}`);
    contactFields = await fieldsOf("/de/contact");
    await sleep(MIN_FILL_MS + 200);
    // The second date is sold out: its only seat is taken.
    const taken = await formPost(
      server,
      `/book/${soldOutId}`,
      { ...soldOutFields, ...TRAVELLER, adults: "1", children: "0" },
      ACCEPTS_HTML,
    );
    if (taken.status !== 303 || !taken.headers.get("location")?.startsWith("/booking/"))
      throw new Error("the sold-out date's seat was not booked");
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });
  beforeEach(async () => {
    await clearLeads(server.db);
    await server.db.deleteFrom("bookings").where("departure_id", "=", departureId).execute();
    await server.db.deleteFrom("bookings").where("status", "=", "waitlisted").execute();
  });

  it("links the German trip page's dates to the German booking form, the English one to /book", async () => {
    const german = await (await server.fetch("/de/package/okavango-im-mokoro")).text();
    expect(german).toContain(`href="/de/book/${departureId}"`);
    expect(german).not.toContain(`href="/book/${departureId}"`);
    const english = await (await server.fetch(`/package/${packageId}`)).text();
    expect(english).toContain(`href="/book/${departureId}"`);
  });

  it("shows /de/book in German: words, dates, price, links and <html lang>", async () => {
    const res = await server.fetch(`/de/book/${departureId}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(langOf(html)).toBe("de");
    const words = text(html);
    for (const part of [
      "Termin buchen",
      "Okavango im Mokoro",
      "14.–20. Juni 2031",
      "24.500",
      "Ihre Buchung",
      "Erwachsene",
      "Vollständiger Name der Hauptperson",
      "Buchungsbedingungen",
      "Buchungsanfrage senden",
      "Freie Plätze",
    ])
      expect(words).toContain(part);
    for (const english of ["Send booking request", "Lead traveller", "Seats left", "Book a date"])
      expect(words).not.toContain(english);
    expect(html).toContain(`action="/de/book/${departureId}"`);
    expect(html).toContain('href="/de/booking-terms"');
    expect(html).toContain('href="/de/package/okavango-im-mokoro"');
    // The private form page is kept out of the index: no language alternates.
    expect(html).not.toMatch(/<link[^>]*rel="alternate"/);
    expect(html).toContain('<meta name="robots" content="noindex"/>');
  });

  it("refuses bad input in German, field by field, storing nothing", async () => {
    const res = await formPost(
      server,
      `/de/book/${departureId}`,
      {
        ...bookFields,
        ...TRAVELLER,
        lead_name: "",
        email: "nope",
        phone: "ruf an",
        country: "",
        accept_terms: "",
        notes: "x".repeat(2001),
      },
      ACCEPTS_HTML,
    );
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(langOf(html)).toBe("de");
    const words = text(html);
    for (const message of [
      "Bitte prüfen Sie die unten markierten Felder.",
      "Bitte geben Sie den vollständigen Namen der Hauptperson ein",
      "Bitte geben Sie eine gültige E-Mail-Adresse ein, etwa name@example.com",
      "Bitte geben Sie eine Telefonnummer ein",
      "Bitte geben Sie das Land ein, in dem Sie wohnen",
      "Bitte akzeptieren Sie die Buchungsbedingungen",
      "Die Anmerkungen darf höchstens 2000 Zeichen lang sein",
    ])
      expect(words).toContain(message);
    for (const english of [
      BOOKING_MESSAGES.leadName,
      BOOKING_MESSAGES.email,
      BOOKING_MESSAGES.terms,
    ])
      expect(words).not.toContain(english);
    expect(
      await server.db
        .selectFrom("bookings")
        .select("id")
        .where("departure_id", "=", departureId)
        .execute(),
    ).toEqual([]);
  });

  it("says too many travellers and a changed price in German, with the price in German format", async () => {
    const many = await bookInGerman({ adults: "6", children: "1" });
    expect(many.status).toBe(409);
    expect(text(await many.text())).toContain(
      "Nur noch 6 Plätze sind an diesem Termin frei: Wählen Sie weniger Reisende oder einen anderen Termin.",
    );
    const price = await bookInGerman({ seen_amount: "100" });
    expect(price.status).toBe(409);
    expect(text(await price.text())).toMatch(
      /Der Preis dieses Termins hat sich seit dem Öffnen der Seite auf 24\.500\sR pro Person geändert/,
    );
  });

  it("books in German: the language recorded, the e-mail and private page in German, the team told in English", async () => {
    const seen = smtp.messages.length;
    const res = await bookInGerman();
    expect(res.status, await res.clone().text()).toBe(303);
    const location = res.headers.get("location")!;
    expect(location).toMatch(
      /^\/de\/booking\/WLX-[2-9A-HJKMNP-Z]{6}\?token=[A-Za-z0-9_-]{43}&new=1$/,
    );
    const row = await server.db
      .selectFrom("bookings")
      .select(["reference", "language"])
      .where("departure_id", "=", departureId)
      .executeTakeFirstOrThrow();
    expect(row.language).toBe("de");

    const { visitor, team } = await twoMails(seen, "jonas@example.com");
    expect(visitor.subject).toBe(`Buchungsanfrage ${row.reference} erhalten · Wanderlux Journeys`);
    expect(visitor.text).toContain("Hallo Jonas Becker,");
    expect(visitor.text).toContain(
      "Vielen Dank für Ihre Buchung von „Okavango im Mokoro“, 14.–20. Juni 2031, für 2 Erwachsene, 1 Kind.",
    );
    expect(visitor.text).toMatch(/Gesamtpreis: 73\.500\sR\./);
    expect(visitor.text).toContain("Wir reservieren Ihre Plätze bis");
    expect(visitor.text).toContain(`https://travel.example.com${location.replace("&new=1", "")}`);
    expect(visitor.html).toContain('<html lang="de">');
    expect(visitor.html).toContain("Oder öffnen Sie diese Adresse:");
    expect(visitor.text).not.toContain("Thank you");

    expect(team.subject).toBe(
      `New booking ${row.reference}: Okavango by Mokoro · Wanderlux Journeys`,
    );
    expect(team.text).toContain("Language: German");
    expect(team.html).toContain('<html lang="en">');

    const page = await server.fetch(location);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(langOf(html)).toBe("de");
    const words = text(html);
    for (const part of [
      "Ihre Buchung",
      "Vielen Dank! Ihre Buchungsanfrage wurde gesendet.",
      "Angefragt",
      "Plätze reserviert bis",
      "Buchungsnummer",
      "2 Erwachsene, 1 Kind",
      "73.500",
      "Über die Reise",
      "Okavango im Mokoro",
    ])
      expect(words).toContain(part);
    expect(words).not.toContain("Requested");
    expect(html).toContain('href="/de/package/okavango-im-mokoro"');

    // The team's screen names the language in English.
    const admin = await server.fetch(`/admin/bookings/${row.reference}`, {
      headers: { Cookie: await server.adminCookie() },
    });
    expect(text(await admin.text())).toMatch(/Language\s*German/);
  });

  it("names the trip in German in staff e-mails to a German traveller (decision 155)", async () => {
    const booked = smtp.messages.length;
    const res = await bookInGerman();
    expect(res.status).toBe(303);
    await twoMails(booked, "jonas@example.com");
    const { reference } = await server.db
      .selectFrom("bookings")
      .select("reference")
      .where("departure_id", "=", departureId)
      .where("language", "=", "de")
      .executeTakeFirstOrThrow();
    const seen = smtp.messages.length;
    const cancelled = await formPost(
      server,
      `/admin/bookings/${reference}`,
      { intent: "cancel", notify: "on" },
      { Cookie: await server.adminCookie() },
    );
    expect(cancelled.status).toBe(302);
    const mail = await smtp.nextMessage(seen);
    expect(mail.to).toEqual(["jonas@example.com"]);
    expect(mail.html).toContain('<html lang="de">');
    expect(mail.text).toContain("Okavango im Mokoro");
    expect(mail.text).not.toContain("Okavango by Mokoro");
  });

  it("books in English at the English URL: English recorded, English e-mail, the team told so", async () => {
    const seen = smtp.messages.length;
    const res = await formPost(
      server,
      `/book/${departureId}`,
      { ...englishFields, ...TRAVELLER },
      ACCEPTS_HTML,
    );
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toMatch(/^\/booking\/WLX-/);
    const row = await server.db
      .selectFrom("bookings")
      .select(["reference", "language"])
      .where("departure_id", "=", departureId)
      .executeTakeFirstOrThrow();
    expect(row.language).toBe("en");
    const { visitor, team } = await twoMails(seen, "jonas@example.com");
    expect(visitor.subject).toBe(`Booking request ${row.reference} received · Wanderlux Journeys`);
    expect(visitor.html).toContain('<html lang="en">');
    expect(team.text).toContain("Language: English");
  });

  it("puts a German visitor on a sold-out date's waiting list in German", async () => {
    const seen = smtp.messages.length;
    const res = await formPost(
      server,
      `/de/book/${soldOutId}`,
      {
        ...waitFields,
        intent: "waitlist",
        lead_name: "Jonas Becker",
        email: "jonas@example.com",
        adults: "2",
      },
      ACCEPTS_HTML,
    );
    expect(res.status, await res.clone().text()).toBe(303);
    expect(res.headers.get("location")).toMatch(/^\/de\/booking\/WLX-/);
    const row = await server.db
      .selectFrom("bookings")
      .select(["reference", "language"])
      .where("status", "=", "waitlisted")
      .executeTakeFirstOrThrow();
    expect(row.language).toBe("de");
    const { visitor, team } = await twoMails(seen, "jonas@example.com");
    expect(visitor.subject).toBe(
      `Sie stehen auf der Warteliste (${row.reference}) · Wanderlux Journeys`,
    );
    expect(visitor.text).toContain(
      "ist ausgebucht. Sie stehen auf der Warteliste für 2 Erwachsene.",
    );
    // The trip by its German title; the team's notice keeps the English one.
    expect(visitor.text).toContain("Okavango im Mokoro");
    expect(visitor.text).not.toContain("Okavango by Mokoro");
    expect(team.text).toContain("Okavango by Mokoro");
    expect(team.text).toContain("Language: German");
  });

  it("says the sold-out date and its waiting list in German", async () => {
    const html = await (await server.fetch(`/de/book/${soldOutId}`)).text();
    const words = text(html);
    for (const part of [
      "Dieser Termin ist ausgebucht",
      "Auf die Warteliste setzen",
      "Ihr Name",
      "Die anderen Termine ansehen",
    ])
      expect(words).toContain(part);
    expect(words).not.toContain("Join the waiting list");
  });

  it("records a German enquiry's language, acknowledges it in German and tells the team so", async () => {
    const seen = smtp.messages.length;
    const res = await formPost(
      server,
      "/de/contact",
      { ...contactFields, ...ENQUIRY },
      ACCEPTS_HTML,
    );
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/de/contact?sent=1");
    const row = await server.db
      .selectFrom("enquiries")
      .select(["id", "language"])
      .executeTakeFirstOrThrow();
    expect(row.language).toBe("de");
    const { visitor, team } = await twoMails(seen, "lena@example.com");
    expect(visitor.subject).toBe("Wir haben Ihre Nachricht erhalten · Wanderlux Journeys");
    expect(visitor.text).toContain("Hallo Lena,");
    expect(visitor.text).toContain("https://travel.example.com/de");
    expect(visitor.html).toContain('<html lang="de">');
    expect(team.subject).toMatch(/^New enquiry from Lena Fischer/);
    expect(team.text).toContain("Language: German");
    const admin = await server.fetch(`/admin/enquiries/${row.id}`, {
      headers: { Cookie: await server.adminCookie() },
    });
    expect(text(await admin.text())).toMatch(/Language\s*German/);
  });

  it("books a German enquiry's traveller from the back office in German (decision 156)", async () => {
    const cookie = await server.adminCookie();
    const enquiry = await insertEnquiry(server.db, {
      firstName: ENQUIRY.firstName,
      lastName: ENQUIRY.lastName,
      email: ENQUIRY.email,
      phone: "",
      travelDates: "",
      message: ENQUIRY.tripDescription,
      packageId,
      packageTitle: "Okavango by Mokoro",
      language: "de",
    });
    // The form starts in the enquiry's language, and offers the site's languages by name.
    const form = await (
      await server.fetch(`/admin/bookings/new?enquiry=${enquiry.id}`, {
        headers: { Cookie: cookie },
      })
    ).text();
    expect(form).toContain('<label for="staff-language">Language of the traveller&#x27;s e-mails');
    expect(form).toMatch(/<option value="de" selected="">German<\/option>/);
    expect(form).toMatch(/<option value="en">English<\/option>/);
    const fields = {
      enquiry_id: enquiry.id,
      departure_id: departureId,
      adults: "2",
      children: "0",
      lead_name: "Lena Fischer",
      email: "lena@example.com",
      language: "de",
      notify: "on",
    };
    // A language the site is not in is refused beside the field, and nothing is booked.
    const refused = await formPost(
      server,
      "/admin/bookings/new",
      { ...fields, language: "fr" },
      {
        Cookie: cookie,
      },
    );
    expect(refused.status).toBe(400);
    expect(text(await refused.text())).toContain(
      "Choose one of the site's languages for the traveller's e-mails",
    );
    const none = await server.db
      .selectFrom("bookings")
      .select("id")
      .where("departure_id", "=", departureId)
      .execute();
    expect(none).toEqual([]);

    const seen = smtp.messages.length;
    const made = await formPost(server, "/admin/bookings/new", fields, { Cookie: cookie });
    expect(made.status).toBe(302);
    const reference = made.headers.get("location")!.split("/").at(-1)!;
    const row = await server.db
      .selectFrom("bookings")
      .select(["language", "enquiry_id"])
      .where("reference", "=", reference)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ language: "de", enquiry_id: enquiry.id });
    const mail = await smtp.nextMessage(seen);
    expect(mail.to).toEqual(["lena@example.com"]);
    expect(mail.subject).toBe(
      `Buchung ${reference}: Ihre Plätze sind reserviert · Wanderlux Journeys`,
    );
    expect(mail.html).toContain('<html lang="de">');
    expect(mail.text).toContain("Hallo Lena Fischer,");
    expect(mail.text).toContain(
      "Wie mit unserem Team vereinbart, haben wir „Okavango im Mokoro“, 14.–20. Juni 2031, für 2 Erwachsene gebucht.",
    );
    expect(mail.text).toContain(
      "Es gelten unsere Buchungsbedingungen: https://travel.example.com/de/booking-terms",
    );
    expect(mail.text).toContain(`https://travel.example.com/de/booking/${reference}?token=`);
    expect(mail.text).not.toContain("Okavango by Mokoro");
  });

  it("falls back to the default language for a lead recorded before languages were, or in one the site does not show", async () => {
    const res = await bookInGerman();
    expect(res.status).toBe(303);
    const { reference } = await server.db
      .selectFrom("bookings")
      .select("reference")
      .where("departure_id", "=", departureId)
      .executeTakeFirstOrThrow();
    const cookie = await server.adminCookie();
    for (const recorded of [null, "fr"]) {
      await server.db
        .updateTable("bookings")
        .set({ language: recorded })
        .where("reference", "=", reference)
        .execute();
      const admin = await server.fetch(`/admin/bookings/${reference}`, {
        headers: { Cookie: cookie },
      });
      expect(text(await admin.text())).toMatch(/Language\s*English/);
    }
    // A stored language is a two-letter code, nothing else.
    await expect(
      server.db
        .updateTable("bookings")
        .set({ language: "deutsch" })
        .where("reference", "=", reference)
        .execute(),
    ).rejects.toThrow();
  });

  it("answers a language prefix the site does not show with a 404", async () => {
    expect((await server.fetch(`/fr/book/${departureId}`)).status).toBe(404);
    expect((await server.fetch(`/en/book/${departureId}`)).status).toBe(404);
  });
});
