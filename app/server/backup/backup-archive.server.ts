import { createHash } from "node:crypto";
import readline from "node:readline";
import { text } from "node:stream/consumers";
import { z } from "zod";
import { isSafeKey } from "../media/media-urls.server";
import {
  ArchiveError,
  hashStream,
  listTarEntries,
  readTarEntry,
  type TarEntry,
} from "./backup-tar.server";
import type { TextRow } from "./backup-schema.server";

/**
 * The archive's layout (decision 086), in this order inside one ustar file:
 *   wanderlux-backup.json      the header: format, format version, schema version (migrations)
 *   db/<table>.jsonl           one JSON array of text values (or null) per row, columns as listed
 *   media/<key>                every media object, byte for byte
 *   manifest.json              tables (columns, row counts, sha256), media (sha256, type, size)
 *   manifest.json.sha256       the manifest's own sha256
 * The manifest comes last because hashes are known only once everything is written; restore
 * reads and checks the whole file before it writes anything.
 */
export const FORMAT = "wanderlux-backup";
export const FORMAT_VERSION = 1;
export const HEADER_NAME = "wanderlux-backup.json";
export const MANIFEST_NAME = "manifest.json";
export const MANIFEST_HASH_NAME = "manifest.json.sha256";

export const headerSchema = z.object({
  format: z.literal(FORMAT),
  formatVersion: z.number().int().positive(),
  createdAt: z.string(),
  database: z.enum(["postgres", "pglite"]),
  media: z.enum(["local", "s3"]),
  migrations: z.array(z.string()).min(1),
});
export type ArchiveHeader = z.infer<typeof headerSchema>;

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);

export const manifestSchema = z.object({
  format: z.literal(FORMAT),
  formatVersion: z.literal(FORMAT_VERSION),
  migrations: z.array(z.string()).min(1),
  excludedTables: z.array(z.string()),
  tables: z.array(
    z.object({
      name: z.string().min(1),
      columns: z.array(z.object({ name: z.string().min(1), type: z.string().min(1) })).min(1),
      identityAlways: z.boolean(),
      rows: z.number().int().min(0),
      bytes: z.number().int().min(0),
      sha256,
    }),
  ),
  media: z.array(
    z.object({
      key: z.string().refine(isSafeKey, { error: "is not a media key" }),
      contentType: z.string().min(1),
      bytes: z.number().int().min(0),
      sha256,
    }),
  ),
  /** Objects the database referred to that were not in storage when the backup ran. */
  missingMedia: z.array(z.string()),
});
export type Manifest = z.infer<typeof manifestSchema>;

export const tableEntryName = (table: string) => `db/${table}.jsonl`;
export const mediaEntryName = (key: string) => `media/${key}`;

export function sha256Of(data: string | Buffer): string {
  return createHash("sha256").update(data).digest("hex");
}

export interface VerifiedArchive {
  file: string;
  header: ArchiveHeader;
  manifest: Manifest;
  entries: Map<string, TarEntry>;
}

function corrupt(reason: string): ArchiveError {
  return new ArchiveError(`The backup cannot be used: ${reason}`);
}

async function readJson(file: string, entry: TarEntry | undefined, what: string): Promise<unknown> {
  if (!entry) throw corrupt(`it has no ${what}`);
  try {
    return JSON.parse(await text(readTarEntry(file, entry)));
  } catch {
    throw corrupt(`its ${what} is not valid JSON`);
  }
}

/** Reads the header only: enough to refuse a newer format or schema before reading everything. */
export async function readHeader(
  file: string,
): Promise<{ header: ArchiveHeader; entries: TarEntry[] }> {
  let entries: TarEntry[];
  try {
    entries = await listTarEntries(file);
  } catch (error) {
    if (error instanceof ArchiveError) throw corrupt(error.message);
    if ((error as NodeJS.ErrnoException).code === "ENOENT") {
      throw new ArchiveError(`No backup file at ${file}`);
    }
    throw error;
  }
  const first = entries[0];
  if (first?.name !== HEADER_NAME)
    throw corrupt(`it is not a Wanderlux backup (no ${HEADER_NAME})`);
  const raw = await readJson(file, first, "header");
  const format = z.object({ format: z.literal(FORMAT), formatVersion: z.number() }).safeParse(raw);
  if (!format.success) throw corrupt("it is not a Wanderlux backup (unknown format)");
  if (format.data.formatVersion > FORMAT_VERSION) {
    throw new ArchiveError(
      `This backup uses archive format ${format.data.formatVersion}, newer than this version of Wanderlux reads (${FORMAT_VERSION}): restore it with the version that made it, or a newer one`,
    );
  }
  const header = headerSchema.safeParse(raw);
  if (!header.success) throw corrupt("its header is incomplete");
  return { header: header.data, entries };
}

/**
 * Checks everything before a restore writes anything: the tar structure (truncation), the
 * manifest's own hash, that the entries are exactly those the manifest lists, and the sha256,
 * size and row count of every entry.
 */
export async function verifyArchive(file: string): Promise<VerifiedArchive> {
  const { header, entries } = await readHeader(file);
  const byName = new Map<string, TarEntry>();
  for (const entry of entries) {
    if (byName.has(entry.name)) throw corrupt(`it holds ${entry.name} twice`);
    byName.set(entry.name, entry);
  }
  const manifestEntry = byName.get(MANIFEST_NAME);
  const hashEntry = byName.get(MANIFEST_HASH_NAME);
  if (!manifestEntry || !hashEntry) throw corrupt("it has no manifest (an unfinished backup?)");
  const [manifestHash, expectedHash] = await Promise.all([
    hashStream(readTarEntry(file, manifestEntry)),
    text(readTarEntry(file, hashEntry)),
  ]);
  if (manifestHash.sha256 !== expectedHash.trim()) throw corrupt("its manifest is damaged");
  const parsed = manifestSchema.safeParse(await readJson(file, manifestEntry, "manifest"));
  if (!parsed.success) throw corrupt("its manifest is incomplete");
  const manifest = parsed.data;
  if (manifest.migrations.join("\n") !== header.migrations.join("\n")) {
    throw corrupt("its header and manifest disagree on the schema version");
  }
  const expected = new Set([HEADER_NAME, MANIFEST_NAME, MANIFEST_HASH_NAME]);
  for (const table of manifest.tables) {
    const name = tableEntryName(table.name);
    const entry = byName.get(name);
    if (!entry) throw corrupt(`${name} is missing`);
    expected.add(name);
    const { sha256, bytes, lines } = await hashLines(file, entry);
    if (bytes !== table.bytes || sha256 !== table.sha256) throw corrupt(`${name} is damaged`);
    if (lines !== table.rows) throw corrupt(`${name} has ${lines} rows, not ${table.rows}`);
  }
  for (const object of manifest.media) {
    const name = mediaEntryName(object.key);
    const entry = byName.get(name);
    if (!entry) throw corrupt(`${name} is missing`);
    expected.add(name);
    const { sha256, bytes } = await hashStream(readTarEntry(file, entry));
    if (bytes !== object.bytes || sha256 !== object.sha256) throw corrupt(`${name} is damaged`);
  }
  const extra = [...byName.keys()].filter((name) => !expected.has(name));
  if (extra.length) throw corrupt(`it holds entries its manifest does not list (${extra[0]})`);
  return { file, header, manifest, entries: byName };
}

async function hashLines(
  file: string,
  entry: TarEntry,
): Promise<{ sha256: string; bytes: number; lines: number }> {
  const hash = createHash("sha256");
  let bytes = 0;
  let lines = 0;
  for await (const chunk of readTarEntry(file, entry) as AsyncIterable<Buffer>) {
    bytes += chunk.length;
    hash.update(chunk);
    for (const byte of chunk) if (byte === 10) lines++;
  }
  return { sha256: hash.digest("hex"), bytes, lines };
}

/** The rows of one table's entry, parsed and checked, in batches. */
export async function* archiveRows(
  archive: VerifiedArchive,
  table: string,
  columns: number,
  batch: number,
): AsyncGenerator<TextRow[]> {
  const entry = archive.entries.get(tableEntryName(table));
  if (!entry) throw corrupt(`${tableEntryName(table)} is missing`);
  const lines = readline.createInterface({
    input: readTarEntry(archive.file, entry),
    crlfDelay: Infinity,
  });
  let rows: TextRow[] = [];
  for await (const line of lines) {
    const row: unknown = JSON.parse(line);
    if (
      !Array.isArray(row) ||
      row.length !== columns ||
      !row.every((v) => v === null || typeof v === "string")
    ) {
      throw corrupt(`a row of ${table} does not match its columns`);
    }
    rows.push(row as TextRow);
    if (rows.length >= batch) {
      yield rows;
      rows = [];
    }
  }
  if (rows.length) yield rows;
}
