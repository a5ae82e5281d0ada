import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MIN_FILL_MS } from "~/server/leads/honeypot.server";
import { BACKENDS } from "../support/db";
import { makePackage, publishGerman } from "../support/factories";

import { formPost } from "../support/form-post";
import {
  ACCEPTS_HTML,
  decodeEntities,
  honeypotFields,
  sleep,
  startLeadsServer,
  type LeadsServer,
} from "../support/leads-support";
import { element, links, textOf } from "../support/site-html";

const langOf = (html: string) => /<html lang="([^"]+)"/.exec(html)?.[1];
const text = (html: string) => decodeEntities(textOf(html));

// The public pages' bodies in German (list pages, about, contact), English ones unchanged.
describe.each(BACKENDS)("German page bodies on %s (SITE_LANGUAGES=en,de)", (backend) => {
  let server: LeadsServer;
  let trip = { id: "" };
  let honeypot: Record<string, string>;

  const get = async (path: string) => {
    const res = await server.fetch(path);
    return { res, html: await res.text() };
  };

  beforeAll(async () => {
    server = await startLeadsServer(backend, { SITE_LANGUAGES: "en,de" });
    trip = await makePackage(server.db, "trip", {
      title: "Bali Escape",
      price: "15,000",
      description: "Rice terraces and temples.",
    });
    // Packages appear in German once translated (decision 139).
    await publishGerman(server.db, trip.id, "Bali-Flucht", "bali-flucht");
    // Thirteen local trips: a second page, so the pagination shows.
    for (let i = 0; i < 13; i++) {
      const local = await makePackage(server.db, "local", {
        title: `Weekend ${i}`,
        location: "Cape Town",
      });
      await publishGerman(server.db, local.id, `Wochenende ${i}`, `wochenende-${i}`);
    }
    honeypot = await honeypotFields(server);
    await sleep(MIN_FILL_MS + 200);
  }, 120_000);

  afterAll(async () => {
    await server?.close();
  });

  it("a German list page says its hero, filters, sort, bands and count in German", async () => {
    const { res, html } = await get("/de/upcoming-trips");
    expect(res.status).toBe(200);
    expect(langOf(html)).toBe("de");
    const body = text(element(html, /<main/)!);
    for (const words of [
      "Kommende Reisen",
      "Kleine Gruppen, große Momente",
      "Reiseziel",
      "Alle Reiseziele",
      "Sortieren nach",
      "Preis: aufsteigend",
      "Unter 20.000",
      "1–3 Tage",
      "1 Reise",
      "Anwenden",
    ])
      expect(body, words).toContain(words);
    expect(body).not.toContain("Sort by");
    expect(html).toContain('aria-label="Filtern und sortieren"');
    // The cards lead to the trip's German page.
    expect(links(html).map((l) => l.href)).toContain("/de/package/bali-flucht");
  });

  it("the English list page is unchanged", async () => {
    const { html } = await get("/upcoming-trips");
    expect(langOf(html)).toBe("en");
    const body = text(element(html, /<main/)!);
    for (const words of [
      "Small groups, big moments",
      "Destination",
      "All destinations",
      "Sort by",
      "Price: low to high",
      "Under 20,000",
      "1 trip",
      "Apply",
    ])
      expect(body, words).toContain(words);
    expect(links(html).map((l) => l.href)).toContain(`/package/${trip.id}`);
  });

  it("a filtered German list counts matches and offers to clear; pages say Weiter", async () => {
    const { html } = await get("/de/local-trips?destination=cape-town");
    const body = text(element(html, /<main/)!);
    expect(body).toContain("13 passende Reisen");
    expect(body).toContain("Filter zurücksetzen");
    const pages = element(html, /<nav class="pagination"/)!;
    expect(pages).toContain('aria-label="Seiten"');
    expect(text(pages)).toContain("Weiter Seite");
    expect(text(pages)).toContain("Seite 2");
    const english = await get("/local-trips?destination=cape-town");
    expect(text(english.html)).toContain("13 trips match");
    expect(text(element(english.html, /<nav class="pagination"/)!)).toContain("Next page");
  });

  it("an empty German list says so in German", async () => {
    const { html } = await get("/de/hidden-gems");
    const body = text(element(html, /<main/)!);
    expect(body).toContain("Verborgene Schätze entdecken");
    expect(body).toContain("Neue verborgene Schätze sind unterwegs.");
    expect(text((await get("/hidden-gems")).html)).toContain("New hidden gems are on their way.");
  });

  it("the package page's own headings are German under /de and English at /package", async () => {
    const de = await get(`/de/package/${trip.id}`);
    expect(langOf(de.html)).toBe("de");
    const main = element(de.html, /<main/)!;
    expect(text(main)).toContain("Überblick");
    expect(text(main)).not.toContain("Overview");
    // The back link leads to the German list, named in German.
    const back = links(element(main, /<p class="back-link"/)!)[0]!;
    expect([back.href, back.text.trim()]).toEqual(["/de/upcoming-trips", "Kommende Reisen"]);
    const missing = await get("/de/package/00000000-0000-4000-8000-000000000000");
    expect(missing.res.status).toBe(404);
    expect(text(missing.html)).toContain("Reisepaket nicht gefunden");
    const en = await get(`/package/${trip.id}`);
    expect(text(element(en.html, /<main/)!)).toContain("Overview");
    expect(text((await get("/package/00000000-0000-4000-8000-000000000000")).html)).toContain(
      "Package Not Found",
    );
  });

  it("the package page's price card, Dates & Prices, rating and video hint are German under /de", async () => {
    const pkg = await makePackage(server.db, "trip", {
      title: "Okavango by Mokoro",
      duration: "7 days",
      rating: 4.8,
      review_count: 1234,
      rating_source: "Google reviews",
      departures: [
        {
          start_date: "2031-06-14",
          end_date: "2031-06-20",
          seats_total: 3,
          price_amount: 2_450_000,
        },
      ],
    });
    await publishGerman(server.db, pkg.id, "Okavango im Mokoro", "okavango");
    const de = await get(`/de/package/${pkg.id}`);
    const main = text(element(de.html, /<main/)!);
    for (const words of [
      "Preis",
      "Dauer",
      "Jetzt buchen",
      "Anfrage zu dieser Reise",
      "Jetzt reservieren, später bezahlen",
      "Termine & Preise",
      "Diesen Termin buchen",
      "Wenige Plätze",
      "4,8",
      "(1.234 Bewertungen)",
      "Juni 2031",
      // The date's price in German format (a dot groups thousands).
      "24.500",
    ])
      expect(main).toContain(words);
    for (const words of [
      "24,500",
      "Dates & Prices",
      "Book this date",
      "Enquire about this trip",
      "1,234 reviews",
    ])
      expect(main).not.toContain(words);
    expect(links(element(de.html, /<main/)!).map((l) => l.href)).toContain(
      `/de/contact?package=${pkg.id}`,
    );
    const en = text(element((await get(`/package/${pkg.id}`)).html, /<main/)!);
    for (const words of [
      "Dates & Prices",
      "Book this date",
      "Limited",
      "14 – 20 Jun 2031",
      "4.8",
      "(1,234 reviews)",
      "Enquire about this trip",
      "Reserve now & pay later",
      "24,500",
    ])
      expect(en).toContain(words);
  });

  it("About is German under /de and English at /about", async () => {
    const de = await get("/de/about");
    expect(langOf(de.html)).toBe("de");
    const body = text(element(de.html, /<main/)!);
    for (const words of ["Unsere Geschichte", "Was uns auszeichnet", "Handverlesene Erlebnisse"])
      expect(body).toContain(words);
    expect(links(element(de.html, /<main/)!).map((l) => l.href)).toContain("/de/upcoming-trips");
    const en = text((await get("/about")).html);
    for (const words of ["Our Story", "What makes us different", "Handpicked Experiences"])
      expect(en).toContain(words);
  });

  it("Flights, Hotels and the booking terms' own words are German under /de, English as before", async () => {
    const flights = await get("/de/flights");
    expect(flights.res.status).toBe(200);
    expect(langOf(flights.html)).toBe("de");
    const flightsBody = text(element(flights.html, /<main/)!);
    for (const words of [
      "Günstige Flüge",
      "Warum bei uns buchen",
      "Verhandelte Tarife",
      "Flugangebote anfragen",
      "(öffnet WhatsApp in einem neuen Tab)",
    ])
      expect(flightsBody).toContain(words);
    expect(flightsBody).not.toContain("Why book with us");
    const hotels = text(element((await get("/de/hotels")).html, /<main/)!);
    for (const words of ["Günstige Hotels", "Mitgliederpreise", "Hotelangebote finden"])
      expect(hotels).toContain(words);
    // The terms are the company's text in the default language, marked so inside a German page.
    const terms = await get("/de/booking-terms");
    expect(langOf(terms.html)).toBe("de");
    expect(text(element(terms.html, /<main/)!)).toContain("Buchungsbedingungen");
    expect(terms.html).toMatch(/class="section container terms-page" lang="en"/);
    const en = text(element((await get("/flights")).html, /<main/)!);
    for (const words of ["Discounted Flights", "Why book with us", "Get Flight Quotes"])
      expect(en).toContain(words);
    expect((await get("/booking-terms")).html).not.toMatch(/terms-page" lang=/);
  });

  it("Contact's labels, placeholders and hours are German under /de", async () => {
    const { html } = await get("/de/contact");
    expect(langOf(html)).toBe("de");
    const body = text(element(html, /<main/)!);
    for (const words of [
      "Schreiben Sie uns",
      "Vorname",
      "Gewünschter Reisezeitraum",
      "Nachricht senden",
      "Öffnungszeiten",
      "Montag - Freitag",
      "Geschlossen",
    ])
      expect(body, words).toContain(words);
    expect(decodeEntities(html)).toContain(
      'placeholder="Wohin möchten Sie reisen, und wer reist mit?"',
    );
    expect(html).toMatch(/<form[^>]*action="\/de\/contact"/);
    const en = text((await get("/contact")).html);
    for (const words of ["Send us a message", "First name", "Business hours", "Send Message"])
      expect(en).toContain(words);
  });

  it("a refused German post says what is wrong in German; the English one in English", async () => {
    const bad = { firstName: "", lastName: "", email: "nope", phone: "abc", travelDates: "" };
    const de = await formPost(
      server,
      "/de/contact",
      { ...honeypot, ...bad, tripDescription: "" },
      ACCEPTS_HTML,
    );
    expect(de.status).toBe(400);
    const deText = text(await de.text());
    expect(deText).toContain("Bitte geben Sie Ihren Vornamen ein");
    expect(deText).toContain("Bitte geben Sie eine gültige E-Mail-Adresse ein");
    expect(deText).toContain("Eine Telefonnummer darf nur Ziffern");
    expect(deText).toContain("Bitte prüfen Sie die unten markierten Felder.");
    const en = await formPost(
      server,
      "/contact",
      { ...honeypot, ...bad, tripDescription: "" },
      ACCEPTS_HTML,
    );
    expect(en.status).toBe(400);
    expect(text(await en.text())).toContain("Please enter your first name");
  });

  it("a German message sent lands on the German contact page with the German thanks", async () => {
    const res = await formPost(
      server,
      "/de/contact",
      {
        ...honeypot,
        firstName: "Lena",
        lastName: "Vogel",
        email: "lena@example.org",
        phone: "",
        travelDates: "",
        tripDescription: "Zwei Wochen Bali.",
      },
      ACCEPTS_HTML,
    );
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/de/contact?sent=1");
    const landing = text((await get("/de/contact?sent=1")).html);
    expect(landing).toContain("Nachricht gesendet");
    expect(landing).toContain("Vielen Dank! Ihre Nachricht ist bei uns eingegangen.");
    expect(landing).toContain("Weitere Nachricht senden");
  });
});
