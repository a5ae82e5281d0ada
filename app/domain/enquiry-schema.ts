import "./zod-jitless";
import { z } from "zod";
import { stripInvisible } from "./schemas";
import { ENQUIRY_LIMITS, ENQUIRY_MESSAGES } from "./enquiry";

/** The contact form, validated on the server; invisible characters are stripped first. */
const text = (max: number, label: string, multiline = false) =>
  z
    .string()
    // One-line fields lose their line breaks: they end up in e-mail subjects and CSV cells.
    .overwrite((v) => (multiline ? stripInvisible(v) : stripInvisible(v).replace(/\s+/g, " ")))
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters` });

export const enquirySchema = z.object({
  firstName: text(ENQUIRY_LIMITS.firstName, "First name").refine((v: string) => v.length > 0, {
    error: ENQUIRY_MESSAGES.firstNameRequired,
  }),
  lastName: text(ENQUIRY_LIMITS.lastName, "Last name"),
  email: text(ENQUIRY_LIMITS.email, "E-mail")
    .refine((v: string) => v.length > 0, { error: ENQUIRY_MESSAGES.emailRequired, abort: true })
    .pipe(z.email({ error: ENQUIRY_MESSAGES.emailInvalid })),
  phone: text(ENQUIRY_LIMITS.phone, "Phone").refine((v: string) => /^[+\d\s().-]*$/.test(v), {
    error: ENQUIRY_MESSAGES.phoneInvalid,
  }),
  travelDates: text(ENQUIRY_LIMITS.travelDates, "Preferred travel dates"),
  tripDescription: text(ENQUIRY_LIMITS.tripDescription, "Trip description", true).refine(
    (v: string) => v.length > 0,
    { error: ENQUIRY_MESSAGES.tripRequired },
  ),
});

export type EnquiryInput = z.infer<typeof enquirySchema>;
