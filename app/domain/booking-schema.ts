import "./zod-jitless";
import { z } from "zod";
import { BOOKING_LIMITS, BOOKING_MESSAGES, STAFF_BOOKING_MESSAGES } from "./bookings";
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

const leadName = line(BOOKING_LIMITS.name, "The name").refine((v) => v.length >= 2, {
  error: BOOKING_MESSAGES.leadName,
});
const email = line(BOOKING_LIMITS.email, "The e-mail address").pipe(
  z.email({ error: BOOKING_MESSAGES.email }),
);
const isPhone = (v: string) => /^[+\d\s().-]+$/.test(v) && /\d{6,}/.test(v.replace(/\D/g, ""));
const phone = line(BOOKING_LIMITS.phone, "The phone number").refine(isPhone, {
  error: BOOKING_MESSAGES.phone,
});
const country = line(BOOKING_LIMITS.country, "The country").refine((v) => v.length >= 2, {
  error: BOOKING_MESSAGES.country,
});
/**
 * Staff may not know a phone number or a country (a booking from an e-mail, a call on a hidden
 * number): blank is kept, anything typed is checked as on the public form (decision 123).
 */
const optionalPhone = line(BOOKING_LIMITS.phone, "The phone number").refine(
  (v) => v === "" || isPhone(v),
  { error: BOOKING_MESSAGES.phone },
);
const optionalCountry = line(BOOKING_LIMITS.country, "The country").refine(
  (v) => v === "" || v.length >= 2,
  { error: BOOKING_MESSAGES.country },
);

const adults = count(1, BOOKING_MESSAGES.adults);
const children = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : "0"))
  .pipe(count(0, BOOKING_MESSAGES.children));
/** The other travellers' names, one per line (optional until later). */
const otherTravellers = z
  .string()
  .overwrite(stripInvisible)
  .max(BOOKING_LIMITS.travellers * (BOOKING_LIMITS.name + 1), {
    error: "The travellers' names are too long",
  })
  .default("");
const notes = z
  .string()
  .overwrite(stripInvisible)
  .trim()
  .max(BOOKING_LIMITS.notes, {
    error: `Notes must be at most ${BOOKING_LIMITS.notes} characters`,
  })
  .default("");

function notTooMany(v: { adults: number; children: number }, ctx: z.RefinementCtx) {
  if (v.adults + v.children > BOOKING_LIMITS.travellers)
    ctx.addIssue({ code: "custom", path: ["adults"], message: BOOKING_MESSAGES.tooMany });
}

/** One name per traveller, the lead first; blank until given. */
function withTravellerNames<
  T extends { other_travellers: string; adults: number; children: number; lead_name: string },
>({ other_travellers, ...v }: T) {
  const others = other_travellers
    .split("\n")
    .map((name) => name.replace(/\s+/g, " ").trim().slice(0, BOOKING_LIMITS.name))
    .filter(Boolean);
  const names = Array.from({ length: v.adults + v.children }, (_, i) =>
    i === 0 ? v.lead_name : (others[i - 1] ?? ""),
  );
  return { ...v, traveller_names: names };
}

/** The public booking form, read from its posted text. */
export const bookingRequestSchema = z
  .object({
    adults,
    children,
    lead_name: leadName,
    email,
    phone,
    country,
    other_travellers: otherTravellers,
    notes,
    accept_terms: z.literal("on", { error: BOOKING_MESSAGES.terms }),
    /** The price per traveller the page showed (minor units): a changed price is said, not taken. */
    seen_amount: z
      .string()
      .regex(/^\d{1,16}$/)
      .transform(Number)
      .optional(),
  })
  .superRefine(notTooMany)
  .transform(withTravellerNames);

/** What requestBooking needs of a request, whoever made it. */
export interface BookingRequest {
  adults: number;
  children: number;
  lead_name: string;
  email: string;
  phone: string;
  country: string;
  notes: string;
  traveller_names: string[];
  seen_amount?: number;
}

/**
 * A booking staff make from a chat or a call (decision 123): the public form's rules without the
 * terms box (the traveller accepts them with the e-mailed link), with an optional phone and
 * country, the date chosen on the form, and whether it is confirmed at once.
 */
export const staffBookingSchema = z
  .object({
    departure_id: z.string().trim().uuid({ error: STAFF_BOOKING_MESSAGES.departure }),
    adults,
    children,
    lead_name: leadName,
    email,
    phone: optionalPhone,
    country: optionalCountry,
    other_travellers: otherTravellers,
    notes,
    confirm: z
      .string()
      .optional()
      .transform((v) => v === "on"),
    notify: z
      .string()
      .optional()
      .transform((v) => v === "on"),
    enquiry_id: z
      .string()
      .trim()
      .optional()
      .transform((v) => (v ? v : undefined))
      .pipe(z.uuid({ error: STAFF_BOOKING_MESSAGES.enquiry }).optional()),
  })
  .superRefine(notTooMany)
  .transform(withTravellerNames);

export type StaffBookingRequest = z.output<typeof staffBookingSchema>;

/**
 * Staff correcting who travels (decision 123): the lead's contact fields as staff would type them
 * on a new booking, and every other traveller's name (one field each, blank until known).
 */
export const travellerNamesSchema = z.object({
  lead_name: leadName,
  email,
  phone: optionalPhone,
  country: optionalCountry,
  traveller: z
    .array(line(BOOKING_LIMITS.name, "A traveller's name"))
    .max(BOOKING_LIMITS.travellers),
});

export type TravellerNamesEdit = z.output<typeof travellerNamesSchema>;

/** The waiting list of a sold-out date: who, how to reach them, how many would travel. */
export const waitlistSchema = z.object({
  lead_name: leadName,
  email,
  adults: count(1, BOOKING_MESSAGES.travellers),
});
