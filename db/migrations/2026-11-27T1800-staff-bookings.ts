import type { Kysely } from "kysely";
import { sql } from "kysely";

// Frozen in time: this migration must never import app code.
// Bookings made by staff (decision 123): who made one (created_by) and the enquiry it came from
// (enquiry_id); both outlive nothing they point at (set null). The booking terms are a team
// setting (name 'booking_terms'); a change to that row empties the page cache like any content
// write, through the same NOTIFY function. Other settings are not shown on public pages, so the
// trigger fires only for that row.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("bookings")
    .addColumn("created_by", "uuid", (c) => c.references("admins.id").onDelete("set null"))
    .addColumn("enquiry_id", "uuid", (c) => c.references("enquiries.id").onDelete("set null"))
    .execute();
  await db.schema
    .createIndex("bookings_enquiry_id_idx")
    .on("bookings")
    .column("enquiry_id")
    .where(sql.ref("enquiry_id"), "is not", null)
    .execute();
  await sql`
    create trigger team_settings_terms_written
    after insert or update on team_settings
    for each row when (new.name = 'booking_terms')
    execute function wlx_content_changed()
  `.execute(db);
  await sql`
    create trigger team_settings_terms_deleted
    after delete on team_settings
    for each row when (old.name = 'booking_terms')
    execute function wlx_content_changed()
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists team_settings_terms_deleted on team_settings`.execute(db);
  await sql`drop trigger if exists team_settings_terms_written on team_settings`.execute(db);
  await db.schema.dropIndex("bookings_enquiry_id_idx").ifExists().execute();
  await db.schema
    .alterTable("bookings")
    .dropColumn("enquiry_id")
    .dropColumn("created_by")
    .execute();
}
