import type { Kysely } from "kysely";
import { sql } from "kysely";

// Frozen in time: this migration must never import app code.
// What a trip page answers. Departures and FAQs are ordered lists edited with the
// package (like the itinerary), so they are JSONB columns of the package row; the public list
// filters read them with jsonb functions. Ratings get the source they were taken from.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("packages")
    .addColumn("departures", "jsonb", (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn("faqs", "jsonb", (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn("meeting_point", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("rating_source", "text", (c) => c.notNull().defaultTo(""))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("packages")
    .dropColumn("departures")
    .dropColumn("faqs")
    .dropColumn("meeting_point")
    .dropColumn("rating_source")
    .execute();
}
