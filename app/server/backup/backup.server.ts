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
  mediaEntryName,
  sha256Of,
  tableEntryName,
  type ArchiveHeader,
  type Manifest,
} from "./backup-archive.server";
import {
  EXCLUDED_TABLES,
  describeTables,
  readRows,
  setPortableOutput,
  type AnyDb,
  type TableInfo,
} from "./backup-schema.server";
import { ARCHIVE_MODE, ArchiveError, TarWriter } from "./backup-tar.server";
import { appliedMigrations, bundledMigrationNames } from "../platform/migrate.server";

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
          const out = fs.createWriteStream(spooled, { mode: ARCHIVE_MODE });
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
