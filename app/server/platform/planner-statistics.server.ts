import { sql } from "kysely";
import type { Database } from "./db.server";
import type { Job } from "./jobs.server";

/*
 * The embedded database's planner statistics (decision 169). A PostgreSQL server keeps them by
 * itself: autovacuum analyzes a table once enough of it changed. PGlite runs PostgreSQL in
 * single-user mode, where no autovacuum runs and the activity counters it would read stay at
 * zero, so without this its tables were never analyzed: the planner guessed one row everywhere
 * and chose, for the German home's cards, to scan every German translation once per package
 * (7.4 ms a query; 1.1 ms analyzed).
 */

/** How often the running server analyzes the embedded database again. */
export const PLANNER_STATISTICS_EVERY_MS = 60 * 60 * 1000;

/**
 * Analyzes the embedded database (every table, a sample of each: about 0.1 s for the demo
 * catalogue); does nothing on a PostgreSQL server, whose autovacuum does it. True when it ran.
 */
export async function refreshPlannerStatistics(database: Pick<Database, "db" | "kind">) {
  if (database.kind !== "pglite") return false;
  await sql`analyze`.execute(database.db);
  return true;
}

/**
 * The hourly job that keeps the embedded database's statistics as its content grows (bookings,
 * events, translations); none for a PostgreSQL server.
 */
export function plannerStatisticsJobs(
  kind: Database["kind"],
  everyMs: number = PLANNER_STATISTICS_EVERY_MS,
): Job[] {
  if (kind !== "pglite") return [];
  return [
    {
      name: "planner-statistics",
      everyMs,
      run: async ({ db }) => {
        await refreshPlannerStatistics({ db, kind });
      },
    },
  ];
}
