import type { Db } from "../platform/db.server";
import { log } from "../platform/log.server";
import { purgeOldEnquiries } from "./enquiries.server";
import { pruneSubmissions } from "./submission-limit.server";

/*
 * ENQUIRY_RETENTION_DAYS (issue 18): enquiries are personal data kept only as long as the company
 * needs them. There is no in-app job runner yet, so the runtime starts this small daily timer
 * (decision 090); the job itself is the plain function purgeOldEnquiries.
 */
export const DAY_MS = 24 * 60 * 60 * 1000;

export interface RetentionOptions {
  days: number;
  intervalMs?: number;
  now?: () => Date;
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
