import { bookingExpiryJob } from "../bookings/booking-expiry.server";
import { bookingOperationJobs } from "../bookings/booking-jobs.server";
import { contentRetentionJob } from "../catalogue/deleted-packages.server";
import { scheduledPublishingJob } from "../catalogue/schedule-job.server";
import type { Mailer } from "../mail/mailer.server";
import type { MediaStore } from "../media/media-store.server";
import { eventsRetentionJob } from "../events/events-retention.server";
import { enquiryRetentionJob } from "../leads/retention.server";
import { paymentReceiptJob } from "../payments/payment-mail.server";
import type { Env } from "../platform/env.server";
import type { Job } from "../platform/jobs.server";
import { balanceJobs } from "../payments/balance.server";
import { reconcileJob } from "../payments/reconcile.server";
import { createStripeAccess, paymentsEnabled } from "../payments/stripe.server";
import type { SiteConfig } from "~/domain/site";

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
    | "BOOKING_HOLD_HOURS"
    | "BOOKING_RETENTION_DAYS"
    | "ENQUIRY_NOTIFY_TO"
    | "STRIPE_SECRET_KEY"
    | "STRIPE_WEBHOOK_SECRET"
    | "STRIPE_API_URL"
  >,
  media: MediaStore,
  mail: { mailer: Mailer; site: SiteConfig },
): Job[] {
  const stripe = createStripeAccess(env);
  return [
    scheduledPublishingJob(env.JOB_TICK_SECONDS * 1000),
    // Requested bookings whose hold ran out become expired, every tick.
    bookingExpiryJob(env.JOB_TICK_SECONDS * 1000),
    // Hold reminders every tick; departed dates' waiting lists and booking retention hourly.
    ...bookingOperationJobs(
      {
        holdHours: env.BOOKING_HOLD_HOURS,
        retentionDays: env.BOOKING_RETENTION_DAYS,
        mailer: mail.mailer,
        site: mail.site,
        notifyTo: env.ENQUIRY_NOTIFY_TO ?? mail.site.email,
      },
      env.JOB_TICK_SECONDS * 1000,
    ),
    // Receipts and team notices of card payments the webhook marked paid, every tick (133).
    ...(paymentsEnabled(env)
      ? [
          paymentReceiptJob(
            {
              mailer: mail.mailer,
              site: mail.site,
              notifyTo: env.ENQUIRY_NOTIFY_TO ?? mail.site.email,
            },
            env.JOB_TICK_SECONDS * 1000,
          ),
        ]
      : []),
    // With payments on: balance reminders and the overdue flag, hourly (decision 136).
    ...(paymentsEnabled(env) ? balanceJobs({ mailer: mail.mailer, site: mail.site }) : []),
    // Checkout Sessions whose webhook never came are asked of Stripe (decision 136).
    ...(stripe ? [reconcileJob(stripe)] : []),
    eventsRetentionJob(env.AUDIT_RETENTION_DAYS),
    enquiryRetentionJob(env.ENQUIRY_RETENTION_DAYS),
    contentRetentionJob(media, {
      keepVersions: env.HISTORY_KEEP_VERSIONS,
      keepDays: env.HISTORY_KEEP_DAYS,
    }),
  ];
}
