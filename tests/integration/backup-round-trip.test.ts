import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getSessionAdmin } from "~/server/auth/session.server";
import { verifyArchive } from "~/server/backup/backup-archive.server";
import {
  localBackupMedia,
  s3BackupMedia,
  type BackupMedia,
} from "~/server/backup/backup-media.server";
import { EXCLUDED_TABLES, describeTables } from "~/server/backup/backup-schema.server";
import { restoreBackup } from "~/server/backup/backup-restore.server";
import { createBackup } from "~/server/backup/backup.server";
import { openDatabase, type Database } from "~/server/platform/db.server";
import { bundledMigrationNames, migrateToLatest } from "~/server/platform/migrate.server";
import { createTestDatabase, type TestDatabase } from "../support/db";
import { registerS3rver } from "../support/s3-server";
import {
  PROBE_ROWS,
  countOf,
  createProbeTable,
  fillSource,
  snapshotMedia,
  snapshotRows,
} from "../support/backup-support";
import { tempDirs } from "../support/files";

const s3 = registerS3rver("wlx-backup-s3-", "backup-round-trip");

// embedded (PGlite + local files) → archive → PostgreSQL + s3rver → archive → embedded again.
describe("backup and restore round trip", () => {
  const temp = tempDirs("wlx-backup-rt-");
  const work = temp.make();
  let source: Database;
  let postgres: TestDatabase;
  let back: Database;
  let sourceMedia: BackupMedia;
  let s3Media: BackupMedia;
  let backMedia: BackupMedia;
  let sessionId: string;

  beforeAll(async () => {
    source = await openDatabase({ dataDir: path.join(work, "source") });
    await migrateToLatest(source.db);
    await createProbeTable(source.db);
    await PROBE_ROWS.execute(source.db);
    ({ sessionId } = await fillSource(source.db, path.join(work, "source", "media")));
    sourceMedia = localBackupMedia(path.join(work, "source", "media"));
    postgres = await createTestDatabase("postgres");
    await createProbeTable(postgres.db);
    s3Media = s3BackupMedia({
      bucket: "backup-round-trip",
      region: "us-east-1",
      endpoint: s3.url,
      accessKeyId: "S3RVER",
      secretAccessKey: "S3RVER",
      forcePathStyle: true,
    });
    // The last target is a data directory that does not exist yet: restore migrates it.
    back = await openDatabase({ dataDir: path.join(work, "back") });
    await createProbeTable(back.db);
    backMedia = localBackupMedia(path.join(work, "back", "media"));
  }, 240_000);

  afterAll(async () => {
    await source?.close();
    await postgres?.close();
    await back?.close();
    temp.removeAll();
  });

  it("brings back every row of every table and every object, byte for byte, on both backends", async () => {
    const rows = await snapshotRows(source.db);
    const objects = await snapshotMedia(sourceMedia);
    // Not vacuous: the source has content everywhere the issue names.
    for (const table of [
      "admins",
      "packages",
      "package_images",
      "travel_moments",
      "enquiries",
      "events",
      "media_objects",
      "recovery_codes",
      "backup_probe",
    ]) {
      expect(rows[table]?.length, table).toBeGreaterThan(0);
    }
    expect(Object.keys(objects).length).toBeGreaterThan(5);

    const first = path.join(work, "first.wlx");
    const made = await createBackup({
      db: source.db,
      kind: "pglite",
      media: sourceMedia,
      file: first,
    });
    expect(made.objects).toBe(Object.keys(objects).length);
    expect(made.missingMedia).toEqual([]);
    const archive = await verifyArchive(first);
    expect(archive.header.migrations).toEqual(await bundledMigrationNames());
    expect(archive.manifest.tables.map((t) => t.name)).not.toContain("sessions");

    await restoreBackup({ db: postgres.db, media: s3Media, archive });
    expect(await snapshotRows(postgres.db)).toEqual(rows);
    expect(await snapshotMedia(s3Media)).toEqual(objects);

    const second = path.join(work, "second.wlx");
    await createBackup({ db: postgres.db, kind: "postgres", media: s3Media, file: second });
    const secondArchive = await verifyArchive(second);
    expect(secondArchive.header.database).toBe("postgres");
    expect(secondArchive.header.media).toBe("s3");
    await restoreBackup({ db: back.db, media: backMedia, archive: secondArchive });
    expect(await snapshotRows(back.db)).toEqual(rows);
    expect(await snapshotMedia(backMedia)).toEqual(objects);
    // S3 kept each object's type (the local store has none: it comes from the extension).
    const types = new Map(secondArchive.manifest.media.map((o) => [o.key, o.contentType]));
    expect([...types.values()].every((t) => /^(image|video)\//.test(t))).toBe(true);
  }, 180_000);

  it("restores no session, rate-limit counter or cookie key: everyone signs in again", async () => {
    expect(await getSessionAdmin(source.db, sessionId)).not.toBeNull();
    for (const db of [postgres.db, back.db]) {
      expect(await getSessionAdmin(db, sessionId)).toBeNull();
      const present = new Set((await describeTables(db)).map((t) => t.name));
      for (const table of Object.keys(EXCLUDED_TABLES).filter((t) => present.has(t))) {
        expect(await countOf(db, table), table).toBe(0);
      }
    }
  });

  it("moves identity and serial sequences past the restored rows, so new rows do not collide", async () => {
    for (const db of [postgres.db, back.db]) {
      const inserted = await sql<{ id: string; serial_no: number }>`
        insert into backup_probe (note) values ('after restore') returning id::text, serial_no
      `.execute(db);
      expect(inserted.rows[0]).toEqual({ id: "4", serial_no: 4 });
    }
  });

  it("leaves a restored installation migrated and usable by the app", async () => {
    const applied = await sql<{
      name: string;
    }>`select name from kysely_migration order by name`.execute(back.db);
    expect(applied.rows.map((r) => r.name)).toEqual(await bundledMigrationNames());
    const admins = await sql<{ email: string; totp_secret: string | null }>`
      select email, totp_secret from admins order by email`.execute(back.db);
    expect(admins.rows[0]).toEqual({ email: "owner@example.com", totp_secret: "A".repeat(32) });
  });
});
