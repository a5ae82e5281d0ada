import type { Kysely } from "kysely";
import { sql } from "kysely";

// Frozen in time: this migration must never import app code.
// Decision 117: the contact form's time token works once and for a few hours. A used token is
// kept (as its SHA-256) only until it would have expired anyway.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("contact_form_tokens")
    .addColumn("token_hash", "text", (c) =>
      c.primaryKey().check(sql`token_hash ~ '^[0-9a-f]{64}$'`),
    )
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("contact_form_tokens_expires_idx")
    .on("contact_form_tokens")
    .column("expires_at")
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("contact_form_tokens").execute();
}
