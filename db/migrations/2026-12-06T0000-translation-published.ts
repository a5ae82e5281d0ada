import type { Kysely } from "kysely";
import { sql } from "kysely";

// Frozen in time: this migration must never import app code.
// Decision 154: publishing a package's translation is explicit. A translation appears in its
// language only when staff published it there (and its title and description are translated).
// Translations that appear today (title and description filled) are published, so no page
// disappears; pending translations (decision 146) carry the flag their approval would set.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("package_translations")
    .addColumn("published", "boolean", (c) => c.notNull().defaultTo(false))
    .execute();
  await sql`
    update package_translations set published = true
    where btrim(title) <> '' and btrim(description) <> ''
  `.execute(db);
  await sql`
    update translation_proposals
    set value = jsonb_set(
      value,
      '{published}',
      to_jsonb(btrim(coalesce(value->>'title', '')) <> '' and btrim(coalesce(value->>'description', '')) <> '')
    )
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`update translation_proposals set value = value - 'published'`.execute(db);
  await db.schema.alterTable("package_translations").dropColumn("published").execute();
}
