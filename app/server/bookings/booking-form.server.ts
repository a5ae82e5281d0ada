import { bookingRequestSchema, waitlistSchema } from "~/domain/booking-schema";
import {
  BOOKING_FIELDS,
  BOOKING_MESSAGES,
  type BookingErrors,
  type BookingField,
  type BookingPageDeparture,
  type BookingValues,
} from "~/domain/bookings";
import { ENQUIRY_MESSAGES } from "~/domain/enquiry";
import { departurePrice, departureStatus, isBookable, seatsLeft } from "~/domain/departures";
import { PACKAGE_KIND_INFO } from "~/domain/package-kinds";
import { stripInvisible, isUuid, type PackageKind } from "~/domain/schemas";
import type { SiteConfig } from "~/domain/site";
import { formatDates, todayIn } from "~/domain/trip-facts";
import { departuresOf } from "../catalogue/departures.server";
import { isSpam, spendFormToken } from "../leads/honeypot.server";
import { takeSubmissionSlot } from "../leads/submission-limit.server";
import type { Mailer } from "../mail/mailer.server";
import type { Db } from "../platform/db.server";
import { log } from "../platform/log.server";
import {
  bookingNotificationMail,
  bookingReceivedMail,
  waitlistJoinedMail,
  waitlistNotificationMail,
} from "./booking-mail.server";
import { joinWaitlist, requestBooking, type BookingReceipt } from "./bookings.server";

/*
 * The public booking form, start to end (decision 118): what its page shows about the date, and
 * one post: bad input back with a message per field, spam dropped, an address over its limit
 * refused, then the seats held (bookings.server.ts), then the e-mails. A failed e-mail never
 * loses the booking: it is logged, and the confirmation page shows the private link anyway.
 */

/** The date when it can be booked online now, else undefined (unknown, past, closed, full, …). */
export async function bookableDeparture(
  db: Db,
  departureId: string,
  site: Pick<SiteConfig, "timeZone" | "limitedSeats">,
): Promise<{ departure?: BookingPageDeparture; soldOut?: BookingPageDeparture }> {
  if (!isUuid(departureId)) return {};
  const pkg = await db
    .selectFrom("departures as d")
    .innerJoin("packages as p", "p.id", "d.package_id")
    .select(["p.id", "p.title", "p.kind"])
    .where("d.id", "=", departureId)
    .where("p.status", "=", "published")
    .where("p.deleted_at", "is", null)
    .executeTakeFirst();
  if (!pkg) return {};
  const d = (await departuresOf(db, [pkg.id])).get(pkg.id)?.find((x) => x.id === departureId);
  if (!d || d.seats_total === null || d.price_amount === null) return {};
  const today = todayIn(site.timeZone);
  const status = departureStatus(d, today, site.limitedSeats);
  const view: BookingPageDeparture = {
    id: d.id,
    packageId: pkg.id,
    packageTitle: pkg.title,
    packageHref: PACKAGE_KIND_INFO[pkg.kind as PackageKind].detailPath(pkg.id),
    dates: formatDates(d.start_date, d.end_date),
    price: departurePrice(d) ?? "",
    unitAmount: d.price_amount,
    currency: d.currency,
    seatsLeft: seatsLeft(d) ?? 0,
    status: status === "limited" ? "limited" : "available",
  };
  if (isBookable(d, today, site.limitedSeats)) return { departure: view };
  // Sold out (not departed, not closed by a missing price): the waitlist is offered.
  return status === "sold_out" ? { soldOut: view } : {};
}

/** Why the form's own checks refused a request: its token, or the per-address limit. */
type GuardRefusal = { token: "expired" | "used" } | { retryAfterSeconds: number };

export interface BookingSettings {
  site: SiteConfig;
  mailer: Mailer;
  /** ENQUIRY_NOTIFY_TO, else the site's e-mail. */
  notifyTo: string;
  holdHours: number;
  /** The client's address, for the per-address limit. */
  ip: string;
}

export type BookingFormOutcome<P = never> =
  | { kind: "spam" }
  | { kind: "unavailable" }
  | { kind: "invalid"; errors: BookingErrors; values: BookingValues; status: 400 | 409 | 429 }
  | { kind: "booked"; receipt: BookingReceipt; payment?: P };

/**
 * What paying adds to a booking just made, before its e-mails go (the payments layer's "book and
 * pay", decision 133): the payment's outcome and the hold it left, which the e-mail states.
 */
export type AfterBooking<P> = (
  receipt: BookingReceipt,
) => Promise<{ payment: P; holdExpiresAt: string | null }>;

/** What was typed, cleaned only of invisible characters, to show again beside the errors. */
export function typedBooking(form: FormData): BookingValues {
  const values = {} as BookingValues;
  for (const field of BOOKING_FIELDS) {
    const value = form.get(field);
    values[field] = typeof value === "string" ? stripInvisible(value) : "";
  }
  return values;
}

export async function submitBooking<P = never>(
  db: Db,
  departureId: string,
  form: FormData,
  settings: BookingSettings,
  afterBooking?: AfterBooking<P>,
): Promise<BookingFormOutcome<P>> {
  const values = typedBooking(form);
  const parsed = bookingRequestSchema.safeParse({
    ...values,
    seen_amount: form.get("seen_amount") ?? undefined,
  });
  if (!parsed.success) {
    return { kind: "invalid", errors: fieldErrors(parsed.error.issues), values, status: 400 };
  }
  if (await isSpam(form)) {
    log("info", "booking form: spam dropped", { ip: settings.ip });
    return { kind: "spam" };
  }
  // The token and the per-address slot are spent in the booking's own transaction, once the
  // seats are known to be there: a date that cannot be booked costs neither (decision 118).
  const outcome = await requestBooking<GuardRefusal>(db, departureId, parsed.data, {
    source: "online",
    holdHours: settings.holdHours,
    today: todayIn(settings.site.timeZone),
    guard: formGuard(form, settings),
  });
  switch (outcome.kind) {
    // The public form names no enquiry, so "no_enquiry" cannot happen here.
    case "unavailable":
    case "no_enquiry":
      return { kind: "unavailable" };
    case "guarded":
      return guardedAnswer(outcome.refusal, values, settings);
    case "no_seats":
      return {
        kind: "invalid",
        errors: { form: BOOKING_MESSAGES.notSeats(outcome.left) },
        values,
        status: 409,
      };
    case "price_changed":
      return {
        kind: "invalid",
        errors: { form: BOOKING_MESSAGES.priceChanged(outcome.price) },
        values,
        status: 409,
      };
    case "booked": {
      log("info", "booking requested", { reference: outcome.receipt.reference });
      if (!afterBooking) {
        await sendBookingMails(outcome.receipt, settings);
        return outcome;
      }
      const paying = await afterBooking(outcome.receipt);
      const receipt = { ...outcome.receipt, holdExpiresAt: paying.holdExpiresAt };
      await sendBookingMails(receipt, settings);
      return { kind: "booked", receipt, payment: paying.payment };
    }
  }
}

export type WaitlistFormOutcome =
  | { kind: "spam" }
  | { kind: "unavailable" }
  | { kind: "invalid"; errors: BookingErrors; values: BookingValues; status: 400 | 409 | 429 }
  | { kind: "waitlisted"; receipt: BookingReceipt };

/** The waiting list of a sold-out date: checked like a booking, answered with a private link. */
export async function submitWaitlist(
  db: Db,
  departureId: string,
  form: FormData,
  settings: BookingSettings,
): Promise<WaitlistFormOutcome> {
  const values = typedBooking(form);
  const parsed = waitlistSchema.safeParse(values);
  if (!parsed.success) {
    return { kind: "invalid", errors: fieldErrors(parsed.error.issues), values, status: 400 };
  }
  if (await isSpam(form)) {
    log("info", "waitlist form: spam dropped", { ip: settings.ip });
    return { kind: "spam" };
  }
  const outcome = await joinWaitlist<GuardRefusal>(
    db,
    departureId,
    { name: parsed.data.lead_name, email: parsed.data.email, travellers: parsed.data.adults },
    { source: "online", today: todayIn(settings.site.timeZone), guard: formGuard(form, settings) },
  );
  switch (outcome.kind) {
    case "unavailable":
      return { kind: "unavailable" };
    case "seats_free":
      return { kind: "invalid", errors: { form: BOOKING_MESSAGES.seatsFree }, values, status: 409 };
    case "guarded":
      return guardedAnswer(outcome.refusal, values, settings);
    case "waitlisted": {
      const { receipt } = outcome;
      await settings.mailer.send({
        to: receipt.email,
        ...waitlistJoinedMail(settings.site, receipt),
      });
      await settings.mailer.send({
        to: settings.notifyTo,
        replyTo: receipt.email,
        ...waitlistNotificationMail(settings.site, receipt),
      });
      return outcome;
    }
  }
}

/** A refused form's first message per field; one about no field of the form goes on top. */
function fieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const errors: BookingErrors = {};
  for (const issue of issues) {
    const field = String(issue.path[0]);
    const key = (BOOKING_FIELDS as readonly string[]).includes(field)
      ? (field as BookingField)
      : "form";
    errors[key] ??= issue.message;
  }
  return errors;
}

/** The public forms' own checks, in the booking's transaction: the time token, then the slot. */
function formGuard(form: FormData, settings: BookingSettings) {
  return async (trx: Db): Promise<"ok" | GuardRefusal> => {
    // The form's time token works once and for a few hours (decision 117).
    const token = await spendFormToken(trx, form);
    if (token !== "ok") return { token };
    const ticket = await takeSubmissionSlot(trx, settings.ip);
    return ticket.allowed ? "ok" : { retryAfterSeconds: ticket.retryAfterSeconds };
  };
}

/** What a refusal of the form's own checks answers: spam in silence, else the reason. */
function guardedAnswer(
  refusal: GuardRefusal,
  values: BookingValues,
  settings: BookingSettings,
):
  | { kind: "spam" }
  | { kind: "invalid"; errors: BookingErrors; values: BookingValues; status: 400 | 429 } {
  if ("token" in refusal) {
    if (refusal.token === "expired")
      return {
        kind: "invalid",
        errors: { form: ENQUIRY_MESSAGES.formExpired },
        values,
        status: 400,
      };
    log("info", "booking form: used token dropped", { ip: settings.ip });
    return { kind: "spam" };
  }
  const minutes = Math.ceil(refusal.retryAfterSeconds / 60);
  return {
    kind: "invalid",
    errors: { form: BOOKING_MESSAGES.rateLimited(minutes) },
    values,
    status: 429,
  };
}

async function sendBookingMails(receipt: BookingReceipt, settings: BookingSettings) {
  const traveller = await settings.mailer.send({
    to: receipt.email,
    ...bookingReceivedMail(settings.site, receipt),
  });
  const team = await settings.mailer.send({
    to: settings.notifyTo,
    replyTo: receipt.email,
    ...bookingNotificationMail(settings.site, receipt),
  });
  for (const [who, outcome] of [
    ["traveller", traveller],
    ["team", team],
  ] as const) {
    if (outcome.status === "failed")
      log("error", "booking: an e-mail was not sent", { reference: receipt.reference, who });
  }
}
