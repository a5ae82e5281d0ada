import type { Kysely } from "kysely";
import { sql } from "kysely";

// Frozen in time: this migration must never import app code.
// Settings of the whole team (first: "require two-factor for every admin").
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("team_settings")
    .addColumn("name", "text", (c) => c.primaryKey().check(sql`name ~ '^[a-z_]{1,60}$'`))
    .addColumn("value", "jsonb", (c) => c.notNull())
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("team_settings").execute();
}
