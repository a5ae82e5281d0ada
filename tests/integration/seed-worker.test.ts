import { MessageChannel } from "node:worker_threads";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { seedDemoInWorker } from "~/server/http/seed-worker.server";
import type { Db } from "~/server/platform/db.server";
import { parseEnv, type Env } from "~/server/platform/env.server";
import { lendConnection, portDatabase } from "~/server/platform/port-database.server";
import { BACKENDS, useTestDatabase } from "../support/db";

// Decision 167: the first start seeds in a worker thread, which queries through one connection
// the server's thread lends it over a MessagePort. Here the lender and the borrower first share
// this thread (a MessageChannel), then a real worker runs a stand-in for the server bundle.
const fixture = (name: string) =>
  new URL(`../support/seed-worker-fixtures/${name}`, import.meta.url).href;

const momentTitles = async (db: Db) =>
  (await db.selectFrom("travel_moments").select("title").execute()).map((r) => r.title);

describe.each(BACKENDS)("a connection lent over a port on %s", (backend) => {
  const t = useTestDatabase(backend);

  /** Lends a connection of the test database until `work` on the borrowed one ends. */
  async function borrowed<T>(work: (db: ReturnType<typeof portDatabase>) => Promise<T>) {
    const { port1, port2 } = new MessageChannel();
    const db = portDatabase(port2);
    const done = work(db);
    await lendConnection(t.db(), port1, done);
    return done;
  }

  it("answers queries with the rows and types the app's own connection gives", async () => {
    const rows = await borrowed((db) =>
      sql<{ n: number; at: Date; tags: string[]; doc: { a: number } }>`
        select 1::int as n, timestamptz '2026-12-07T10:00:00Z' as at,
               array['a','b'] as tags, '{"a":1}'::jsonb as doc`.execute(db),
    );
    expect(rows.rows).toEqual([
      { n: 1, at: new Date("2026-12-07T10:00:00Z"), tags: ["a", "b"], doc: { a: 1 } },
    ]);
  });

  it("commits a transaction the borrower opens, and counts the rows it changed", async () => {
    const result = await borrowed((db) =>
      db
        .transaction()
        .execute((trx) =>
          trx
            .insertInto("travel_moments")
            .values({ title: "Lent", video_url: "/media/seed/a.webm", order_index: 0 })
            .executeTakeFirstOrThrow(),
        ),
    );
    expect(result.numInsertedOrUpdatedRows).toBe(1n);
    expect(await momentTitles(t.db())).toEqual(["Lent"]);
  });

  it("keeps a database error's code and rolls the borrower's transaction back", async () => {
    const failed = borrowed((db) =>
      db.transaction().execute(async (trx) => {
        await trx
          .insertInto("travel_moments")
          .values({ title: "Rolled back", video_url: "/media/seed/a.webm", order_index: 0 })
          .execute();
        await sql`select 1 / 0`.execute(trx);
      }),
    );
    await expect(failed).rejects.toMatchObject({ code: "22012", message: "division by zero" });
    expect(await momentTitles(t.db())).toEqual([]);
  });

  it("rolls back a transaction the borrower left open when it stopped", async () => {
    await borrowed(async (db) => {
      await sql`begin`.execute(db);
      await db
        .insertInto("travel_moments")
        .values({ title: "Left open", video_url: "/media/seed/a.webm", order_index: 0 })
        .execute();
    });
    expect(await momentTitles(t.db())).toEqual([]);
    // The connection went back to the pool clean: the app's next query is not in that transaction.
    await t
      .db()
      .insertInto("travel_moments")
      .values({
        title: "After",
        video_url: "/media/seed/b.webm",
        order_index: 0,
      })
      .execute();
    expect(await momentTitles(t.db())).toEqual(["After"]);
  });

  it("refuses the borrower's queries once the lender closed the port", async () => {
    const { port1, port2 } = new MessageChannel();
    const db = portDatabase(port2);
    await lendConnection(t.db(), port1, Promise.resolve());
    await expect(sql`select 1`.execute(db)).rejects.toThrow("the lent connection closed");
  });
});

describe.each(BACKENDS)("the demo content's worker on %s", (backend) => {
  const t = useTestDatabase(backend);
  /** The fixture reads SEED_FIXTURE from the env it is handed: ok, throw or exit. */
  const env = (fixtureMode: string): Env =>
    Object.assign(parseEnv({ NODE_ENV: "test" }), { SEED_FIXTURE: fixtureMode });

  it("seeds through the lent connection and passes its progress on", async () => {
    const steps: string[] = [];
    const seeded = await seedDemoInWorker(
      t.db(),
      env("ok"),
      fixture("seeds-one-moment.mts"),
      (step) => steps.push(step),
    );
    expect(seeded).toBe(true);
    expect(steps).toEqual(["writing one moment"]);
    expect(await momentTitles(t.db())).toEqual(["From the worker"]);
  });

  it("starts no worker when the database already holds content", async () => {
    await t
      .db()
      .insertInto("travel_moments")
      .values({
        title: "Already here",
        video_url: "/media/seed/a.webm",
        order_index: 0,
      })
      .execute();
    // A module that does not exist: a worker started on it would fail the call.
    const seeded = await seedDemoInWorker(t.db(), env("ok"), fixture("missing.mts"), () => {});
    expect(seeded).toBe(false);
    expect(await momentTitles(t.db())).toEqual(["Already here"]);
  });

  it("throws the worker's error and leaves no row when the seeding fails", async () => {
    await expect(
      seedDemoInWorker(t.db(), env("throw"), fixture("seeds-one-moment.mts"), () => {}),
    ).rejects.toThrow("the art could not be drawn");
    expect(await momentTitles(t.db())).toEqual([]);
  });

  it("leaves no row when the worker stops in the middle of its transaction", async () => {
    await expect(
      seedDemoInWorker(t.db(), env("exit"), fixture("seeds-one-moment.mts"), () => {}),
    ).rejects.toThrow("the demo content's worker stopped before it finished (exit code 3)");
    expect(await momentTitles(t.db())).toEqual([]);
    // The lent connection is back in the pool, outside any transaction: a write through it stays.
    await t
      .db()
      .insertInto("travel_moments")
      .values({ title: "After", video_url: "/media/seed/b.webm", order_index: 0 })
      .execute();
    expect(await momentTitles(t.db())).toEqual(["After"]);
  });
});
