import type { Kysely } from "kysely";
import { sql } from "kysely";

// Frozen in time: this migration must never import app code.
// Events written one after the other can share a timestamp (the embedded database's clock ticks
// in milliseconds), and their uuids are random, so "requested" could be listed after
// "confirmed". A number drawn in insertion order breaks such ties. Rows already written get
// numbers in storage order, which is as good as anything they had.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table events add column seq bigint generated always as identity`.execute(db);
  await sql`create index events_created_seq_idx on events (created_at, seq)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index events_created_seq_idx`.execute(db);
  await sql`alter table events drop column seq`.execute(db);
}
