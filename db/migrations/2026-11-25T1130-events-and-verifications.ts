import type { Kysely } from "kysely";
import { sql } from "kysely";

// Frozen in time: this migration must never import app code.
// The append-only events table (the audit trail) and the one table of tokens that travel
// in links (invitations, password resets, e-mail checks): stored hashed, single-use, with expiry.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("events")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("type", "text", (c) =>
      c.notNull().check(sql`type ~ '^[a-z0-9_]+(\\.[a-z0-9_]+)*$' and length(type) <= 60`),
    )
    // No foreign keys: the trail outlives the accounts it names.
    .addColumn("admin_id", "uuid")
    .addColumn("actor_id", "uuid")
    .addColumn("email", "text", (c) => c.check(sql`length(email) <= 320`))
    .addColumn("ip", "text", (c) => c.check(sql`length(ip) <= 100`))
    .addColumn("user_agent", "text", (c) => c.check(sql`length(user_agent) <= 500`))
    .addColumn("details", "jsonb", (c) =>
      c
        .notNull()
        .defaultTo(sql`'{}'::jsonb`)
        .check(sql`jsonb_typeof(details) = 'object'`),
    )
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`clock_timestamp()`))
    .execute();
  await db.schema.createIndex("events_created_idx").on("events").column("created_at").execute();
  await db.schema
    .createIndex("events_admin_idx")
    .on("events")
    .columns(["admin_id", "created_at"])
    .execute();
  // Append-only: rows are never changed (the retention job may delete old ones).
  await sql`create function events_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'events are append-only' using errcode = '55000';
    end
  $$`.execute(db);
  await sql`create trigger events_no_update before update on events
    for each row execute function events_append_only()`.execute(db);

  await db.schema
    .createTable("verifications")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("type", "text", (c) =>
      c.notNull().check(sql`type in ('invite', 'password_reset', 'email_verify')`),
    )
    // The address the link was sent to (normalised to lower case).
    .addColumn("target", "text", (c) =>
      c.notNull().check(sql`length(target) between 3 and 320 and target = lower(target)`),
    )
    .addColumn("admin_id", "uuid", (c) => c.references("admins.id").onDelete("cascade"))
    .addColumn("created_by", "uuid", (c) => c.references("admins.id").onDelete("set null"))
    .addColumn("token_hash", "text", (c) =>
      c
        .notNull()
        .unique()
        .check(sql`length(token_hash) = 64`),
    )
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .addColumn("used_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex("verifications_target_idx")
    .on("verifications")
    .columns(["type", "target"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("verifications").execute();
  await db.schema.dropTable("events").execute();
  await sql`drop function if exists events_append_only()`.execute(db);
}
