import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { SCHEDULE_MESSAGES } from "~/domain/schedule";
import {
  createPackage,
  deletePackage,
  getPackageById,
  setPackageStatus,
  updatePackage,
} from "~/server/catalogue/packages.server";
import { applyDueSchedules, scheduledPublishingJob } from "~/server/catalogue/schedule-job.server";
import { listEvents } from "~/server/events/events.server";
import type { Db } from "~/server/platform/db.server";
import { isAppError } from "~/server/platform/errors.server";
import { captureLogs } from "~/server/platform/log.server";
import { JobRunner } from "~/server/platform/jobs.server";
import { PageCache } from "~/server/site/page-cache.server";
import { splitPage } from "~/server/site/page-encoding.server";
import { BACKENDS, useTestDatabase } from "../support/db";
import { packageInput } from "../support/factories";

// Scheduled publish and unpublish, applied by the job runner (decisions 092, 093).

const T0 = new Date("2027-02-20T10:00:00Z");
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);
const iso = (minutes: number) => at(minutes).toISOString();

/** A fake clock the runner reads; tests move it and tick by hand. */
function fakeClock(start: Date) {
  let now = start;
  return {
    now: () => now,
    set: (next: Date) => void (now = next),
  };
}

async function refusal(work: Promise<unknown>): Promise<{ status: number; details: object }> {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!isAppError(error)) throw new Error(`expected a refusal, got ${String(error)}`);
  return { status: error.status, details: error.details ?? {} };
}

/** Writes a schedule straight into the row: the past times the service refuses (downtime). */
async function forceSchedule(db: Db, id: string, publishAt: Date | null, unpublishAt: Date | null) {
  await db
    .updateTable("packages")
    .set({ publish_at: publishAt, unpublish_at: unpublishAt })
    .where("id", "=", id)
    .execute();
}

describe.each(BACKENDS)("scheduled publishing on %s", (backend) => {
  const { db, database } = useTestDatabase(backend);

  const draft = (title: string, schedule: { publish_at?: string; unpublish_at?: string } = {}) =>
    createPackage(db(), "trip", packageInput("trip", { title, status: "draft", ...schedule }), {
      now: T0,
    });

  describe("validation (nothing saved on refusal)", () => {
    it("stores a schedule in UTC and reads it back as ISO 8601", async () => {
      const pkg = await createPackage(
        db(),
        "exclusive",
        packageInput("exclusive", {
          status: "draft",
          publish_at: "2027-03-01T08:00:00+02:00",
          unpublish_at: "2027-03-31T23:59:00+02:00",
        }),
        { now: T0 },
      );
      expect(pkg.publish_at).toBe("2027-03-01T06:00:00.000Z");
      expect(pkg.unpublish_at).toBe("2027-03-31T21:59:00.000Z");
    });

    it("refuses a past time for a future action, on create and on update", async () => {
      const refused = await refusal(draft("Past", { publish_at: iso(-1) }));
      expect(refused).toEqual({
        status: 400,
        details: { publish_at: [SCHEDULE_MESSAGES.publishPast] },
      });
      const count = await db().selectFrom("packages").select("id").execute();
      expect(count).toHaveLength(0);

      const pkg = await draft("Later", { publish_at: iso(60) });
      const update = packageInput("trip", {
        title: "Later",
        status: "published",
        publish_at: null,
        unpublish_at: iso(-5),
      });
      expect(await refusal(updatePackage(db(), "trip", pkg.id, update, { now: T0 }))).toEqual({
        status: 400,
        details: { unpublish_at: [SCHEDULE_MESSAGES.unpublishPast] },
      });
      expect((await getPackageById(db(), "trip", pkg.id))?.publish_at).toBe(iso(60));
    });

    it("refuses an unpublish at or before the publish", async () => {
      for (const unpublish of [60, 30]) {
        const refused = await refusal(
          draft("Order", { publish_at: iso(60), unpublish_at: iso(unpublish) }),
        );
        expect(refused.details).toEqual({
          unpublish_at: [SCHEDULE_MESSAGES.unpublishBeforePublish],
        });
      }
    });

    it("refuses Publish at on a published package, and Unpublish at alone on a draft", async () => {
      const published = createPackage(
        db(),
        "trip",
        packageInput("trip", { status: "published", publish_at: iso(60) }),
        { now: T0 },
      );
      expect((await refusal(published)).details).toEqual({
        publish_at: [SCHEDULE_MESSAGES.publishedWithPublishAt],
      });
      expect((await refusal(draft("Alone", { unpublish_at: iso(60) }))).details).toEqual({
        unpublish_at: [SCHEDULE_MESSAGES.draftUnpublishOnly],
      });
    });

    it("keeps an unchanged time that has just fallen due (the runner has not applied it yet)", async () => {
      const pkg = await draft("Due", { publish_at: iso(10) });
      const later = at(11);
      const saved = await updatePackage(
        db(),
        "trip",
        pkg.id,
        packageInput("trip", { title: "Due, renamed", status: "draft", publish_at: iso(10) }),
        { now: later },
      );
      expect(saved.publish_at).toBe(iso(10));
    });

    it("an update that leaves the fields out keeps them; null clears them", async () => {
      const pkg = await draft("Kept", { publish_at: iso(60), unpublish_at: iso(120) });
      const kept = await updatePackage(
        db(),
        "trip",
        pkg.id,
        packageInput("trip", { title: "Kept", status: "draft" }),
        { now: T0 },
      );
      expect([kept.publish_at, kept.unpublish_at]).toEqual([iso(60), iso(120)]);
      const cleared = await updatePackage(
        db(),
        "trip",
        pkg.id,
        packageInput("trip", {
          title: "Kept",
          status: "draft",
          publish_at: null,
          unpublish_at: null,
        }),
        { now: T0 },
      );
      expect([cleared.publish_at, cleared.unpublish_at]).toEqual([null, null]);
    });
  });

  describe("manual publish and unpublish clear the matching pending action", () => {
    it("Publish clears Publish at and keeps Unpublish at; Unpublish clears Unpublish at", async () => {
      const pkg = await draft("Manual", { publish_at: iso(60), unpublish_at: iso(120) });
      const published = await setPackageStatus(db(), "trip", pkg.id, "published");
      expect([published.publish_at, published.unpublish_at]).toEqual([null, iso(120)]);
      const unpublished = await setPackageStatus(db(), "trip", pkg.id, "draft");
      expect([unpublished.publish_at, unpublished.unpublish_at]).toEqual([null, null]);
    });

    it("a save that publishes (status published, fields left out) clears Publish at", async () => {
      const pkg = await draft("Saved", { publish_at: iso(60) });
      const saved = await updatePackage(
        db(),
        "trip",
        pkg.id,
        packageInput("trip", { title: "Saved", status: "published" }),
        { now: T0 },
      );
      expect(saved.publish_at).toBeNull();
      expect(saved.status).toBe("published");
    });

    it("a form save that changes the status and posts the stored time back clears it too", async () => {
      const pkg = await draft("Form", { publish_at: iso(60), unpublish_at: iso(120) });
      // "Publish" pressed on the form: every field posted as loaded.
      const published = await updatePackage(
        db(),
        "trip",
        pkg.id,
        packageInput("trip", {
          title: "Form",
          status: "published",
          publish_at: iso(60),
          unpublish_at: iso(120),
        }),
        { now: T0 },
      );
      expect([published.status, published.publish_at, published.unpublish_at]).toEqual([
        "published",
        null,
        iso(120),
      ]);
      // "Save Draft" pressed on the published package: its pending unpublish goes.
      const unpublished = await updatePackage(
        db(),
        "trip",
        pkg.id,
        packageInput("trip", {
          title: "Form",
          status: "draft",
          publish_at: null,
          unpublish_at: iso(120),
        }),
        { now: T0 },
      );
      expect([unpublished.status, unpublished.unpublish_at]).toEqual(["draft", null]);
      // A time typed anew that contradicts the status is still refused.
      const refused = await refusal(
        updatePackage(
          db(),
          "trip",
          pkg.id,
          packageInput("trip", { title: "Form", status: "published", publish_at: iso(90) }),
          { now: T0 },
        ),
      );
      expect(refused.details).toEqual({ publish_at: [SCHEDULE_MESSAGES.publishedWithPublishAt] });
    });
  });

  describe("the runner with a fake clock", () => {
    it("applies a due publish, leaves what is not due, records the event and drops the page cache", async () => {
      const clock = fakeClock(T0);
      const runner = new JobRunner({ db: db(), now: clock.now, tickMs: 60_000 });
      runner.register(scheduledPublishingJob(30_000));
      const cache = new PageCache(1 << 20);
      const stopFollowing = cache.follow(database().changes);
      try {
        const soon = await draft("Soon", { publish_at: iso(5) });
        const later = await draft("Later", { publish_at: iso(90) });

        await runner.tick();
        expect((await getPackageById(db(), "trip", soon.id))?.status).toBe("draft");

        cache.set(
          "home",
          { status: 200, headers: [], body: splitPage(Buffer.from("x")), bytes: 1 },
          cache.generation,
        );
        expect(cache.size).toBe(1);
        clock.set(at(5));
        await runner.tick();

        const applied = await getPackageById(db(), "trip", soon.id);
        expect(applied?.status).toBe("published");
        expect(applied?.publish_at).toBeNull();
        expect(cache.size).toBe(0);
        const untouched = await getPackageById(db(), "trip", later.id);
        expect([untouched?.status, untouched?.publish_at]).toEqual(["draft", iso(90)]);

        const events = await listEvents(db(), { type: "package.published_by_schedule" });
        expect(events).toHaveLength(1);
        expect(events[0]).toMatchObject({
          actorId: null,
          adminId: null,
          details: { kind: "trip", title: "Soon", id: soon.id },
        });
        expect(runner.stats()).toEqual([{ name: "scheduled-publishing", runs: 2, failures: 0 }]);
      } finally {
        stopFollowing?.();
        await runner.stop();
      }
    });

    it("applies a due unpublish, and both changes in order after a long downtime", async () => {
      const live = await createPackage(
        db(),
        "local",
        packageInput("local", { title: "Live", status: "published", unpublish_at: iso(30) }),
        { now: T0 },
      );
      const both = await draft("Both", { publish_at: iso(10), unpublish_at: iso(20) });
      expect((await applyDueSchedules(db(), at(60))).unpublished).toBe(2);
      const a = await getPackageById(db(), "local", live.id);
      const b = await getPackageById(db(), "trip", both.id);
      expect([a?.status, a?.unpublish_at]).toEqual(["draft", null]);
      expect([b?.status, b?.publish_at, b?.unpublish_at]).toEqual(["draft", null, null]);
      const types = (await listEvents(db()))
        .filter((e) => e.details.id === both.id && e.type.endsWith("_by_schedule"))
        .map((e) => e.type)
        .sort();
      expect(types).toEqual(["package.published_by_schedule", "package.unpublished_by_schedule"]);
    });

    it("catches up at start: a change that fell due while the app was down is applied by the first tick", async () => {
      const pkg = await draft("Missed");
      await forceSchedule(db(), pkg.id, at(-600), null);
      const runner = new JobRunner({ db: db(), now: () => T0, tickMs: 60_000 });
      runner.register(scheduledPublishingJob());
      try {
        await runner.start();
        expect((await getPackageById(db(), "trip", pkg.id))?.status).toBe("published");
      } finally {
        await runner.stop();
      }
    });

    it("a package that cannot be changed does not hold up the others, and counts as a failure", async () => {
      const good = await draft("Good");
      const bad = await draft("Bad");
      await forceSchedule(db(), good.id, at(-2), null);
      await forceSchedule(db(), bad.id, at(-3), null);
      // A trigger refusing this one package's publish stands in for any fault.
      await sql
        .raw(
          `create function wlx_test_refuse() returns trigger language plpgsql as $$
           begin if new.id = '${bad.id}' then raise exception 'refused for test'; end if; return new; end $$`,
        )
        .execute(db());
      await sql`create trigger wlx_test_refuse before update on packages for each row execute function wlx_test_refuse()`.execute(
        db(),
      );
      const runner = new JobRunner({ db: db(), now: () => T0, tickMs: 60_000 });
      runner.register(scheduledPublishingJob());
      const logs = captureLogs();
      try {
        await runner.tick();
        logs.stop();
        expect(logs.lines).toContainEqual(expect.objectContaining({ msg: "job failed" }));
        expect((await getPackageById(db(), "trip", good.id))?.status).toBe("published");
        expect((await getPackageById(db(), "trip", bad.id))?.status).toBe("draft");
        expect(runner.stats()).toEqual([{ name: "scheduled-publishing", runs: 1, failures: 1 }]);
        const row = await db()
          .selectFrom("job_runs")
          .selectAll()
          .where("name", "=", "scheduled-publishing")
          .executeTakeFirstOrThrow();
        expect(row.last_error).toContain("refused for test");
      } finally {
        logs.stop();
        await runner.stop();
        await sql`drop trigger wlx_test_refuse on packages`.execute(db());
        await sql`drop function wlx_test_refuse()`.execute(db());
      }
    });

    it("records a version by the system, and leaves a package in Recently deleted alone", async () => {
      const kept = await draft("Versioned", { publish_at: iso(5) });
      const deleted = await draft("Deleted", { publish_at: iso(5) });
      await deletePackage(db(), "trip", deleted.id);
      const run = await applyDueSchedules(db(), at(10));
      expect(run).toEqual({ published: 1, unpublished: 0, failed: 0 });
      const version = await db()
        .selectFrom("content_versions")
        .select(["action", "admin_id"])
        .where("item_id", "=", kept.id)
        .orderBy("number", "desc")
        .executeTakeFirstOrThrow();
      expect(version).toEqual({ action: "scheduled_publish", admin_id: null });
      const row = await db()
        .selectFrom("packages")
        .select(["status", "publish_at"])
        .where("id", "=", deleted.id)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe("draft");
      expect(row.publish_at?.toISOString()).toBe(iso(5));
    });

    it("runs racing on one database apply each change exactly once", async () => {
      const ids: string[] = [];
      for (let i = 0; i < 12; i++) {
        const pkg = await draft(`Race ${i}`);
        await forceSchedule(db(), pkg.id, at(-1 - i), null);
        ids.push(pkg.id);
      }
      const runs = await Promise.all([applyDueSchedules(db(), T0), applyDueSchedules(db(), T0)]);
      expect(runs[0]!.published + runs[1]!.published).toBe(12);
      const events = await listEvents(db(), { type: "package.published_by_schedule" });
      expect(events.map((e) => e.details.id).sort()).toEqual([...ids].sort());
    });
  });
});
