import type { Kysely } from "kysely";
import { sql } from "kysely";

// Frozen in time: this migration must never import app code.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("media_objects")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("storage_key", "text", (c) => c.notNull().unique())
    .addColumn("content_type", "text", (c) => c.notNull())
    .addColumn("bytes", "integer", (c) => c.notNull().check(sql`bytes >= 0`))
    .addColumn("width", "integer", (c) => c.check(sql`width > 0`))
    .addColumn("height", "integer", (c) => c.check(sql`height > 0`))
    .addColumn("variants", "jsonb", (c) =>
      c
        .notNull()
        .defaultTo(sql`'[]'::jsonb`)
        .check(sql`jsonb_typeof(variants) = 'array'`),
    )
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable("packages")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("kind", "text", (c) =>
      c.notNull().check(sql`kind in ('trip', 'exclusive', 'local', 'discovery')`),
    )
    .addColumn("slug", "text", (c) =>
      c.notNull().check(sql`slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length(slug) <= 120`),
    )
    .addColumn("title", "text", (c) =>
      c.notNull().check(sql`length(btrim(title)) between 1 and 200`),
    )
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("location", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("price", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("duration", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("travel_period", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("rating", "real", (c) => c.check(sql`rating between 0 and 5`))
    .addColumn("review_count", "integer", (c) => c.check(sql`review_count >= 0`))
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("draft")
        .check(sql`status in ('draft', 'published')`),
    )
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("highlights", "jsonb", (c) =>
      c
        .notNull()
        .defaultTo(sql`'[]'::jsonb`)
        .check(sql`jsonb_typeof(highlights) = 'array'`),
    )
    .addColumn("inclusions", "jsonb", (c) =>
      c
        .notNull()
        .defaultTo(sql`'[]'::jsonb`)
        .check(sql`jsonb_typeof(inclusions) = 'array'`),
    )
    .addColumn("exclusions", "jsonb", (c) =>
      c
        .notNull()
        .defaultTo(sql`'[]'::jsonb`)
        .check(sql`jsonb_typeof(exclusions) = 'array'`),
    )
    .addColumn("itinerary", "jsonb", (c) =>
      c
        .notNull()
        .defaultTo(sql`'[]'::jsonb`)
        .check(sql`jsonb_typeof(itinerary) = 'array'`),
    )
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint("packages_kind_slug_key", ["kind", "slug"])
    .execute();
  await db.schema
    .createIndex("packages_kind_position_idx")
    .on("packages")
    .columns(["kind", "position"])
    .execute();

  await db.schema
    .createTable("package_images")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("package_id", "uuid", (c) =>
      c.notNull().references("packages.id").onDelete("cascade"),
    )
    .addColumn("position", "smallint", (c) => c.notNull().check(sql`position between 0 and 3`))
    .addColumn("url", "text", (c) => c.notNull().check(sql`length(url) between 1 and 2048`))
    .addColumn("media_id", "uuid", (c) => c.references("media_objects.id").onDelete("set null"))
    .addColumn("alt", "text", (c) => c.notNull().defaultTo(""))
    .addUniqueConstraint("package_images_package_position_key", ["package_id", "position"])
    .execute();

  await db.schema
    .createTable("package_videos")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("package_id", "uuid", (c) =>
      c.notNull().references("packages.id").onDelete("cascade"),
    )
    .addColumn("position", "smallint", (c) => c.notNull().check(sql`position between 0 and 5`))
    .addColumn("type", "text", (c) => c.notNull().check(sql`type in ('upload', 'url')`))
    .addColumn("url", "text", (c) => c.notNull().check(sql`length(url) between 1 and 2048`))
    .addColumn("title", "text")
    .addColumn("description", "text")
    .addColumn("media_id", "uuid", (c) => c.references("media_objects.id").onDelete("set null"))
    .addUniqueConstraint("package_videos_package_position_key", ["package_id", "position"])
    .execute();

  await db.schema
    .createTable("travel_moments")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("title", "text", (c) =>
      c.notNull().check(sql`length(btrim(title)) between 1 and 200`),
    )
    .addColumn("description", "text")
    .addColumn("video_url", "text", (c) =>
      c.notNull().check(sql`length(video_url) between 1 and 2048`),
    )
    .addColumn("thumbnail_url", "text")
    .addColumn("duration", "text")
    .addColumn("order_index", "integer", (c) => c.notNull())
    .addColumn("is_active", "boolean", (c) => c.notNull().defaultTo(true))
    .addColumn("video_media_id", "uuid", (c) =>
      c.references("media_objects.id").onDelete("set null"),
    )
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable("admins")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("email", "text", (c) => c.notNull().check(sql`position('@' in email) > 1`))
    .addColumn("password_hash", "text", (c) =>
      c.notNull().check(sql`password_hash like '$argon2id$%'`),
    )
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index admins_email_lower_key on admins (lower(email))`.execute(db);

  await db.schema
    .createTable("sessions")
    .addColumn("id_hash", "text", (c) => c.primaryKey().check(sql`length(id_hash) = 64`))
    .addColumn("admin_id", "uuid", (c) => c.notNull().references("admins.id").onDelete("cascade"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("last_seen_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("sessions_admin_idx").on("sessions").column("admin_id").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    "sessions",
    "admins",
    "travel_moments",
    "package_videos",
    "package_images",
    "packages",
    "media_objects",
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
