import { describe, expect, it } from "vitest";
import { translator } from "~/domain/i18n/catalogues";
import { leadLanguage } from "~/domain/i18n/languages";
import { BOOKING_MESSAGES } from "~/domain/bookings";
import { formatMoney } from "~/domain/money";
import { bookingErrorIn } from "~/server/bookings/booking-errors.server";
import {
  bookingCancelledMail,
  bookingMovedMail,
  bookingReceivedMail,
} from "~/server/bookings/booking-mail.server";
import { holdEndingMail, seatOfferMail } from "~/server/bookings/booking-ops-mail.server";
import type { BookingReceipt } from "~/server/bookings/bookings.server";
import { balanceReminderMail } from "~/server/payments/balance.server";
import { cancelledMail } from "~/server/payments/refunds.server";
import { paymentNoticeMail, paymentReceiptMail } from "~/server/payments/payment-mail.server";
import { languageLine } from "~/server/mail/mail-language.server";

// The language a lead is spoken to in (decision 148), the e-mails' words in it, and the form's
// refusals from the catalogue: English exactly as before, German from its catalogue.

const SITE = {
  name: "Wanderlux",
  publicUrl: "https://travel.example.com",
  timeZone: "Africa/Johannesburg",
  languages: ["en", "de"] as const,
};

function receipt(language: string | null): BookingReceipt {
  return {
    id: "b1",
    reference: "WLX-ABCDEF",
    token: "t".repeat(43),
    status: "requested",
    packageId: "p1",
    packageTitle: "Okavango by Mokoro",
    packageKind: "trip",
    startDate: "2031-06-14",
    endDate: "2031-06-20",
    adults: 2,
    children: 1,
    leadName: "Jonas Becker",
    email: "jonas@example.com",
    phone: "+49 30 555 0101",
    country: "Deutschland",
    notes: "",
    total: formatMoney(7_350_000, "ZAR"),
    totalAmount: 7_350_000,
    currency: "ZAR",
    holdExpiresAt: "2031-01-02T10:00:00.000Z",
    language,
  };
}

describe("a lead's language", () => {
  it("is the recorded one while the site shows it, else the default", () => {
    expect(leadLanguage("de", ["en", "de"])).toBe("de");
    expect(leadLanguage(null, ["en", "de"])).toBe("en");
    expect(leadLanguage(undefined, ["de", "en"])).toBe("de");
    // Unknown, not shipped, or dropped from SITE_LANGUAGES since: the default.
    expect(leadLanguage("fr", ["en", "de"])).toBe("en");
    expect(leadLanguage("xx", ["en", "de"])).toBe("en");
    expect(leadLanguage("de", ["en"])).toBe("en");
    expect(leadLanguage("", [])).toBe("en");
  });

  it("is named in English on the team's notices", () => {
    expect(languageLine(SITE, "de")).toBe("Language: German");
    expect(languageLine(SITE, null)).toBe("Language: English");
    expect(languageLine(SITE, "fr")).toBe("Language: English");
  });
});

describe("traveller e-mails in the booking's language", () => {
  it("writes the booking request in German, with German dates, amounts and link", () => {
    const mail = bookingReceivedMail(SITE, receipt("de"));
    expect(mail.subject).toBe("Buchungsanfrage WLX-ABCDEF erhalten · Wanderlux");
    expect(mail.text).toContain("für 2 Erwachsene, 1 Kind.");
    expect(mail.text).toContain("14.–20. Juni 2031");
    expect(mail.text).toMatch(/Gesamtpreis: 73\.500\sR\./);
    expect(mail.link).toBe(
      `https://travel.example.com/de/booking/WLX-ABCDEF?token=${"t".repeat(43)}`,
    );
    expect(mail.html).toContain('<html lang="de">');
  });

  it("keeps the English request e-mail word for word", () => {
    const mail = bookingReceivedMail(SITE, receipt("en"));
    expect(mail.subject).toBe("Booking request WLX-ABCDEF received · Wanderlux");
    expect(mail.text).toContain(
      'Thank you for booking "Okavango by Mokoro", 14 – 20 Jun 2031, for 2 adults, 1 child.',
    );
    expect(mail.text).toContain("Your reference is WLX-ABCDEF. Total: R\u00a073,500.");
    expect(mail.text).toContain("our team confirms your booking before then.");
    expect(mail.link).toBe(`https://travel.example.com/booking/WLX-ABCDEF?token=${"t".repeat(43)}`);
  });

  it("does not call a booking being paid on Checkout an unpaid request, in either language", () => {
    const en = bookingReceivedMail(SITE, receipt("en"), { paying: true });
    expect(en.subject).toBe("Booking WLX-ABCDEF: your seats are held while you pay · Wanderlux");
    expect(en.text).toContain("we e-mail you a receipt");
    expect(en.text).not.toContain("our team confirms");
    expect(en.subject).not.toContain("request");
    const de = bookingReceivedMail(SITE, receipt("de"), { paying: true });
    expect(de.subject).toBe(
      "Buchung WLX-ABCDEF: Ihre Plätze sind reserviert, während Sie bezahlen · Wanderlux",
    );
    expect(de.text).toContain("schicken wir Ihnen eine Quittung");
    expect(de.text).not.toContain("Buchungsanfrage");
  });

  it("writes later e-mails (cancelled, moved) in the recorded language, the default when unknown", () => {
    const booking = { ...receipt("de"), total: "R 73,500" };
    expect(bookingCancelledMail(SITE, booking).subject).toBe(
      "Buchung WLX-ABCDEF storniert · Wanderlux",
    );
    expect(bookingCancelledMail(SITE, booking).link).toBe("https://travel.example.com/de/contact");
    for (const language of ["fr", null]) {
      const mail = bookingCancelledMail(SITE, { ...booking, language });
      expect(mail.subject).toBe("Booking WLX-ABCDEF cancelled · Wanderlux");
      expect(mail.link).toBe("https://travel.example.com/contact");
    }
    const refunded = cancelledMail(SITE, booking, { amount: 1_225_000, currency: "ZAR" });
    expect(refunded.text).toMatch(/Wir erstatten Ihnen 12\.250\sR\./);
    expect(cancelledMail(SITE, { ...booking, language: null }, null).text).toContain(
      'Your booking WLX-ABCDEF for "Okavango by Mokoro", 14 – 20 Jun 2031, has been cancelled.',
    );
    const moved = bookingMovedMail(SITE, booking);
    expect(moved.subject).toBe("Buchung WLX-ABCDEF verlegt auf 14.–20. Juni 2031 · Wanderlux");
    expect(moved.text).toMatch(/Gesamtpreis: 73\.500\sR\./);
  });
});

describe("the booking operations' e-mails in the booking's language", () => {
  const offer = (language: string | null) => ({
    language,
    reference: "WLX-ABCDEF",
    leadName: "Jonas Becker",
    packageTitle: "Okavango by Mokoro",
    startDate: "2031-06-14",
    endDate: "2031-06-20",
    travellers: 2,
    total: "R\u00a049,000",
    totalAmount: 4_900_000,
    currency: "ZAR",
    holdExpiresAt: "2031-01-02T10:00:00.000Z",
    token: "t".repeat(43),
  });

  it("offers a freed seat in German, and in English word for word", () => {
    const de = seatOfferMail(SITE, offer("de"));
    expect(de.subject).toBe(
      "Ein Platz ist frei geworden: Okavango by Mokoro (WLX-ABCDEF) · Wanderlux",
    );
    expect(de.text).toContain("sind 2 Plätze frei geworden, und wir reservieren sie für Sie bis");
    expect(de.text).toMatch(/Gesamtpreis: 49\.000\sR\./);
    expect(de.link).toContain("/de/booking/WLX-ABCDEF?token=");
    const en = seatOfferMail(SITE, offer(null));
    expect(en.text).toContain(
      'Good news: 2 seats came free on "Okavango by Mokoro", 14 – 20 Jun 2031, and we are holding them for you until 2 January 2031 at 12:00.',
    );
    expect(en.text).toContain(
      "Your booking WLX-ABCDEF is now a booking request. Total: R\u00a049,000.",
    );
  });

  it("reminds of a hold ending in the booking's language", () => {
    const hold = {
      reference: "WLX-ABCDEF",
      leadName: "Jonas Becker",
      email: "jonas@example.com",
      packageTitle: "Okavango by Mokoro",
      travellerTitle: "Okavango im Mokoro",
      startDate: "2031-06-14",
      endDate: null,
      travellers: 1,
      holdExpiresAt: "2031-01-02T10:00:00.000Z",
    };
    // The traveller reads the title in their language; the team's notice keeps the default one.
    expect(holdEndingMail(SITE, { ...hold, language: "de" }).text).toContain(
      "Wir reservieren 1 Platz für „Okavango im Mokoro“, 14. Juni 2031, für Ihre Buchung WLX-ABCDEF bis",
    );
    const english = { ...hold, travellerTitle: hold.packageTitle, language: "xx" };
    expect(holdEndingMail(SITE, english).text).toContain(
      'We are holding 1 seat on "Okavango by Mokoro", 14 Jun 2031, for your booking WLX-ABCDEF until',
    );
  });
});

describe("a payment receipt in the booking's language", () => {
  const paid = (language: string | null) => ({
    reference: "WLX-ABCDEF",
    leadName: "Jonas Becker",
    email: "jonas@example.com",
    packageTitle: "Okavango by Mokoro",
    startDate: "2031-06-14",
    endDate: "2031-06-20",
    kind: "deposit" as const,
    amount: "R\u00a012,250",
    balance: "R\u00a036,750",
    balanceDueOn: "15 Apr 2031",
    amountMinor: 1_225_000,
    balanceMinor: 3_675_000,
    balanceDueDay: "2031-04-15",
    currency: "ZAR",
    language,
  });

  it("says the deposit and the balance in German, and in English word for word", () => {
    const de = paymentReceiptMail(SITE, paid("de"));
    expect(de.subject).toBe("Zahlung für Buchung WLX-ABCDEF erhalten · Wanderlux");
    expect(de.text).toMatch(/Wir haben Ihre Anzahlung über 12\.250\sR für/);
    expect(de.text).toMatch(/Der Restbetrag von 36\.750\sR ist bis 15\. Apr\. 2031 fällig/);
    const en = paymentReceiptMail(SITE, paid(null));
    expect(en.text).toContain(
      'Thank you: we have received your deposit of R\u00a012,250 for "Okavango by Mokoro", 14 – 20 Jun 2031.',
    );
    expect(en.text).toContain(
      "The balance of R\u00a036,750 is due by 15 Apr 2031; you can pay it from your booking's page.",
    );
    expect(paymentNoticeMail(SITE, paid("de")).text).toContain("Language: German");
  });

  it("reminds of the balance in German, with the German link, and in English as before", () => {
    const reminder = (language: string | null) =>
      balanceReminderMail(SITE, {
        reference: "WLX-ABCDEF",
        leadName: "Jonas Becker",
        packageTitle: "Okavango by Mokoro",
        startDate: "2031-06-14",
        endDate: "2031-06-20",
        due: 3_675_000,
        currency: "ZAR",
        dueOn: "2031-04-15",
        token: "t".repeat(43),
        language,
      });
    const de = reminder("de");
    expect(de.subject).toMatch(
      /^Buchung WLX-ABCDEF: Der Restbetrag von 36\.750\sR ist am 15\. Apr\. 2031 fällig/,
    );
    expect(de.link).toContain("/de/booking/WLX-ABCDEF?token=");
    expect(reminder(null).subject).toBe(
      "Booking WLX-ABCDEF: the balance of R\u00a036,750 is due on 15 Apr 2031 · Wanderlux",
    );
  });
});

describe("the booking form's refusals from the catalogue", () => {
  const en = translator("en");
  const de = translator("de");

  it("says every fixed message in English exactly as the schema does", () => {
    for (const message of [
      BOOKING_MESSAGES.adults,
      BOOKING_MESSAGES.children,
      BOOKING_MESSAGES.travellers,
      BOOKING_MESSAGES.tooMany,
      BOOKING_MESSAGES.leadName,
      BOOKING_MESSAGES.email,
      BOOKING_MESSAGES.phone,
      BOOKING_MESSAGES.country,
      BOOKING_MESSAGES.terms,
      BOOKING_MESSAGES.seatsFree,
      "Notes must be at most 2000 characters",
      "The name must be at most 200 characters",
    ])
      expect(bookingErrorIn(en, message)).toBe(message);
    expect(en("bookingError.notSeats", { left: 1 })).toBe(BOOKING_MESSAGES.notSeats(1));
    expect(en("bookingError.notSeats", { left: 3 })).toBe(BOOKING_MESSAGES.notSeats(3));
    expect(en("bookingError.soldOut")).toBe(BOOKING_MESSAGES.notSeats(0));
    expect(en("bookingError.rateLimited", { minutes: 1 })).toBe(BOOKING_MESSAGES.rateLimited(1));
    expect(en("bookingError.priceChanged", { price: "R 1" })).toBe(
      BOOKING_MESSAGES.priceChanged("R 1"),
    );
  });

  it("says them in German, and keeps a message it does not know as it is", () => {
    expect(bookingErrorIn(de, BOOKING_MESSAGES.terms)).toBe(
      "Bitte akzeptieren Sie die Buchungsbedingungen, um Ihre Anfrage zu senden",
    );
    expect(bookingErrorIn(de, "The e-mail address must be at most 254 characters")).toBe(
      "Die E-Mail-Adresse darf höchstens 254 Zeichen lang sein",
    );
    expect(bookingErrorIn(de, "Something new")).toBe("Something new");
  });
});
