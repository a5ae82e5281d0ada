/* What the contact form and the inbox share with the browser: no zod here (first-load JS). */

/** The contact form's fields (spec §2: the names and labels stay as the original form had them). */
export const ENQUIRY_LIMITS = {
  firstName: 100,
  lastName: 100,
  email: 254,
  phone: 40,
  travelDates: 200,
  tripDescription: 5000,
  notes: 5000,
} as const;

export const ENQUIRY_MESSAGES = {
  firstNameRequired: "Please enter your first name",
  emailRequired: "Please enter your e-mail address",
  emailInvalid: "Please enter a valid e-mail address, like name@example.com",
  tripRequired: "Please tell us about the trip you have in mind",
  phoneInvalid: "A phone number may contain only digits, spaces and + - ( )",
  unknownPackage:
    "We could not find that trip: it may no longer be offered. Tell us below what you are looking for.",
  rateLimited: (minutes: number) =>
    `You have sent several messages in a short time. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} before sending another, or e-mail or call us.`,
  formExpired:
    "This form was open for a long time, so it was not sent. Please check your message and press Send again.",
  received: "Thank you! Your message has been received. Our team answers within 2 hours.",
} as const;

export const ENQUIRY_FIELDS = [
  "firstName",
  "lastName",
  "email",
  "phone",
  "travelDates",
  "tripDescription",
] as const;
export type EnquiryField = (typeof ENQUIRY_FIELDS)[number];
export type EnquiryValues = Record<EnquiryField, string>;
export type EnquiryErrors = Partial<Record<EnquiryField | "form", string>>;

export const ENQUIRY_STATUSES = ["new", "replied", "closed"] as const;
export type EnquiryStatusValue = (typeof ENQUIRY_STATUSES)[number];
export const ENQUIRY_STATUS_LABELS: Record<EnquiryStatusValue, string> = {
  new: "New",
  replied: "Replied",
  closed: "Closed",
};
