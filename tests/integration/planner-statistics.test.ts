// The embedded database's planner statistics (decision 169): PGlite has no autovacuum, so its
// tables were never analyzed; a job analyzes it at start and hourly. A PostgreSQL server keeps
// its own, and gets no job.
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { createPackage } from "~/server/catalogue/packages.server";
import { startRuntime } from "~/server/http/runtime.server";
import type { Db } from "~/server/platform/db.server";
import { parseEnv } from "~/server/platform/env.server";
import { JobRunner } from "~/server/platform/jobs.server";
import {
  plannerStatisticsJobs,
  refreshPlannerStatistics,
} from "~/server/platform/planner-statistics.server";
import { useTestDatabase } from "../support/db";
import { packageInput } from "../support/factories";
import { tempDirs } from "../support/files";

/** What the planner knows of `packages`: its row estimate (-1: never analyzed) and its columns'. */
async function packagesStatistics(db: Db) {
  const { rows } = await sql<{ reltuples: number; columns: number }>`
    select c.reltuples::float8 as reltuples,
      (select count(*)::int from pg_stats s where s.schemaname = 'public' and s.tablename = 'packages') as columns
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relname = 'packages'`.execute(db);
  return rows[0]!;
}

async function packages(db: Db, count: number) {
  for (let i = 1; i <= count; i++)
    await createPackage(db, "trip", packageInput("trip", { title: `Safari number ${i}` }));
}

describe("planner statistics on the embedded database", () => {
  const t = useTestDatabase("pglite");

  it("are missing until analyzed, then count the rows and describe the columns", async () => {
    await packages(t.db(), 3);
    expect((await packagesStatistics(t.db())).reltuples).toBe(-1);
    expect(await refreshPlannerStatistics(t.database())).toBe(true);
    const after = await packagesStatistics(t.db());
    expect(after.reltuples).toBe(3);
    expect(after.columns).toBeGreaterThan(0);
  });

  it("are refreshed by the job, run through the job runner", async () => {
    // Five, not the three the test before left in the statistics: only a new analysis says 5.
    await packages(t.db(), 5);
    const jobs = plannerStatisticsJobs("pglite");
    expect(jobs.map((j) => j.name)).toEqual(["planner-statistics"]);
    const runner = new JobRunner({ db: t.db() });
    for (const job of jobs) runner.register(job);
    await runner.tick();
    await runner.stop();
    expect(runner.stats()).toEqual([{ name: "planner-statistics", runs: 1, failures: 0 }]);
    expect((await packagesStatistics(t.db())).reltuples).toBe(5);
  });
});

describe("planner statistics on a PostgreSQL server", () => {
  const t = useTestDatabase("postgres");

  it("are left to autovacuum: nothing runs and no job is registered", async () => {
    await packages(t.db(), 1);
    expect(await refreshPlannerStatistics(t.database())).toBe(false);
    expect(plannerStatisticsJobs("postgres")).toEqual([]);
  });
});

describe("the embedded runtime", () => {
  const temp = tempDirs("wlx-planner-");
  afterAll(temp.removeAll);

  it("analyzes the database at start, in the job runner's first tick", async () => {
    const runtime = await startRuntime(
      parseEnv({ NODE_ENV: "production", DATA_DIR: temp.make(), SEED_DEMO: "false" }),
    );
    try {
      // The first tick started with the runtime; joining it waits for it to end.
      await runtime.jobs.tick();
      expect(runtime.jobs.stats()).toContainEqual({
        name: "planner-statistics",
        runs: 1,
        failures: 0,
      });
      expect((await packagesStatistics(runtime.database.db)).reltuples).toBe(0);
    } finally {
      await runtime.close();
    }
  }, 60_000);
});
