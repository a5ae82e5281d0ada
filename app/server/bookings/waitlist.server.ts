import type { Language } from "~/domain/i18n/languages";
import { travellerPackageTitle } from "../catalogue/translations.server";
import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { bookingTotal, isBookingReference } from "~/domain/bookings";
import { formatMoney } from "~/domain/money";
import { recordEvent } from "../events/events.server";
import type { Mailer } from "../mail/mailer.server";
import { sendWithNotice } from "../mail/mailer.server";
import type { MailSite } from "../mail/templates.server";
import { inTransaction, type Db } from "../platform/db.server";
import { seatOfferMail } from "./booking-ops-mail.server";
import { hashToken, lockSellingDeparture, seatsLeftOn } from "./bookings.server";

/*
 * "Offer a freed seat" (decision 121): staff turn a waiting-list place into a booking request
 * that holds its seats for BOOKING_HOLD_HOURS, exactly as if the traveller had just booked
 * (status `requested`, so the seat rule, the hold's expiry, the reminder and Confirm all apply
 * unchanged), and the traveller gets a new private link to it by e-mail. The seats are counted
 * under the departure's row lock, in requestBooking's order (departure, then booking), with its
 * own helpers: two offers for the last seat queue on the lock and the second is refused.
 */

export type SeatOfferOutcome =
  { kind: "offered"; message: string } | { kind: "refused"; error: string } | { kind: "missing" };

export interface SeatOfferOptions {
  holdHours: number;
  /** The company's day (YYYY-MM-DD): a date that has started is not offered. */
  today: string;
  mailer: Mailer;
  /** The site and its languages: the traveller is written to in their booking's (decision 148). */
  site: MailSite & { timeZone: string; languages: readonly Language[] };
}

/** Offers the seats of the waiting-list place `reference` on departure `departureId`. */
export async function offerWaitlistSeat(
  db: Db,
  input: { departureId: string; reference: string; adminId: string },
  options: SeatOfferOptions,
): Promise<SeatOfferOutcome> {
  const { departureId, reference } = input;
  if (!isBookingReference(reference)) return { kind: "missing" };
  const token = randomBytes(32).toString("base64url");
  const result = await inTransaction(db, async (trx) => {
    const place = await trx
      .selectFrom("bookings")
      .select("departure_id")
      .where("reference", "=", reference)
      .executeTakeFirst();
    if (!place || place.departure_id !== departureId) return { kind: "missing" } as const;
    const departure = await lockSellingDeparture(trx, departureId, options.today);
    if (!departure) {
      return {
        kind: "refused",
        error:
          "This date can no longer be offered: it has started, its trip is not published, or it has no seats or price.",
      } as const;
    }
    const b = await trx
      .selectFrom("bookings")
      .select([
        "id",
        "status",
        "lead_name",
        "email",
        "adults",
        "children",
        "anonymised_at",
        "language",
      ])
      .where("reference", "=", reference)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (b.status !== "waitlisted" || b.anonymised_at !== null) {
      return {
        kind: "refused",
        error: `${reference} is no longer on the waiting list: nothing was offered.`,
      } as const;
    }
    const travellers = b.adults + b.children;
    const left = await seatsLeftOn(trx, departure);
    if (travellers > left) {
      return {
        kind: "refused",
        error: `Not enough seats are free to offer ${reference}: ${left === 0 ? "no seat is" : left === 1 ? "1 seat is" : `${left} seats are`} free and ${travellers === 1 ? "1 traveller waits" : `${travellers} travellers wait`}. Nothing was offered.`,
      } as const;
    }
    const unit = Number(departure.price_amount);
    const row = await trx
      .updateTable("bookings")
      .set({
        status: "requested",
        unit_amount: unit,
        total_amount: bookingTotal(unit, travellers),
        currency: departure.currency,
        token_hash: hashToken(token),
        hold_expires_at: sql<Date>`now() + make_interval(hours => ${options.holdHours})`,
        hold_reminded_at: null,
        updated_at: sql`now()`,
      })
      .where("id", "=", b.id)
      .returning(["hold_expires_at", "total_amount"])
      .executeTakeFirstOrThrow();
    await recordEvent(trx, {
      type: "booking.offered",
      adminId: input.adminId,
      details: { reference, departureId, travellers, from: "waitlisted", to: "requested" },
    });
    return {
      kind: "offered",
      mail: {
        reference,
        leadName: b.lead_name,
        email: b.email,
        packageTitle: await travellerPackageTitle(trx, departureId, b.language),
        startDate: departure.start_date,
        endDate: departure.end_date,
        travellers,
        total: formatMoney(Number(row.total_amount), departure.currency),
        totalAmount: Number(row.total_amount),
        currency: departure.currency,
        language: b.language,
        holdExpiresAt: new Date(row.hold_expires_at ?? Date.now()).toISOString(),
        token,
      },
    } as const;
  });
  if (result.kind !== "offered") return result;
  const { mail } = result;
  const notice = await sendWithNotice(
    options.mailer,
    { to: mail.email, ...seatOfferMail(options.site, mail) },
    "booking: the seat offer was not e-mailed",
    { reference },
  );
  const seats = mail.travellers === 1 ? "1 seat is" : `${mail.travellers} seats are`;
  return {
    kind: "offered",
    message: notice
      ? `${seats} held for ${reference}, but the e-mail was not sent. ${notice}`
      : `${seats} held for ${reference}. ${mail.email} was e-mailed a link to the booking.`,
  };
}
