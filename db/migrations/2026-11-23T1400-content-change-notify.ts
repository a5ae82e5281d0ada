import type { Kysely } from "kysely";
import { sql } from "kysely";

// Frozen in time: this migration must never import app code.
// Every committed write to what the public site shows sends one NOTIFY (PostgreSQL merges
// duplicates within a transaction and delivers only after commit), so each app instance, and the
// writer itself, drops its page cache however the write was made (services, API, CLI, psql).
const TABLES = ["packages", "package_images", "package_videos", "travel_moments", "media_objects"];

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function wlx_content_changed() returns trigger language plpgsql as $$
    begin
      perform pg_notify('wlx_content_changed', tg_table_name);
      return null;
    end
    $$
  `.execute(db);
  for (const table of TABLES) {
    await sql`
      create trigger ${sql.id(`${table}_content_changed`)}
      after insert or update or delete or truncate on ${sql.table(table)}
      for each statement execute function wlx_content_changed()
    `.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    await sql`drop trigger if exists ${sql.id(`${table}_content_changed`)} on ${sql.table(table)}`.execute(
      db,
    );
  }
  await sql`drop function if exists wlx_content_changed()`.execute(db);
}
