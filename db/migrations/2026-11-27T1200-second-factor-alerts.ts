import type { Kysely } from "kysely";
import { sql } from "kysely";

// Frozen in time: this migration must never import app code.
// Decision 117: wrong sign-in codes typed on a trusted device count against that device
// ('totp_device'), not the admin, so whoever knows the password cannot lock the admin's own browser
// out of the second step; and the admin is told, at most once an hour, when codes fail repeatedly
// after their password was right (second_factor_alert_at: when the last such e-mail went out).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table login_attempts drop constraint if exists login_attempts_scope_check`.execute(
    db,
  );
  await sql`alter table login_attempts add constraint login_attempts_scope_check
    check (scope in ('email', 'ip', 'email_ip', 'device', 'password', 'totp', 'totp_device',
      'reset_email', 'reset_ip'))`.execute(db);
  await db.schema.alterTable("admins").addColumn("second_factor_alert_at", "timestamptz").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("admins").dropColumn("second_factor_alert_at").execute();
  await sql`delete from login_attempts where scope = 'totp_device'`.execute(db);
  await sql`alter table login_attempts drop constraint if exists login_attempts_scope_check`.execute(
    db,
  );
  await sql`alter table login_attempts add constraint login_attempts_scope_check
    check (scope in ('email', 'ip', 'email_ip', 'device', 'password', 'totp',
      'reset_email', 'reset_ip'))`.execute(db);
}
