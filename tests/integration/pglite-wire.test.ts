import fs from "node:fs";
import type { PGlite } from "@electric-sql/pglite";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "~/server/platform/db-faults.server";
import {
  inProcessEngine,
  startPgliteWorker,
  type PgliteEngine,
  type PgliteWorker,
} from "~/server/platform/pglite-engine.server";
import { pgliteOptions } from "~/server/platform/pglite-options.server";
import { pgliteConnection, PgliteWire } from "~/server/platform/pglite-wire.server";
import {
  createTestDatabase,
  pgliteDataFromTemplate,
  pgliteFromTemplate,
  type TestDatabase,
} from "../support/db";
import { tempDirs } from "../support/files";

// The embedded database's in-process wire (decision 164): pg speaks the PostgreSQL protocol to
// PGlite through a stream, so the app sees a server database's types and errors, a session that
// ends mid-transaction leaves nothing open, and each answer comes on a later turn of the event loop.

describe("the embedded database through openDatabase", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase("pglite");
  });
  afterAll(async () => {
    await database?.close();
  });

  it("returns pg's types, as a server database does", async () => {
    const { rows } = await sql<{
      at: Date;
      amount: string;
      big: string;
      doc: { a: number[] };
      day: Date;
    }>`select now() as at, 1234.50::numeric as amount, 9007199254740993::bigint as big,
        ${JSON.stringify({ a: [1, 2] })}::jsonb as doc, '2031-06-14'::date as day`.execute(
      database.db,
    );
    const [row] = rows;
    expect(row!.at).toBeInstanceOf(Date);
    expect(row!.amount).toBe("1234.50");
    expect(row!.big).toBe("9007199254740993");
    expect(row!.doc).toEqual({ a: [1, 2] });
    expect(row!.day).toBeInstanceOf(Date);
  });

  it("reports a statement's error with its SQLSTATE, and the next statement runs", async () => {
    await expect(
      sql`select from no_such_table where 1 = ${1}`.execute(database.db),
    ).rejects.toMatchObject({
      code: "42P01",
    });
    await expect(sql`selec 1`.execute(database.db)).rejects.toMatchObject({ code: "42601" });
    const { rows } = await sql<{ n: number }>`select ${41}::int + 1 as n`.execute(database.db);
    expect(rows).toEqual([{ n: 42 }]);
  });
});

describe("the wire itself", () => {
  const temp = tempDirs("wlx-wire-");
  let pglite: PGlite;
  let engine: PgliteEngine;
  beforeAll(async () => {
    pglite = await pgliteFromTemplate(temp.make());
    engine = inProcessEngine(pglite);
  });
  afterAll(async () => {
    await pglite?.close();
    temp.removeAll();
  });

  const client = (config: pg.ClientConfig = {}) =>
    new pg.Client({ ...pgliteConnection(engine), ...config });

  it("rolls back a transaction left open by a session that ends", async () => {
    await pglite.exec("create table wire_rows (n int)");
    const first = client();
    await first.connect();
    await first.query("begin");
    await first.query("insert into wire_rows values ($1)", [1]);
    expect(pglite.isInTransaction()).toBe(true);
    await first.end();
    expect(pglite.isInTransaction()).toBe(false);

    // Torn down without a goodbye (a pool destroying a broken client): rolled back too.
    const second = client();
    await second.connect();
    await second.query("begin");
    await second.query("insert into wire_rows values ($1)", [2]);
    const lost = new Promise<Error>((resolve) => second.once("error", resolve));
    const ended = new Promise((resolve) => second.once("end", resolve));
    (second as unknown as { connection: { stream: PgliteWire } }).connection.stream.destroy();
    expect((await lost).message).toMatch(/Connection terminated unexpectedly/);
    await ended;
    expect(pglite.isInTransaction()).toBe(false);

    const third = client();
    await third.connect();
    expect((await third.query("select count(*)::int as n from wire_rows")).rows).toEqual([
      { n: 0 },
    ]);
    await third.end();
  });

  it("starts each session clean: what the last one prepared or set is gone", async () => {
    const a = client();
    await a.connect();
    await a.query({ name: "wire_s1", text: "select $1::int as n", values: [1] });
    await a.query("set statement_timeout = 1234");
    await a.end();

    const b = client();
    await b.connect();
    // The same name for another text: refused ("already exists") were the last session's kept.
    const named = await b.query({ name: "wire_s1", text: "select $1::text as t", values: ["x"] });
    expect(named.rows).toEqual([{ t: "x" }]);
    const shown = await b.query<{ statement_timeout: string }>("show statement_timeout");
    expect(shown.rows[0]!.statement_timeout).toBe("0");
    // Broken off instead of ended: cleaned up the same way.
    b.on("error", () => {});
    const ended = new Promise((resolve) => b.once("end", resolve));
    (b as unknown as { connection: { stream: PgliteWire } }).connection.stream.destroy();
    await ended;

    const c = client();
    await c.connect();
    const again = await c.query({ name: "wire_s1", text: "select $1::int * 2 as n", values: [4] });
    expect(again.rows).toEqual([{ n: 8 }]);
    await c.end();
  });

  it("declines TLS and ignores a cancel request, leaving the running session as it was", async () => {
    const live = client();
    await live.connect();
    await live.query({ name: "wire_live", text: "select $1::int + 1 as n", values: [1] });

    const tls = client({ ssl: true });
    await expect(tls.connect()).rejects.toThrow("The server does not support SSL connections");

    const cancel = new PgliteWire(engine);
    const cancelled = new Promise<void>((resolve, reject) => {
      cancel.write(Buffer.from([0, 0, 0, 16, 4, 210, 22, 46, 0, 0, 0, 1, 0, 0, 0, 2]), (error) =>
        error ? reject(error) : resolve(),
      );
    });
    await expect(cancelled).resolves.toBeUndefined();
    expect(cancel.read()).toBeNull();
    cancel.destroy();
    await new Promise((resolve) => cancel.once("close", resolve));

    // Neither of those streams discarded the live session's statement.
    const again = await live.query({
      name: "wire_live",
      text: "select $1::int + 1 as n",
      values: [41],
    });
    expect(again.rows).toEqual([{ n: 42 }]);
    await live.end();
  });

  it("answers on a later turn of the event loop, so other requests are read in between", async () => {
    // On this thread the engine waits for setImmediate; the worker's answers (166) are messages.
    const c = client();
    await c.connect();
    const order: string[] = [];
    setImmediate(() => order.push("another turn"));
    await c.query("select 1");
    order.push("answer");
    expect(order).toEqual(["another turn", "answer"]);
    await c.end();
  });

  it("refuses a first packet that is not a startup", async () => {
    const wrong = new PgliteWire(engine);
    const failed = new Promise<Error>((resolve) => wrong.once("error", resolve));
    wrong.write(Buffer.from("Q\0\0\0\x0dselect 1\0"));
    expect((await failed).message).toBe("the embedded database expected a startup packet");
  });
});

describe("PGlite in its worker thread", () => {
  const temp = tempDirs("wlx-worker-");
  let engine: PgliteWorker;
  beforeAll(async () => {
    const { PGlite } = await import("@electric-sql/pglite");
    engine = await startPgliteWorker(
      pgliteDataFromTemplate(temp.make()),
      pgliteOptions(PGlite.defaultStartParams),
    );
  });
  afterAll(async () => {
    await engine?.close();
    temp.removeAll();
  });

  const client = () => new pg.Client(pgliteConnection(engine));
  const count = async () => {
    const c = client();
    await c.connect();
    const { rows } = await c.query<{ n: number }>("select count(*)::int as n from worker_rows");
    await c.end();
    return rows[0]!.n;
  };

  it("serves sessions, and rolls back what one left open when it ended or broke", async () => {
    const first = client();
    await first.connect();
    await first.query("create table worker_rows (n int)");
    await first.query("begin");
    await first.query("insert into worker_rows values ($1)", [1]);
    await first.end();
    expect(await count()).toBe(0);

    const second = client();
    await second.connect();
    await second.query("begin");
    await second.query({
      name: "worker_s1",
      text: "insert into worker_rows values ($1)",
      values: [2],
    });
    second.on("error", () => {});
    const ended = new Promise((resolve) => second.once("end", resolve));
    (second as unknown as { connection: { stream: PgliteWire } }).connection.stream.destroy();
    await ended;
    expect(await count()).toBe(0);

    // The broken session's statement name is free again.
    const third = client();
    await third.connect();
    const named = await third.query({
      name: "worker_s1",
      text: "select $1::int as n",
      values: [7],
    });
    expect(named.rows).toEqual([{ n: 7 }]);
    await third.end();
  });

  it("refuses to start on a path that holds no database it can open", async () => {
    const notADirectory = temp.make() + "/file";
    fs.writeFileSync(notADirectory, "not a database");
    await expect(startPgliteWorker(notADirectory, {})).rejects.toThrow();
  });

  it("once closed, answers every call with an error that counts as the database unavailable", async () => {
    const { PGlite } = await import("@electric-sql/pglite");
    const own = await startPgliteWorker(
      pgliteDataFromTemplate(temp.make()),
      pgliteOptions(PGlite.defaultStartParams),
    );
    const c = new pg.Client(pgliteConnection(own));
    await c.connect();
    expect((await c.query("select 1 as n")).rows).toEqual([{ n: 1 }]);
    c.on("error", () => {});
    await own.close();
    expect(own.closed).toBe(true);
    const failed = await c.query("select 1").then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failed).toBeInstanceOf(Error);
    expect(isDatabaseUnavailable(failed)).toBe(true);
  });
});
