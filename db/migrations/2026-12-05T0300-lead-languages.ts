import type { Kysely } from "kysely";
import { sql } from "kysely";

// Frozen in time: this migration must never import app code.
// Decision 148: bookings (waiting-list places are bookings too) and enquiries record the language
// the visitor used: a two-letter code. Null is "the site's default language": every row made
// before languages were recorded, when the site spoke only its default language. New rows always
// name their language.
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ["bookings", "enquiries"]) {
    await db.schema
      .alterTable(table)
      .addColumn("language", "text", (c) => c.check(sql`language ~ '^[a-z]{2}$'`))
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("enquiries").dropColumn("language").execute();
  await db.schema.alterTable("bookings").dropColumn("language").execute();
}
