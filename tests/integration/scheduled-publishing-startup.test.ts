import { afterEach, describe, expect, it } from "vitest";
import { createPackage } from "~/server/catalogue/packages.server";
import { listEvents } from "~/server/events/events.server";
import { openDatabase, type Db } from "~/server/platform/db.server";
import { migrateToLatest } from "~/server/platform/migrate.server";
import { startTestServer } from "../support/app-server";
import { BACKENDS, createTestDatabase } from "../support/db";
import { packageInput } from "../support/factories";
import { tempDirs } from "../support/files";

// A change that fell due while the app was down is applied when it starts (the job
// runner's first tick), on either database; the runner's counts show in /metrics.

const TOKEN = "metrics-token-for-tests-0123456789";

async function overdueDraft(db: Db): Promise<string> {
  const pkg = await createPackage(db, "discovery", packageInput("discovery", { status: "draft" }));
  await db
    .updateTable("packages")
    .set({ publish_at: new Date(Date.now() - 3_600_000) })
    .where("id", "=", pkg.id)
    .execute();
  return pkg.id;
}

async function waitFor<T>(read: () => Promise<T>, ok: (value: T) => boolean): Promise<T> {
  const until = Date.now() + 30_000;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.each(BACKENDS)("catch-up at start on %s", (backend) => {
  const temp = tempDirs("wlx-catchup-");
  afterEach(temp.removeAll);

  it("publishes an overdue package as the server starts, and counts the run", async () => {
    const dataDir = temp.make();
    const pg = backend === "postgres" ? await createTestDatabase("postgres") : undefined;
    // The embedded database is closed before the server opens it (its directory is locked).
    const prepared = pg ?? (await openDatabase({ dataDir }));
    if (!pg) await migrateToLatest(prepared.db);
    const id = await overdueDraft(prepared.db);
    if (!pg) await prepared.close();
    const env = pg ? { DATABASE_URL: pg.url! } : { DATA_DIR: dataDir };
    const server = await startTestServer({ ...env, METRICS_TOKEN: TOKEN });
    try {
      const res = await waitFor(
        () => server.fetch(`/api/discovery/${id}`),
        (r) => r.status === 200,
      );
      expect(res.status).toBe(200);
      const body = (await res.json()) as { status: string; publish_at: string | null };
      expect([body.status, body.publish_at]).toEqual(["published", null]);
      // The first tick runs the jobs one after another: wait for the last one.
      const metrics = await waitFor(
        async () =>
          (
            await server.fetch("/metrics", { headers: { Authorization: `Bearer ${TOKEN}` } })
          ).text(),
        (text) => /job_runs_total\{job="enquiry-retention"\} 1/.test(text),
      );
      expect(metrics).toMatch(/job_runs_total\{job="scheduled-publishing"\} 1/);
      expect(metrics).toMatch(/job_failures_total\{job="scheduled-publishing"\} 0/);
      expect(metrics).toMatch(/job_runs_total\{job="events-retention"\} 1/);
      expect(metrics).toMatch(/job_runs_total\{job="enquiry-retention"\} 1/);
    } finally {
      await server.close();
    }
    const after = pg ?? (await openDatabase({ dataDir }));
    try {
      const events = await listEvents(after.db, { type: "package.published_by_schedule" });
      expect(events.map((e) => e.details.id)).toEqual([id]);
    } finally {
      await after.close();
    }
  }, 120_000);
});
