import { formatDates } from "~/domain/trip-facts";
import type { MailContent } from "../mail/mailer.server";
import type { Language } from "~/domain/i18n/languages";
import { languageLine, mailVoice } from "../mail/mail-language.server";
import { linkMessage, type MailSite } from "../mail/templates.server";
import { bookingLinkPath } from "./booking-mail.server";
import { dateTimeFormat } from "~/domain/intl";

/* The e-mails of booking operations (decision 121): a freed seat offered, a hold ending soon. */

const untilText = (at: string, timeZone: string) =>
  dateTimeFormat("en-GB", { dateStyle: "long", timeStyle: "short", timeZone }).format(new Date(at));

const seatsText = (n: number) => (n === 1 ? "1 seat" : `${n} seats`);

export interface SeatOffer {
  /** The language the traveller joined the list in (decision 148); null: the default. */
  language: string | null;
  reference: string;
  leadName: string;
  packageTitle: string;
  startDate: string;
  endDate: string | null;
  travellers: number;
  /** The total in minor units of `currency`. */
  totalAmount: number;
  currency: string;
  holdExpiresAt: string;
  token: string;
}

type TravellerSite = MailSite & { timeZone: string; languages: readonly Language[] };

/**
 * The waiting traveller's offer: seats held until the hold ends, with the private link, in the
 * language they joined the list in (decision 148).
 */
export function seatOfferMail(site: TravellerSite, offer: SeatOffer): MailContent {
  const voice = mailVoice(site, offer.language);
  const { t } = voice;
  const until = voice.moment(offer.holdExpiresAt, site.timeZone);
  return linkMessage(site, {
    lang: voice.lang,
    subject: t("mail.offer.subject", { title: offer.packageTitle, reference: offer.reference }),
    lines: [
      t("mail.hello", { name: offer.leadName }),
      t("mail.offer.text", {
        seats: t("mail.seats", { count: offer.travellers }),
        count: offer.travellers,
        title: offer.packageTitle,
        dates: voice.dates(offer.startDate, offer.endDate),
        until,
      }),
      t("mail.offer.request", {
        reference: offer.reference,
        total: voice.money(offer.totalAmount, offer.currency),
      }),
      t("mail.offer.next"),
    ],
    action: t("mail.seeBooking"),
    path: voice.href(bookingLinkPath(offer.reference, offer.token)),
    validity: t("mail.offer.validity", { until }),
    footer: t("mail.offer.footer"),
  });
}

export interface HoldEnding {
  reference: string;
  leadName: string;
  email: string;
  /** The title the team knows (the default language's). */
  packageTitle: string;
  /** The title in the traveller's language where the package appears there (decision 155). */
  travellerTitle: string;
  startDate: string;
  endDate: string | null;
  travellers: number;
  holdExpiresAt: string;
  /** The language the traveller booked in (decision 148); null: the default. */
  language: string | null;
}

/** The traveller's reminder that the hold on their seats ends soon, in their language. */
export function holdEndingMail(site: TravellerSite, hold: HoldEnding): MailContent {
  const voice = mailVoice(site, hold.language);
  const { t } = voice;
  const until = voice.moment(hold.holdExpiresAt, site.timeZone);
  return linkMessage(site, {
    lang: voice.lang,
    subject: t("mail.holdEnding.subject", { until, reference: hold.reference }),
    lines: [
      t("mail.hello", { name: hold.leadName }),
      t("mail.holdEnding.text", {
        seats: t("mail.seats", { count: hold.travellers }),
        title: hold.travellerTitle,
        dates: voice.dates(hold.startDate, hold.endDate),
        reference: hold.reference,
        until,
      }),
      t("mail.holdEnding.next"),
    ],
    action: t("mail.contactUs"),
    path: voice.href("/contact"),
    validity: t("mail.holdEnding.validity"),
    footer: t("mail.becauseBooked"),
  });
}

/** The team's notice that a hold ends soon and the booking is still not confirmed. */
export function holdEndingNoticeMail(site: TravellerSite, hold: HoldEnding): MailContent {
  return linkMessage(site, {
    subject: `Hold ends soon: ${hold.reference} (${hold.packageTitle})`,
    lines: [
      `The hold on booking ${hold.reference} by ${hold.leadName} (${hold.email}) ends at ${untilText(hold.holdExpiresAt, site.timeZone)}: ${seatsText(hold.travellers)} on "${hold.packageTitle}", ${formatDates(hold.startDate, hold.endDate)}.`,
      "Confirm or cancel it before then; otherwise its seats are freed when the hold ends.",
      languageLine(site, hold.language),
    ],
    action: "Open the booking in the back office",
    path: `/admin/bookings/${hold.reference}`,
    validity: `The traveller was reminded too. Replying to this e-mail writes to ${hold.email}.`,
    footer: "You receive this because this address takes the website's enquiries.",
  });
}
