import type { Kysely } from "kysely";
import { sql } from "kysely";

// Frozen in time: this migration must never import app code.
// An admin's further e-mail addresses (admins.email stays the primary one). A verified
// address belongs to one account only; a pending one is not anyone's yet.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("admin_emails")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("admin_id", "uuid", (c) => c.notNull().references("admins.id").onDelete("cascade"))
    .addColumn("email", "text", (c) =>
      c.notNull().check(sql`position('@' in email) > 1 and length(email) <= 254`),
    )
    .addColumn("verified_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index admin_emails_verified_key on admin_emails (lower(email))
    where verified_at is not null`.execute(db);
  await sql`create unique index admin_emails_admin_email_key on admin_emails (admin_id, lower(email))`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("admin_emails").execute();
}
