import fs from "node:fs";
import path from "node:path";
import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import type { DB } from "./db-schema";
import { lockDataDir } from "./data-dir-lock.server";
import { log } from "./log.server";
import { ContentChanges } from "./content-changes.server";
import { pgliteOptions } from "./pglite-options.server";
import { startPgliteWorker } from "./pglite-engine.server";
import { pgliteConnection } from "./pglite-wire.server";
import { preparedStatementsPool } from "./prepared-statements.server";
import {
  holdsDatabase,
  pgliteTemplatePath,
  seedDataDirFromTemplate,
} from "./pglite-template.server";

export type Db = Kysely<DB>;

export interface Database {
  db: Db;
  kind: "postgres" | "pglite";
  /** Committed writes to public content, from this process and (server database) any other. */
  changes: ContentChanges;
  /** The pg pool's connections, for /metrics. */
  poolStats(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

const statsOf = (pool: pg.Pool) => () => ({
  total: pool.totalCount,
  idle: pool.idleCount,
  waiting: pool.waitingCount,
});

export interface OpenDatabaseOptions {
  databaseUrl?: string;
  dataDir: string;
  /** pg pool size for a server database. */
  poolSize?: number;
}

/**
 * One PostgresDialect on both backends: with DATABASE_URL a pg pool talks to the server;
 * without it PGlite serves the PostgreSQL wire protocol on a private Unix socket, so pg's
 * type parsing (and so every returned type) is the same on both.
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: 5000,
      idleTimeoutMillis: 30_000,
      // A database that hangs must not hang requests: the server cancels a statement after 8 s
      // (connecting gives up after 5 s), so a request during an outage ends well within 10 s.
      statement_timeout: 8000,
    });
    // A dropped server connection must not crash the process; queries will report it.
    pool.on("error", (error) => log("error", "pg pool error", { error: error.message }));
    survivesDisconnects(pool);
    const changes = new ContentChanges();
    changes.attachPool(pool);
    changes.listen(options.databaseUrl);
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return {
      db,
      kind: "postgres",
      changes,
      poolStats: statsOf(pool),
      async close() {
        await changes.close();
        await db.destroy();
      },
    };
  }
  return openPglite(options.dataDir);
}

async function openPglite(dataDir: string): Promise<Database> {
  const release = lockDataDir(dataDir);
  try {
    const { PGlite } = await import("@electric-sql/pglite");
    const pgDir = path.resolve(dataDir, "pglite");
    // A first start copies the build's template instead of running initdb (decision 108).
    if (!holdsDatabase(pgDir)) {
      const template = pgliteTemplatePath();
      if (seedDataDirFromTemplate(pgDir, template)) log("info", "database created from template");
      else
        log("info", "no database template (npm run build makes one): running initdb", { template });
    }
    fs.mkdirSync(pgDir, { recursive: true });
    // PGlite runs in a worker thread of its own (decision 166); pg speaks to its one backend
    // through the wire (decision 164), so one connection only.
    const engine = await startPgliteWorker(pgDir, pgliteOptions(PGlite.defaultStartParams));
    const pool = new pg.Pool({
      ...pgliteConnection(engine),
      max: 1,
      // Kept while idle: a new session would prepare every statement again.
      idleTimeoutMillis: 0,
    });
    // One PGlite backend serves every connection: its own notifications reach this process only.
    const changes = new ContentChanges();
    changes.attachPool(pool);
    const db = new Kysely<DB>({
      dialect: new PostgresDialect({ pool: preparedStatementsPool(pool) }),
    });
    let closed = false;
    return {
      db,
      kind: "pglite",
      changes,
      poolStats: statsOf(pool),
      async close() {
        if (closed) return;
        closed = true;
        await changes.close();
        await db.destroy();
        await engine.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

/**
 * pg emits 'error' on a checked-out client whose server went away (a restart) before its query's
 * promise rejects; unhandled, that event would end the process. The query still fails (503), the
 * pool drops the client, and the next checkout connects afresh.
 */
function survivesDisconnects(pool: pg.Pool): void {
  pool.on("connect", (client) => {
    client.on("error", (error) =>
      log("warn", "database connection lost", { error: error.message }),
    );
  });
}

export async function pingDatabase(db: Db, timeoutMs = 2000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const timeout = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs);
    });
    const ping = sql`select 1 as ok`.execute(db).then(() => true as const);
    return await Promise.race([ping, timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** Runs `work` in a transaction, or in the caller's when `db` already is one (Kysely cannot nest). */
export function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  if (db.isTransaction) return work(db);
  return db.transaction().execute(work);
}
