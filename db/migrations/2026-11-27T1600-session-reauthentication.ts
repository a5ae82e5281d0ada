import type { Kysely } from "kysely";
import { sql } from "kysely";

// Frozen in time: this migration must never import app code.
// Decision 119: when a session last proved who it is (its sign-in, or a later "Confirm access"
// with the password or a code). Sensitive actions ask again when this is older than ten minutes.
// Sessions that exist already count from when they were made.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("sessions")
    .addColumn("authenticated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`update sessions set authenticated_at = created_at`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("sessions").dropColumn("authenticated_at").execute();
}
