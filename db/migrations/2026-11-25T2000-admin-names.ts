import type { Kysely } from "kysely";
import { sql } from "kysely";

// Frozen in time: this migration must never import app code.
// An admin may have a display name (the team list shows it); null until one is set.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("admins")
    .addColumn("name", "text", (c) => c.check(sql`char_length(name) between 1 and 100`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("admins").dropColumn("name").execute();
}
