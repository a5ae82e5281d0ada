import { createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { sql } from "kysely";
import type { BookingRequest } from "~/domain/booking-schema";
import {
  bookingTotal,
  isBookingReference,
  REFERENCE_ALPHABET,
  SEAT_TAKING_STATUSES,
  type BookingSource,
  type BookingStatus,
  type BookingView,
} from "~/domain/bookings";
import type { Language } from "~/domain/i18n/languages";
import { formatMoney } from "~/domain/money";
import { isUuid, type PackageKind } from "~/domain/schemas";
import { seatsTakenSql } from "../catalogue/departures.server";
import { eventRecord, recordEvent } from "../events/events.server";
import { inTransaction, type Db } from "../platform/db.server";
import { isUniqueViolation } from "../platform/errors.server";
import {
  formCheckRefusal,
  type CheckedForm,
  type FormCheckRefusal,
  type FormChecks,
} from "../leads/form-checks.server";

/*
 * Booking a date (decision 118). The seat rule lives in one statement order inside one
 * transaction: lock the departure's row (FOR UPDATE), then, in the next statement, count the
 * seats its bookings take and insert the booking only when enough are left (decision 161). Two
 * requests for the last seat queue on the lock; the second counts the first's seats and is
 * refused. A fault anywhere rolls everything back.
 *
 * The public form's own checks (its token, the per-address limit) run in the same transaction but
 * before the lock, so the departure is held only for the seat rule: the count, the insert and the
 * commit (decision 141). When the date then cannot be booked, the transaction is rolled back, so
 * the checks cost the traveller nothing.
 */

/**
 * What a form's own checks answer inside the waiting list's transaction, before the departure is
 * locked: "ok", or a refusal that is returned as is (nothing is added; what the check itself
 * wrote, say a spent token, is kept). When the date then cannot take the place, what the check
 * wrote is rolled back.
 */
export type BookingGuard<R> = (trx: Db) => Promise<"ok" | R>;

export interface BookingOptions {
  source: BookingSource;
  /** BOOKING_HOLD_HOURS: how long requested seats are held before they are freed. */
  holdHours: number;
  /** The company's day (YYYY-MM-DD): a departure that started before it is not booked. */
  today: string;
  /**
   * The public form's spam checks (its token, the per-address limit), run by the booking's own
   * call before the departure is locked (formChecksOf).
   */
  checks?: FormChecks;
  /** A booking staff make (decision 123): who, from which enquiry, and whether it is confirmed. */
  staff?: { adminId: string; enquiryId?: string; confirm: boolean };
  /** The language the traveller used (decision 148); absent: the site's default (stored null). */
  language?: Language;
}

export interface WaitlistOptions<R = never> {
  source: BookingSource;
  today: string;
  /** The public form's spam checks, in the same transaction (spendFormChecks). */
  guard?: BookingGuard<R>;
  language?: Language;
}

export interface BookingReceipt {
  id: string;
  reference: string;
  /** The private link's secret: shown once, stored only as a hash. */
  token: string;
  status: BookingStatus;
  packageId: string;
  packageTitle: string;
  packageKind: PackageKind;
  startDate: string;
  endDate: string | null;
  adults: number;
  children: number;
  leadName: string;
  email: string;
  phone: string;
  country: string;
  notes: string;
  total: string;
  /** The total in minor units of `currency` (null on a waiting list), for another language's format. */
  totalAmount: number | null;
  currency: string;
  holdExpiresAt: string | null;
  /** The language recorded with it (decision 148); null: the site's default language. */
  language: string | null;
}

export type BookingOutcome =
  | { kind: "booked"; receipt: BookingReceipt }
  /** The public form's own checks refused it (its token, the per-address limit). */
  | { kind: "guarded"; refusal: FormCheckRefusal }
  | { kind: "unavailable" }
  /** The enquiry a staff booking names is gone (deleted meanwhile). */
  | { kind: "no_enquiry" }
  | { kind: "no_seats"; left: number }
  /** The new price, formatted, and as minor units of `currency` for another language's format. */
  | { kind: "price_changed"; price: string; amount: number; currency: string };

export interface LockedDeparture {
  id: string;
  package_id: string;
  start_date: string;
  end_date: string | null;
  seats_total: number | null;
  price_amount: string | null;
  currency: string;
  status_override: string | null;
  title: string;
  kind: PackageKind;
  published: boolean;
}

export const hashToken = (token: string): string =>
  createHash("sha256").update(token).digest("hex");

function newReference(): string {
  let code = "";
  for (let i = 0; i < 6; i++) code += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return `WLX-${code}`;
}

/** A locked departure that takes bookings: sold online (below) and not closed by staff. */
export function isOpenForBooking(row: LockedDeparture, today: string): boolean {
  return isSelling(row, today) && row.status_override !== "sold_out";
}

/**
 * Sold online at all: published, not started, with seats and a price (it may be full or closed:
 * the waitlist takes those).
 */
function isSelling(row: LockedDeparture, today: string): boolean {
  return (
    row.published &&
    row.start_date >= today &&
    row.seats_total !== null &&
    row.price_amount !== null
  );
}

/** The departure, locked for this transaction, when it is sold online at all (isSelling). */
export async function lockSellingDeparture(
  trx: Db,
  departureId: string,
  today: string,
): Promise<LockedDeparture | undefined> {
  if (!isUuid(departureId)) return undefined;
  const row = await lockDepartureRow(trx, departureId);
  return row && isSelling(row, today) ? row : undefined;
}

/**
 * Locks one departure's row (FOR UPDATE) for this transaction, whatever its state: the one lock
 * every seat-changing statement order starts with (decision 118).
 */
async function lockDepartureRow(
  trx: Db,
  departureId: string,
): Promise<LockedDeparture | undefined> {
  return trx
    .selectFrom("departures as d")
    .innerJoin("packages as p", "p.id", "d.package_id")
    .select([
      "d.id",
      "d.package_id",
      sql<string>`d.start_date::text`.as("start_date"),
      sql<string | null>`d.end_date::text`.as("end_date"),
      "d.seats_total",
      "d.price_amount",
      "d.currency",
      "d.status_override",
      "p.title",
      "p.kind",
      sql<boolean>`p.status = 'published' and p.deleted_at is null`.as("published"),
    ])
    .where("d.id", "=", departureId)
    .forUpdate("d")
    .executeTakeFirst();
}

/**
 * Locks several departures for one transaction, always in the order of their ids, so that two
 * transactions locking the same pair (a move from A to B and one from B to A) queue instead of
 * deadlocking. Unknown ids are left out of the map.
 */
export async function lockDepartures(
  trx: Db,
  departureIds: readonly string[],
): Promise<Map<string, LockedDeparture>> {
  const locked = new Map<string, LockedDeparture>();
  for (const id of [...new Set(departureIds)].filter(isUuid).sort()) {
    const row = await lockDepartureRow(trx, id);
    if (row) locked.set(id, row);
  }
  return locked;
}

/** Seats still free on a departure locked by this transaction (0 when it has no capacity). */
export async function seatsLeftOn(trx: Db, departure: LockedDeparture): Promise<number> {
  return Math.max(0, (departure.seats_total ?? 0) - (await seatsTakenOn(trx, departure.id)));
}

/** The seats this departure's bookings take now (seatsTakenSql); lock the departure first. */
export async function seatsTakenOn(trx: Db, departureId: string): Promise<number> {
  const { taken } = await trx
    .selectNoFrom(seatsTakenSql(sql`${departureId}::uuid`).as("taken"))
    .executeTakeFirstOrThrow();
  return taken;
}

/** Who asks to be told when a seat of a sold-out date frees up. */
export interface WaitlistRequest {
  name: string;
  email: string;
  travellers: number;
}

export type WaitlistOutcome<R = never> =
  | { kind: "waitlisted"; receipt: BookingReceipt }
  | { kind: "guarded"; refusal: R }
  | { kind: "unavailable" }
  /** Seats are free again: the traveller can book instead. */
  | { kind: "seats_free"; left: number };

/**
 * Puts a traveller on the waiting list of a sold-out (or closed) date: a booking in status
 * `waitlisted`, which takes no seat, with its own private link (decision 118).
 */
export async function joinWaitlist<R = never>(
  db: Db,
  departureId: string,
  request: WaitlistRequest,
  options: WaitlistOptions<R>,
): Promise<WaitlistOutcome<R>> {
  return guardedTransaction(db, options.guard, async (trx): Promise<WaitlistOutcome> => {
    const departure = await lockSellingDeparture(trx, departureId, options.today);
    if (!departure) return { kind: "unavailable" };
    const left = await seatsLeftOn(trx, departure);
    if (left > 0 && departure.status_override !== "sold_out") return { kind: "seats_free", left };
    const token = randomBytes(32).toString("base64url");
    const row = await trx
      .insertInto("bookings")
      .values({
        reference: newReference(),
        departure_id: departure.id,
        status: "waitlisted",
        adults: request.travellers,
        children: 0,
        lead_name: request.name,
        email: request.email,
        traveller_names: JSON.stringify([request.name]),
        unit_amount: Number(departure.price_amount),
        total_amount: null,
        currency: departure.currency,
        token_hash: hashToken(token),
        hold_expires_at: null,
        source: options.source,
        language: options.language ?? null,
      })
      .returning(["id", "reference", "status"])
      .executeTakeFirstOrThrow();
    await recordEvent(trx, {
      type: "booking.waitlisted",
      adminId: null,
      details: {
        reference: row.reference,
        departureId: departure.id,
        travellers: request.travellers,
      },
    });
    return {
      kind: "waitlisted",
      receipt: receiptOf(row, departure, token, {
        adults: request.travellers,
        children: 0,
        leadName: request.name,
        email: request.email,
        phone: "",
        country: "",
        notes: "",
        total: "",
        totalAmount: null,
        holdExpiresAt: null,
        language: options.language ?? null,
      }),
    };
  });
}

/**
 * Holds seats for a traveller's request: refused with the seats left when there are too few,
 * with the new price when it changed since the page was read, or as unavailable.
 */
export async function requestBooking(
  db: Db,
  departureId: string,
  request: BookingRequest,
  options: BookingOptions,
): Promise<BookingOutcome> {
  // The call is a transaction of its own: a refusal raised inside it undoes what it wrote, which
  // inside a caller's transaction would abort the caller's too.
  if (db.isTransaction) throw new Error("requestBooking runs in a transaction of its own");
  if (!isUuid(departureId)) return { kind: "unavailable" };
  for (let attempt = 1; ; attempt++) {
    try {
      return await holdSeats(db, departureId, request, options);
    } catch (error) {
      // Two new references alike (1 in 887 million): draw again.
      if (attempt < 3 && isUniqueViolation(error, "bookings_reference_key")) continue;
      throw error;
    }
  }
}

/** A refusal after the form's checks passed: thrown to roll back what they wrote. */
class NotBooked<T> extends Error {
  constructor(readonly outcome: T) {
    super("not booked");
  }
}

/**
 * One transaction: the form's checks (when there are any), then `work`, whose refusals (anything
 * but `done`) roll back what the checks wrote. A refusal of the checks themselves is kept.
 */
async function guardedTransaction<R, T extends { kind: string }>(
  db: Db,
  guard: BookingGuard<R> | undefined,
  work: (trx: Db) => Promise<T>,
): Promise<T | { kind: "guarded"; refusal: R }> {
  try {
    return await inTransaction(db, async (trx) => {
      if (!guard) return work(trx);
      const verdict = await guard(trx);
      if (verdict !== "ok") return { kind: "guarded" as const, refusal: verdict };
      const outcome = await work(trx);
      if (outcome.kind !== "booked" && outcome.kind !== "waitlisted") throw new NotBooked(outcome);
      return outcome;
    });
  } catch (error) {
    if (error instanceof NotBooked) return error.outcome as T;
    throw error;
  }
}

/** What wlx_request_booking answers when it booked, or when the form's own checks refused. */
type HoldAnswer =
  | { kind: "guarded"; refusal: CheckedForm }
  | {
      kind: "booked";
      booking: {
        id: string;
        reference: string;
        status: BookingStatus;
        hold_expires_at: string | null;
      };
      departure: Omit<LockedDeparture, "price_amount"> & { price_amount: number };
    };

/**
 * One database call (decision 165): the form's checks, the departure's row lock, the seat count
 * and the booking with its events, in wlx_request_booking (db/migrations/…-booking-in-one-call).
 * Its refusals after the checks are raised (SQLSTATE WLX01–WLX04), so they leave nothing written.
 */
async function holdSeats(
  db: Db,
  departureId: string,
  request: BookingRequest,
  options: BookingOptions,
): Promise<BookingOutcome> {
  const travellers = request.adults + request.children;
  const staff = options.staff;
  const confirmed = staff?.confirm === true;
  const token = randomBytes(32).toString("base64url");
  const reference = newReference();
  const events = [
    eventRecord({
      type: "booking.requested",
      adminId: staff?.adminId ?? null,
      details: {
        reference,
        departureId,
        travellers,
        source: options.source,
        ...(staff?.enquiryId ? { enquiryId: staff.enquiryId } : {}),
      },
    }),
    ...(staff && confirmed
      ? [
          eventRecord({
            type: "booking.confirmed",
            adminId: staff.adminId,
            details: { reference, from: "requested", to: "confirmed" },
          }),
        ]
      : []),
  ];
  const call = {
    checks: options.checks ?? null,
    departure_id: departureId,
    today: options.today,
    seen_amount: request.seen_amount ?? null,
    travellers,
    hold_hours: options.holdHours,
    taking: SEAT_TAKING_STATUSES,
    events,
    booking: {
      reference,
      status: confirmed ? "confirmed" : "requested",
      adults: request.adults,
      children: request.children,
      lead_name: request.lead_name,
      email: request.email,
      phone: request.phone,
      country: request.country,
      traveller_names: request.traveller_names,
      notes: request.notes,
      token_hash: hashToken(token),
      source: options.source,
      created_by: staff?.adminId ?? null,
      enquiry_id: staff?.enquiryId ?? null,
      language: options.language ?? null,
    },
  };
  let answer: HoldAnswer;
  try {
    const { rows } = await sql<{ answer: HoldAnswer }>`
      select wlx_request_booking(${JSON.stringify(call)}::jsonb) as answer
    `.execute(db);
    answer = rows[0]!.answer;
  } catch (error) {
    const refusal = refusalOf(error);
    if (refusal) return refusal;
    throw error;
  }
  if (answer.kind === "guarded") {
    const refusal = formCheckRefusal(answer.refusal);
    if (refusal === "ok") throw new Error("wlx_request_booking refused checks that passed");
    return { kind: "guarded", refusal };
  }
  const { booking, departure } = answer;
  const unit = departure.price_amount;
  const total = bookingTotal(unit, travellers);
  return {
    kind: "booked",
    receipt: receiptOf(booking, departure, token, {
      adults: request.adults,
      children: request.children,
      leadName: request.lead_name,
      email: request.email,
      phone: request.phone,
      country: request.country,
      notes: request.notes,
      total: formatMoney(total, departure.currency),
      totalAmount: total,
      holdExpiresAt: booking.hold_expires_at
        ? new Date(booking.hold_expires_at).toISOString()
        : null,
      language: options.language ?? null,
    }),
  };
}

/** wlx_request_booking's raised refusals (its SQLSTATEs), as outcomes; undefined for any other error. */
function refusalOf(
  error: unknown,
): Exclude<BookingOutcome, { kind: "booked" | "guarded" }> | undefined {
  const { code, detail } = (error ?? {}) as { code?: unknown; detail?: unknown };
  const facts =
    typeof detail === "string" && detail.startsWith("{")
      ? (JSON.parse(detail) as Record<string, unknown>)
      : {};
  switch (code) {
    case "WLX01":
      return { kind: "unavailable" };
    case "WLX02": {
      const amount = Number(facts.amount);
      const currency = String(facts.currency);
      return { kind: "price_changed", price: formatMoney(amount, currency), amount, currency };
    }
    case "WLX03":
      return { kind: "no_seats", left: Number(facts.left) };
    case "WLX04":
      return { kind: "no_enquiry" };
    default:
      return undefined;
  }
}

/** The receipt of a new booking or waiting-list place: its row, its date and what was asked. */
function receiptOf(
  row: { id: string; reference: string; status: BookingStatus },
  departure: Pick<
    LockedDeparture,
    "package_id" | "title" | "kind" | "start_date" | "end_date" | "currency"
  >,
  token: string,
  asked: Omit<
    BookingReceipt,
    | "id"
    | "reference"
    | "token"
    | "status"
    | "packageId"
    | "packageTitle"
    | "packageKind"
    | "startDate"
    | "endDate"
    | "currency"
  >,
): BookingReceipt {
  return {
    id: row.id,
    reference: row.reference,
    token,
    status: row.status,
    packageId: departure.package_id,
    packageTitle: departure.title,
    packageKind: departure.kind,
    startDate: departure.start_date,
    endDate: departure.end_date,
    currency: departure.currency,
    ...asked,
  };
}

/**
 * The booking a private link names, or undefined: an unknown reference and a wrong token look the
 * same (a 404), and the token is compared in constant time.
 */
export async function findBookingByLink(
  db: Db,
  reference: string,
  token: string,
): Promise<BookingView | undefined> {
  if (!isBookingReference(reference) || !/^[A-Za-z0-9_-]{20,100}$/.test(token)) return undefined;
  const row = await db
    .selectFrom("bookings as b")
    .innerJoin("departures as d", "d.id", "b.departure_id")
    .innerJoin("packages as p", "p.id", "d.package_id")
    .select([
      "b.reference",
      "b.status",
      "b.token_hash",
      "b.adults",
      "b.children",
      "b.lead_name",
      "b.traveller_names",
      "b.total_amount",
      "b.currency",
      "b.hold_expires_at",
      "b.created_at",
      "b.language",
      "p.title",
      "p.kind",
      "p.id as package_id",
      sql<string>`d.start_date::text`.as("start_date"),
      sql<string | null>`d.end_date::text`.as("end_date"),
    ])
    .where("b.reference", "=", reference)
    .executeTakeFirst();
  if (!row) return undefined;
  const given = Buffer.from(hashToken(token), "hex");
  const stored = Buffer.from(row.token_hash, "hex");
  if (given.length !== stored.length || !timingSafeEqual(given, stored)) return undefined;
  return {
    reference: row.reference,
    status: row.status,
    packageTitle: row.title,
    packageKind: row.kind,
    packageId: row.package_id,
    startDate: row.start_date,
    endDate: row.end_date,
    adults: row.adults,
    children: row.children,
    leadName: row.lead_name,
    travellerNames: row.traveller_names ?? [],
    total: row.total_amount === null ? null : formatMoney(Number(row.total_amount), row.currency),
    totalAmount: row.total_amount === null ? null : Number(row.total_amount),
    currency: row.currency,
    holdExpiresAt: row.hold_expires_at ? new Date(row.hold_expires_at).toISOString() : null,
    createdAt: new Date(row.created_at).toISOString(),
    language: row.language,
  };
}
