import type { Db } from "../platform/db.server";
import type { Job } from "../platform/jobs.server";
import { log } from "../platform/log.server";
import { purgeOldEnquiries } from "./enquiries.server";
import { pruneSubmissions } from "./submission-limit.server";

/*
 * ENQUIRY_RETENTION_DAYS: enquiries are personal data kept only as long as the company
 * needs them. The job runner runs enquiryRetentionJob daily (decision 092; decision 090 had a timer
 * of its own before the runner landed, still here as startEnquiryRetention).
 */
export const DAY_MS = 24 * 60 * 60 * 1000;

export interface RetentionOptions {
  days: number;
  intervalMs?: number;
  now?: () => Date;
}

/** The runner's job: the rate limit's old addresses, then enquiries past the retention period. */
export function enquiryRetentionJob(days: number, everyMs: number = DAY_MS): Job {
  return {
    name: "enquiry-retention",
    everyMs,
    async run({ db, now }) {
      // The rate limit's addresses go too, even when nobody has posted since.
      await pruneSubmissions(db);
      return purgeOldEnquiries(db, days, now);
    },
  };
}

/** Runs the purge now and then every day; the returned function stops it (awaiting a run). */
export function startEnquiryRetention(db: Db, options: RetentionOptions): () => Promise<void> {
  const now = options.now ?? (() => new Date());
  let running: Promise<void> = Promise.resolve();
  // Runs queue behind each other (never skipped): a day's purge always happens.
  const run = () => {
    const at = now();
    running = running
      .then(async () => {
        // The rate limit's addresses go too, even when nobody has posted since.
        await pruneSubmissions(db);
        return purgeOldEnquiries(db, options.days, at);
      })
      .then((count) => {
        if (count > 0) log("info", "old enquiries deleted", { count, days: options.days });
      })
      .catch((error: unknown) => log("warn", "enquiry retention failed", { error: String(error) }));
  };
  run();
  const timer = setInterval(run, options.intervalMs ?? DAY_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
