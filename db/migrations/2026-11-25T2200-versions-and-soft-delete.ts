import type { Kysely } from "kysely";
import { sql } from "kysely";

// Frozen in time: this migration must never import app code.
// History and restore: every save of a package or a travel moment stores a snapshot
// (content_versions); packages are soft-deleted (deleted_at/deleted_by) and purged after 30 days.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("content_versions")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("item_type", "text", (c) =>
      c.notNull().check(sql`item_type in ('package', 'moment')`),
    )
    // No foreign key: a moment's history goes with it, a package's when it is purged, in code.
    .addColumn("item_id", "uuid", (c) => c.notNull())
    .addColumn("number", "integer", (c) => c.notNull().check(sql`number >= 1`))
    .addColumn("action", "text", (c) => c.notNull().check(sql`length(action) between 1 and 40`))
    // The admin who saved; null for the system (seed, scheduled change). No foreign key: history
    // outlives a removed admin (the screen says "a removed admin").
    .addColumn("admin_id", "uuid")
    // A restore names the version it brought back.
    .addColumn("restored_from", "integer")
    .addColumn("content", "jsonb", (c) => c.notNull().check(sql`jsonb_typeof(content) = 'object'`))
    // The media objects the snapshot uses: the media lifecycle counts them as references.
    .addColumn("media_ids", sql`uuid[]`, (c) => c.notNull().defaultTo(sql`'{}'::uuid[]`))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint("content_versions_item_number_key", ["item_type", "item_id", "number"])
    .execute();
  await sql`create index content_versions_media_ids_idx on content_versions using gin (media_ids)`.execute(
    db,
  );
  await db.schema
    .createIndex("content_versions_created_at_idx")
    .on("content_versions")
    .column("created_at")
    .execute();

  await db.schema
    .alterTable("packages")
    .addColumn("deleted_at", "timestamptz")
    .addColumn("deleted_by", "uuid")
    .execute();
  // A deleted package gives its slug up: a new package may take it (restore then renumbers).
  await sql`alter table packages drop constraint packages_kind_slug_key`.execute(db);
  await sql`create unique index packages_kind_slug_key on packages (kind, slug) where deleted_at is null`.execute(
    db,
  );
  await sql`create index packages_deleted_at_idx on packages (deleted_at) where deleted_at is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from packages where deleted_at is not null`.execute(db);
  await sql`drop index if exists packages_deleted_at_idx`.execute(db);
  await sql`drop index if exists packages_kind_slug_key`.execute(db);
  await sql`alter table packages add constraint packages_kind_slug_key unique (kind, slug)`.execute(
    db,
  );
  await db.schema
    .alterTable("packages")
    .dropColumn("deleted_at")
    .dropColumn("deleted_by")
    .execute();
  await db.schema.dropTable("content_versions").execute();
}
