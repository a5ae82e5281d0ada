import type { Kysely } from "kysely";
import { sql } from "kysely";

// Frozen in time: this migration must never import app code.
// Decision 117: a Book Now click counts once per visitor, package and day. A visitor is known only
// by a keyed hash of their address, browser and the package, under a random salt of that day: the
// salt and the hashes are deleted once the day is over, so yesterday's visitors cannot be told
// apart or recognised again, and no address or user agent is ever stored.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("booking_click_salts")
    .addColumn("day", "date", (c) => c.primaryKey())
    .addColumn("salt", "text", (c) => c.notNull().check(sql`length(salt) between 32 and 128`))
    .execute();
  await db.schema
    .createTable("booking_click_visitors")
    .addColumn("day", "date", (c) => c.notNull())
    .addColumn("visitor", "text", (c) => c.notNull().check(sql`visitor ~ '^[A-Za-z0-9_-]{43}$'`))
    .addPrimaryKeyConstraint("booking_click_visitors_pkey", ["day", "visitor"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("booking_click_visitors").execute();
  await db.schema.dropTable("booking_click_salts").execute();
}
