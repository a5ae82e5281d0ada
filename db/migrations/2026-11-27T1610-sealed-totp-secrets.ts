import type { Kysely } from "kysely";
import { sql } from "kysely";

// Frozen in time: this migration must never import app code.
// Decision 120: with SESSION_SECRET set, a two-factor secret is stored sealed (AES-256-GCM),
// `v1.<key id>.<iv>.<ciphertext and tag>`; without it, as before (base32). The checks accept both.
const PLAIN = "^[A-Z2-7]{32}$";
const SEALED = "^v1\\.[0-9a-f]{8}\\.[A-Za-z0-9_-]{16}\\.[A-Za-z0-9_-]{40,200}$";

export async function up(db: Kysely<any>): Promise<void> {
  for (const column of ["totp_secret", "totp_pending_secret"]) {
    await sql`alter table admins drop constraint if exists ${sql.raw(`admins_${column}_check`)}`.execute(
      db,
    );
    await sql`alter table admins add constraint ${sql.raw(`admins_${column}_check`)}
      check (${sql.ref(column)} ~ ${sql.lit(PLAIN)} or ${sql.ref(column)} ~ ${sql.lit(SEALED)})`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ["totp_secret", "totp_pending_secret"]) {
    await sql`alter table admins drop constraint if exists ${sql.raw(`admins_${column}_check`)}`.execute(
      db,
    );
    await sql`alter table admins add constraint ${sql.raw(`admins_${column}_check`)}
      check (${sql.ref(column)} ~ ${sql.lit(PLAIN)}) not valid`.execute(db);
  }
}
