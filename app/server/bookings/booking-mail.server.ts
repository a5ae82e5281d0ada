import type { Language } from "~/domain/i18n/languages";
import { formatDates } from "~/domain/trip-facts";
import type { MailContent } from "../mail/mailer.server";
import { languageLine, mailVoice, type MailVoice } from "../mail/mail-language.server";
import { linkMessage, type MailSite } from "../mail/templates.server";
import type { BookingReceipt } from "./bookings.server";

/** The private page of a booking: its reference and the secret that opens it. */
export function bookingLinkPath(reference: string, token: string): string {
  return `/booking/${reference}?token=${encodeURIComponent(token)}`;
}

const travellersText = (adults: number, children: number) =>
  [
    `${adults} adult${adults === 1 ? "" : "s"}`,
    ...(children ? [`${children} child${children === 1 ? "" : "ren"}`] : []),
  ].join(", ");

/** A receipt's total in the message's language (a waiting list's has no amount: its text). */
const totalIn = (voice: MailVoice, receipt: BookingReceipt) =>
  receipt.totalAmount === null ? receipt.total : voice.money(receipt.totalAmount, receipt.currency);

/** Where a traveller's message is written from: the site and its languages (decision 148). */
export type TravellerMailSite = MailSite & { timeZone: string; languages: readonly Language[] };

/**
 * The traveller's e-mail: what they asked for, and the private link to its status, in the
 * language they booked in (decision 148). A booking being paid on Checkout (`paying`) is not an
 * unpaid request: its seats are held while they pay, and a receipt follows.
 */
export function bookingReceivedMail(
  site: TravellerMailSite,
  receipt: BookingReceipt,
  options: { paying?: boolean } = {},
): MailContent {
  const voice = mailVoice(site, receipt.language);
  const { t } = voice;
  const until = receipt.holdExpiresAt ? voice.moment(receipt.holdExpiresAt, site.timeZone) : null;
  const total = totalIn(voice, receipt);
  const hold = options.paying
    ? until
      ? t("mail.paying.hold", { until })
      : t("mail.paying.noHold")
    : until
      ? t("mail.received.hold", { until })
      : "";
  return linkMessage(site, {
    lang: voice.lang,
    subject: options.paying
      ? t("mail.paying.subject", { reference: receipt.reference })
      : t("mail.received.subject", { reference: receipt.reference }),
    lines: [
      t("mail.hello", { name: receipt.leadName }),
      t("mail.received.thanks", {
        title: receipt.packageTitle,
        dates: voice.dates(receipt.startDate, receipt.endDate),
        travellers: voice.travellers(receipt.adults, receipt.children),
      }),
      t("mail.received.reference", { reference: receipt.reference, total }),
      hold,
    ].filter(Boolean),
    action: t("mail.seeBooking"),
    path: voice.href(bookingLinkPath(receipt.reference, receipt.token)),
    validity: t("mail.privateLink"),
    footer: t("mail.received.footer"),
  });
}

/**
 * The traveller's e-mail of a booking staff made for them (decision 123): what was booked, the
 * private link, and the terms, which they did not tick a box for; in the language staff chose
 * for them (decision 156).
 */
export function staffBookingMail(site: TravellerMailSite, receipt: BookingReceipt): MailContent {
  const voice = mailVoice(site, receipt.language);
  const { t } = voice;
  const confirmed = receipt.status === "confirmed";
  const until = receipt.holdExpiresAt ? voice.moment(receipt.holdExpiresAt, site.timeZone) : null;
  return linkMessage(site, {
    lang: voice.lang,
    subject: confirmed
      ? t("mail.staffBooked.subject.confirmed", { reference: receipt.reference })
      : t("mail.staffBooked.subject.held", { reference: receipt.reference }),
    lines: [
      t("mail.hello", { name: receipt.leadName }),
      t("mail.staffBooked.text", {
        title: receipt.packageTitle,
        dates: voice.dates(receipt.startDate, receipt.endDate),
        travellers: voice.travellers(receipt.adults, receipt.children),
      }),
      t("mail.received.reference", {
        reference: receipt.reference,
        total: totalIn(voice, receipt),
      }),
      confirmed ? t("mail.staffBooked.confirmed") : until ? t("mail.received.hold", { until }) : "",
      t("mail.staffBooked.terms", { url: `${site.publicUrl}${voice.href("/booking-terms")}` }),
    ].filter(Boolean),
    action: t("mail.seeBooking"),
    path: voice.href(bookingLinkPath(receipt.reference, receipt.token)),
    validity: t("mail.privateLink"),
    footer: t("mail.staffBooked.footer"),
  });
}

/** The team's notice of a new booking request, like an enquiry's: it names the traveller's language. */
export function bookingNotificationMail(
  site: MailSite & { languages: readonly Language[] },
  receipt: BookingReceipt,
): MailContent {
  return linkMessage(site, {
    subject: `New booking ${receipt.reference}: ${receipt.packageTitle}`,
    lines: [
      `${receipt.leadName} asked to book "${receipt.packageTitle}", ${formatDates(receipt.startDate, receipt.endDate)}.`,
      `Reference: ${receipt.reference}`,
      `Travellers: ${travellersText(receipt.adults, receipt.children)}`,
      `Total: ${receipt.total}`,
      `E-mail: ${receipt.email}`,
      `Phone: ${receipt.phone}`,
      `Country: ${receipt.country}`,
      languageLine(site, receipt.language),
      ...(receipt.notes ? ["Notes:", ...receipt.notes.split("\n")] : []),
    ],
    action: "Open the booking in the back office",
    path: `/admin/bookings/${receipt.reference}`,
    validity: `The seats are held until the hold expires. Replying to this e-mail writes to ${receipt.email}.`,
    footer: "You receive this because this address takes the website's enquiries.",
  });
}

/** The traveller's new private link, sent by staff: the old link stops working. */
export function bookingLinkMail(
  site: MailSite & { languages: readonly Language[] },
  booking: {
    reference: string;
    leadName: string;
    packageTitle: string;
    token: string;
    language: string | null;
  },
): MailContent {
  const voice = mailVoice(site, booking.language);
  const { t } = voice;
  return linkMessage(site, {
    lang: voice.lang,
    subject: t("mail.link.subject", { reference: booking.reference }),
    lines: [
      t("mail.hello", { name: booking.leadName }),
      t("mail.link.text", { reference: booking.reference, title: booking.packageTitle }),
    ],
    action: t("mail.seeBooking"),
    path: voice.href(bookingLinkPath(booking.reference, booking.token)),
    validity: t("mail.privateLink"),
    footer: t("mail.link.footer"),
  });
}

/** The traveller's notice that staff cancelled their booking. */
export function bookingCancelledMail(
  site: MailSite & { languages: readonly Language[] },
  booking: {
    reference: string;
    leadName: string;
    packageTitle: string;
    startDate: string;
    endDate: string | null;
    language: string | null;
  },
): MailContent {
  const voice = mailVoice(site, booking.language);
  const { t } = voice;
  return linkMessage(site, {
    lang: voice.lang,
    subject: t("mail.cancelled.subject", { reference: booking.reference }),
    lines: [
      t("mail.hello", { name: booking.leadName }),
      t("mail.cancelled.text", {
        reference: booking.reference,
        title: booking.packageTitle,
        dates: voice.dates(booking.startDate, booking.endDate),
      }),
    ],
    action: t("mail.contactUs"),
    path: voice.href("/contact"),
    validity: t("mail.cancelled.validity"),
    footer: t("mail.becauseBooked"),
  });
}

/** The traveller's notice that staff moved their booking to another date (decision 123). */
export function bookingMovedMail(
  site: MailSite & { languages: readonly Language[] },
  booking: {
    reference: string;
    leadName: string;
    packageTitle: string;
    startDate: string;
    endDate: string | null;
    total: string;
    totalAmount: number | null;
    currency: string;
    language: string | null;
  },
): MailContent {
  const voice = mailVoice(site, booking.language);
  const { t } = voice;
  const dates = voice.dates(booking.startDate, booking.endDate);
  const total =
    booking.totalAmount === null
      ? booking.total
      : voice.money(booking.totalAmount, booking.currency);
  return linkMessage(site, {
    lang: voice.lang,
    subject: t("mail.moved.subject", { reference: booking.reference, dates }),
    lines: [
      t("mail.hello", { name: booking.leadName }),
      t("mail.moved.text", { reference: booking.reference, title: booking.packageTitle, dates }),
      t("mail.moved.total", { total }),
      t("mail.moved.link"),
    ],
    action: t("mail.contactUs"),
    path: voice.href("/contact"),
    validity: t("mail.moved.validity"),
    footer: t("mail.becauseBooked"),
  });
}

/** The traveller's e-mail on joining a waiting list, with the private link to its status. */
export function waitlistJoinedMail(
  site: MailSite & { languages: readonly Language[] },
  receipt: BookingReceipt,
): MailContent {
  const voice = mailVoice(site, receipt.language);
  const { t } = voice;
  return linkMessage(site, {
    lang: voice.lang,
    subject: t("mail.waitlist.subject", { reference: receipt.reference }),
    lines: [
      t("mail.hello", { name: receipt.leadName }),
      t("mail.waitlist.soldOut", {
        title: receipt.packageTitle,
        dates: voice.dates(receipt.startDate, receipt.endDate),
        travellers: voice.travellers(receipt.adults, 0),
      }),
      t("mail.waitlist.promise"),
    ],
    action: t("mail.waitlist.action"),
    path: voice.href(bookingLinkPath(receipt.reference, receipt.token)),
    validity: t("mail.waitlist.validity"),
    footer: t("mail.waitlist.footer"),
  });
}

/** The team's notice that someone joined a waiting list: it names the traveller's language. */
export function waitlistNotificationMail(
  site: MailSite & { languages: readonly Language[] },
  receipt: BookingReceipt,
): MailContent {
  return linkMessage(site, {
    subject: `Waiting list ${receipt.reference}: ${receipt.packageTitle}`,
    lines: [
      `${receipt.leadName} (${receipt.email}) joined the waiting list of "${receipt.packageTitle}", ${formatDates(receipt.startDate, receipt.endDate)}, for ${travellersText(receipt.adults, 0)}.`,
      languageLine(site, receipt.language),
    ],
    action: "Open the back office",
    path: `/admin/bookings/${receipt.reference}`,
    validity: `Replying to this e-mail writes to ${receipt.email}.`,
    footer: "You receive this because this address takes the website's enquiries.",
  });
}
