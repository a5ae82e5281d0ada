import type { Kysely } from "kysely";
import { sql } from "kysely";

// Frozen in time: this migration must never import app code.
// Book Now / WhatsApp clicks, counted per package (or 'general') per day in the
// company's time zone. No personal data: no address, no cookie, no user agent.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("booking_clicks")
    .addColumn("day", "date", (c) => c.notNull())
    // A package id as text, or 'general'; no foreign key: counts outlive the packages they name.
    .addColumn("target", "text", (c) =>
      c
        .notNull()
        .check(
          sql`target = 'general' or target ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'`,
        ),
    )
    .addColumn("clicks", "integer", (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`clicks >= 0`),
    )
    .addPrimaryKeyConstraint("booking_clicks_pkey", ["day", "target"])
    .execute();
  await db.schema
    .createIndex("booking_clicks_target_idx")
    .on("booking_clicks")
    .columns(["target", "day"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("booking_clicks").execute();
}
