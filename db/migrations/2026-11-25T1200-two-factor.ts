import type { Kysely } from "kysely";
import { sql } from "kysely";

// Frozen in time: this migration must never import app code.
// TOTP two-factor sign-in. The secret of an account (and one being enrolled), the last
// time step accepted (a code works once), hashed recovery codes, the short-lived challenge the
// password step yields, the assurance level of each session, and code attempts in the limits.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("admins")
    .addColumn("totp_secret", "text", (c) => c.check(sql`totp_secret ~ '^[A-Z2-7]{32}$'`))
    .addColumn("totp_pending_secret", "text", (c) =>
      c.check(sql`totp_pending_secret ~ '^[A-Z2-7]{32}$'`),
    )
    .addColumn("totp_enabled_at", "timestamptz")
    .addColumn("totp_last_step", "integer")
    .execute();
  await sql`alter table admins add constraint admins_totp_consistent
    check ((totp_secret is null) = (totp_enabled_at is null))`.execute(db);

  await db.schema
    .createTable("recovery_codes")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("admin_id", "uuid", (c) => c.notNull().references("admins.id").onDelete("cascade"))
    .addColumn("code_hash", "text", (c) => c.notNull().check(sql`length(code_hash) = 64`))
    .addColumn("used_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint("recovery_codes_admin_code_key", ["admin_id", "code_hash"])
    .execute();

  await db.schema
    .createTable("login_challenges")
    .addColumn("id_hash", "text", (c) => c.primaryKey().check(sql`length(id_hash) = 64`))
    .addColumn("admin_id", "uuid", (c) => c.notNull().references("admins.id").onDelete("cascade"))
    // What the finished sign-in issues: the trusted-device cookie for this e-mail (and its id).
    .addColumn("device_email", "text", (c) => c.notNull().check(sql`length(device_email) <= 320`))
    .addColumn("device_id", "text", (c) => c.check(sql`length(device_id) <= 64`))
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex("login_challenges_admin_idx")
    .on("login_challenges")
    .column("admin_id")
    .execute();

  await db.schema
    .alterTable("sessions")
    .addColumn("aal", "smallint", (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(sql`aal in (1, 2)`),
    )
    .addColumn("ip", "text", (c) => c.check(sql`length(ip) <= 100`))
    .addColumn("user_agent", "text", (c) => c.check(sql`length(user_agent) <= 500`))
    .execute();

  await sql`alter table login_attempts drop constraint if exists login_attempts_scope_check`.execute(
    db,
  );
  await sql`alter table login_attempts add constraint login_attempts_scope_check
    check (scope in ('email', 'ip', 'email_ip', 'device', 'password', 'totp'))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from login_attempts where scope = 'totp'`.execute(db);
  await sql`alter table login_attempts drop constraint if exists login_attempts_scope_check`.execute(
    db,
  );
  await sql`alter table login_attempts add constraint login_attempts_scope_check
    check (scope in ('email', 'ip', 'email_ip', 'device', 'password'))`.execute(db);
  await db.schema
    .alterTable("sessions")
    .dropColumn("aal")
    .dropColumn("ip")
    .dropColumn("user_agent")
    .execute();
  await db.schema.dropTable("login_challenges").execute();
  await db.schema.dropTable("recovery_codes").execute();
  await sql`alter table admins drop constraint admins_totp_consistent`.execute(db);
  await db.schema
    .alterTable("admins")
    .dropColumn("totp_secret")
    .dropColumn("totp_pending_secret")
    .dropColumn("totp_enabled_at")
    .dropColumn("totp_last_step")
    .execute();
}
