import { sql, type Kysely } from "kysely";
import { Migrator, type Migration, type MigrationProvider } from "kysely/migration";
import type { Db } from "./db.server";

/** Migrations are bundled at build time, so the built server needs no db/ folder at run time. */
const modules = import.meta.glob<Migration>("../../../db/migrations/*.ts", { eager: true });

class BundledMigrationProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    const migrations: Record<string, Migration> = {};
    for (const [file, mod] of Object.entries(modules)) {
      const name = file.split("/").pop()!.replace(/\.ts$/, "");
      migrations[name] = { up: mod.up, down: mod.down };
    }
    return migrations;
  }
}

/** The names of the migrations applied to this database, in order; [] for a new database. */
export async function appliedMigrations<T>(db: Kysely<T>): Promise<string[]> {
  const exists = await sql<{ found: string | null }>`
    select to_regclass(current_schema() || '.kysely_migration')::text as found
  `.execute(db);
  if (!exists.rows[0]?.found) return [];
  const rows = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(
    db,
  );
  return rows.rows.map((r) => r.name);
}

/**
 * Whether the applied migrations are exactly the bundled ones: one catalogue lookup and one read,
 * where Kysely's migrator first introspects every table of the schema (about half a second on the
 * embedded database, at each start and for each test database).
 */
async function upToDate(db: Db): Promise<boolean> {
  const applied = new Set(await appliedMigrations(db));
  const bundled = await bundledMigrationNames();
  // Compared as sets: the database's collation may sort the names otherwise than JavaScript.
  // Anything else (one pending, or one this build does not know) is the migrator's to judge.
  return applied.size === bundled.length && bundled.every((name) => applied.has(name));
}

/**
 * Runs pending migrations under Kysely's migration lock; throws on the first failure. Nothing
 * pending: returns at once without the migrator (its lock is for running migrations, and a
 * migration recorded as applied is never run again).
 */
export async function migrateToLatest(db: Db): Promise<string[]> {
  if (await upToDate(db)) return [];
  const migrator = new Migrator({ db, provider: new BundledMigrationProvider() });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === "Error")?.migrationName;
    const reason = error instanceof Error ? error.message : String(error);
    // The cause keeps the driver's error (its code) for the start's one-line messages.
    throw new Error(
      failed ? `Migration ${failed} failed: ${reason}` : `Migrations could not run: ${reason}`,
      { cause: error },
    );
  }
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}

/** The migrations this build knows, in the order they run. */
export async function bundledMigrationNames(): Promise<string[]> {
  return Object.keys(await new BundledMigrationProvider().getMigrations()).sort();
}

/** Runs pending migrations up to and including `name` (a backup's schema version). */
export async function migrateUpTo(db: Db, name: string): Promise<void> {
  const migrator = new Migrator({ db, provider: new BundledMigrationProvider() });
  const { error, results } = await migrator.migrateTo(name);
  if (error) {
    const failed = results?.find((r) => r.status === "Error")?.migrationName;
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Migration ${failed ?? name} failed: ${reason}`, { cause: error });
  }
}
