import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import {
  appliedMigrations,
  bundledMigrationNames,
  migrateToLatest,
} from "~/server/platform/migrate.server";
import { BACKENDS, createTestDatabase } from "../support/db";

// migrateToLatest answers at once when the applied migrations are exactly the bundled ones
// (decision 162); anything else still goes through Kysely's migrator.
describe.each(BACKENDS)("migrateToLatest on %s", (backend) => {
  it("does nothing on a database that has every bundled migration", async () => {
    const database = await createTestDatabase(backend);
    try {
      expect(await appliedMigrations(database.db)).toEqual(await bundledMigrationNames());
      expect(await migrateToLatest(database.db)).toEqual([]);
    } finally {
      await database.close();
    }
  });

  it("runs a migration that is missing, and only that one", async () => {
    const database = await createTestDatabase(backend);
    try {
      const last = (await bundledMigrationNames()).at(-1)!;
      // The last migration undone by hand, as an older database would be.
      const { down } = await import(`../../db/migrations/${last}.ts`);
      await down(database.db);
      await sql`delete from kysely_migration where name = ${last}`.execute(database.db);
      expect(await migrateToLatest(database.db)).toEqual([last]);
      expect(await appliedMigrations(database.db)).toEqual(await bundledMigrationNames());
    } finally {
      await database.close();
    }
  });

  it("leaves a migration this build does not know to the migrator, which refuses it", async () => {
    const database = await createTestDatabase(backend);
    try {
      await sql`insert into kysely_migration (name, timestamp)
        values ('2099-01-01T0000-from-the-future', now()::text)`.execute(database.db);
      await expect(migrateToLatest(database.db)).rejects.toThrow(/Migrations could not run/);
    } finally {
      await database.close();
    }
  });
});
