import type { Kysely } from "kysely";
import { sql } from "kysely";

// Frozen in time: this migration must never import app code.
// Decision 146: a Contributor's save of a translation of a live or scheduled package is kept as a
// pending translation until an Editor approves it; the live translation stays as it is. One row
// per package and language (a newer one replaces it). `value` is the validated translation the
// approval applies; `state` is saved (not yet submitted), in_review or sent_back, with the
// reviewer's comment; `base_updated_at` is when the live translation the author edited was saved.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("translation_proposals")
    .addColumn("package_id", "uuid", (c) =>
      c.notNull().references("packages.id").onDelete("cascade"),
    )
    .addColumn("lang", "text", (c) => c.notNull().check(sql`lang ~ '^[a-z]{2}$'`))
    .addColumn("value", "jsonb", (c) => c.notNull())
    .addColumn("state", "text", (c) =>
      c
        .notNull()
        .defaultTo("saved")
        .check(sql`state in ('saved', 'in_review', 'sent_back')`),
    )
    .addColumn("comment", "text", (c) => c.check(sql`char_length(comment) <= 1000`))
    .addColumn("base_updated_at", "timestamptz")
    .addColumn("proposed_by", "uuid", (c) => c.references("admins.id").onDelete("set null"))
    .addColumn("submitted_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("translation_proposals_pkey", ["package_id", "lang"])
    .execute();
  await db.schema
    .createIndex("translation_proposals_state_idx")
    .on("translation_proposals")
    .columns(["state", "submitted_at"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("translation_proposals").execute();
}
