import type { Db } from "../platform/db.server";
import type { Job } from "../platform/jobs.server";

/*
 * AUDIT_RETENTION_DAYS: the events table is append-only; only this job deletes, and
 * only rows older than the retention period. Deletes go in batches so a first run over a large
 * table does not hold one long transaction.
 */
export const DAY_MS = 24 * 60 * 60 * 1000;
const BATCH = 5_000;

/** Deletes events older than `days` days before `now`; returns how many went. */
export async function pruneEvents(db: Db, days: number, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - days * DAY_MS);
  let total = 0;
  for (;;) {
    const result = await db
      .deleteFrom("events")
      .where(
        "id",
        "in",
        db.selectFrom("events").select("id").where("created_at", "<", cutoff).limit(BATCH),
      )
      .executeTakeFirst();
    const count = Number(result.numDeletedRows);
    total += count;
    if (count < BATCH) return total;
  }
}

/** The runner's job: daily, whichever instance claims the day's run. */
export function eventsRetentionJob(days: number, everyMs: number = DAY_MS): Job {
  return {
    name: "events-retention",
    everyMs,
    run: ({ db, now }) => pruneEvents(db, days, now),
  };
}
