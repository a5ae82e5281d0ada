import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { Writable } from "node:stream";
import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createAdmin } from "~/server/auth/admins.server";
import { createSession, getSessionAdmin } from "~/server/auth/session.server";
import { LocalMediaStore } from "~/server/media/media-store.server";
import {
  HEADER_NAME,
  MANIFEST_HASH_NAME,
  MANIFEST_NAME,
  sha256Of,
  verifyArchive,
} from "~/server/backup/backup-archive.server";
import { runBackupCli, runRestoreCli } from "~/server/backup/backup-cli.server";
import { localBackupMedia, type BackupMedia } from "~/server/backup/backup-media.server";
import { TarWriter, listTarEntries, readTarEntry } from "~/server/backup/backup-tar.server";
import { restoreBackup } from "~/server/backup/backup-restore.server";
import { createBackup } from "~/server/backup/backup.server";
import { openDatabase, type Database, type Db } from "~/server/platform/db.server";
import { migrateToLatest } from "~/server/platform/migrate.server";
import { BACKENDS, createTestDatabase, type TestDatabase } from "../support/db";
import { makePackage } from "../support/factories";
import { snapshotMedia, snapshotRows, treeDigest } from "../support/backup-support";
import { tempDirs } from "../support/files";

const scratch = tempDirs("wlx-backup-ref-");
const work = scratch.make();
/** The directories a single test makes, removed after it. */
const perTest = tempDirs("wlx-backup-test-");
afterEach(perTest.removeAll);
let source: Database;
let sourceMedia: BackupMedia;
let archiveFile: string;
let sourceRows: Record<string, string[]>;
let sourceObjects: Record<string, string>;

async function smallContent(db: Db, mediaRoot: string, title: string, key: string) {
  const store = new LocalMediaStore(mediaRoot);
  await store.put(key, Buffer.from(`bytes of ${key}`), "image/webp");
  await db
    .insertInto("media_objects")
    .values({ storage_key: key, content_type: "image/webp", bytes: 10 })
    .execute();
  await makePackage(db, "trip", { title });
  const admin = await createAdmin(
    db,
    `${title.split(" ")[0]!.toLowerCase()}@example.com`,
    "a long password 123",
  );
  return createSession(db, admin.id);
}

function capture() {
  let text = "";
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += chunk.toString();
      done();
    },
  });
  return { stream, text: () => text };
}

function cliIo() {
  const output = capture();
  const error = capture();
  return {
    io: { output: output.stream, error: error.stream },
    output: output.text,
    error: error.text,
  };
}

/** Copies an archive through `edit`, fixing the manifest's hash, as a tool could. */
async function rewrite(
  from: string,
  to: string,
  edit: (name: string, content: Buffer) => Buffer | undefined,
): Promise<void> {
  const writer = new TarWriter(to);
  let manifest: Buffer | undefined;
  for (const entry of await listTarEntries(from)) {
    const chunks: Buffer[] = [];
    for await (const chunk of readTarEntry(from, entry)) chunks.push(chunk as Buffer);
    let content: Buffer | undefined = Buffer.concat(chunks);
    if (entry.name === MANIFEST_HASH_NAME) content = Buffer.from(`${sha256Of(manifest!)}\n`);
    else content = edit(entry.name, content);
    if (!content) continue;
    if (entry.name === MANIFEST_NAME) manifest = content;
    await writer.add(entry.name, content.length, content);
  }
  await writer.finish();
}

function withMigrations(content: Buffer, change: (m: string[]) => string[]): Buffer {
  const json = JSON.parse(content.toString()) as { migrations: string[] };
  json.migrations = change(json.migrations);
  return Buffer.from(JSON.stringify(json));
}

beforeAll(async () => {
  source = await openDatabase({ dataDir: path.join(work, "source") });
  await migrateToLatest(source.db);
  await smallContent(
    source.db,
    path.join(work, "source", "media"),
    "Restored trip",
    "packages/1-a.webp",
  );
  sourceMedia = localBackupMedia(path.join(work, "source", "media"));
  archiveFile = path.join(work, "source.wlx");
  await createBackup({ db: source.db, kind: "pglite", media: sourceMedia, file: archiveFile });
  sourceRows = await snapshotRows(source.db);
  sourceObjects = await snapshotMedia(sourceMedia);
}, 60_000);

afterAll(async () => {
  await source?.close();
  scratch.removeAll();
});

describe.each(BACKENDS)("restore into a target that is not empty (%s)", (backend) => {
  let target: TestDatabase;
  const roots = tempDirs("wlx-backup-target-");
  let mediaRoot: string;
  let session: { id: string };

  beforeAll(async () => {
    target = await createTestDatabase(backend);
    mediaRoot = roots.make();
    session = await smallContent(target.db, mediaRoot, "Existing trip", "packages/9-z.webp");
  }, 60_000);
  afterAll(async () => {
    await target?.close();
    roots.removeAll();
  });

  it("is refused without --force, changing nothing", async () => {
    const rows = await snapshotRows(target.db);
    const media = treeDigest(mediaRoot);
    await expect(
      restoreBackup({
        db: target.db,
        media: localBackupMedia(mediaRoot),
        archive: await verifyArchive(archiveFile),
      }),
    ).rejects.toThrow(/The target is not empty \(1 rows in admins, .*media objects in .*--force/);
    expect(await snapshotRows(target.db)).toEqual(rows);
    expect(treeDigest(mediaRoot)).toBe(media);
    expect(await getSessionAdmin(target.db, session.id)).not.toBeNull();
  });

  it("with --force replaces every row and object, and signs everyone out", async () => {
    const media = localBackupMedia(mediaRoot);
    const summary = await restoreBackup({
      db: target.db,
      media,
      archive: await verifyArchive(archiveFile),
      force: true,
    });
    expect(summary.removedObjects).toBe(1);
    expect(await snapshotRows(target.db)).toEqual(sourceRows);
    expect(await snapshotMedia(media)).toEqual(sourceObjects);
    expect(await getSessionAdmin(target.db, session.id)).toBeNull();
  });

  it("is refused when the target is at a newer schema version than the backup", async () => {
    const older = path.join(work, `older-${backend}.wlx`);
    const drop = (m: string[]) => m.slice(0, -1);
    await rewrite(archiveFile, older, (name, content) =>
      name === HEADER_NAME || name === MANIFEST_NAME ? withMigrations(content, drop) : content,
    );
    const rows = await snapshotRows(target.db);
    await expect(
      restoreBackup({
        db: target.db,
        media: localBackupMedia(mediaRoot),
        archive: await verifyArchive(older),
        force: true,
      }),
    ).rejects.toThrow(
      /another schema version .* restore into an empty data directory or a new database/,
    );
    expect(await snapshotRows(target.db)).toEqual(rows);
  });
});

describe("a restore that fails part-way", () => {
  it("rolls the database back and deletes the objects it wrote", async () => {
    const target = await createTestDatabase("pglite");
    const mediaRoot = perTest.make();
    try {
      const real = localBackupMedia(mediaRoot);
      const failing: BackupMedia = {
        ...real,
        async write(key, body, bytes, type) {
          await real.write(key, body, bytes, type);
          throw new Error("disk full");
        },
      };
      await expect(
        restoreBackup({ db: target.db, media: failing, archive: await verifyArchive(archiveFile) }),
      ).rejects.toThrow("disk full");
      expect(await snapshotMedia(real)).toEqual({});
      const rows = await snapshotRows(target.db);
      expect(Object.values(rows).every((r) => r.length === 0)).toBe(true);
    } finally {
      await target.close();
    }
  });
});

describe("a damaged archive", () => {
  const cases: [string, (file: string) => Promise<void> | void, RegExp][] = [
    [
      "a flipped byte in a media object",
      async (file) => {
        const entry = (await listTarEntries(archiveFile)).find((e) => e.name.startsWith("media/"))!;
        const bytes = fs.readFileSync(archiveFile);
        bytes[entry.offset + 3]! ^= 0xff;
        fs.writeFileSync(file, bytes);
      },
      /media\/packages\/1-a\.webp is damaged/,
    ],
    [
      "a flipped byte in a table",
      async (file) => {
        const entry = (await listTarEntries(archiveFile)).find(
          (e) => e.name === "db/packages.jsonl",
        )!;
        const bytes = fs.readFileSync(archiveFile);
        bytes[entry.offset + 5]! ^= 0x01;
        fs.writeFileSync(file, bytes);
      },
      /db\/packages\.jsonl is damaged/,
    ],
    [
      "a changed manifest",
      async (file) => {
        const entry = (await listTarEntries(archiveFile)).find((e) => e.name === MANIFEST_NAME)!;
        const bytes = fs.readFileSync(archiveFile);
        bytes[entry.offset + 20]! ^= 0x01;
        fs.writeFileSync(file, bytes);
      },
      /its manifest is damaged/,
    ],
    [
      "a truncated file",
      (file) => {
        const bytes = fs.readFileSync(archiveFile);
        fs.writeFileSync(file, bytes.subarray(0, bytes.length - 3000));
      },
      /truncated/,
    ],
    [
      "a damaged header block",
      async (file) => {
        const entry = (await listTarEntries(archiveFile)).find((e) => e.name.startsWith("db/"))!;
        const bytes = fs.readFileSync(archiveFile);
        bytes[entry.offset - 512 + 10]! ^= 0x01;
        fs.writeFileSync(file, bytes);
      },
      /damaged \(bad header at byte \d+\)/,
    ],
    [
      "a file that is not a backup",
      (file) => fs.writeFileSync(file, Buffer.alloc(4096, 7)),
      /cannot be used/,
    ],
    [
      "an entry the manifest does not list",
      (file) =>
        rewrite(archiveFile, file, (name, content) =>
          name === MANIFEST_NAME
            ? Buffer.from(
                JSON.stringify({ ...(JSON.parse(content.toString()) as object), media: [] }),
              )
            : content,
        ),
      /entries its manifest does not list \(media\/packages\/1-a\.webp\)/,
    ],
  ];

  it.each(cases)("is refused before anything is written: %s", async (_name, damage, message) => {
    const file = path.join(work, `damaged-${Math.random().toString(36).slice(2)}.wlx`);
    await damage(file);
    const dataDir = path.join(work, `never-${Math.random().toString(36).slice(2)}`);
    const cli = cliIo();
    expect(await runRestoreCli([file], cli.io, { DATA_DIR: dataDir })).toBe(1);
    expect(cli.error()).toMatch(message);
    expect(cli.error()).toMatch(/Nothing was restored\.\n$/);
    expect(fs.existsSync(dataDir)).toBe(false);
  });

  it("is refused when the file does not exist", async () => {
    const cli = cliIo();
    const dataDir = path.join(work, "never-missing");
    expect(await runRestoreCli([path.join(work, "nope.wlx")], cli.io, { DATA_DIR: dataDir })).toBe(
      1,
    );
    expect(cli.error()).toMatch(/No backup file at .*nope\.wlx\. Nothing was restored/);
    expect(fs.existsSync(dataDir)).toBe(false);
  });
});

describe("schema versions", () => {
  it("refuses a backup made by a newer version of the app, before writing anything", async () => {
    const newer = path.join(work, "newer.wlx");
    const future = (m: string[]) => [...m, "2099-01-01T0000-from-the-future"];
    await rewrite(archiveFile, newer, (name, content) =>
      name === HEADER_NAME || name === MANIFEST_NAME ? withMigrations(content, future) : content,
    );
    const dataDir = path.join(work, "never-newer");
    const cli = cliIo();
    expect(await runRestoreCli([newer], cli.io, { DATA_DIR: dataDir })).toBe(1);
    expect(cli.error()).toMatch(
      /made by a newer version of Wanderlux \(its schema has migration 2099-01-01T0000-from-the-future/,
    );
    expect(fs.existsSync(dataDir)).toBe(false);
  });

  it("refuses an archive format newer than this version reads", async () => {
    const newer = path.join(work, "newer-format.wlx");
    await rewrite(archiveFile, newer, (name, content) =>
      name === HEADER_NAME
        ? Buffer.from(
            JSON.stringify({ ...(JSON.parse(content.toString()) as object), formatVersion: 2 }),
          )
        : content,
    );
    await expect(verifyArchive(newer)).rejects.toThrow(/archive format 2, newer than/);
  });

  it("refuses to back up a database migrated by a newer version", async () => {
    const db = await createTestDatabase("postgres");
    try {
      await sql`insert into kysely_migration (name, timestamp) values ('2099-01-01T0000-from-the-future', now()::text)`.execute(
        db.db,
      );
      const file = path.join(work, "never.wlx");
      await expect(
        createBackup({
          db: db.db,
          kind: "postgres",
          media: localBackupMedia(path.join(work, "no-media")),
          file,
        }),
      ).rejects.toThrow(
        /migrated by a newer version of Wanderlux \(migration 2099-01-01T0000-from-the-future/,
      );
      expect(fs.existsSync(file)).toBe(false);
    } finally {
      await db.close();
    }
  });
});

describe("schema drift and missing media", () => {
  it("refuses a target whose table differs from the backup's, before writing anything", async () => {
    const target = await createTestDatabase("postgres");
    const mediaRoot = perTest.make();
    try {
      await sql`alter table packages add column hand_made text`.execute(target.db);
      await expect(
        restoreBackup({
          db: target.db,
          media: localBackupMedia(mediaRoot),
          archive: await verifyArchive(archiveFile),
        }),
      ).rejects.toThrow(/The target's table packages does not match the backup's/);
      expect(Object.values(await snapshotRows(target.db)).every((r) => r.length === 0)).toBe(true);
      expect(fs.readdirSync(mediaRoot)).toEqual([]);
    } finally {
      await target.close();
    }
  });

  it("names an object the database refers to that storage lacks, in the summary and the manifest", async () => {
    const db = await createTestDatabase("postgres");
    try {
      await db.db
        .insertInto("media_objects")
        .values({
          storage_key: "packages/2-gone.webp",
          content_type: "image/webp",
          bytes: 3,
          variants: JSON.stringify([
            { key: "packages/2-gone-w480.webp", width: 480, height: 320, format: "webp" },
          ]),
        })
        .execute();
      const file = path.join(work, "missing.wlx");
      const summary = await createBackup({
        db: db.db,
        kind: "postgres",
        media: localBackupMedia(path.join(work, "no-media")),
        file,
      });
      expect(summary.missingMedia).toEqual(["packages/2-gone-w480.webp", "packages/2-gone.webp"]);
      expect((await verifyArchive(file)).manifest.missingMedia).toEqual(summary.missingMedia);
    } finally {
      await db.close();
    }
  });
});

describe("the backup command", () => {
  it("refuses while another process holds the embedded data directory", async () => {
    const dataDir = perTest.make();
    fs.mkdirSync(path.join(dataDir, "pglite"));
    const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 20000)"]);
    try {
      fs.writeFileSync(path.join(dataDir, ".lock"), String(child.pid));
      const cli = cliIo();
      const file = path.join(work, "locked.wlx");
      expect(await runBackupCli([file], cli.io, { DATA_DIR: dataDir })).toBe(1);
      expect(cli.error()).toMatch(
        /is in use by another process \(PID \d+\)\..*only while the server is stopped\. No backup was written\./,
      );
      expect(fs.existsSync(file)).toBe(false);
    } finally {
      child.kill();
    }
  });

  it("refuses a DATA_DIR without a database, a bad command line, and an existing file without --force", async () => {
    const empty = cliIo();
    expect(
      await runBackupCli([path.join(work, "x.wlx")], empty.io, {
        DATA_DIR: path.join(work, "none"),
      }),
    ).toBe(1);
    expect(empty.error()).toMatch(
      /There is no database in DATA_DIR .*none\. No backup was written\./,
    );
    expect(fs.existsSync(path.join(work, "none"))).toBe(false);

    const usage = cliIo();
    expect(await runBackupCli([], usage.io, {})).toBe(2);
    expect(await runRestoreCli(["a", "b"], usage.io, {})).toBe(2);
    expect(usage.error()).toMatch(/Usage: npm run backup -- <file> \[--force\]/);
    expect(usage.error()).toMatch(/Usage: npm run restore -- <file> \[--force\]/);

    const before = fs.readFileSync(archiveFile);
    await expect(
      createBackup({ db: source.db, kind: "pglite", media: sourceMedia, file: archiveFile }),
    ).rejects.toThrow(/already exists: choose another name, or pass --force/);
    expect(fs.readFileSync(archiveFile).equals(before)).toBe(true);
    await createBackup({
      db: source.db,
      kind: "pglite",
      media: sourceMedia,
      file: archiveFile,
      force: true,
    });
    expect((await verifyArchive(archiveFile)).manifest.media).toHaveLength(1);
    expect(fs.readdirSync(work).filter((f) => f.endsWith(".partial"))).toEqual([]);
  });
});

// Archives hold password hashes, TOTP secrets, enquiries and IP addresses: only their owner may
// read them, whatever the umask (it can only take permissions away from 0600).
describe("the archive's file mode", () => {
  const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

  it("is 0600 for a written backup, also one that replaces a readable file with --force", async () => {
    expect(modeOf(archiveFile)).toBe(0o600);
    const file = path.join(perTest.make(), "replaced.wlx");
    fs.writeFileSync(file, "an older backup", { mode: 0o644 });
    fs.chmodSync(file, 0o644);
    await createBackup({ db: source.db, kind: "pglite", media: sourceMedia, file, force: true });
    expect(modeOf(file)).toBe(0o600);
  });

  it("is 0600 for the partial file the writer creates (renamed once complete)", async () => {
    const file = path.join(perTest.make(), "partial.wlx");
    const writer = new TarWriter(file);
    await writer.add("a.txt", 1, Buffer.from("a"));
    await writer.finish();
    expect(modeOf(file)).toBe(0o600);
  });
});
