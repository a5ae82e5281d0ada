import { sql } from "kysely";
import { recordEvent } from "../events/events.server";
import { inTransaction, type Db } from "../platform/db.server";
import { DEFAULT_TICK_MS, type Job } from "../platform/jobs.server";

/*
 * Holds that ran out: every tick, requested bookings whose hold_expires_at has passed become
 * expired, in one UPDATE … RETURNING, with a booking.expired event each (by the system, so no
 * admin). Their seats were already free for new requests (seatsTakenSql stops counting a hold
 * once it passes); this makes that visible in the back office, and the bookings table's trigger
 * empties the page cache. The UPDATE runs only when something is due: the trigger fires per
 * statement, even for none of the rows.
 */

export async function expireBookings(db: Db, now: Date): Promise<number> {
  return inTransaction(db, async (trx) => {
    const due = await trx
      .selectFrom("bookings")
      .select("id")
      .where("status", "=", "requested")
      .where("hold_expires_at", "<=", now)
      .limit(1)
      .executeTakeFirst();
    if (!due) return 0;
    const expired = await trx
      .updateTable("bookings")
      .set({ status: "expired", updated_at: sql`now()` })
      .where("status", "=", "requested")
      .where("hold_expires_at", "<=", now)
      .returning(["reference", "departure_id"])
      .execute();
    for (const row of expired) {
      await recordEvent(trx, {
        type: "booking.expired",
        adminId: null,
        details: {
          reference: row.reference,
          departureId: row.departure_id,
          from: "requested",
          to: "expired",
        },
      });
    }
    return expired.length;
  });
}

/** The runner's job: runs every tick. */
export function bookingExpiryJob(everyMs: number = DEFAULT_TICK_MS): Job {
  return { name: "booking-expiry", everyMs, run: ({ db, now }) => expireBookings(db, now) };
}
