import type { Kysely } from "kysely";

// Frozen in time: this migration must never import app code.
// Booking operations (decision 121): when the "your hold ends soon" reminder went out (once per
// booking), and when a booking's personal data was deleted after BOOKING_RETENTION_DAYS (the row
// stays, with its counts and amounts).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("bookings")
    .addColumn("hold_reminded_at", "timestamptz")
    .addColumn("anonymised_at", "timestamptz")
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("bookings")
    .dropColumn("hold_reminded_at")
    .dropColumn("anonymised_at")
    .execute();
}
