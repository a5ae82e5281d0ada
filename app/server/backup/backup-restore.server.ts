import { sql } from "kysely";
import type { BackupMedia } from "./backup-media.server";
import {
  archiveRows,
  mediaEntryName,
  type Manifest,
  type VerifiedArchive,
} from "./backup-archive.server";
import {
  EXCLUDED_TABLES,
  batchSize,
  countRows,
  describeTables,
  insertRows,
  resetSequences,
  setPortableOutput,
  type AnyDb,
  type TableInfo,
} from "./backup-schema.server";
import { ArchiveError, hashStream, readTarEntry } from "./backup-tar.server";
import {
  appliedMigrations,
  bundledMigrationNames,
  migrateToLatest,
  migrateUpTo,
} from "../platform/migrate.server";

/**
 * Checks that this build can restore a backup of that schema version: its migrations must be
 * this build's first migrations, in order.
 */
export async function checkSchemaVersion(archiveMigrations: string[]): Promise<void> {
  const known = await bundledMigrationNames();
  const newer = archiveMigrations.find((m) => !known.includes(m));
  if (newer) {
    throw new ArchiveError(
      `This backup was made by a newer version of Wanderlux (its schema has migration ${newer}, which this version does not know): restore it with that version or a newer one`,
    );
  }
  if (archiveMigrations.some((m, i) => known[i] !== m)) {
    throw new ArchiveError(
      "This backup's migrations do not match this version's: it cannot be restored here",
    );
  }
}

export interface RestoreOptions {
  db: AnyDb;
  media: BackupMedia;
  archive: VerifiedArchive;
  /** Replace the content of a target that is not empty. */
  force?: boolean;
}

export interface RestoreSummary {
  tables: number;
  rows: number;
  objects: number;
  /** Objects of a forced target that the backup does not hold, deleted after the commit. */
  removedObjects: number;
}

/** What makes a target "not empty": rows in a table a backup restores, or any media object. */
async function targetContent(db: AnyDb, media: BackupMedia): Promise<string[]> {
  const found: string[] = [];
  for (const table of await describeTables(db)) {
    if (table.name in EXCLUDED_TABLES) continue;
    const rows = await countRows(db, table.name);
    if (rows) found.push(`${rows} rows in ${table.name}`);
  }
  if (await media.hasAny()) found.push(`media objects in ${media.location}`);
  return found;
}

function sameColumns(archived: Manifest["tables"][number], target: TableInfo): boolean {
  const wanted = new Map(target.columns.map((c) => [c.name, c.type]));
  return (
    archived.columns.length === target.columns.length &&
    archived.columns.every((c) => wanted.get(c.name) === c.type)
  );
}

/**
 * Restores a verified archive: the schema is migrated to the backup's version, then in one
 * transaction every table is emptied and reloaded (sessions and the other excluded tables stay
 * empty) while the media objects are written and read back; the transaction commits only when
 * every object checked out. On failure the objects this restore created are deleted.
 */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreSummary> {
  const { db, media, archive } = options;
  const { manifest } = archive;
  await checkSchemaVersion(manifest.migrations);
  const applied = await appliedMigrations(db);
  if (applied.some((m, i) => manifest.migrations[i] !== m)) {
    throw new ArchiveError(
      `The target database is at another schema version (${applied.at(-1)}) than the backup (${manifest.migrations.at(-1)}): restore into an empty data directory or a new database`,
    );
  }
  const content = await targetContent(db, media);
  if (content.length && !options.force) {
    throw new ArchiveError(
      `The target is not empty (${content.join(", ")}): restore into an empty data directory or database, or pass --force to replace what is there`,
    );
  }
  await migrateUpTo(db, manifest.migrations.at(-1)!);
  const targetTables = await describeTables(db);
  const byName = new Map(targetTables.map((t) => [t.name, t]));
  for (const table of manifest.tables) {
    const target = byName.get(table.name);
    if (!target || !sameColumns(table, target)) {
      throw new ArchiveError(
        `The target's table ${table.name} does not match the backup's: restore into an empty data directory or a new database`,
      );
    }
  }
  const existing = new Set<string>();
  if (options.force) for await (const key of media.list()) existing.add(key);
  const created: string[] = [];
  let rows = 0;
  try {
    await db.transaction().execute(async (trx) => {
      await setPortableOutput(trx);
      await sql`truncate ${sql.join(targetTables.map((t) => sql.id(t.name)))}`.execute(trx);
      const archived = new Map(manifest.tables.map((t) => [t.name, t]));
      for (const target of targetTables) {
        const table = archived.get(target.name);
        if (!table) continue;
        // The archive's column order with the target's own type names (equal, checked above):
        // nothing from the archive is ever spliced into SQL text.
        const types = new Map(target.columns.map((c) => [c.name, c.type]));
        const info: TableInfo = {
          name: target.name,
          columns: table.columns.map((c) => ({ name: c.name, type: types.get(c.name)! })),
          identityAlways: target.identityAlways,
        };
        for await (const batch of archiveRows(
          archive,
          table.name,
          table.columns.length,
          batchSize(info),
        )) {
          await insertRows(trx, info, batch);
        }
        const count = await countRows(trx, table.name);
        if (count !== table.rows) {
          throw new ArchiveError(
            `${table.name} has ${count} rows after the restore, not ${table.rows}`,
          );
        }
        rows += count;
      }
      await resetSequences(trx, targetTables);
      for (const object of manifest.media) {
        const entry = archive.entries.get(mediaEntryName(object.key))!;
        if (existing.has(object.key)) {
          const current = await media.read(object.key);
          if ((await hashStream(current.body)).sha256 === object.sha256) continue;
        } else {
          created.push(object.key);
        }
        await media.write(
          object.key,
          readTarEntry(archive.file, entry),
          object.bytes,
          object.contentType,
        );
        const check = await hashStream((await media.read(object.key)).body);
        if (check.sha256 !== object.sha256 || check.bytes !== object.bytes) {
          throw new ArchiveError(`Media object ${object.key} did not store correctly`);
        }
      }
    });
  } catch (error) {
    for (const key of created) await media.delete(key).catch(() => {});
    throw error;
  }
  const keep = new Set(manifest.media.map((o) => o.key));
  let removedObjects = 0;
  for (const key of existing) {
    if (keep.has(key)) continue;
    await media.delete(key);
    removedObjects++;
  }
  await migrateToLatest(db);
  return { tables: manifest.tables.length, rows, objects: manifest.media.length, removedObjects };
}
