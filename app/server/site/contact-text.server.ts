import type { Translate } from "~/domain/i18n/catalogues";
import type { MessageKey } from "~/domain/i18n/messages-en";
import { ENQUIRY_MESSAGES, type EnquiryErrors, type EnquiryField } from "~/domain/enquiry";
import type { ContactFormText, ContactPageText } from "~/domain/site-views";

/** The contact page's words in the page's language, finished for the page's components. */
export function contactPageText(t: Translate): ContactPageText {
  return {
    eyebrow: t("contact.eyebrow"),
    title: t("contact.title"),
    intro: t("contact.intro"),
    getInTouch: t("contact.getInTouch"),
    phone: t("contact.phone"),
    email: t("contact.email"),
    replyWithin: t("contact.replyWithin"),
    office: t("contact.office"),
    hours: t("contact.hours"),
    emergency: t("contact.emergency"),
    emergencyText: t("contact.emergencyText"),
  };
}

/** The contact form's words; `about` is the title of the trip the message is about, if any. */
export function contactFormText(t: Translate, about?: string): ContactFormText {
  return {
    heading: t("contact.form.heading"),
    aboutTrip: t("contact.form.aboutTrip"),
    checkFields: t("contact.form.checkFields"),
    honeypot: t("contact.form.honeypot"),
    firstName: t("contact.form.firstName"),
    lastName: t("contact.form.lastName"),
    email: t("contact.form.email"),
    phone: t("contact.form.phone"),
    travelDates: t("contact.form.travelDates"),
    travelDatesPlaceholder: t("contact.form.travelDatesPlaceholder"),
    trip: t("contact.form.trip"),
    tripPlaceholder: t("contact.form.tripPlaceholder"),
    prefill: about ? t("contact.form.prefill", { title: about }) : "",
    send: t("contact.form.send"),
    sending: t("contact.form.sending"),
    sentHeading: t("contact.sent.heading"),
    received: t("enquiry.received"),
    another: t("contact.sent.another"),
  };
}

/** The business hours' days and hours in the page's language. */
export function businessHours(t: Translate): { days: string; hours: string }[] {
  return [
    { days: t("contact.weekdays"), hours: "9:00 - 19:00" },
    { days: t("contact.saturday"), hours: "10:00 - 16:00" },
    { days: t("contact.sunday"), hours: t("contact.closed") },
  ];
}

/** The service's fixed messages that a page in another language says from its catalogue. */
const PLAIN_MESSAGES = [
  "firstNameRequired",
  "emailRequired",
  "emailInvalid",
  "tripRequired",
  "phoneInvalid",
  "unknownPackage",
  "formExpired",
] as const;
const FIELD_LABELS: Record<EnquiryField, MessageKey> = {
  firstName: "contact.form.firstName",
  lastName: "contact.form.lastName",
  email: "contact.form.email",
  phone: "contact.form.phone",
  travelDates: "contact.form.travelDates",
  tripDescription: "contact.form.trip",
};
const TOO_LONG = /must be at most (\d+) characters$/;

/**
 * The contact service's refusals in the page's language. The service and its schema speak the
 * default language (the spec's English, which the admin and the API also show); a German page
 * says each of its known messages from the catalogue. `retryAfterSeconds` words the rate limit.
 */
export function localizedEnquiryErrors(
  t: Translate,
  errors: EnquiryErrors,
  retryAfterSeconds?: number,
): EnquiryErrors {
  const say = (field: EnquiryField | "form", message: string): string => {
    if (field === "form" && retryAfterSeconds !== undefined)
      return t("enquiry.rateLimited", { minutes: Math.ceil(retryAfterSeconds / 60) });
    const known = PLAIN_MESSAGES.find((name) => ENQUIRY_MESSAGES[name] === message);
    if (known) return t(`enquiry.${known}`);
    const tooLong = TOO_LONG.exec(message);
    if (tooLong && field !== "form")
      return t("enquiry.tooLong", { label: t(FIELD_LABELS[field]), max: Number(tooLong[1]) });
    return message;
  };
  return Object.fromEntries(
    Object.entries(errors).map(([field, message]) => [
      field,
      say(field as EnquiryField | "form", message),
    ]),
  );
}
