import type { SiteConfig } from "~/domain/site";
import { ensureAdmin } from "../auth/admins.server";
import { loadCookieSecret } from "../auth/secret.server";
import { loadTotpKeys, resealTotpSecrets } from "../auth/totp-seal.server";
import { openDatabase, type Database } from "../platform/db.server";
import type { Env } from "../platform/env.server";
import { log, setLogLevel } from "../platform/log.server";
import { openMediaStore, type MediaStore } from "../media/media-store.server";
import { migrateToLatest } from "../platform/migrate.server";
import { seedDemo } from "../catalogue/seed.server";
import { seedDemoInWorker } from "./seed-worker.server";
import { siteConfigFrom } from "../site/site.server";
import { createMailer, type Mailer } from "../mail/mailer.server";
import { createStripeAccess, type StripeAccess } from "../payments/stripe.server";
import { configureSharp } from "../media/sharp-settings.server";
import { appJobs } from "./app-jobs.server";
import { JobRunner } from "../platform/jobs.server";
import { plannerStatisticsJobs } from "../platform/planner-statistics.server";
import { requestWorkSettled } from "./request-work.server";

export interface Runtime {
  env: Env;
  database: Database;
  media: MediaStore;
  /** Sends e-mail (SMTP_URL), or logs what it would send. */
  mailer: Mailer;
  /** The site facts; `site.timeZone` (SITE_TIME_ZONE) is the one source of the time zone. */
  site: SiteConfig;
  /** The job runner (scheduled publishing, retention); its first tick runs at start. */
  jobs: JobRunner;
  /** Stripe (decision 130), or null while payments are off. */
  stripe: StripeAccess | null;
  close(): Promise<void>;
  /**
   * Runs `stop` at the start of close() and waits for it, before the database closes
   * (background work that may still be reading it).
   */
  onClose(stop: () => void | Promise<void>): void;
}

export interface RuntimeOptions {
  /**
   * The built server bundle's file URL: set, the first start seeds the demo content in a worker
   * thread that imports it (seed-worker.server.ts); unset, on this thread.
   */
  serverModule?: string;
}

/**
 * Opens the database, migrates, bootstraps the admin and seeds; everything the app needs. Nothing
 * is kept in module globals: the server hands these to loaders and actions through React Router's
 * context (app/server/http/services-context.server.ts).
 */

export async function startRuntime(env: Env, options: RuntimeOptions = {}): Promise<Runtime> {
  setLogLevel(env.LOG_LEVEL);
  configureSharp();
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    const applied = await migrateToLatest(database.db);
    if (applied.length) log("info", "migrations applied", { migrations: applied });
    await loadCookieSecret(database.db, env.SESSION_SECRET);
    loadTotpKeys(env.SESSION_SECRET, env.SESSION_SECRET_PREVIOUS);
    const resealed = await resealTotpSecrets(database.db);
    if (resealed) log("info", "two-factor secrets rewritten for the current key", { resealed });
    const media = openMediaStore(env);
    if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) {
      const result = await ensureAdmin(database.db, env.ADMIN_EMAIL, env.ADMIN_PASSWORD);
      log("info", result === "created" ? "admin created" : "admin exists", {
        email: env.ADMIN_EMAIL,
      });
    }
    if (env.SEED_DEMO) {
      const started = Date.now();
      const progress = (step: string) => log("info", `first start: ${step}`);
      // The built server seeds in a worker of its own (decision 167); tests and `npm run dev`,
      // which run the sources, seed on this thread.
      const seeded = options.serverModule
        ? await seedDemoInWorker(database.db, env, options.serverModule, progress)
        : await seedDemo(database.db, media, progress);
      if (seeded) log("info", "demo content seeded", { ms: Date.now() - started });
    }
    const site = siteConfigFrom(env);
    const mailer = createMailer({
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM ?? { name: site.name, address: site.email },
    });
    const stops: (() => void | Promise<void>)[] = [];
    // Scheduled publishing, events and enquiry retention, and hourly history retention with the
    // sweep of uploads never attached (deleted after 24 h) (decision 092): the first tick runs
    // now, so scheduled changes that fell due while the app was down are applied at start.
    const jobs = new JobRunner({ db: database.db, tickMs: env.JOB_TICK_SECONDS * 1000 });
    for (const job of appJobs(env, media, { mailer, site })) jobs.register(job);
    // The embedded database has no autovacuum: a job analyzes it, at start (its first tick) and
    // hourly (decision 169).
    for (const job of plannerStatisticsJobs(database.kind)) jobs.register(job);
    void jobs.start();
    return {
      env,
      database,
      media,
      mailer,
      site,
      jobs,
      stripe: createStripeAccess(env),
      onClose(stop) {
        stops.push(stop);
      },
      async close() {
        // Actions whose client has gone still write: the database stays open until they end.
        await requestWorkSettled();
        await jobs.stop();
        await Promise.all(stops.splice(0).map((stop) => stop()));
        mailer.close();
        await database.close();
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}
