import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, beforeEach, inject } from "vitest";
import { openDatabase, type Database } from "~/server/platform/db.server";
import { migrateToLatest } from "~/server/platform/migrate.server";
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

export async function createTestTemplates(adminUrl: string): Promise<TestTemplates> {
  const name = `wlx_template_${randomBytes(6).toString("hex")}`;
  await onAdmin(adminUrl, (admin) => admin.query(`create database ${name}`));
  const postgres = await openDatabase({
    databaseUrl: withDatabase(adminUrl, name),
    dataDir: "",
    poolSize: 1,
  });
  try {
    await migrateToLatest(postgres.db);
  } finally {
    await postgres.close();
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wlx-pglite-template-"));
  const embedded = await openDatabase({ dataDir: dir });
  try {
    await migrateToLatest(embedded.db);
  } finally {
    await embedded.close();
  }
  return {
    postgres: name,
    pglite: path.join(dir, "pglite"),
    async remove() {
      fs.rmSync(dir, { recursive: true, force: true });
      await onAdmin(adminUrl, (admin) =>
        admin.query(`drop database if exists ${name} with (force)`),
      );
    },
  };
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
      await onAdmin(adminUrl, (admin) =>
        admin.query(`drop database if exists ${name} with (force)`),
      );
    },
  };
}

/**
 * A database's tables but the migration bookkeeping, in an order that deletes the rows that point
 * at a row before that row (null when foreign keys form a cycle). Read once per database: the
 * schema does not change under a suite.
 */
interface TableOrder {
  tables: string[];
  childrenFirst: string[] | null;
}

const ordersOf = new WeakMap<Database, Promise<TableOrder>>();

async function readTableOrder(database: Database): Promise<TableOrder> {
  const tables = (
    await sql<{ name: string }>`
      select tablename as name from pg_tables
      where schemaname = 'public' and tablename not like 'kysely_%'
      order by tablename
    `.execute(database.db)
  ).rows.map((r) => r.name);
  const references = (
    await sql<{ child: string; parent: string }>`
      select child.relname as child, parent.relname as parent
      from pg_constraint c
      join pg_class child on child.oid = c.conrelid
      join pg_class parent on parent.oid = c.confrelid
      join pg_namespace n on n.oid = c.connamespace and n.nspname = 'public'
      where c.contype = 'f' and c.conrelid <> c.confrelid
    `.execute(database.db)
  ).rows;
  // Kahn's algorithm on "a child's rows go before its parent's".
  const waitingOn = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const { child, parent } of references) waitingOn.get(parent)?.add(child);
  const childrenFirst: string[] = [];
  while (waitingOn.size > 0) {
    const ready = [...waitingOn].filter(([, children]) => children.size === 0).map(([t]) => t);
    if (ready.length === 0) return { tables, childrenFirst: null };
    for (const table of ready) {
      childrenFirst.push(table);
      waitingOn.delete(table);
      for (const children of waitingOn.values()) children.delete(table);
    }
  }
  return { tables, childrenFirst };
}

function tableOrder(database: Database): Promise<TableOrder> {
  let order = ordersOf.get(database);
  if (!order) {
    order = readTableOrder(database);
    ordersOf.set(database, order);
  }
  return order;
}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Empties every table but the migration bookkeeping, as a fresh database has them, and starts
 * every sequence again. A test fills a few of the schema's tables: one query finds which hold
 * rows, and one round trip deletes them, the rows that point at others first. (Truncating costs
 * new files for each table and index, even empty ones: most of a test's time on small tables.)
 */
export async function resetDatabase(database: Database): Promise<void> {
  const { tables, childrenFirst } = await tableOrder(database);
  if (tables.length === 0) return;
  const holding = new Set(
    (
      await sql
        .raw<{ name: string }>(
          tables
            .map(
              (name) =>
                `select '${name.replace(/'/g, "''")}' as name where exists (select from ${quoted(name)})`,
            )
            .join(" union all "),
        )
        .execute(database.db)
    ).rows.map((r) => r.name),
  );
  const emptying =
    holding.size === 0
      ? []
      : childrenFirst
        ? childrenFirst.filter((t) => holding.has(t)).map((t) => `delete from ${quoted(t)}`)
        : [`truncate ${[...holding].map(quoted).join(", ")} cascade`];
  await sql
    .raw(
      [
        ...emptying,
        `select setval(c.oid, s.seqstart, false)
         from pg_class c
         join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
         join pg_sequence s on s.seqrelid = c.oid
         where c.relkind = 'S'`,
      ].join(";\n"),
    )
    .execute(database.db);
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
