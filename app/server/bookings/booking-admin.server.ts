import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { travellerNamesSchema } from "~/domain/booking-schema";
import {
  BOOKING_STATUS_LABELS,
  bookingTotal,
  isActiveBooking,
  isBookingReference,
  STAFF_BOOKING_MESSAGES,
  type BookingStatus,
  type DepartureChoice,
} from "~/domain/bookings";
import { departurePrice, isBookable, seatsLeft } from "~/domain/departures";
import { formatMoney } from "~/domain/money";
import { isUuid, stripInvisible } from "~/domain/schemas";
import { formatDates } from "~/domain/trip-facts";
import { departuresOf } from "../catalogue/departures.server";
import { seatsTakenSql } from "../catalogue/departures.server";
import { travellerPackageTitle, travellerTitleSql } from "../catalogue/translations.server";
import { recordEvent } from "../events/events.server";
import type { Mailer } from "../mail/mailer.server";
import { sendWithNotice, travellerMailedMessage } from "../mail/mailer.server";
import type { MailSite } from "../mail/templates.server";
import type { Language } from "~/domain/i18n/languages";
import { inTransaction, type Db } from "../platform/db.server";
import { bookingCancelledMail, bookingLinkMail, bookingMovedMail } from "./booking-mail.server";
import { allBookings, type BookingListItem } from "./booking-inbox.server";
import { hashToken, isOpenForBooking, lockDepartures, seatsLeftOn } from "./bookings.server";

/*
 * One booking in the back office: what it holds, the history of its status (from the events
 * table), and the three things staff do to it: Confirm, Cancel and Resend link. Each change
 * happens in one transaction with its event; the seats are re-checked under the departure's row
 * lock (FOR UPDATE), in the same order as requestBooking takes its locks (departure, then
 * booking), so a confirmation and a new request for the last seat queue rather than both win.
 */

export interface BookingHistoryEntry {
  type: string;
  at: Date;
  /** The admin who acted (name, else e-mail), or null for the traveller or the system. */
  by: string | null;
}

export interface BookingDetail extends BookingListItem {
  /** True while a requested booking's hold lasts. */
  held: boolean;
  history: BookingHistoryEntry[];
}

/** The booking with this reference, or undefined (unknown or malformed). */
export async function getBookingDetail(
  db: Db,
  reference: string,
): Promise<BookingDetail | undefined> {
  if (!isBookingReference(reference)) return undefined;
  const [booking] = await allBookings(db, { q: reference }, 5).then((rows) =>
    rows.filter((b) => b.reference === reference),
  );
  if (!booking) return undefined;
  const history = await db
    .selectFrom("events as e")
    .leftJoin("admins as a", "a.id", "e.admin_id")
    .select(["e.type", "e.created_at", "a.name", "a.email"])
    .where(sql<string>`e.details->>'reference'`, "=", reference)
    // Its payments' events too (received, refunded, reminders, flags: decision 135).
    .where((eb) => eb.or([eb("e.type", "like", "booking.%"), eb("e.type", "like", "payment.%")]))
    .orderBy("e.created_at")
    .orderBy("e.seq")
    .execute();
  return {
    ...booking,
    held:
      booking.status === "requested" &&
      booking.holdExpiresAt !== null &&
      booking.holdExpiresAt.getTime() > Date.now(),
    history: history.map((h) => ({
      type: h.type,
      at: new Date(h.created_at),
      by: h.name || h.email || null,
    })),
  };
}

export type BookingActionOutcome =
  | { kind: "done"; message: string }
  | {
      kind: "refused";
      status: 400 | 409;
      intent: string;
      error: string;
      /** A form's message per field, and what was typed, to show again (the names form). */
      fieldErrors?: Record<string, string>;
      values?: Record<string, string | string[]>;
    }
  | { kind: "missing" };

export interface BookingActionOptions {
  mailer: Mailer;
  /** The site and its languages: a traveller's e-mail is in their booking's (decision 148). */
  site: MailSite & { languages: readonly Language[] };
}

interface Locked {
  id: string;
  departure_id: string;
  status: BookingStatus;
  travellers: number;
  held: boolean;
  seats_total: number | null;
  lead_name: string;
  email: string;
  /** The package's title as the traveller reads it, in their booking's language (decision 155). */
  title: string;
  start_date: string;
  end_date: string | null;
  language: string | null;
}

/** Locks the booking's departure, then the booking (requestBooking's order); undefined if none. */
async function lockBooking(trx: Db, reference: string): Promise<Locked | undefined> {
  const found = await trx
    .selectFrom("bookings")
    .select(["departure_id", "language"])
    .where("reference", "=", reference)
    .executeTakeFirst();
  if (!found) return undefined;
  const departure = await trx
    .selectFrom("departures as d")
    .innerJoin("packages as p", "p.id", "d.package_id")
    .select([
      "d.seats_total",
      travellerTitleSql(found.language).as("title"),
      sql<string>`d.start_date::text`.as("start_date"),
      sql<string | null>`d.end_date::text`.as("end_date"),
    ])
    .where("d.id", "=", found.departure_id)
    .forUpdate("d")
    .executeTakeFirstOrThrow();
  const row = await trx
    .selectFrom("bookings")
    .select([
      "id",
      "departure_id",
      "status",
      "lead_name",
      "email",
      "language",
      sql<number>`adults + children`.as("travellers"),
      sql<boolean>`coalesce(hold_expires_at > now(), false)`.as("held"),
    ])
    .where("reference", "=", reference)
    .forUpdate()
    .executeTakeFirst();
  if (!row) return undefined;
  return { ...departure, ...row, travellers: Number(row.travellers) };
}

const notNow = (intent: string, status: BookingStatus, what: string): BookingActionOutcome => ({
  kind: "refused",
  status: 409,
  intent,
  error: `This booking is ${BOOKING_STATUS_LABELS[status].toLowerCase()}: ${what}`,
});

/** requested → confirmed; refused when the hold has run out and its seats are gone since. */
export async function confirmBooking(
  db: Db,
  reference: string,
  adminId: string,
): Promise<BookingActionOutcome> {
  const intent = "confirm";
  if (!isBookingReference(reference)) return { kind: "missing" };
  return inTransaction(db, async (trx): Promise<BookingActionOutcome> => {
    const b = await lockBooking(trx, reference);
    if (!b) return { kind: "missing" };
    if (b.status !== "requested") {
      return notNow(intent, b.status, "only a requested booking can be confirmed.");
    }
    if (!b.held && b.seats_total !== null) {
      // The hold ran out, so these seats count as free: are they still?
      const { taken } = await trx
        .selectNoFrom(seatsTakenSql(sql`${b.departure_id}::uuid`).as("taken"))
        .executeTakeFirstOrThrow();
      const left = Math.max(0, b.seats_total - Number(taken));
      if (b.travellers > left) {
        return {
          kind: "refused",
          status: 409,
          intent,
          error: `The hold on this booking has expired and its seats have been taken since: ${left} seat${left === 1 ? " is" : "s are"} left on this date for ${b.travellers} traveller${b.travellers === 1 ? "" : "s"}. It was not confirmed.`,
        };
      }
    }
    await trx
      .updateTable("bookings")
      .set({ status: "confirmed", updated_at: sql`now()` })
      .where("id", "=", b.id)
      .execute();
    await recordEvent(trx, {
      type: "booking.confirmed",
      adminId,
      details: { reference, from: b.status, to: "confirmed" },
    });
    return { kind: "done", message: `Booking ${reference} confirmed.` };
  });
}

/** Any active status → cancelled: its seats are free at once; optionally tells the traveller. */
export async function cancelBooking(
  db: Db,
  reference: string,
  input: { adminId: string; notify: boolean },
  options: BookingActionOptions,
): Promise<BookingActionOutcome> {
  const intent = "cancel";
  if (!isBookingReference(reference)) return { kind: "missing" };
  const changed = await inTransaction(db, async (trx) => {
    const b = await lockBooking(trx, reference);
    if (!b) return { kind: "missing" } as const;
    if (!isActiveBooking(b.status)) {
      return {
        kind: "refused",
        outcome: notNow(intent, b.status, "it can no longer be cancelled."),
      } as const;
    }
    await trx
      .updateTable("bookings")
      .set({ status: "cancelled", updated_at: sql`now()` })
      .where("id", "=", b.id)
      .execute();
    await recordEvent(trx, {
      type: "booking.cancelled",
      adminId: input.adminId,
      details: { reference, from: b.status, to: "cancelled", emailed: input.notify },
    });
    return { kind: "cancelled", booking: b } as const;
  });
  if (changed.kind === "missing") return { kind: "missing" };
  if (changed.kind === "refused") return changed.outcome;
  if (!input.notify) return { kind: "done", message: `Booking ${reference} cancelled.` };
  const b = changed.booking;
  const notice = await sendWithNotice(
    options.mailer,
    {
      to: b.email,
      ...bookingCancelledMail(options.site, {
        reference,
        leadName: b.lead_name,
        packageTitle: b.title,
        startDate: b.start_date,
        endDate: b.end_date,
        language: b.language,
      }),
    },
    "booking: the cancellation e-mail was not sent",
    { reference },
  );
  return {
    kind: "done",
    message: notice
      ? `Booking ${reference} cancelled, but the traveller was not e-mailed. ${notice}`
      : `Booking ${reference} cancelled. The traveller was e-mailed.`,
  };
}

/** A new private link: only its hash is stored, so the old link stops working; e-mailed. */
export async function resendBookingLink(
  db: Db,
  reference: string,
  adminId: string,
  options: BookingActionOptions,
): Promise<BookingActionOutcome> {
  if (!isBookingReference(reference)) return { kind: "missing" };
  const token = randomBytes(32).toString("base64url");
  const b = await inTransaction(db, async (trx) => {
    const row = await trx
      .updateTable("bookings")
      .set({ token_hash: hashToken(token), updated_at: sql`now()` })
      .where("reference", "=", reference)
      .returning(["email", "lead_name", "departure_id", "language"])
      .executeTakeFirst();
    if (!row) return undefined;
    await recordEvent(trx, { type: "booking.link_resent", adminId, details: { reference } });
    return row;
  });
  if (!b) return { kind: "missing" };
  const notice = await sendWithNotice(
    options.mailer,
    {
      to: b.email,
      ...bookingLinkMail(options.site, {
        reference,
        leadName: b.lead_name,
        packageTitle: await travellerPackageTitle(db, b.departure_id, b.language),
        token,
        language: b.language,
      }),
    },
    "booking: the new link was not e-mailed",
    { reference },
  );
  return {
    kind: "done",
    message: notice
      ? `A new link was made and the old one no longer works, but it was not e-mailed. ${notice}`
      : `A new link was e-mailed to ${b.email}. The old link no longer works.`,
  };
}

const TRAVELLER_FIELDS = ["lead_name", "email", "phone", "country"] as const;

/** The names form's fields as typed: the lead's contact fields and each other traveller's name. */
function typedTravellers(form: FormData) {
  const text = (value: FormDataEntryValue | null) =>
    typeof value === "string" ? stripInvisible(value) : "";
  const values: Record<string, string | string[]> = {};
  for (const field of TRAVELLER_FIELDS) values[field] = text(form.get(field));
  values.traveller = form.getAll("traveller").map(text);
  return values;
}

/**
 * Corrects who travels (decision 123): the lead traveller's name and contact fields and each
 * other traveller's name, checked as on the booking forms. The number of travellers is not
 * changed here (that changes the seats); a form posted for another number is refused.
 */
export async function editTravellers(
  db: Db,
  reference: string,
  form: FormData,
  adminId: string,
): Promise<BookingActionOutcome> {
  const intent = "travellers";
  if (!isBookingReference(reference)) return { kind: "missing" };
  const values = typedTravellers(form);
  const parsed = travellerNamesSchema.safeParse(values);
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const key =
        issue.path[0] === "traveller"
          ? `traveller-${String(issue.path[1])}`
          : String(issue.path[0]);
      fieldErrors[key] ??= issue.message;
    }
    return {
      kind: "refused",
      status: 400,
      intent,
      error: "Check the travellers' details: nothing was saved.",
      fieldErrors,
      values,
    };
  }
  const input = parsed.data;
  return inTransaction(db, async (trx): Promise<BookingActionOutcome> => {
    const row = await trx
      .selectFrom("bookings")
      .select(["id", "adults", "children", "lead_name", "email", "phone", "country"])
      .select("traveller_names")
      .where("reference", "=", reference)
      .forUpdate()
      .executeTakeFirst();
    if (!row) return { kind: "missing" };
    if (input.traveller.length !== row.adults + row.children - 1) {
      return {
        kind: "refused",
        status: 409,
        intent,
        error: STAFF_BOOKING_MESSAGES.travellersChanged,
        values,
      };
    }
    const names = [input.lead_name, ...input.traveller];
    const before = row.traveller_names ?? [];
    const changed = [
      ...TRAVELLER_FIELDS.filter((f) => row[f] !== input[f]),
      ...(names.slice(1).some((n, i) => (before[i + 1] ?? "") !== n) ? ["travellers"] : []),
    ];
    if (changed.length === 0) return { kind: "done", message: "Nothing changed." };
    await trx
      .updateTable("bookings")
      .set({
        lead_name: input.lead_name,
        email: input.email,
        phone: input.phone,
        country: input.country,
        traveller_names: JSON.stringify(names),
        updated_at: sql`now()`,
      })
      .where("id", "=", row.id)
      .execute();
    // The event names what changed, not the personal data itself.
    await recordEvent(trx, {
      type: "booking.travellers_edited",
      adminId,
      details: { reference, changed },
    });
    return { kind: "done", message: `The travellers of booking ${reference} were saved.` };
  });
}

/** Statuses a booking can be moved in: it holds seats (a waiting-list place holds none). */
const MOVABLE: readonly BookingStatus[] = ["requested", "confirmed", "deposit_paid", "paid"];

/**
 * The other dates of the booking's trip it could move to now: open for booking, not started,
 * with seats and a price (the seats are counted again under the lock when it moves).
 */
export async function moveChoices(
  db: Db,
  booking: { packageId: string; packageTitle: string; departureId: string },
  site: { timeZone: string; limitedSeats: number; today: string },
): Promise<DepartureChoice[]> {
  const departures = (await departuresOf(db, [booking.packageId])).get(booking.packageId) ?? [];
  return departures
    .filter((d) => d.id !== booking.departureId && isBookable(d, site.today, site.limitedSeats))
    .map((d) => ({
      id: d.id,
      packageId: booking.packageId,
      packageTitle: booking.packageTitle,
      dates: formatDates(d.start_date, d.end_date),
      price: departurePrice(d) ?? "",
      seatsLeft: seatsLeft(d) ?? 0,
    }));
}

/**
 * Moves a booking to another date of the same trip when that date has the seats (decision 123):
 * both departures are locked in the order of their ids (lockDepartures, so two opposite moves
 * queue rather than deadlock), then the booking, and the target's seats are counted under the
 * lock, as requestBooking counts them. The price becomes the new date's; the hold is kept.
 */
export async function moveBooking(
  db: Db,
  reference: string,
  input: { adminId: string; departureId: string; notify: boolean; today: string },
  options: BookingActionOptions,
): Promise<BookingActionOutcome> {
  const intent = "move";
  if (!isBookingReference(reference)) return { kind: "missing" };
  const refuse = (error: string, status: 400 | 409 = 409): BookingActionOutcome => ({
    kind: "refused",
    status,
    intent,
    error,
  });
  if (!isUuid(input.departureId)) return refuse(STAFF_BOOKING_MESSAGES.departure, 400);
  const moved = await inTransaction(db, async (trx) => {
    const found = await trx
      .selectFrom("bookings")
      .select("departure_id")
      .where("reference", "=", reference)
      .executeTakeFirst();
    if (!found) return { kind: "missing" } as const;
    const locked = await lockDepartures(trx, [found.departure_id, input.departureId]);
    const b = await trx
      .selectFrom("bookings")
      .select([
        "id",
        "departure_id",
        "status",
        "lead_name",
        "email",
        "adults",
        "children",
        "language",
        sql<boolean>`coalesce(hold_expires_at > now(), false)`.as("held"),
      ])
      .where("reference", "=", reference)
      .forUpdate()
      .executeTakeFirstOrThrow();
    // Another move of this booking committed between the first read and the locks.
    if (b.departure_id !== found.departure_id) {
      return {
        kind: "refused",
        outcome: refuse("This booking changed meanwhile: try again."),
      } as const;
    }
    const from = locked.get(b.departure_id)!;
    const to = locked.get(input.departureId);
    if (!MOVABLE.includes(b.status)) {
      return {
        kind: "refused",
        outcome: notNow(intent, b.status, "only a booking that holds seats can be moved."),
      } as const;
    }
    if (b.status === "requested" && !b.held) {
      return {
        kind: "refused",
        outcome: refuse(
          "The hold on this booking has expired: confirm it on its own date first, then move it.",
        ),
      } as const;
    }
    if (input.departureId === b.departure_id) {
      return {
        kind: "refused",
        outcome: refuse("The booking is already on this date.", 400),
      } as const;
    }
    if (!to || to.package_id !== from.package_id || !isOpenForBooking(to, input.today)) {
      return { kind: "refused", outcome: refuse(STAFF_BOOKING_MESSAGES.unavailable) } as const;
    }
    const travellers = b.adults + b.children;
    const left = await seatsLeftOn(trx, to);
    if (travellers > left) {
      return {
        kind: "refused",
        outcome: refuse(
          `Not moved: ${left === 0 ? "no seat is" : left === 1 ? "only 1 seat is" : `only ${left} seats are`} left on ${formatDates(to.start_date, to.end_date)} for ${travellers} traveller${travellers === 1 ? "" : "s"}.`,
        ),
      } as const;
    }
    const unit = Number(to.price_amount);
    const total = bookingTotal(unit, travellers);
    await trx
      .updateTable("bookings")
      .set({
        departure_id: to.id,
        unit_amount: unit,
        total_amount: total,
        currency: to.currency,
        updated_at: sql`now()`,
      })
      .where("id", "=", b.id)
      .execute();
    await recordEvent(trx, {
      type: "booking.moved",
      adminId: input.adminId,
      details: {
        reference,
        fromDepartureId: from.id,
        toDepartureId: to.id,
        from: from.start_date,
        to: to.start_date,
        emailed: input.notify,
      },
    });
    return {
      kind: "moved",
      booking: b,
      dates: formatDates(to.start_date, to.end_date),
      startDate: to.start_date,
      endDate: to.end_date,
      total: formatMoney(total, to.currency),
      totalAmount: total,
      currency: to.currency,
    } as const;
  });
  if (moved.kind === "missing") return { kind: "missing" };
  if (moved.kind === "refused") return moved.outcome;
  const done = `Booking ${reference} moved to ${moved.dates}. Total now ${moved.total}.`;
  if (!input.notify) return { kind: "done", message: done };
  const notice = await sendWithNotice(
    options.mailer,
    {
      to: moved.booking.email,
      ...bookingMovedMail(options.site, {
        reference,
        leadName: moved.booking.lead_name,
        packageTitle: await travellerPackageTitle(db, input.departureId, moved.booking.language),
        startDate: moved.startDate,
        endDate: moved.endDate,
        total: moved.total,
        totalAmount: moved.totalAmount,
        currency: moved.currency,
        language: moved.booking.language,
      }),
    },
    "booking: the move e-mail was not sent",
    { reference },
  );
  return {
    kind: "done",
    message: travellerMailedMessage(done, notice),
  };
}

/** The detail screen's POST: the form's intent, with the admin who acted. */
export async function bookingAction(
  db: Db,
  reference: string,
  form: FormData,
  input: { adminId: string; today: string },
  options: BookingActionOptions,
): Promise<BookingActionOutcome> {
  const { adminId } = input;
  const intent = String(form.get("intent") ?? "");
  if (intent === "confirm") return confirmBooking(db, reference, adminId);
  if (intent === "cancel") {
    return cancelBooking(db, reference, { adminId, notify: form.get("notify") === "on" }, options);
  }
  if (intent === "resend") return resendBookingLink(db, reference, adminId, options);
  if (intent === "travellers") return editTravellers(db, reference, form, adminId);
  if (intent === "move") {
    const departureId = form.get("departure_id");
    return moveBooking(
      db,
      reference,
      {
        adminId,
        departureId: typeof departureId === "string" ? departureId : "",
        notify: form.get("notify") === "on",
        today: input.today,
      },
      options,
    );
  }
  return { kind: "refused", status: 400, intent, error: "Unknown action." };
}
