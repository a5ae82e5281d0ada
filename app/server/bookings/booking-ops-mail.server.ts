import { formatDates } from "~/domain/trip-facts";
import type { MailContent } from "../mail/mailer.server";
import { linkMessage, type MailSite } from "../mail/templates.server";
import { bookingLinkPath } from "./booking-mail.server";

/* The e-mails of booking operations (decision 121): a freed seat offered, a hold ending soon. */

const untilText = (at: string, timeZone: string) =>
  new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeStyle: "short", timeZone }).format(
    new Date(at),
  );

const seatsText = (n: number) => (n === 1 ? "1 seat" : `${n} seats`);

export interface SeatOffer {
  reference: string;
  leadName: string;
  packageTitle: string;
  startDate: string;
  endDate: string | null;
  travellers: number;
  total: string;
  holdExpiresAt: string;
  token: string;
}

/** The waiting traveller's offer: seats held until the hold ends, with the private link. */
export function seatOfferMail(
  site: MailSite & { timeZone: string },
  offer: SeatOffer,
): MailContent {
  return linkMessage(site, {
    subject: `A seat came free: ${offer.packageTitle} (${offer.reference})`,
    lines: [
      `Hello ${offer.leadName},`,
      `Good news: ${seatsText(offer.travellers)} came free on "${offer.packageTitle}", ${formatDates(offer.startDate, offer.endDate)}, and we are holding ${offer.travellers === 1 ? "it" : "them"} for you until ${untilText(offer.holdExpiresAt, site.timeZone)}.`,
      `Your booking ${offer.reference} is now a booking request. Total: ${offer.total}.`,
      "Open your booking, then reply to this e-mail (with each traveller's name) to confirm it. If we do not hear from you before the hold ends, the seats go to the next traveller waiting.",
    ],
    action: "See your booking",
    path: bookingLinkPath(offer.reference, offer.token),
    validity: `The seats are held until ${untilText(offer.holdExpiresAt, site.timeZone)}. This link is private: keep it to yourself.`,
    footer: "You receive this because you joined this date's waiting list.",
  });
}

export interface HoldEnding {
  reference: string;
  leadName: string;
  email: string;
  packageTitle: string;
  startDate: string;
  endDate: string | null;
  travellers: number;
  holdExpiresAt: string;
}

/** The traveller's reminder that the hold on their seats ends soon. */
export function holdEndingMail(
  site: MailSite & { timeZone: string },
  hold: HoldEnding,
): MailContent {
  return linkMessage(site, {
    subject: `Your seats are held until ${untilText(hold.holdExpiresAt, site.timeZone)} (${hold.reference})`,
    lines: [
      `Hello ${hold.leadName},`,
      `We are holding ${seatsText(hold.travellers)} on "${hold.packageTitle}", ${formatDates(hold.startDate, hold.endDate)}, for your booking ${hold.reference} until ${untilText(hold.holdExpiresAt, site.timeZone)}.`,
      "Our team has not confirmed it yet. If you still want to travel, reply to this e-mail or contact us before then; after it, the seats are freed for other travellers.",
    ],
    action: "Contact us",
    path: "/contact",
    validity: "Your booking's private link is in the e-mail we sent when you booked.",
    footer: "You receive this because you made this booking with us.",
  });
}

/** The team's notice that a hold ends soon and the booking is still not confirmed. */
export function holdEndingNoticeMail(
  site: MailSite & { timeZone: string },
  hold: HoldEnding,
): MailContent {
  return linkMessage(site, {
    subject: `Hold ends soon: ${hold.reference} (${hold.packageTitle})`,
    lines: [
      `The hold on booking ${hold.reference} by ${hold.leadName} (${hold.email}) ends at ${untilText(hold.holdExpiresAt, site.timeZone)}: ${seatsText(hold.travellers)} on "${hold.packageTitle}", ${formatDates(hold.startDate, hold.endDate)}.`,
      "Confirm or cancel it before then; otherwise its seats are freed when the hold ends.",
    ],
    action: "Open the booking in the back office",
    path: `/admin/bookings/${hold.reference}`,
    validity: `The traveller was reminded too. Replying to this e-mail writes to ${hold.email}.`,
    footer: "You receive this because this address takes the website's enquiries.",
  });
}
