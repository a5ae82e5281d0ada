// One database connection lent to a worker thread over a MessagePort (decision 167).
//
// The worker compiles its queries with Kysely as usual; each compiled query crosses the port,
// runs on the lending thread's connection (pg parses the answer there, exactly as for a request),
// and the rows come back. The lender keeps the connection for the worker's whole run, so a
// transaction the worker opens stays on it; a worker that stops inside one has it rolled back.
import type { MessagePort } from "node:worker_threads";
import {
  CompiledQuery,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  type TransactionSettings,
} from "kysely";
import type { DB } from "./db-schema";
import type { Db } from "./db.server";

interface PortQuery {
  id: number;
  sql: string;
  parameters: readonly unknown[];
}

/** What a database error keeps across the port (a cloned Error would lose `code` and `detail`). */
interface PortError {
  message: string;
  code?: string;
  detail?: string;
  constraint?: string;
}

type PortAnswer =
  { id: number; rows: unknown[]; numAffectedRows?: bigint } | { id: number; error: PortError };

const startsTransaction = (text: string) => /^\s*(begin|start transaction)\b/i.test(text);
const endsTransaction = (text: string) => /^\s*(commit|rollback|end)\s*$/i.test(text);

function portError(error: unknown): PortError {
  const fields = error as Partial<Record<keyof PortError, unknown>>;
  const text = (value: unknown) => (typeof value === "string" ? value : undefined);
  return {
    message: error instanceof Error ? error.message : String(error),
    code: text(fields.code),
    detail: text(fields.detail),
    constraint: text(fields.constraint),
  };
}

/**
 * Lends one connection of `db` to whoever holds the other end of `port`, one query at a time in
 * the order they arrive, until `done` settles. A transaction still open then is rolled back.
 */
export async function lendConnection(
  db: Db,
  port: MessagePort,
  done: Promise<unknown>,
): Promise<void> {
  await db.connection().execute(async (connection) => {
    let inTransaction = false;
    let queue = Promise.resolve();
    port.on("message", (query: PortQuery) => {
      queue = queue.then(async () => {
        let answer: PortAnswer;
        try {
          const result = await connection.executeQuery(
            CompiledQuery.raw(query.sql, [...query.parameters]),
          );
          if (startsTransaction(query.sql)) inTransaction = true;
          else if (endsTransaction(query.sql)) inTransaction = false;
          answer = { id: query.id, rows: result.rows, numAffectedRows: result.numAffectedRows };
        } catch (error) {
          answer = { id: query.id, error: portError(error) };
        }
        port.postMessage(answer);
      });
    });
    try {
      await done.catch(() => undefined);
    } finally {
      port.close();
      await queue;
      if (inTransaction) await connection.executeQuery(CompiledQuery.raw("rollback"));
    }
  });
}

/** The statement Kysely's own Postgres driver opens a transaction with. */
function beginStatement(settings: TransactionSettings): string {
  let text = "start transaction";
  if (settings.isolationLevel) text += ` isolation level ${settings.isolationLevel}`;
  if (settings.accessMode) text += ` ${settings.accessMode}`;
  return settings.isolationLevel || settings.accessMode ? text : "begin";
}

/**
 * A Kysely on a connection lent over `port` (see lendConnection): the same dialect as the app's,
 * one connection, transactions but no savepoints or streaming.
 */
export function portDatabase(port: MessagePort): Db {
  let nextId = 0;
  const waiting = new Map<
    number,
    { resolve: (answer: QueryResult<unknown>) => void; reject: (error: Error) => void }
  >();
  port.on("message", (answer: PortAnswer) => {
    const entry = waiting.get(answer.id);
    if (!entry) return;
    waiting.delete(answer.id);
    if ("error" in answer)
      entry.reject(Object.assign(new Error(answer.error.message), answer.error));
    else entry.resolve({ rows: answer.rows, numAffectedRows: answer.numAffectedRows });
  });
  port.on("close", () => {
    for (const entry of waiting.values()) entry.reject(new Error("the lent connection closed"));
    waiting.clear();
  });
  const connection: DatabaseConnection = {
    executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
      return new Promise((resolve, reject) => {
        const id = nextId++;
        waiting.set(id, { resolve: resolve as (answer: QueryResult<unknown>) => void, reject });
        const message: PortQuery = { id, sql: query.sql, parameters: query.parameters };
        port.postMessage(message);
      });
    },
    streamQuery() {
      throw new Error("a lent connection does not stream");
    },
  };
  const run = async (text: string) => {
    await connection.executeQuery(CompiledQuery.raw(text));
  };
  const driver: Driver = {
    async init() {},
    async acquireConnection() {
      return connection;
    },
    beginTransaction: (_connection, settings) => run(beginStatement(settings)),
    commitTransaction: () => run("commit"),
    rollbackTransaction: () => run("rollback"),
    async releaseConnection() {},
    async destroy() {
      port.close();
    },
  };
  return new Kysely<DB>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => driver,
      createIntrospector: (db) => new PostgresIntrospector(db),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
}
