import type { Kysely } from "kysely";
import { sql } from "kysely";

// Frozen in time: this migration must never import app code.
// One row per sign-in attempt that has not (yet) succeeded, by e-mail and by client IP; rows older
// than the rate-limit window are purged. Kept in the database so limits survive a restart.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("login_attempts")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("scope", "text", (c) => c.notNull().check(sql`scope in ('email', 'ip')`))
    .addColumn("subject", "text", (c) => c.notNull().check(sql`length(subject) between 1 and 320`))
    .addColumn("attempted_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex("login_attempts_scope_subject_idx")
    .on("login_attempts")
    .columns(["scope", "subject", "attempted_at"])
    .execute();
  await db.schema
    .createIndex("login_attempts_attempted_at_idx")
    .on("login_attempts")
    .column("attempted_at")
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("login_attempts").execute();
}
