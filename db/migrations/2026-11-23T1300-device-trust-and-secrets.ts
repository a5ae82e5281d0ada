import type { Kysely } from "kysely";
import { sql } from "kysely";

// Frozen in time: this migration must never import app code.
// Sign-in limits keyed on e-mail + address and on trusted devices, and one table of
// server secrets (the cookie-signing key when SESSION_SECRET is not set), shared by every process
// that uses this database.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table login_attempts drop constraint if exists login_attempts_scope_check`.execute(
    db,
  );
  await sql`alter table login_attempts add constraint login_attempts_scope_check
    check (scope in ('email', 'ip', 'email_ip', 'device', 'password'))`.execute(db);
  await db.schema
    .createTable("app_secrets")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull().check(sql`length(value) >= 32`))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("app_secrets").execute();
  await sql`delete from login_attempts where scope not in ('email', 'ip')`.execute(db);
  await sql`alter table login_attempts drop constraint if exists login_attempts_scope_check`.execute(
    db,
  );
  await sql`alter table login_attempts add constraint login_attempts_scope_check
    check (scope in ('email', 'ip'))`.execute(db);
}
