import type { Kysely } from "kysely";
import { sql } from "kysely";

// Frozen in time: this migration must never import app code.
// The company's texts per language (decision 150): the header's tagline, the footer's about text
// and address in each language other than the default, a team setting (name 'company_texts').
// Every public page shows them, so a change to that row empties the page cache like the booking
// terms do, through the same NOTIFY function.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create trigger team_settings_company_texts_written
    after insert or update on team_settings
    for each row when (new.name = 'company_texts')
    execute function wlx_content_changed()
  `.execute(db);
  await sql`
    create trigger team_settings_company_texts_deleted
    after delete on team_settings
    for each row when (old.name = 'company_texts')
    execute function wlx_content_changed()
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists team_settings_company_texts_deleted on team_settings`.execute(
    db,
  );
  await sql`drop trigger if exists team_settings_company_texts_written on team_settings`.execute(
    db,
  );
}
