import type { PackageKind } from "./schemas";

/* What the booking form, the booking page and the back office share with the browser: no zod here. */

/**
 * A booking's life (decision 118): requested (seats held until the hold expires) → confirmed →
 * deposit paid → paid → completed; or cancelled, expired (the hold ran out), waitlisted (no seat).
 */
export const BOOKING_STATUSES = [
  "requested",
  "confirmed",
  "deposit_paid",
  "paid",
  "completed",
  "cancelled",
  "expired",
  "waitlisted",
] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** Statuses whose seats are taken for good; `requested` takes them only while its hold lasts. */
export const SEAT_TAKING_STATUSES = ["confirmed", "deposit_paid", "paid", "completed"] as const;

export const BOOKING_STATUS_LABELS: Record<BookingStatus, string> = {
  requested: "Requested",
  confirmed: "Confirmed",
  deposit_paid: "Deposit paid",
  paid: "Paid",
  completed: "Completed",
  cancelled: "Cancelled",
  expired: "Expired",
  waitlisted: "Waitlisted",
};

/** Statuses staff may still cancel: the trip has not happened and the booking is not closed. */
export const BOOKING_ACTIVE_STATUSES = [
  "requested",
  "confirmed",
  "deposit_paid",
  "paid",
  "waitlisted",
] as const satisfies readonly BookingStatus[];

export function isActiveBooking(status: BookingStatus): boolean {
  return (BOOKING_ACTIVE_STATUSES as readonly string[]).includes(status);
}

export const BOOKING_SOURCE_LABELS: Record<BookingSource, string> = {
  online: "Online booking form",
  staff: "Staff",
  enquiry: "From an enquiry",
};

/** Where a booking came from: the public form, staff (a chat or a call), or an enquiry. */
export type BookingSource = "online" | "staff" | "enquiry";

export const BOOKING_LIMITS = {
  travellers: 20,
  name: 200,
  email: 254,
  phone: 40,
  country: 100,
  notes: 2000,
} as const;

export const BOOKING_FIELDS = [
  "adults",
  "children",
  "lead_name",
  "email",
  "phone",
  "country",
  "other_travellers",
  "notes",
  "accept_terms",
] as const;
export type BookingField = (typeof BOOKING_FIELDS)[number];
export type BookingErrors = Partial<Record<BookingField | "form", string>>;
export type BookingValues = Record<BookingField, string>;

export const BOOKING_MESSAGES = {
  adults: `Choose how many adults are travelling (1 to ${BOOKING_LIMITS.travellers})`,
  children: `Children must be a number from 0 to ${BOOKING_LIMITS.travellers}`,
  travellers: `Choose how many would travel (1 to ${BOOKING_LIMITS.travellers})`,
  seatsFree: "Seats have come free on this date: you can book it now.",
  tooMany: `At most ${BOOKING_LIMITS.travellers} travellers per booking: for a larger group, please contact us`,
  leadName: "Please enter the lead traveller's full name",
  email: "Please enter a valid e-mail address, like name@example.com",
  phone: "Please enter a phone number (digits, spaces and + - ( ) only)",
  country: "Please enter the country you live in",
  terms: "Please accept the booking terms to send your request",
  notFound:
    "This date cannot be booked online: it may have passed, been closed or been removed. Choose another date or ask us on WhatsApp.",
  notSeats: (left: number) =>
    left === 0
      ? "This date has just sold out. Join the waiting list below, or choose another date."
      : `Only ${left} seat${left === 1 ? " is" : "s are"} left on this date: choose fewer travellers or another date.`,
  priceChanged: (price: string) =>
    `The price of this date changed to ${price} per traveller since you opened the page. Check the total and send again.`,
  rateLimited: (minutes: number) =>
    `You have sent several requests in a short time. Please wait ${minutes} minute${minutes === 1 ? "" : "s"}, or contact us on WhatsApp.`,
} as const;

/** WLX- and six characters without look-alikes (no 0/O, 1/I/L): read aloud on a phone call. */
export const REFERENCE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
export const REFERENCE_PATTERN = /^WLX-[2-9A-HJKMNP-Z]{6}$/;

export function isBookingReference(value: string): boolean {
  return REFERENCE_PATTERN.test(value);
}

/**
 * The total of a booking in minor units: an integer product, never a float. A new booking's total
 * is written by wlx_request_booking in SQL the same way (decision 165): change both together.
 */
export function bookingTotal(unitAmount: number, travellers: number): number {
  return unitAmount * travellers;
}

/** What /book/{departureId} shows about the date it books. */
export interface BookingPageDeparture {
  id: string;
  packageId: string;
  packageTitle: string;
  packageHref: string;
  dates: string;
  /** Price per traveller, formatted, and as minor units for the form's check and the total. */
  price: string;
  unitAmount: number;
  currency: string;
  seatsLeft: number;
  status: "available" | "limited";
}

/** What the traveller's private page shows. */
export interface BookingView {
  reference: string;
  status: BookingStatus;
  packageTitle: string;
  packageKind: PackageKind;
  packageId: string;
  startDate: string;
  endDate: string | null;
  adults: number;
  children: number;
  leadName: string;
  travellerNames: string[];
  total: string | null;
  /** The total in minor units of `currency`, for another language's format (decision 148). */
  totalAmount: number | null;
  currency: string;
  holdExpiresAt: string | null;
  createdAt: string;
  /** The language recorded with it (decision 148); null: the site's default language. */
  language: string | null;
}

/**
 * The booking terms travellers accept (/booking-terms), as staff edit them in Settings: plain
 * text, paragraphs separated by a blank line, a line starting with "# " a heading. Until staff
 * save their own, these plain terms apply (decision 123).
 */
export const DEFAULT_BOOKING_TERMS = `# Your request and its hold

Sending the booking form asks us to reserve seats on the date you chose. Those seats are held for you while our team checks your request, for the time stated in our e-mail. A booking is confirmed only when we confirm it by e-mail.

# Prices

Prices are per traveller and include what the trip page lists under What's Included. Nothing is charged when you send the form; we tell you how and when to pay when we confirm.

# Changes and cancellations

Tell us as soon as your plans change. We can move a booking to another date of the same trip while seats allow. If a departure cannot run, we offer another date or a full refund of what you paid.

# Your details

We use your details only to arrange your trip and delete them two years after your departure. Anyone with your booking link can see your booking, so keep it private.`;

export const BOOKING_TERMS_MAX = 20_000;

export interface TermsSection {
  /** "" for the paragraphs before the first heading. */
  heading: string;
  paragraphs: string[];
}

/** The terms' text as sections: "# " lines are headings, blank lines end paragraphs. */
export function parseBookingTerms(text: string): TermsSection[] {
  const sections: TermsSection[] = [];
  let current: TermsSection | undefined;
  let paragraph: string[] = [];
  const endParagraph = () => {
    if (paragraph.length === 0) return;
    current ??= sections[sections.push({ heading: "", paragraphs: [] }) - 1]!;
    current.paragraphs.push(paragraph.join(" "));
    paragraph = [];
  };
  for (const raw of text.replace(/\r\n?/g, "\n").split("\n")) {
    const line = raw.trim();
    if (line.startsWith("# ")) {
      endParagraph();
      current = { heading: line.slice(2).trim(), paragraphs: [] };
      sections.push(current);
    } else if (line === "") endParagraph();
    else paragraph.push(line);
  }
  endParagraph();
  return sections;
}

/** What staff see on the staff booking form and the booking's screen, and the refusals. */
export const STAFF_BOOKING_FIELDS = [
  "departure_id",
  "adults",
  "children",
  "lead_name",
  "email",
  "phone",
  "country",
  "other_travellers",
  "notes",
  "confirm",
  "notify",
  "enquiry_id",
  "language",
] as const;
export type StaffBookingField = (typeof STAFF_BOOKING_FIELDS)[number];
export type StaffBookingErrors = Partial<Record<StaffBookingField | "form", string>>;
export type StaffBookingValues = Record<StaffBookingField, string>;

export const STAFF_BOOKING_MESSAGES = {
  departure: "Choose the date to book",
  enquiry:
    "The enquiry this booking came from no longer exists: open the form again from the inbox",
  notSeats: (left: number) =>
    left === 0
      ? "This date is sold out: choose another date."
      : `Only ${left} seat${left === 1 ? " is" : "s are"} left on this date: choose fewer travellers or another date.`,
  unavailable:
    "This date cannot be booked: it may have started, been closed, lost its seats or price, or its trip is not published. Choose another date.",
  travellersChanged:
    "The number of travellers changed since this page was opened: reload it and type the names again.",
  language: "Choose one of the site's languages for the traveller's e-mails",
} as const;

/** A departure staff may book or move a booking to, as the forms list it. */
export interface DepartureChoice {
  id: string;
  packageId: string;
  packageTitle: string;
  dates: string;
  price: string;
  seatsLeft: number;
}
