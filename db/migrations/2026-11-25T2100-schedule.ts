import type { Kysely } from "kysely";
import { sql } from "kysely";

// Frozen in time: this migration must never import app code.
// Scheduled publish and unpublish (decision 093), and the job runner's claims
// (decision 092): one row per named periodic job, so with several instances each period's run
// is claimed by exactly one of them.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("packages")
    .addColumn("publish_at", "timestamptz")
    .addColumn("unpublish_at", "timestamptz")
    .execute();
  await db.schema
    .alterTable("packages")
    .addCheckConstraint(
      "packages_schedule_order",
      sql`publish_at is null or unpublish_at is null or unpublish_at > publish_at`,
    )
    .execute();
  // The runner asks "what is due?" every tick: only scheduled rows are indexed.
  await sql`create index packages_publish_at_idx on packages (publish_at) where publish_at is not null`.execute(
    db,
  );
  await sql`create index packages_unpublish_at_idx on packages (unpublish_at) where unpublish_at is not null`.execute(
    db,
  );
  await db.schema
    .createTable("job_runs")
    .addColumn("name", "text", (c) => c.primaryKey().check(sql`length(name) between 1 and 60`))
    .addColumn("last_started_at", "timestamptz", (c) => c.notNull())
    .addColumn("last_finished_at", "timestamptz")
    .addColumn("last_error", "text", (c) => c.check(sql`length(last_error) <= 1000`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("job_runs").execute();
  await sql`drop index if exists packages_publish_at_idx`.execute(db);
  await sql`drop index if exists packages_unpublish_at_idx`.execute(db);
  await db.schema.alterTable("packages").dropConstraint("packages_schedule_order").execute();
  await db.schema
    .alterTable("packages")
    .dropColumn("publish_at")
    .dropColumn("unpublish_at")
    .execute();
}
