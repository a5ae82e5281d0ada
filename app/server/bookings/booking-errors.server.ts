import type { Translate } from "~/domain/i18n/catalogues";
import type { MessageKey } from "~/domain/i18n/messages-en";
import { BOOKING_LIMITS, BOOKING_MESSAGES } from "~/domain/bookings";
import { ENQUIRY_MESSAGES } from "~/domain/enquiry";

/*
 * The booking and waiting-list forms' refusals in the visitor's language (decision 148). The
 * schema speaks the default English (the staff forms share it); each of its fixed messages has its
 * catalogue key, so a page in any language, English too, says it from the catalogue.
 */

const max = { max: BOOKING_LIMITS.travellers };

/** Each fixed message of the schema and the form, and how the catalogue says it. */
const FIXED: [string, (t: Translate) => string][] = [
  [BOOKING_MESSAGES.adults, (t) => t("bookingError.adults", max)],
  [BOOKING_MESSAGES.children, (t) => t("bookingError.children", max)],
  [BOOKING_MESSAGES.travellers, (t) => t("bookingError.travellers", max)],
  [BOOKING_MESSAGES.tooMany, (t) => t("bookingError.tooMany", max)],
  [BOOKING_MESSAGES.seatsFree, (t) => t("bookingError.seatsFree")],
  [BOOKING_MESSAGES.leadName, (t) => t("bookingError.leadName")],
  [BOOKING_MESSAGES.email, (t) => t("bookingError.email")],
  [BOOKING_MESSAGES.phone, (t) => t("bookingError.phone")],
  [BOOKING_MESSAGES.country, (t) => t("bookingError.country")],
  [BOOKING_MESSAGES.terms, (t) => t("bookingError.terms")],
  [ENQUIRY_MESSAGES.formExpired, (t) => t("enquiry.formExpired")],
  ["The travellers' names are too long", (t) => t("bookingError.namesTooLong")],
];

/** The schema's length limits: "The name must be at most 200 characters". */
const LABELS: Record<string, MessageKey> = {
  "The name": "bookingError.label.name",
  "The e-mail address": "bookingError.label.email",
  "The phone number": "bookingError.label.phone",
  "The country": "bookingError.label.country",
  Notes: "bookingError.label.notes",
};
const TOO_LONG = /^(.+) must be at most (\d+) characters$/;

/** One refusal in the catalogue's words; a message it does not know is kept as it is. */
export function bookingErrorIn(t: Translate, message: string): string {
  const fixed = FIXED.find(([english]) => english === message);
  if (fixed) return fixed[1](t);
  const tooLong = TOO_LONG.exec(message);
  const label = tooLong ? LABELS[tooLong[1]!] : undefined;
  if (tooLong && label) return t("bookingError.tooLong", { label: t(label), max: tooLong[2]! });
  return message;
}
