import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, beforeEach, inject } from "vitest";
import { openDatabase, type Database } from "~/server/platform/db.server";
import { migrateToLatest } from "~/server/platform/migrate.server";
import { tempDirs } from "./files";

export type Backend = "postgres" | "pglite";

/** Both backends: every repository suite runs on each, so the app code is proven on both. */
export const BACKENDS: Backend[] = ["postgres", "pglite"];

export interface TestDatabase extends Database {
  backend: Backend;
  url?: string;
  dataDir?: string;
}

/** A fresh, migrated database: its own PostgreSQL database, or its own PGlite directory. */
export async function createTestDatabase(backend: Backend): Promise<TestDatabase> {
  if (backend === "pglite") {
    const temp = tempDirs("wlx-pglite-");
    const dataDir = temp.make();
    const database = await openDatabase({ dataDir });
    await migrateToLatest(database.db);
    return {
      ...database,
      backend,
      dataDir,
      async close() {
        await database.close();
        temp.removeAll();
      },
    };
  }
  const adminUrl = inject("databaseUrl");
  const name = `wlx_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: "", poolSize: 5 });
  await migrateToLatest(database.db);
  return {
    ...database,
    backend,
    url: url.toString(),
    async close() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/** Truncates every table but the migration bookkeeping. */
export async function resetDatabase(database: Database): Promise<void> {
  const tables = await sql<{ tablename: string }>`
    select tablename from pg_tables where schemaname = 'public' and tablename not like 'kysely_%'
  `.execute(database.db);
  const names = tables.rows.map((r) => `"${r.tablename}"`).join(", ");
  if (names) await sql.raw(`truncate ${names} restart identity cascade`).execute(database.db);
}

/**
 * One database of `backend` for a describe block: created before its tests, emptied before each,
 * closed after. `db()` is the Kysely instance of the moment.
 */
export function useTestDatabase(backend: Backend) {
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    database = await createTestDatabase(backend);
  });
  afterAll(async () => {
    await database?.close();
  });
  beforeEach(async () => {
    await resetDatabase(database!);
  });
  return {
    db: () => database!.db,
    database: () => database!,
  };
}
