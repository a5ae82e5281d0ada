import type { Kysely } from "kysely";
import { sql } from "kysely";

// Frozen in time: this migration must never import app code.
// A travel moment's thumbnail gets its own alt text (blank: the moment's title is read).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("travel_moments")
    .addColumn("thumbnail_alt", "text", (c) =>
      c
        .notNull()
        .defaultTo("")
        .check(sql`char_length(thumbnail_alt) <= 250`),
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("travel_moments").dropColumn("thumbnail_alt").execute();
}
