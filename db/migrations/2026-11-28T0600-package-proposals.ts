import type { Kysely } from "kysely";
import { sql } from "kysely";

// Frozen in time: this migration must never import app code.
// Decision 137: a Contributor's edit of a published package is kept as a proposal until an
// Editor approves it; the live package rows stay as they are. One proposal per package (a newer
// one replaces it). `input` is the write the approval applies; `snapshot` is the package as that
// write would make it (for "See the changes"); `media_ids` are the files the proposal uses, which
// count as references (nothing deletes them while the proposal exists); `base_version` is the
// package's version number the author edited.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("package_proposals")
    .addColumn("package_id", "uuid", (c) =>
      c.primaryKey().references("packages.id").onDelete("cascade"),
    )
    .addColumn("input", "jsonb", (c) => c.notNull())
    .addColumn("snapshot", "jsonb", (c) => c.notNull())
    .addColumn("media_ids", sql`uuid[]`, (c) => c.notNull().defaultTo(sql`'{}'::uuid[]`))
    .addColumn("base_version", "integer", (c) => c.notNull())
    .addColumn("proposed_by", "uuid", (c) => c.references("admins.id").onDelete("set null"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("package_proposals").execute();
}
