import { bookingExpiryJob } from "../bookings/booking-expiry.server";
import { contentRetentionJob } from "../catalogue/deleted-packages.server";
import { scheduledPublishingJob } from "../catalogue/schedule-job.server";
import type { MediaStore } from "../media/media-store.server";
import { eventsRetentionJob } from "../events/events-retention.server";
import { enquiryRetentionJob } from "../leads/retention.server";
import type { Env } from "../platform/env.server";
import type { Job } from "../platform/jobs.server";

/**
 * The app's periodic jobs, registered with the runner at start (decision 092). A new job is a
 * plain function with its period: add it here.
 */
export function appJobs(
  env: Pick<
    Env,
    | "AUDIT_RETENTION_DAYS"
    | "ENQUIRY_RETENTION_DAYS"
    | "JOB_TICK_SECONDS"
    | "HISTORY_KEEP_VERSIONS"
    | "HISTORY_KEEP_DAYS"
  >,
  media: MediaStore,
): Job[] {
  return [
    scheduledPublishingJob(env.JOB_TICK_SECONDS * 1000),
    // Requested bookings whose hold ran out become expired, every tick.
    bookingExpiryJob(env.JOB_TICK_SECONDS * 1000),
    eventsRetentionJob(env.AUDIT_RETENTION_DAYS),
    enquiryRetentionJob(env.ENQUIRY_RETENTION_DAYS),
    contentRetentionJob(media, {
      keepVersions: env.HISTORY_KEEP_VERSIONS,
      keepDays: env.HISTORY_KEEP_DAYS,
    }),
  ];
}
