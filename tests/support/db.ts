import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql, type RawBuilder } from "kysely";
import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { afterAll, beforeAll, beforeEach, inject } from "vitest";
import { describeTables } from "~/server/backup/backup-schema.server";
import { openDatabase, type Database } from "~/server/platform/db.server";
import { migrateToLatest } from "~/server/platform/migrate.server";
import { pgliteOptions } from "~/server/platform/pglite-options.server";
import { seedDataDirFromTemplate } from "~/server/platform/pglite-template.server";
import { tempDirs } from "./files";

export type Backend = "postgres" | "pglite";

/** Both backends: every repository suite runs on each, so the app code is proven on both. */
export const BACKENDS: Backend[] = ["postgres", "pglite"];

export interface TestDatabase extends Database {
  backend: Backend;
  url?: string;
  dataDir?: string;
}

/**
 * The suite's migrated templates, made once per run by the global setup: a PostgreSQL database
 * that `create database … template` copies, and a PGlite data directory whose files are copied.
 * A test database then starts migrated instead of running every migration (about half a second
 * each on PGlite); the migrations themselves still run once per run, here, and in their own tests.
 */
export interface TestTemplates {
  postgres: string;
  pglite: string;
  remove(): Promise<void>;
}

async function onAdmin<T>(adminUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return await run(admin);
  } finally {
    await admin.end();
  }
}

const withDatabase = (adminUrl: string, name: string) => {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

const dropDatabase = (adminUrl: string, name: string) =>
  onAdmin(adminUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`));

/** Runs every migration on a template, then closes it (a template is copied, never used). */
async function migrateThenClose(database: Database): Promise<void> {
  try {
    await migrateToLatest(database.db);
  } finally {
    await database.close();
  }
}

export async function createTestTemplates(adminUrl: string): Promise<TestTemplates> {
  const name = `wlx_template_${randomBytes(6).toString("hex")}`;
  await onAdmin(adminUrl, (admin) => admin.query(`create database ${name}`));
  await migrateThenClose(
    await openDatabase({ databaseUrl: withDatabase(adminUrl, name), dataDir: "", poolSize: 1 }),
  );
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wlx-pglite-template-"));
  await migrateThenClose(await openDatabase({ dataDir: dir }));
  return {
    postgres: name,
    pglite: path.join(dir, "pglite"),
    async remove() {
      fs.rmSync(dir, { recursive: true, force: true });
      await dropDatabase(adminUrl, name);
    },
  };
}

/** A copy of the run's migrated template in `dir`: the PGlite data directory's path. */
export function pgliteDataFromTemplate(dir: string): string {
  const pgDir = path.join(dir, "pglite");
  seedDataDirFromTemplate(pgDir, inject("pgliteTemplate"));
  return pgDir;
}

/** A PGlite of its own (no pg, no pool) in `dir`, on a copy of the run's migrated template. */
export async function pgliteFromTemplate(dir: string): Promise<PGlite> {
  const pgDir = pgliteDataFromTemplate(dir);
  const { PGlite } = await import("@electric-sql/pglite");
  return PGlite.create(pgDir, pgliteOptions(PGlite.defaultStartParams));
}

/**
 * A fresh, migrated database: its own PostgreSQL database, or its own PGlite directory, each a
 * copy of the run's migrated template (migrateToLatest then finds nothing pending).
 */
export async function createTestDatabase(backend: Backend): Promise<TestDatabase> {
  if (backend === "pglite") {
    const temp = tempDirs("wlx-pglite-");
    const dataDir = temp.make();
    seedDataDirFromTemplate(path.join(dataDir, "pglite"), inject("pgliteTemplate"));
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
  const template = inject("postgresTemplate");
  await onAdmin(adminUrl, (admin) => admin.query(`create database ${name} template ${template}`));
  const url = withDatabase(adminUrl, name);
  const database = await openDatabase({ databaseUrl: url, dataDir: "", poolSize: 5 });
  await migrateToLatest(database.db);
  return {
    ...database,
    backend,
    url,
    async close() {
      await database.close();
      await dropDatabase(adminUrl, name);
    },
  };
}

/**
 * A database's tables but the migration bookkeeping, the rows that point at others' first: the
 * backups' order (parents first, refusing a cycle) turned round. Read once per database: the
 * schema does not change under a suite.
 */
const tablesOf = new WeakMap<Database, Promise<string[]>>();

function childrenFirst(database: Database): Promise<string[]> {
  let tables = tablesOf.get(database);
  if (!tables) {
    tables = describeTables(database.db).then((parentsFirst) =>
      parentsFirst.map((t) => t.name).reverse(),
    );
    tablesOf.set(database, tables);
  }
  return tables;
}

/**
 * Empties every table but the migration bookkeeping, as a fresh database has them, and starts
 * every sequence again. A test fills a few of the schema's tables: one query finds which hold
 * rows, and one round trip deletes them, the rows that point at others first. (Truncating costs
 * new files for each table and index, even empty ones: most of a test's time on small tables.)
 */
export async function resetDatabase(database: Database): Promise<void> {
  const tables = await childrenFirst(database);
  if (tables.length === 0) return;
  const holding = new Set(
    (
      await sql<{ name: string }>`${sql.join(
        tables.map(
          (name) => sql`select ${name}::text as name where exists (select from ${sql.table(name)})`,
        ),
        sql` union all `,
      )}`.execute(database.db)
    ).rows.map((r) => r.name),
  );
  const statements: RawBuilder<unknown>[] = [
    ...tables
      .filter((name) => holding.has(name))
      .map((name) => sql`delete from ${sql.table(name)}`),
    sql`select setval(c.oid, s.seqstart, false)
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
      join pg_sequence s on s.seqrelid = c.oid
      where c.relkind = 'S'`,
  ];
  // No parameters: one simple-protocol round trip for all of them.
  await sql`${sql.join(statements, sql`;\n`)}`.execute(database.db);
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
