import type { Language } from "~/domain/i18n/languages";
import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { todayIn } from "~/domain/trip-facts";
import { recordEvent } from "../events/events.server";
import type { Mailer } from "../mail/mailer.server";
import type { MailSite } from "../mail/templates.server";
import { inTransaction, type Db } from "../platform/db.server";
import { DEFAULT_TICK_MS, type Job } from "../platform/jobs.server";
import { log } from "../platform/log.server";
import { travellerTitleSql } from "../catalogue/translations.server";
import { holdEndingMail, holdEndingNoticeMail, type HoldEnding } from "./booking-ops-mail.server";
import { hashToken } from "./bookings.server";

/*
 * The bookings' periodic work besides expiring holds (decision 121):
 * - a reminder, to the traveller and the team, when a hold is about to end (once per booking:
 *   `hold_reminded_at` is set in the same UPDATE that picks the booking, so two instances or two
 *   ticks never both send it);
 * - a departed date's waiting list is closed (its places become expired: no seat can be offered
 *   any more). The departure itself needs no job: "departed" is derived from its date on every
 *   read (decision 115), and the page cache empties when the company's day changes;
 * - BOOKING_RETENTION_DAYS after a departure ends, its bookings' personal data is deleted: the
 *   row stays with its status, counts, amounts and reference, for the accounts.
 * Each job writes only when something is due (the bookings table's content-change trigger fires
 * per statement, even for no rows), and records one event per booking it changed.
 */

export const DAY_MS = 24 * 60 * 60 * 1000;
export const HOUR_MS = 60 * 60 * 1000;

/** How long before a hold ends its reminder goes out: 6 hours, or a quarter of a shorter hold. */
export function reminderLeadMs(holdHours: number): number {
  return Math.min(6 * HOUR_MS, (holdHours * HOUR_MS) / 4);
}

export interface ReminderOptions {
  holdHours: number;
  mailer: Mailer;
  /** The site and its languages: the traveller is written to in their booking's (decision 148). */
  site: MailSite & { timeZone: string; languages: readonly Language[] };
  /** ENQUIRY_NOTIFY_TO, else the site's e-mail. */
  notifyTo: string;
}

/** Marks the holds that end within the lead time as reminded, then e-mails each; returns how many. */
export async function remindEndingHolds(
  db: Db,
  now: Date,
  options: ReminderOptions,
): Promise<number> {
  const horizon = new Date(now.getTime() + reminderLeadMs(options.holdHours));
  const due = (trx: Db) =>
    trx
      .selectFrom("bookings")
      .select("id")
      .where("status", "=", "requested")
      .where("hold_reminded_at", "is", null)
      .where("hold_expires_at", ">", now)
      .where("hold_expires_at", "<=", horizon);
  const holds = await inTransaction(db, async (trx): Promise<HoldEnding[]> => {
    if (!(await due(trx).limit(1).executeTakeFirst())) return [];
    const rows = await trx
      .updateTable("bookings as b")
      .set({ hold_reminded_at: now })
      .from("departures as d")
      .innerJoin("packages as p", "p.id", "d.package_id")
      .whereRef("d.id", "=", "b.departure_id")
      .where("b.id", "in", due(trx))
      // Another instance may have reminded it meanwhile: the row lock makes this re-checked.
      .where("b.hold_reminded_at", "is", null)
      .returning([
        "b.reference",
        "b.lead_name",
        "b.email",
        "b.adults",
        "b.children",
        "b.hold_expires_at",
        "b.language",
        "p.title",
        travellerTitleSql(sql.ref("b.language")).as("traveller_title"),
        sql<string>`d.start_date::text`.as("start_date"),
        sql<string | null>`d.end_date::text`.as("end_date"),
      ])
      .execute();
    for (const row of rows) {
      await recordEvent(trx, {
        type: "booking.hold_reminded",
        adminId: null,
        details: { reference: row.reference },
      });
    }
    return rows.map((row) => ({
      reference: row.reference,
      leadName: row.lead_name,
      email: row.email,
      packageTitle: row.title,
      travellerTitle: row.traveller_title,
      startDate: row.start_date,
      endDate: row.end_date,
      travellers: row.adults + row.children,
      holdExpiresAt: new Date(row.hold_expires_at ?? now).toISOString(),
      language: row.language,
    }));
  });
  for (const hold of holds) {
    const toTraveller = await options.mailer.send({
      to: hold.email,
      ...holdEndingMail(options.site, hold),
    });
    const toTeam = await options.mailer.send({
      to: options.notifyTo,
      replyTo: hold.email,
      ...holdEndingNoticeMail(options.site, hold),
    });
    if (toTraveller.status === "failed" || toTeam.status === "failed") {
      log("error", "booking: a hold reminder was not sent", { reference: hold.reference });
    }
  }
  return holds.length;
}

/** The waiting lists of dates that have started: their places become expired. */
export async function closeDepartedWaitlists(db: Db, today: string): Promise<number> {
  return inTransaction(db, async (trx) => {
    const past = (trx: Db) =>
      trx
        .selectFrom("departures")
        .select("id")
        .where("start_date", "<", sql<string>`${today}::date`);
    const due = await trx
      .selectFrom("bookings")
      .select("id")
      .where("status", "=", "waitlisted")
      .where("departure_id", "in", past(trx))
      .limit(1)
      .executeTakeFirst();
    if (!due) return 0;
    const closed = await trx
      .updateTable("bookings")
      .set({ status: "expired", updated_at: sql`now()` })
      .where("status", "=", "waitlisted")
      .where("departure_id", "in", past(trx))
      .returning(["reference", "departure_id"])
      .execute();
    for (const row of closed) {
      await recordEvent(trx, {
        type: "booking.expired",
        adminId: null,
        details: {
          reference: row.reference,
          departureId: row.departure_id,
          from: "waitlisted",
          to: "expired",
          reason: "the date has departed",
        },
      });
    }
    return closed.length;
  });
}

/**
 * Deletes the personal data of bookings whose departure ended more than `days` days before
 * `today`: names, contact details, notes and the private link's hash (the link stops working).
 * Kept: the reference, status, counts of adults and children, amounts, currency and dates.
 */
export async function anonymiseOldBookings(db: Db, today: string, days: number): Promise<number> {
  return inTransaction(db, async (trx) => {
    const ended = (trx: Db) =>
      trx
        .selectFrom("departures")
        .select("id")
        .where(
          sql<string>`coalesce(end_date, start_date)`,
          "<",
          sql<string>`${today}::date - ${days}::int`,
        );
    const due = await trx
      .selectFrom("bookings")
      .select("id")
      .where("anonymised_at", "is", null)
      .where("departure_id", "in", ended(trx))
      .limit(1)
      .executeTakeFirst();
    if (!due) return 0;
    const done = await trx
      .updateTable("bookings")
      .set({
        lead_name: "",
        email: "",
        phone: "",
        country: "",
        traveller_names: JSON.stringify([]),
        notes: "",
        // A hash of fresh random bytes nobody holds: the old private link is a 404 from now on.
        token_hash: hashToken(randomBytes(32).toString("base64url")),
        anonymised_at: sql`now()`,
        updated_at: sql`now()`,
      })
      .where("anonymised_at", "is", null)
      .where("departure_id", "in", ended(trx))
      .returning(["reference", "departure_id", "status"])
      .execute();
    for (const row of done) {
      await recordEvent(trx, {
        type: "booking.anonymised",
        adminId: null,
        details: { reference: row.reference, departureId: row.departure_id, days },
      });
    }
    return done.length;
  });
}

export interface BookingJobsOptions extends ReminderOptions {
  retentionDays: number;
}

/** The runner's jobs: the reminder every tick; waiting lists and retention hourly. */
export function bookingOperationJobs(
  options: BookingJobsOptions,
  tickMs: number = DEFAULT_TICK_MS,
): Job[] {
  return [
    {
      name: "booking-hold-reminder",
      everyMs: tickMs,
      run: ({ db, now }) => remindEndingHolds(db, now, options),
    },
    {
      name: "booking-departed-waitlists",
      everyMs: HOUR_MS,
      run: ({ db, now }) => closeDepartedWaitlists(db, todayIn(options.site.timeZone, now)),
    },
    {
      name: "booking-retention",
      everyMs: HOUR_MS,
      run: ({ db, now }) =>
        anonymiseOldBookings(db, todayIn(options.site.timeZone, now), options.retentionDays),
    },
  ];
}
