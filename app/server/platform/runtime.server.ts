import path from "node:path";
import type { SiteConfig } from "~/domain/site";
import { ensureAdmin } from "../auth/admins.server";
import { loadCookieSecret } from "../auth/secret.server";
import { openDatabase, setDatabase, type Database } from "./db.server";
import type { Env } from "./env.server";
import { setEnv } from "./env.server";
import { log, setLogLevel } from "./log.server";
import { LocalMediaStore, S3MediaStore, type MediaStore } from "../media/media-store.server";
import { configureMediaUrls } from "../media/media-urls.server";
import { migrateToLatest } from "./migrate.server";
import { seedDemo } from "../catalogue/seed.server";
import { siteConfigFrom } from "../site/site.server";
import { createMailer, setMailer } from "../mail/mailer.server";
import { configureSharp } from "../media/sharp-settings.server";
import { appJobs } from "./app-jobs.server";
import { JobRunner } from "./jobs.server";
import { requestWorkSettled } from "./request-work.server";

export interface Runtime {
  env: Env;
  database: Database;
  media: MediaStore;
  site: SiteConfig;
  /** The job runner (scheduled publishing, retention); its first tick runs at start. */
  jobs: JobRunner;
  close(): Promise<void>;
  /** Runs `stop` at the start of close(), before the database closes (background work). */
  onClose(stop: () => void): void;
}

let runtime: Runtime | undefined;

export function getRuntime(): Runtime {
  if (!runtime) throw new Error("Runtime not started");
  return runtime;
}

export function getMediaStore(): MediaStore {
  return getRuntime().media;
}

export function getSite(): SiteConfig {
  return getRuntime().site;
}

export function createMediaStore(env: Env): MediaStore {
  if (env.S3_BUCKET) {
    return new S3MediaStore({
      bucket: env.S3_BUCKET,
      region: env.S3_REGION,
      endpoint: env.S3_ENDPOINT,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      publicUrl: env.S3_PUBLIC_URL,
      forcePathStyle: env.S3_FORCE_PATH_STYLE,
    });
  }
  return new LocalMediaStore(path.resolve(env.DATA_DIR, "media"));
}

/** Opens the database, migrates, bootstraps the admin and seeds; everything the app needs. */
export async function startRuntime(env: Env): Promise<Runtime> {
  setEnv(env);
  setLogLevel(env.LOG_LEVEL);
  configureSharp();
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    const applied = await migrateToLatest(database.db);
    if (applied.length) log("info", "migrations applied", { migrations: applied });
    await loadCookieSecret(database.db, env.SESSION_SECRET);
    const media = createMediaStore(env);
    configureMediaUrls(media.publicBase);
    if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) {
      const result = await ensureAdmin(database.db, env.ADMIN_EMAIL, env.ADMIN_PASSWORD);
      log("info", result === "created" ? "admin created" : "admin exists", {
        email: env.ADMIN_EMAIL,
      });
    }
    if (env.SEED_DEMO) {
      const started = Date.now();
      const progress = (step: string) => log("info", `first start: ${step}`);
      if (await seedDemo(database.db, media, progress))
        log("info", "demo content seeded", { ms: Date.now() - started });
    }
    const site = siteConfigFrom(env);
    setMailer(
      createMailer({
        smtpUrl: env.SMTP_URL,
        from: env.MAIL_FROM ?? { name: site.name, address: site.email },
      }),
    );
    setDatabase(database);
    const stops: (() => void)[] = [];
    // Scheduled publishing, events and enquiry retention, and hourly history retention with the
    // sweep of uploads never attached (deleted after 24 h) (decision 092): the first tick runs
    // now, so scheduled changes that fell due while the app was down are applied at start.
    const jobs = new JobRunner({ db: database.db, tickMs: env.JOB_TICK_SECONDS * 1000 });
    for (const job of appJobs(env, media)) jobs.register(job);
    void jobs.start();
    runtime = {
      env,
      database,
      media,
      site,
      jobs,
      onClose(stop) {
        stops.push(stop);
      },
      async close() {
        // Actions whose client has gone still write: the database stays open until they end.
        await requestWorkSettled();
        await jobs.stop();
        for (const stop of stops.splice(0)) stop();
        setMailer(undefined);
        setDatabase(undefined);
        runtime = undefined;
        await database.close();
      },
    };
    return runtime;
  } catch (error) {
    await database.close();
    throw error;
  }
}
