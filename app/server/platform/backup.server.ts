import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { sql } from "kysely";
import type { BackupMedia } from "./backup-media.server";
import {
  FORMAT,
  FORMAT_VERSION,
  HEADER_NAME,
  MANIFEST_HASH_NAME,
  MANIFEST_NAME,
  archiveRows,
  mediaEntryName,
  sha256Of,
  tableEntryName,
  type ArchiveHeader,
  type Manifest,
  type VerifiedArchive,
} from "./backup-archive.server";
import {
  EXCLUDED_TABLES,
  appliedMigrations,
  batchSize,
  countRows,
  describeTables,
  insertRows,
  readRows,
  resetSequences,
  setPortableOutput,
  type AnyDb,
  type TableInfo,
} from "./backup-schema.server";
import { ArchiveError, TarWriter, hashStream, readTarEntry } from "./backup-tar.server";
import { bundledMigrationNames, migrateToLatest, migrateUpTo } from "./migrate.server";

export interface BackupSummary {
  file: string;
  tables: number;
  rows: number;
  objects: number;
  bytes: number;
  missingMedia: string[];
}

export interface BackupOptions {
  db: AnyDb;
  kind: "postgres" | "pglite";
  media: BackupMedia;
  file: string;
  /** Replace an existing file at `file`. */
  force?: boolean;
}

/** Keys the media index refers to: each object and its image variants. */
function referencedKeys(table: TableInfo, rows: (string | null)[][], into: Set<string>): void {
  const key = table.columns.findIndex((c) => c.name === "storage_key");
  const variants = table.columns.findIndex((c) => c.name === "variants");
  for (const row of rows) {
    if (key >= 0 && row[key]) into.add(row[key]);
    if (variants >= 0 && row[variants]) {
      for (const v of JSON.parse(row[variants]) as { key?: unknown }[]) {
        if (typeof v.key === "string") into.add(v.key);
      }
    }
  }
}

/**
 * Writes one archive: the database as of one snapshot (a repeatable-read, read-only transaction),
 * then every media object. Written to a temporary name and renamed, so `file` is either the
 * previous file or a complete backup.
 */
export async function createBackup(options: BackupOptions): Promise<BackupSummary> {
  const { db, media } = options;
  const file = path.resolve(options.file);
  if (!options.force && fs.existsSync(file)) {
    throw new ArchiveError(
      `${file} already exists: choose another name, or pass --force to replace it`,
    );
  }
  const migrations = await appliedMigrations(db);
  if (!migrations.length) {
    throw new ArchiveError(
      "The database has no Wanderlux schema yet (no migrations ran): nothing to back up",
    );
  }
  const known = new Set(await bundledMigrationNames());
  const unknown = migrations.find((m) => !known.has(m));
  if (unknown) {
    throw new ArchiveError(
      `The database was migrated by a newer version of Wanderlux (migration ${unknown} is unknown here): back it up with that version`,
    );
  }
  const temp = `${file}.${randomBytes(4).toString("hex")}.partial`;
  const spool = fs.mkdtempSync(path.join(os.tmpdir(), "wlx-backup-"));
  const writer = new TarWriter(temp);
  try {
    const header: ArchiveHeader = {
      format: FORMAT,
      formatVersion: FORMAT_VERSION,
      createdAt: new Date().toISOString(),
      database: options.kind,
      media: media.driver,
      migrations,
    };
    const headerBytes = Buffer.from(`${JSON.stringify(header, null, 2)}\n`);
    await writer.add(HEADER_NAME, headerBytes.length, headerBytes);
    const referenced = new Set<string>();
    const tables = await db
      .transaction()
      .setIsolationLevel("repeatable read")
      .execute(async (trx) => {
        await sql`set transaction read only`.execute(trx);
        await setPortableOutput(trx);
        const all = await describeTables(trx);
        const dumped: Manifest["tables"] = [];
        for (const table of all) {
          if (table.name in EXCLUDED_TABLES) continue;
          const spooled = path.join(spool, `${dumped.length}.jsonl`);
          const out = fs.createWriteStream(spooled);
          let rows = 0;
          for await (const batch of readRows(trx, table)) {
            rows += batch.length;
            if (table.name === "media_objects") referencedKeys(table, batch, referenced);
            const lines = batch.map((row) => `${JSON.stringify(row)}\n`).join("");
            if (!out.write(lines)) await once(out, "drain");
          }
          out.end();
          await once(out, "finish");
          const size = (await fs.promises.stat(spooled)).size;
          const written = await writer.add(
            tableEntryName(table.name),
            size,
            fs.createReadStream(spooled),
          );
          await fs.promises.rm(spooled);
          dumped.push({
            name: table.name,
            columns: table.columns,
            identityAlways: table.identityAlways,
            rows,
            bytes: written.bytes,
            sha256: written.sha256,
          });
        }
        return dumped;
      });
    const objects: Manifest["media"] = [];
    for await (const key of media.list()) {
      let object: Awaited<ReturnType<BackupMedia["read"]>>;
      try {
        object = await media.read(key);
      } catch {
        // Deleted since it was listed (its rows were deleted after the snapshot): not needed.
        continue;
      }
      const written = await writer.add(mediaEntryName(key), object.bytes, object.body);
      objects.push({
        key,
        contentType: object.contentType,
        bytes: written.bytes,
        sha256: written.sha256,
      });
    }
    const stored = new Set(objects.map((o) => o.key));
    const missingMedia = [...referenced].filter((key) => !stored.has(key)).sort();
    const manifest: Manifest = {
      format: FORMAT,
      formatVersion: FORMAT_VERSION,
      migrations,
      excludedTables: Object.keys(EXCLUDED_TABLES),
      tables,
      media: objects,
      missingMedia,
    };
    const manifestBytes = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
    await writer.add(MANIFEST_NAME, manifestBytes.length, manifestBytes);
    const hash = Buffer.from(`${sha256Of(manifestBytes)}\n`);
    await writer.add(MANIFEST_HASH_NAME, hash.length, hash);
    await writer.finish();
    await fs.promises.rename(temp, file);
    return {
      file,
      tables: tables.length,
      rows: tables.reduce((sum, t) => sum + t.rows, 0),
      objects: objects.length,
      bytes: objects.reduce((sum, o) => sum + o.bytes, 0),
      missingMedia,
    };
  } catch (error) {
    await writer.abort();
    await fs.promises.rm(temp, { force: true });
    throw error;
  } finally {
    fs.rmSync(spool, { recursive: true, force: true });
  }
}

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
