import fs from "node:fs";
import path from "node:path";
import { verifyArchive } from "./backup-archive.server";
import { openBackupMedia } from "./backup-media.server";
import { ArchiveError } from "./backup-tar.server";
import { checkSchemaVersion, restoreBackup } from "./backup-restore.server";
import { createBackup } from "./backup.server";
import { DataDirLockedError } from "../platform/data-dir-lock.server";
import { openDatabase, type Database } from "../platform/db.server";
import { parseEnv, type Env } from "../platform/env.server";

export interface BackupIo {
  output: NodeJS.WritableStream;
  error: NodeJS.WritableStream;
}

const defaultIo: BackupIo = { output: process.stdout, error: process.stderr };

function parseArgs(argv: string[]): { file: string; force: boolean } | undefined {
  const force = argv.includes("--force");
  const rest = argv.filter((a) => a !== "--force");
  if (rest.length !== 1 || rest[0]!.startsWith("-")) return undefined;
  return { file: path.resolve(rest[0]!), force };
}

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

function where(env: Env): string {
  return env.DATABASE_URL
    ? "the database at DATABASE_URL"
    : `DATA_DIR ${path.resolve(env.DATA_DIR)}`;
}

async function open(env: Env): Promise<Database> {
  try {
    return await openDatabase({
      databaseUrl: env.DATABASE_URL,
      dataDir: env.DATA_DIR,
      poolSize: 2,
    });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      // The embedded database is one process's at a time: a backup needs the server stopped.
      throw new ArchiveError(
        `${error.message} The embedded database can be backed up or restored only while the server is stopped`,
      );
    }
    throw error;
  }
}

function fail(io: BackupIo, error: unknown, nothing: string): number {
  if (error instanceof ArchiveError) {
    io.error.write(`${error.message}. ${nothing}\n`);
    return 1;
  }
  throw error;
}

/** `npm run backup -- <file> [--force]`: returns the exit code. */
export async function runBackupCli(
  argv: string[],
  io: BackupIo = defaultIo,
  source: Record<string, string | undefined> = process.env,
): Promise<number> {
  const args = parseArgs(argv);
  if (!args) {
    io.error.write(
      "Usage: npm run backup -- <file> [--force]   (--force replaces an existing file)\n",
    );
    return 2;
  }
  const env = parseEnv(source);
  try {
    if (!env.DATABASE_URL && !fs.existsSync(path.join(env.DATA_DIR, "pglite"))) {
      throw new ArchiveError(`There is no database in DATA_DIR ${path.resolve(env.DATA_DIR)}`);
    }
    const database = await open(env);
    try {
      const media = openBackupMedia(env);
      const summary = await createBackup({
        db: database.db,
        kind: database.kind,
        media,
        file: args.file,
        force: args.force,
      });
      for (const key of summary.missingMedia) {
        io.error.write(
          `warning: ${key} is referred to by the database but missing from ${media.location}\n`,
        );
      }
      io.output.write(
        `Backup of ${where(env)} and ${media.location} written to ${summary.file}: ` +
          `${summary.tables} tables, ${summary.rows} rows, ${summary.objects} media objects (${mib(summary.bytes)}).\n`,
      );
      return 0;
    } finally {
      await database.close();
    }
  } catch (error) {
    return fail(io, error, "No backup was written.");
  }
}

/** `npm run restore -- <file> [--force]`: returns the exit code. */
export async function runRestoreCli(
  argv: string[],
  io: BackupIo = defaultIo,
  source: Record<string, string | undefined> = process.env,
): Promise<number> {
  const args = parseArgs(argv);
  if (!args) {
    io.error.write(
      "Usage: npm run restore -- <file> [--force]   (--force replaces a target that is not empty)\n",
    );
    return 2;
  }
  const env = parseEnv(source);
  const dataDir = path.resolve(env.DATA_DIR);
  const newDataDir = !env.DATABASE_URL && !fs.existsSync(dataDir);
  try {
    // The whole archive is checked before the target is even opened.
    const archive = await verifyArchive(args.file);
    await checkSchemaVersion(archive.manifest.migrations);
    const database = await open(env);
    let restored = false;
    try {
      const media = openBackupMedia(env);
      const summary = await restoreBackup({ db: database.db, media, archive, force: args.force });
      restored = true;
      io.output.write(
        `Restored ${args.file} into ${where(env)} and ${media.location}: ${summary.tables} tables, ` +
          `${summary.rows} rows, ${summary.objects} media objects` +
          (summary.removedObjects
            ? ` (${summary.removedObjects} objects not in the backup removed)`
            : "") +
          ". Sessions are not restored: everyone signs in again.\n",
      );
      return 0;
    } finally {
      await database.close();
      // A data directory this restore created is removed again when it failed.
      if (!restored && newDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    }
  } catch (error) {
    return fail(io, error, "Nothing was restored.");
  }
}
