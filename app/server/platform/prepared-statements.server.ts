import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from "kysely";
import type pg from "pg";

/*
 * Prepared statements for the embedded database (decision 164). PGlite's PostgreSQL runs on the
 * server's own thread, so the parse and plan of every statement is paid there: about two thirds of
 * a booking's time inside the database. pg prepares a statement once per connection when the query
 * has a name; this pool names each parameterised statement the first time it is seen, so the same
 * text is parsed once and its plan cached by PostgreSQL.
 *
 * The names are bounded per connection (least recently used first out): an evicted statement is
 * deallocated the next time the connection is taken from the pool, which is always outside a
 * transaction, so a failing DEALLOCATE (a statement whose preparation had failed) affects nothing.
 */

/** How many statements one connection keeps prepared. */
export const PREPARED_STATEMENTS_PER_CONNECTION = 200;

class StatementNames {
  readonly #names = new Map<string, string>();
  readonly #evicted: string[] = [];
  #next = 0;

  constructor(readonly limit: number) {}

  /** The name of this text's statement, newly made (and the oldest evicted) when not kept. */
  nameOf(text: string): string {
    const kept = this.#names.get(text);
    if (kept !== undefined) {
      this.#names.delete(text);
      this.#names.set(text, kept);
      return kept;
    }
    const name = `wlx_${(this.#next++).toString(36)}`;
    this.#names.set(text, name);
    if (this.#names.size > this.limit) {
      const [oldest, oldName] = this.#names.entries().next().value as [string, string];
      this.#names.delete(oldest);
      this.#evicted.push(oldName);
    }
    return name;
  }

  /** Names evicted since the last call, to deallocate. */
  takeEvicted(): string[] {
    return this.#evicted.splice(0);
  }
}

/** pg keeps the names it has prepared on the connection; an evicted one is forgotten there too. */
function forgetInPg(client: pg.PoolClient, name: string): void {
  const connection = (client as unknown as { connection?: { parsedStatements?: object } })
    .connection;
  const parsed = connection?.parsedStatements as Record<string, string> | undefined;
  if (parsed) delete parsed[name];
}

/**
 * A Kysely pool over `pool` whose connections run every parameterised statement as a named
 * (prepared) one, at most `limit` of them per connection.
 */
export function preparedStatementsPool(
  pool: pg.Pool,
  limit = PREPARED_STATEMENTS_PER_CONNECTION,
): PostgresPool {
  const byClient = new WeakMap<pg.PoolClient, StatementNames>();
  return {
    options: pool.options,
    async connect(): Promise<PostgresPoolClient> {
      const client = await pool.connect();
      let names = byClient.get(client);
      if (!names) {
        names = new StatementNames(limit);
        byClient.set(client, names);
      }
      for (const name of names.takeEvicted()) {
        forgetInPg(client, name);
        await client.query(`DEALLOCATE ${name}`).catch(() => {
          // never prepared (its preparation failed): nothing to free
        });
      }
      return preparingClient(client, names);
    },
    end: () => pool.end(),
  };
}

function preparingClient(client: pg.PoolClient, names: StatementNames): PostgresPoolClient {
  function query<R>(
    sql: string,
    parameters: ReadonlyArray<unknown>,
  ): Promise<PostgresQueryResult<R>>;
  function query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  function query<R>(
    sqlOrCursor: string | PostgresCursor<R>,
    parameters: ReadonlyArray<unknown> = [],
  ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    if (typeof sqlOrCursor !== "string") {
      return client.query(sqlOrCursor as unknown as pg.Submittable) as unknown as PostgresCursor<R>;
    }
    const values = [...parameters];
    const result =
      values.length === 0
        ? client.query(sqlOrCursor)
        : client.query({ name: names.nameOf(sqlOrCursor), text: sqlOrCursor, values });
    return result as unknown as Promise<PostgresQueryResult<R>>;
  }
  return { query, release: (destroy?: boolean) => client.release(destroy) };
}
