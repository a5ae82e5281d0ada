import { sql } from "kysely";
import { inTransaction, type Db } from "../platform/db.server";
import type { Job } from "../platform/jobs.server";
import { DEFAULT_TICK_MS } from "../platform/jobs.server";
import { setPackageStatus } from "./packages.server";

/*
 * Applies scheduled publishes and unpublishes that have fallen due (decision 093), one
 * package per transaction: the row is locked with FOR UPDATE SKIP LOCKED, so with several
 * instances each change is applied by exactly one of them, and a package being saved at that
 * moment is left for the next tick. Each change goes through setPackageStatus, the function behind
 * the manual Publish / Unpublish, with the version action "scheduled_publish" / "scheduled_unpublish":
 * the version (by the system) records the activity-log event "package.published_by_schedule" /
 * "package.unpublished_by_schedule" in the same transaction. Packages in Recently deleted are left alone. The content trigger invalidates the page caches.
 */

export const SCHEDULE_BATCH = 100;

export interface ScheduleRun {
  published: number;
  unpublished: number;
  failed: number;
}

const isDue = (at: Date | string | null, now: Date) =>
  at !== null && new Date(at).getTime() <= now.getTime();

export async function applyDueSchedules(
  db: Db,
  now: Date,
  limit: number = SCHEDULE_BATCH,
): Promise<ScheduleRun> {
  const run: ScheduleRun = { published: 0, unpublished: 0, failed: 0 };
  const failed: string[] = [];
  const errors: string[] = [];
  for (let handled = 0; handled < limit; handled++) {
    let claimed: string | undefined;
    try {
      const done = await inTransaction(db, async (trx) => {
        const row = await trx
          .selectFrom("packages")
          .select(["id", "kind", "publish_at", "unpublish_at"])
          .where((eb) => eb.or([eb("publish_at", "<=", now), eb("unpublish_at", "<=", now)]))
          // A package in Recently deleted waits: restored, its schedule applies on the next tick.
          .where("deleted_at", "is", null)
          .$if(failed.length > 0, (q) => q.where("id", "not in", failed))
          .orderBy(sql`least(publish_at, unpublish_at)`)
          .orderBy("id")
          .limit(1)
          .forUpdate()
          .skipLocked()
          .executeTakeFirst();
        if (!row) return false;
        claimed = row.id;
        // Both due (the app was down through both): publish first, it was scheduled earlier.
        if (isDue(row.publish_at, now)) {
          await setPackageStatus(trx, row.kind, row.id, "published", {
            action: "scheduled_publish",
          });
          run.published++;
        }
        if (isDue(row.unpublish_at, now)) {
          await setPackageStatus(trx, row.kind, row.id, "draft", {
            action: "scheduled_unpublish",
          });
          run.unpublished++;
        }
        return true;
      });
      if (!done) break;
    } catch (error) {
      // One package that cannot be changed must not hold up the others: skipped until next tick.
      if (claimed === undefined) throw error;
      failed.push(claimed);
      errors.push(`${claimed}: ${error instanceof Error ? error.message : String(error)}`);
      run.failed++;
    }
  }
  if (errors.length) {
    throw new Error(
      `Scheduled changes failed for ${errors.length} package(s): ${errors.join("; ")}`,
    );
  }
  return run;
}

/** The runner's job: every tick, so a change is applied within a minute of its time. */
export function scheduledPublishingJob(everyMs: number = DEFAULT_TICK_MS): Job {
  return {
    name: "scheduled-publishing",
    everyMs,
    async run({ db, now }) {
      const { published, unpublished } = await applyDueSchedules(db, now);
      return published + unpublished;
    },
  };
}
