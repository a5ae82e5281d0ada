import type { Kysely } from "kysely";
import { sql } from "kysely";

// Frozen in time: this migration must never import app code.
// Bookings (decision 118): a traveller's request for seats on one departure. Requested seats are
// held until hold_expires_at; confirmed (and later paid) ones are taken for good; cancelled,
// expired and waitlisted ones take none. The private link's token is stored as a hash only.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("bookings")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("reference", "text", (c) =>
      c
        .notNull()
        .unique()
        .check(sql`reference ~ '^WLX-[0-9A-Z]{6}$'`),
    )
    // A departure with bookings cannot be deleted (the form says so): restrict, not cascade.
    .addColumn("departure_id", "uuid", (c) =>
      c.notNull().references("departures.id").onDelete("restrict"),
    )
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .check(
          sql`status in ('requested', 'confirmed', 'deposit_paid', 'paid', 'completed', 'cancelled', 'expired', 'waitlisted')`,
        ),
    )
    .addColumn("adults", "integer", (c) => c.notNull().check(sql`adults between 0 and 50`))
    .addColumn("children", "integer", (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`children between 0 and 50`),
    )
    .addColumn("lead_name", "text", (c) => c.notNull().check(sql`char_length(lead_name) <= 200`))
    .addColumn("email", "text", (c) => c.notNull().check(sql`char_length(email) <= 320`))
    .addColumn("phone", "text", (c) =>
      c
        .notNull()
        .defaultTo("")
        .check(sql`char_length(phone) <= 40`),
    )
    .addColumn("country", "text", (c) =>
      c
        .notNull()
        .defaultTo("")
        .check(sql`char_length(country) <= 100`),
    )
    // Each traveller's name, in order (the lead first); "" until given.
    .addColumn("traveller_names", "jsonb", (c) =>
      c
        .notNull()
        .defaultTo(sql`'[]'::jsonb`)
        .check(sql`jsonb_typeof(traveller_names) = 'array'`),
    )
    .addColumn("notes", "text", (c) =>
      c
        .notNull()
        .defaultTo("")
        .check(sql`char_length(notes) <= 2000`),
    )
    .addColumn("unit_amount", "bigint", (c) => c.check(sql`unit_amount >= 0`))
    .addColumn("total_amount", "bigint", (c) => c.check(sql`total_amount >= 0`))
    .addColumn("currency", "text", (c) => c.notNull().check(sql`currency ~ '^[A-Z]{3}$'`))
    .addColumn("token_hash", "text", (c) => c.notNull())
    .addColumn("hold_expires_at", "timestamptz")
    .addColumn("source", "text", (c) =>
      c.notNull().check(sql`source in ('online', 'staff', 'enquiry')`),
    )
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint("bookings_travellers_check", sql`adults + children >= 1`)
    .addCheckConstraint(
      "bookings_hold_check",
      sql`status <> 'requested' or hold_expires_at is not null`,
    )
    .execute();
  await db.schema
    .createIndex("bookings_departure_status_idx")
    .on("bookings")
    .columns(["departure_id", "status"])
    .execute();
  await db.schema
    .createIndex("bookings_created_at_idx")
    .on("bookings")
    .column("created_at")
    .execute();
  // Seats left show on public pages: a booking that changes them empties the page cache.
  await sql`
    create trigger bookings_content_changed
    after insert or update or delete or truncate on bookings
    for each statement execute function wlx_content_changed()
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("bookings").execute();
}
