import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import {
  BOOKING_STATUS_LABELS,
  isActiveBooking,
  isBookingReference,
  type BookingStatus,
} from "~/domain/bookings";
import { seatsTakenSql } from "../catalogue/departures.server";
import { recordEvent } from "../events/events.server";
import type { Mailer } from "../mail/mailer.server";
import { mailNotice } from "../mail/mailer.server";
import type { MailSite } from "../mail/templates.server";
import { inTransaction, type Db } from "../platform/db.server";
import { log } from "../platform/log.server";
import { bookingCancelledMail, bookingLinkMail } from "./booking-mail.server";
import { allBookings, type BookingListItem } from "./booking-inbox.server";
import { hashToken } from "./bookings.server";

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
    .where("e.type", "like", "booking.%")
    .orderBy("e.created_at")
    .orderBy("e.id")
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
  | { kind: "refused"; status: 400 | 409; intent: string; error: string }
  | { kind: "missing" };

export interface BookingActionOptions {
  mailer: Mailer;
  site: MailSite;
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
  title: string;
  start_date: string;
  end_date: string | null;
}

/** Locks the booking's departure, then the booking (requestBooking's order); undefined if none. */
async function lockBooking(trx: Db, reference: string): Promise<Locked | undefined> {
  const found = await trx
    .selectFrom("bookings")
    .select(["departure_id"])
    .where("reference", "=", reference)
    .executeTakeFirst();
  if (!found) return undefined;
  const departure = await trx
    .selectFrom("departures as d")
    .innerJoin("packages as p", "p.id", "d.package_id")
    .select([
      "d.seats_total",
      "p.title",
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
  const sent = await options.mailer.send({
    to: b.email,
    ...bookingCancelledMail(options.site, {
      reference,
      leadName: b.lead_name,
      packageTitle: b.title,
      startDate: b.start_date,
      endDate: b.end_date,
    }),
  });
  const notice = mailNotice(sent);
  if (notice) log("error", "booking: the cancellation e-mail was not sent", { reference });
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
      .returning(["email", "lead_name", "departure_id"])
      .executeTakeFirst();
    if (!row) return undefined;
    const { title } = await trx
      .selectFrom("departures as d")
      .innerJoin("packages as p", "p.id", "d.package_id")
      .select("p.title")
      .where("d.id", "=", row.departure_id)
      .executeTakeFirstOrThrow();
    if (!row) return undefined;
    await recordEvent(trx, { type: "booking.link_resent", adminId, details: { reference } });
    return { ...row, title };
  });
  if (!b) return { kind: "missing" };
  const sent = await options.mailer.send({
    to: b.email,
    ...bookingLinkMail(options.site, {
      reference,
      leadName: b.lead_name,
      packageTitle: b.title,
      token,
    }),
  });
  const notice = mailNotice(sent);
  if (notice) log("error", "booking: the new link was not e-mailed", { reference });
  return {
    kind: "done",
    message: notice
      ? `A new link was made and the old one no longer works, but it was not e-mailed. ${notice}`
      : `A new link was e-mailed to ${b.email}. The old link no longer works.`,
  };
}

/** The detail screen's POST: the form's intent, with the admin who acted. */
export async function bookingAction(
  db: Db,
  reference: string,
  form: FormData,
  adminId: string,
  options: BookingActionOptions,
): Promise<BookingActionOutcome> {
  const intent = String(form.get("intent") ?? "");
  if (intent === "confirm") return confirmBooking(db, reference, adminId);
  if (intent === "cancel") {
    return cancelBooking(db, reference, { adminId, notify: form.get("notify") === "on" }, options);
  }
  if (intent === "resend") return resendBookingLink(db, reference, adminId, options);
  return { kind: "refused", status: 400, intent, error: "Unknown action." };
}
