import { formatDates } from "~/domain/trip-facts";
import type { MailContent } from "../mail/mailer.server";
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

function holdText(holdExpiresAt: string | null, timeZone: string): string {
  if (!holdExpiresAt) return "";
  const until = new Intl.DateTimeFormat("en-GB", {
    dateStyle: "long",
    timeStyle: "short",
    timeZone,
  }).format(new Date(holdExpiresAt));
  return `We hold your seats until ${until}; our team confirms your booking before then.`;
}

/** The traveller's e-mail: what they asked for, and the private link to its status. */
export function bookingReceivedMail(
  site: MailSite & { timeZone: string },
  receipt: BookingReceipt,
): MailContent {
  return linkMessage(site, {
    subject: `Booking request ${receipt.reference} received`,
    lines: [
      `Hello ${receipt.leadName},`,
      `Thank you for booking "${receipt.packageTitle}", ${formatDates(receipt.startDate, receipt.endDate)}, for ${travellersText(receipt.adults, receipt.children)}.`,
      `Your reference is ${receipt.reference}. Total: ${receipt.total}.`,
      holdText(receipt.holdExpiresAt, site.timeZone),
    ].filter(Boolean),
    action: "See your booking",
    path: bookingLinkPath(receipt.reference, receipt.token),
    validity: "This link is private: anyone with it can see your booking, so keep it to yourself.",
    footer: "If you did not make this booking, reply to this e-mail and we will cancel it.",
  });
}

/**
 * The traveller's e-mail of a booking staff made for them (decision 123): what was booked, the
 * private link, and the terms, which they did not tick a box for.
 */
export function staffBookingMail(
  site: MailSite & { timeZone: string },
  receipt: BookingReceipt,
): MailContent {
  const confirmed = receipt.status === "confirmed";
  return linkMessage(site, {
    subject: confirmed
      ? `Booking ${receipt.reference} confirmed`
      : `Booking ${receipt.reference}: your seats are held`,
    lines: [
      `Hello ${receipt.leadName},`,
      `As agreed with our team, we have booked "${receipt.packageTitle}", ${formatDates(receipt.startDate, receipt.endDate)}, for ${travellersText(receipt.adults, receipt.children)}.`,
      `Your reference is ${receipt.reference}. Total: ${receipt.total}.`,
      confirmed ? "Your booking is confirmed." : holdText(receipt.holdExpiresAt, site.timeZone),
      `Our booking terms apply: ${site.publicUrl}/booking-terms`,
    ].filter(Boolean),
    action: "See your booking",
    path: bookingLinkPath(receipt.reference, receipt.token),
    validity: "This link is private: anyone with it can see your booking, so keep it to yourself.",
    footer: "If you did not ask for this booking, reply to this e-mail and we will cancel it.",
  });
}

/** The team's notice of a new booking request, like an enquiry's. */
export function bookingNotificationMail(site: MailSite, receipt: BookingReceipt): MailContent {
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
  site: MailSite,
  booking: { reference: string; leadName: string; packageTitle: string; token: string },
): MailContent {
  return linkMessage(site, {
    subject: `Your booking ${booking.reference}: a new link`,
    lines: [
      `Hello ${booking.leadName},`,
      `Here is a new private link to your booking ${booking.reference} for "${booking.packageTitle}". Any earlier link to it no longer works.`,
    ],
    action: "See your booking",
    path: bookingLinkPath(booking.reference, booking.token),
    validity: "This link is private: anyone with it can see your booking, so keep it to yourself.",
    footer: "If you did not ask for a new link, reply to this e-mail and let us know.",
  });
}

/** The traveller's notice that staff cancelled their booking. */
export function bookingCancelledMail(
  site: MailSite,
  booking: {
    reference: string;
    leadName: string;
    packageTitle: string;
    startDate: string;
    endDate: string | null;
  },
): MailContent {
  return linkMessage(site, {
    subject: `Booking ${booking.reference} cancelled`,
    lines: [
      `Hello ${booking.leadName},`,
      `Your booking ${booking.reference} for "${booking.packageTitle}", ${formatDates(booking.startDate, booking.endDate)}, has been cancelled.`,
    ],
    action: "Contact us",
    path: "/contact",
    validity: "If you have questions about this, or would like another date, reply to this e-mail.",
    footer: "You receive this because you made this booking with us.",
  });
}

/** The traveller's notice that staff moved their booking to another date (decision 123). */
export function bookingMovedMail(
  site: MailSite,
  booking: {
    reference: string;
    leadName: string;
    packageTitle: string;
    startDate: string;
    endDate: string | null;
    total: string;
  },
): MailContent {
  return linkMessage(site, {
    subject: `Booking ${booking.reference} moved to ${formatDates(booking.startDate, booking.endDate)}`,
    lines: [
      `Hello ${booking.leadName},`,
      `Your booking ${booking.reference} for "${booking.packageTitle}" is now for ${formatDates(booking.startDate, booking.endDate)}.`,
      `Total: ${booking.total}.`,
      "Your private booking link still works and shows the new date.",
    ],
    action: "Contact us",
    path: "/contact",
    validity: "If this is not what you agreed with us, reply to this e-mail.",
    footer: "You receive this because you made this booking with us.",
  });
}

/** The traveller's e-mail on joining a waiting list, with the private link to its status. */
export function waitlistJoinedMail(site: MailSite, receipt: BookingReceipt): MailContent {
  return linkMessage(site, {
    subject: `You are on the waiting list (${receipt.reference})`,
    lines: [
      `Hello ${receipt.leadName},`,
      `"${receipt.packageTitle}", ${formatDates(receipt.startDate, receipt.endDate)}, is sold out. You are on its waiting list for ${travellersText(receipt.adults, 0)}.`,
      "If a seat comes free we e-mail you at once, with a link to book it.",
    ],
    action: "See your place on the list",
    path: bookingLinkPath(receipt.reference, receipt.token),
    validity: "This link is private: keep it to yourself.",
    footer: "If you did not ask for this, you can ignore this message.",
  });
}

/** The team's notice that someone joined a waiting list. */
export function waitlistNotificationMail(site: MailSite, receipt: BookingReceipt): MailContent {
  return linkMessage(site, {
    subject: `Waiting list ${receipt.reference}: ${receipt.packageTitle}`,
    lines: [
      `${receipt.leadName} (${receipt.email}) joined the waiting list of "${receipt.packageTitle}", ${formatDates(receipt.startDate, receipt.endDate)}, for ${travellersText(receipt.adults, 0)}.`,
    ],
    action: "Open the back office",
    path: `/admin/bookings/${receipt.reference}`,
    validity: `Replying to this e-mail writes to ${receipt.email}.`,
    footer: "You receive this because this address takes the website's enquiries.",
  });
}
