import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import type { DB } from "~/server/platform/db-schema";
import { inProcessEngine } from "~/server/platform/pglite-engine.server";
import { pgliteConnection } from "~/server/platform/pglite-wire.server";
import { preparedStatementsPool } from "~/server/platform/prepared-statements.server";
import { BACKENDS, createTestDatabase, pgliteFromTemplate, type TestDatabase } from "../support/db";
import { tempDirs } from "../support/files";

// Named statements for the embedded database (decision 164): a parameterised statement is parsed
// and planned once per connection, at most `limit` of them are kept, evicted ones are freed
// outside any transaction, and a statement that never prepared is forgotten without harm. The
// pool is proven on both backends, so it would serve a server database the same way.

const temp = tempDirs("wlx-prepared-");

/** A one-connection pg pool on `backend` and what closes it. */
async function onePool(backend: (typeof BACKENDS)[number]) {
  if (backend === "postgres") {
    const database: TestDatabase = await createTestDatabase("postgres");
    const pool = new pg.Pool({ connectionString: database.url, max: 1 });
    return {
      pool,
      close: async () => {
        await pool.end();
        await database.close();
      },
    };
  }
  const pglite = await pgliteFromTemplate(temp.make());
  const pool = new pg.Pool({ ...pgliteConnection(inProcessEngine(pglite)), max: 1 });
  return {
    pool,
    close: async () => {
      await pool.end();
      await pglite.close();
    },
  };
}

describe.each(BACKENDS)("prepared statements on %s", (backend) => {
  // A connection of its own for each test: names start again with each pool.
  let pool: pg.Pool;
  let close: () => Promise<void>;
  beforeEach(async () => {
    ({ pool, close } = await onePool(backend));
  });
  afterEach(async () => {
    await close?.();
  });
  afterAll(temp.removeAll);

  const dbWith = (limit: number) =>
    new Kysely<DB>({ dialect: new PostgresDialect({ pool: preparedStatementsPool(pool, limit) }) });

  /** The statements the one connection holds prepared (pg_prepared_statements is per session). */
  async function prepared(db: Kysely<DB>): Promise<string[]> {
    const { rows } = await sql<{ statement: string }>`
      select statement from pg_prepared_statements where name like 'wlx\\_%' order by prepare_time, statement
    `.execute(db);
    return rows.map((r) => r.statement);
  }

  it("prepares a parameterised statement once and runs it again by name", async () => {
    const db = dbWith(10);
    for (const n of [1, 2, 3]) {
      const { rows } = await sql<{ n: number }>`select ${n}::int + 1 as n`.execute(db);
      expect(rows).toEqual([{ n: n + 1 }]);
    }
    // A statement without parameters runs as a simple query: nothing prepared for it.
    await sql`select 1`.execute(db);
    expect(await prepared(db)).toEqual(["select $1::int + 1 as n"]);
  });

  it("holds no more than its limit of distinct statements, and an evicted one runs again", async () => {
    const db = dbWith(2);
    const statement = (k: number) => sql<{ v: number }>`select ${k}::int as v, ${sql.lit(k)} as k`;
    for (const k of [1, 2, 3, 4]) {
      expect((await statement(k).execute(db)).rows).toEqual([{ v: k, k }]);
    }
    expect(await prepared(db)).toEqual([
      "select $1::int as v, 3 as k",
      "select $1::int as v, 4 as k",
    ]);
    // The first was evicted and freed: it is prepared again, under a new name, and answers.
    expect((await statement(1).execute(db)).rows).toEqual([{ v: 1, k: 1 }]);
    expect(await prepared(db)).toEqual([
      "select $1::int as v, 4 as k",
      "select $1::int as v, 1 as k",
    ]);
  });

  it("forgets a statement that never prepared without harming the next transaction", async () => {
    const db = dbWith(1);
    await expect(sql`select ${1}::int from no_such_table`.execute(db)).rejects.toMatchObject({
      code: "42P01",
    });
    // Evicts the failed one; freeing it next time fails quietly, outside any transaction.
    expect((await sql<{ n: number }>`select ${5}::int as n`.execute(db)).rows).toEqual([{ n: 5 }]);
    const inside = await db.transaction().execute(async (trx) => {
      const a = await sql<{ n: number }>`select ${6}::int as n`.execute(trx);
      const b = await sql<{ n: number }>`select ${7}::int as n`.execute(trx);
      return [...a.rows, ...b.rows];
    });
    expect(inside).toEqual([{ n: 6 }, { n: 7 }]);
    expect(await prepared(db)).toHaveLength(1);
  });
});
