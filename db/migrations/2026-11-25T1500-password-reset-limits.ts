import type { Kysely } from "kysely";
import { sql } from "kysely";

// Frozen in time: this migration must never import app code.
// Password-reset requests are limited per e-mail and per address, like sign-in.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table login_attempts drop constraint if exists login_attempts_scope_check`.execute(
    db,
  );
  await sql`alter table login_attempts add constraint login_attempts_scope_check
    check (scope in ('email', 'ip', 'email_ip', 'device', 'password', 'totp',
      'reset_email', 'reset_ip'))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from login_attempts where scope in ('reset_email', 'reset_ip')`.execute(db);
  await sql`alter table login_attempts drop constraint if exists login_attempts_scope_check`.execute(
    db,
  );
  await sql`alter table login_attempts add constraint login_attempts_scope_check
    check (scope in ('email', 'ip', 'email_ip', 'device', 'password', 'totp'))`.execute(db);
}
