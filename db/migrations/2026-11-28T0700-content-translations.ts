import type { Kysely } from "kysely";
import { sql } from "kysely";

// Frozen in time: this migration must never import app code.
// Decision 139: translated content. A package's and a travel moment's text fields in each
// language other than the default live in their own row per language; a blank field falls back
// to the default language's text. A package "appears" in a language once its title and
// description are translated there. Each language has its own slug (unique among the packages
// of that language); slugs given up by an edit are kept, per language, so old links answer 301.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("package_translations")
    .addColumn("package_id", "uuid", (c) =>
      c.notNull().references("packages.id").onDelete("cascade"),
    )
    .addColumn("lang", "text", (c) => c.notNull().check(sql`lang ~ '^[a-z]{2}$'`))
    .addColumn("title", "text", (c) =>
      c
        .notNull()
        .defaultTo("")
        .check(sql`char_length(title) <= 200`),
    )
    .addColumn("slug", "text", (c) => c.check(sql`slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`))
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("highlights", "jsonb", (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn("itinerary", "jsonb", (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn("inclusions", "jsonb", (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn("exclusions", "jsonb", (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn("faqs", "jsonb", (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn("meeting_point", "text", (c) => c.notNull().defaultTo(""))
    // A departure's note per departure id, and an image's alt text per image URL.
    .addColumn("departure_notes", "jsonb", (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn("image_alts", "jsonb", (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_by", "uuid", (c) => c.references("admins.id").onDelete("set null"))
    .addPrimaryKeyConstraint("package_translations_pkey", ["package_id", "lang"])
    .execute();
  await db.schema
    .createIndex("package_translations_lang_slug_idx")
    .on("package_translations")
    .columns(["lang", "slug"])
    .execute();

  // Slugs a package gave up, per language (the default language's too): an old link redirects.
  await db.schema
    .createTable("package_slug_history")
    // '' is the package's own slug (the default language, whichever that is).
    .addColumn("lang", "text", (c) => c.notNull().check(sql`lang = '' or lang ~ '^[a-z]{2}$'`))
    .addColumn("slug", "text", (c) => c.notNull())
    .addColumn("package_id", "uuid", (c) =>
      c.notNull().references("packages.id").onDelete("cascade"),
    )
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("package_slug_history_pkey", ["lang", "slug"])
    .execute();

  await db.schema
    .createTable("moment_translations")
    .addColumn("moment_id", "uuid", (c) =>
      c.notNull().references("travel_moments.id").onDelete("cascade"),
    )
    .addColumn("lang", "text", (c) => c.notNull().check(sql`lang ~ '^[a-z]{2}$'`))
    .addColumn("title", "text", (c) =>
      c
        .notNull()
        .defaultTo("")
        .check(sql`char_length(title) <= 200`),
    )
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("thumbnail_alt", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("moment_translations_pkey", ["moment_id", "lang"])
    .execute();

  // Translations reach public pages: a committed change empties the page cache, as for packages.
  for (const table of ["package_translations", "package_slug_history", "moment_translations"]) {
    await sql`
      create trigger ${sql.id(`${table}_content_changed`)}
      after insert or update or delete or truncate on ${sql.table(table)}
      for each statement execute function wlx_content_changed()
    `.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("moment_translations").execute();
  await db.schema.dropTable("package_slug_history").execute();
  await db.schema.dropTable("package_translations").execute();
}
