import "./zod-jitless";
import { z } from "zod";
import { BOOKING_LIMITS, BOOKING_MESSAGES } from "./bookings";
import { stripInvisible } from "./schemas";

/** One line of text: invisible characters and line breaks out, trimmed, at most `max`. */
const line = (max: number, label: string) =>
  z
    .string()
    .overwrite((v) => stripInvisible(v).replace(/\s+/g, " "))
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters` });

const count = (min: number, message: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,2}$/, { error: message })
    .transform(Number)
    .refine((n) => n >= min && n <= BOOKING_LIMITS.travellers, { error: message });

/** The public booking form (and the staff one), read from its posted text. */
export const bookingRequestSchema = z
  .object({
    adults: count(1, BOOKING_MESSAGES.adults),
    children: z
      .string()
      .trim()
      .optional()
      .transform((v) => (v ? v : "0"))
      .pipe(count(0, BOOKING_MESSAGES.children)),
    lead_name: line(BOOKING_LIMITS.name, "The name").refine((v) => v.length >= 2, {
      error: BOOKING_MESSAGES.leadName,
    }),
    email: line(BOOKING_LIMITS.email, "The e-mail address").pipe(
      z.email({ error: BOOKING_MESSAGES.email }),
    ),
    phone: line(BOOKING_LIMITS.phone, "The phone number").refine(
      (v) => /^[+\d\s().-]+$/.test(v) && /\d{6,}/.test(v.replace(/\D/g, "")),
      { error: BOOKING_MESSAGES.phone },
    ),
    country: line(BOOKING_LIMITS.country, "The country").refine((v) => v.length >= 2, {
      error: BOOKING_MESSAGES.country,
    }),
    /** The other travellers' names, one per line (optional until later). */
    other_travellers: z
      .string()
      .overwrite(stripInvisible)
      .max(BOOKING_LIMITS.travellers * (BOOKING_LIMITS.name + 1), {
        error: "The travellers' names are too long",
      })
      .default(""),
    notes: z
      .string()
      .overwrite(stripInvisible)
      .trim()
      .max(BOOKING_LIMITS.notes, {
        error: `Notes must be at most ${BOOKING_LIMITS.notes} characters`,
      })
      .default(""),
    accept_terms: z.literal("on", { error: BOOKING_MESSAGES.terms }),
    /** The price per traveller the page showed (minor units): a changed price is said, not taken. */
    seen_amount: z
      .string()
      .regex(/^\d{1,16}$/)
      .transform(Number)
      .optional(),
  })
  .superRefine((v, ctx) => {
    if (v.adults + v.children > BOOKING_LIMITS.travellers)
      ctx.addIssue({ code: "custom", path: ["adults"], message: BOOKING_MESSAGES.tooMany });
  })
  .transform(({ other_travellers, ...v }) => {
    const others = other_travellers
      .split("\n")
      .map((name) => name.replace(/\s+/g, " ").trim().slice(0, BOOKING_LIMITS.name))
      .filter(Boolean);
    // One name per traveller, the lead first; blank until given.
    const names = Array.from({ length: v.adults + v.children }, (_, i) =>
      i === 0 ? v.lead_name : (others[i - 1] ?? ""),
    );
    return { ...v, traveller_names: names };
  });

export type BookingRequest = z.output<typeof bookingRequestSchema>;

/** The waiting list of a sold-out date: who, how to reach them, how many would travel. */
export const waitlistSchema = z.object({
  lead_name: line(BOOKING_LIMITS.name, "The name").refine((v) => v.length >= 2, {
    error: BOOKING_MESSAGES.leadName,
  }),
  email: line(BOOKING_LIMITS.email, "The e-mail address").pipe(
    z.email({ error: BOOKING_MESSAGES.email }),
  ),
  adults: count(1, BOOKING_MESSAGES.travellers),
});
