import { LocalMediaStore } from "~/server/media/media-store.server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPackage, getPackageById } from "~/server/catalogue/packages.server";
import { applyDueSchedules, scheduledPublishingJob } from "~/server/catalogue/schedule-job.server";
import { eventsRetentionJob, pruneEvents } from "~/server/events/events-retention.server";
import { listEvents, recordEvent } from "~/server/events/events.server";
import { insertEnquiry } from "~/server/leads/enquiries.server";
import { appJobs } from "~/server/http/app-jobs.server";
import { siteConfigFrom } from "~/server/site/site.server";
import { parseEnv } from "~/server/platform/env.server";
import { openDatabase, type Database } from "~/server/platform/db.server";
import { captureLogs } from "~/server/platform/log.server";
import { JobRunner, type Job } from "~/server/platform/jobs.server";
import { BACKENDS, useTestDatabase } from "../support/db";
import { packageInput } from "../support/factories";
import { tempDirs } from "../support/files";
import { recordingMailer } from "../support/recording-mailer";

// The job runner (decision 092): periods claimed once across instances, failures
// counted, stop drains, catch-up at start; and the events retention job.

const T0 = new Date("2027-02-20T10:00:00Z");
const DAY = 24 * 60 * 60 * 1000;
const temp = tempDirs("wlx-jobs-");
afterAll(temp.removeAll);

const counting = (name: string, everyMs: number, work?: () => Promise<void>) => {
  const job: Job & { calls: Date[] } = {
    name,
    everyMs,
    calls: [],
    async run({ now }) {
      job.calls.push(now);
      await work?.();
    },
  };
  return job;
};

describe.each(BACKENDS)("job runner on %s", (backend) => {
  const { db } = useTestDatabase(backend);

  it("runs a job at start, then once per period however often it ticks", async () => {
    let now = T0;
    const runner = new JobRunner({ db: db(), now: () => now, tickMs: 60_000 });
    const job = counting("every-minute", 60_000);
    runner.register(job);
    await runner.start();
    await runner.tick();
    now = new Date(T0.getTime() + 30_000);
    await runner.tick();
    expect(job.calls).toHaveLength(1);
    now = new Date(T0.getTime() + 60_000);
    await runner.tick();
    expect(job.calls).toEqual([T0, now]);
    await runner.stop();
    // Stopped: ticks do nothing.
    now = new Date(T0.getTime() + 10 * 60_000);
    await runner.tick();
    expect(job.calls).toHaveLength(2);
  });

  it("counts failures, records the last error, and tries again next period", async () => {
    let now = T0;
    let fail = true;
    const logs = captureLogs();
    const runner = new JobRunner({ db: db(), now: () => now, tickMs: 60_000 });
    runner.register({
      name: "flaky",
      everyMs: 60_000,
      async run() {
        if (fail) throw new Error("flaky failed");
      },
    });
    await runner.tick();
    expect(runner.stats()).toEqual([{ name: "flaky", runs: 1, failures: 1 }]);
    const failed = await db().selectFrom("job_runs").selectAll().executeTakeFirstOrThrow();
    expect(failed.last_error).toBe("flaky failed");
    fail = false;
    now = new Date(T0.getTime() + 60_000);
    await runner.tick();
    expect(runner.stats()).toEqual([{ name: "flaky", runs: 2, failures: 1 }]);
    const ok = await db().selectFrom("job_runs").selectAll().executeTakeFirstOrThrow();
    expect(ok.last_error).toBeNull();
    expect(ok.last_finished_at).not.toBeNull();
    await runner.stop();
    logs.stop();
    expect(logs.lines).toContainEqual(
      expect.objectContaining({ level: "warn", msg: "job failed", job: "flaky" }),
    );
  });

  it("stop() waits for a running job; a tick while one runs joins it", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const runner = new JobRunner({ db: db(), now: () => T0, tickMs: 60_000 });
    const job = counting("slow", 60_000, () => gate);
    runner.register(job);
    const first = runner.tick();
    const second = runner.tick();
    expect(second).toBe(first);
    let stopped = false;
    const stopping = runner.stop().then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(job.calls).toHaveLength(1);
  });

  it("refuses bad or duplicate job names and too-frequent jobs", () => {
    const runner = new JobRunner({ db: db() });
    runner.register(counting("ok-name", 1_000));
    expect(() => runner.register(counting("ok-name", 1_000))).toThrow(/already registered/);
    expect(() => runner.register(counting("Bad Name", 1_000))).toThrow(/Invalid job name/);
    expect(() => runner.register(counting("fast", 10))).toThrow(/at most once a second/);
  });

  it("events retention deletes events older than the period only", async () => {
    const old = new Date(T0.getTime() - 366 * DAY);
    const recent = new Date(T0.getTime() - 364 * DAY);
    await recordEvent(db(), { type: "auth.sign_out" });
    await db()
      .insertInto("events")
      .values([
        { type: "auth.sign_in", created_at: old, details: "{}" },
        { type: "auth.sign_in", created_at: recent, details: "{}" },
      ])
      .execute();
    expect(await pruneEvents(db(), 365, T0)).toBe(1);
    const left = await listEvents(db());
    expect(left).toHaveLength(2);
    expect(left.every((e) => e.createdAt.getTime() >= recent.getTime())).toBe(true);

    const runner = new JobRunner({ db: db(), now: () => new Date(T0.getTime() + 2 * DAY) });
    runner.register(eventsRetentionJob(365));
    await runner.tick();
    await runner.stop();
    expect(await listEvents(db())).toHaveLength(1);
  });

  it("the app's jobs: scheduled publishing, booking expiry, events, enquiry and content retention", async () => {
    const media = new LocalMediaStore(temp.make());
    const env = parseEnv({ ENQUIRY_RETENTION_DAYS: "30", JOB_TICK_SECONDS: "10" });
    const jobs = appJobs(env, media, { mailer: recordingMailer(), site: siteConfigFrom(env) });
    expect(jobs.map((j) => [j.name, j.everyMs])).toEqual([
      ["scheduled-publishing", 10_000],
      ["booking-expiry", 10_000],
      // Booking operations (decision 121): hold reminders every tick, the rest hourly.
      ["booking-hold-reminder", 10_000],
      ["booking-departed-waitlists", 3_600_000],
      ["booking-retention", 3_600_000],
      ["events-retention", DAY],
      ["enquiry-retention", DAY],
      // History retention (versions, Recently deleted) and the unattached-upload sweep: hourly.
      ["content-retention", 3_600_000],
    ]);
    const enquiry = {
      firstName: "Amara",
      lastName: "Okafor",
      email: "amara@example.org",
      phone: "",
      travelDates: "",
      message: "Zanzibar, please.",
    };
    for (const daysOld of [31, 29]) {
      const row = await insertEnquiry(db(), enquiry);
      await db()
        .updateTable("enquiries")
        .set({ created_at: new Date(T0.getTime() - daysOld * DAY) })
        .where("id", "=", row.id)
        .execute();
    }
    const runner = new JobRunner({ db: db(), now: () => T0 });
    for (const job of jobs) runner.register(job);
    await runner.start();
    await runner.stop();
    expect(await db().selectFrom("enquiries").select("id").execute()).toHaveLength(1);
    expect(runner.stats().map((s) => [s.name, s.runs, s.failures])).toEqual([
      ["scheduled-publishing", 1, 0],
      ["booking-expiry", 1, 0],
      ["booking-hold-reminder", 1, 0],
      ["booking-departed-waitlists", 1, 0],
      ["booking-retention", 1, 0],
      ["events-retention", 1, 0],
      ["enquiry-retention", 1, 0],
      ["content-retention", 1, 0],
    ]);
  });
});

/**
 * Two app instances on one PostgreSQL: two runners on two separate connection pools. Each change
 * is applied once, and each job period is run by one of them.
 */
describe("two instances on one PostgreSQL", () => {
  const { db, database } = useTestDatabase("postgres");
  let other: Database;

  beforeAll(async () => {
    other = await openDatabase({ databaseUrl: database().url!, dataDir: "", poolSize: 5 });
  });
  afterAll(async () => {
    await other?.close();
  });

  async function overdue(count: number): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      const pkg = await createPackage(
        db(),
        "trip",
        packageInput("trip", { title: `Race ${i}`, status: "draft" }),
      );
      await db()
        .updateTable("packages")
        .set({ publish_at: new Date(T0.getTime() - (i + 1) * 1000) })
        .where("id", "=", pkg.id)
        .execute();
      ids.push(pkg.id);
    }
    return ids;
  }

  it("apply each due change exactly once when both race on the same rows", async () => {
    const ids = await overdue(40);
    const [a, b] = await Promise.all([
      applyDueSchedules(db(), T0),
      applyDueSchedules(other.db, T0),
    ]);
    expect(a.published + b.published).toBe(40);
    const events = await listEvents(db(), { type: "package.published_by_schedule" });
    expect(events.map((e) => e.details.id).sort()).toEqual([...ids].sort());
    for (const id of ids)
      expect((await getPackageById(db(), "trip", id))?.status).toBe("published");
  });

  it("two runners ticking together: one claims the period and applies everything", async () => {
    const ids = await overdue(10);
    const one = new JobRunner({ db: db(), now: () => T0 });
    const two = new JobRunner({ db: other.db, now: () => T0 });
    one.register(scheduledPublishingJob());
    two.register(scheduledPublishingJob());
    await Promise.all([one.start(), two.start()]);
    await Promise.all([one.stop(), two.stop()]);
    const runs = [...one.stats(), ...two.stats()].reduce((n, s) => n + s.runs, 0);
    expect(runs).toBe(1);
    const events = await listEvents(db(), { type: "package.published_by_schedule" });
    expect(events).toHaveLength(ids.length);
  });
});
