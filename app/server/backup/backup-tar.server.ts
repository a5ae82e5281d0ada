import fs from "node:fs";
import { once } from "node:events";
import { createHash } from "node:crypto";
import { Readable } from "node:stream";

/**
 * The backup archive is a plain POSIX (ustar) tar file, so `tar -tvf backup.wlx` lists it and
 * `tar -xf` unpacks it. No tar library is a dependency of the app (only of dev tools), and the
 * subset needed here (regular files, names up to 255 bytes, entries under 8 GiB) is small.
 */
const BLOCK = 512;
const MAX_SIZE = 8 ** 11 - 1;

export class ArchiveError extends Error {
  override name = "ArchiveError";
}

function writeString(header: Buffer, value: string, offset: number, length: number): void {
  header.write(value, offset, length, "utf8");
}

function writeOctal(header: Buffer, value: number, offset: number, length: number): void {
  header.write(`${value.toString(8).padStart(length - 1, "0")}\0`, offset, length, "ascii");
}

function splitName(name: string): { prefix: string; base: string } {
  if (Buffer.byteLength(name) <= 100) return { prefix: "", base: name };
  // ustar: a path up to 255 bytes is stored as prefix (≤ 155) + "/" + name (≤ 100).
  for (let i = name.indexOf("/"); i !== -1; i = name.indexOf("/", i + 1)) {
    const prefix = name.slice(0, i);
    const base = name.slice(i + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(base) <= 100 && base) {
      return { prefix, base };
    }
  }
  throw new ArchiveError(`Name too long for the archive: ${name}`);
}

function checksum(header: Buffer): number {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : header[i]!;
  return sum;
}

function fileHeader(name: string, size: number, mtime: Date): Buffer {
  if (size > MAX_SIZE) throw new ArchiveError(`${name} is larger than 8 GiB`);
  const header = Buffer.alloc(BLOCK);
  const { prefix, base } = splitName(name);
  writeString(header, base, 0, 100);
  writeOctal(header, 0o644, 100, 8);
  writeOctal(header, 0, 108, 8);
  writeOctal(header, 0, 116, 8);
  writeOctal(header, size, 124, 12);
  writeOctal(header, Math.floor(mtime.getTime() / 1000), 136, 12);
  header.write("0", 156, 1, "ascii");
  header.write("ustar\0", 257, 6, "ascii");
  header.write("00", 263, 2, "ascii");
  writeString(header, prefix, 345, 155);
  header.write(`${checksum(header).toString(8).padStart(6, "0")}\0 `, 148, 8, "ascii");
  return header;
}

export interface WrittenEntry {
  name: string;
  bytes: number;
  sha256: string;
}

/** Archives and their spooled parts are readable by their owner only (decision 116). */
export const ARCHIVE_MODE = 0o600;

/** Appends entries to a new archive file; the sha256 of each entry's content is returned. */
export class TarWriter {
  private readonly out: fs.WriteStream;
  private failed: Error | undefined;

  constructor(file: string) {
    // Owner only: an archive holds password hashes, TOTP secrets, enquiries and IP addresses.
    this.out = fs.createWriteStream(file, { flags: "wx", mode: ARCHIVE_MODE });
    this.out.on("error", (error) => {
      this.failed = error;
    });
  }

  private async write(chunk: Buffer): Promise<void> {
    if (this.failed) throw this.failed;
    if (!this.out.write(chunk)) await once(this.out, "drain");
  }

  /** Writes one file entry whose content is `size` bytes from `body` (a buffer or a stream). */
  async add(name: string, size: number, body: Buffer | Readable): Promise<WrittenEntry> {
    await this.write(fileHeader(name, size, new Date()));
    const hash = createHash("sha256");
    let bytes = 0;
    const chunks: AsyncIterable<Buffer> | Buffer[] = Buffer.isBuffer(body) ? [body] : body;
    for await (const chunk of chunks) {
      bytes += chunk.length;
      if (bytes > size) break;
      hash.update(chunk);
      await this.write(chunk);
    }
    if (bytes !== size) {
      if (!Buffer.isBuffer(body)) body.destroy();
      throw new ArchiveError(
        `${name} changed while it was being read (${size} bytes expected, ${bytes} or more read)`,
      );
    }
    const pad = (BLOCK - (size % BLOCK)) % BLOCK;
    if (pad) await this.write(Buffer.alloc(pad));
    return { name, bytes: size, sha256: hash.digest("hex") };
  }

  /** Writes the end-of-archive marker and flushes the file to disk. */
  async finish(): Promise<void> {
    await this.write(Buffer.alloc(BLOCK * 2));
    this.out.end();
    await once(this.out, "finish");
    const handle = await fs.promises.open(this.out.path, "r+");
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  }

  /** Closes the file without the end marker (the caller removes it). */
  async abort(): Promise<void> {
    if (this.out.closed) return;
    this.out.destroy();
    await once(this.out, "close");
  }
}

export interface TarEntry {
  name: string;
  size: number;
  /** Offset of the content in the archive file. */
  offset: number;
}

function readOctal(header: Buffer, offset: number, length: number): number {
  const text = header
    .toString("ascii", offset, offset + length)
    .replace(/\0.*$/s, "")
    .trim();
  if (!/^[0-7]+$/.test(text)) return Number.NaN;
  return Number.parseInt(text, 8);
}

function readString(header: Buffer, offset: number, length: number): string {
  const end = header.indexOf(0, offset);
  return header.toString(
    "utf8",
    offset,
    end === -1 || end > offset + length ? offset + length : end,
  );
}

/**
 * Lists the entries of an archive file, refusing a truncated or damaged one: every header's
 * checksum is checked, every entry must fit in the file, and the end-of-archive marker must be
 * there. Only regular files are accepted.
 */
export async function listTarEntries(file: string): Promise<TarEntry[]> {
  const handle = await fs.promises.open(file, "r");
  try {
    const { size: fileSize } = await handle.stat();
    const entries: TarEntry[] = [];
    const header = Buffer.alloc(BLOCK);
    let position = 0;
    for (;;) {
      if (position + BLOCK > fileSize) {
        throw new ArchiveError("the archive is truncated (it ends before its end marker)");
      }
      await handle.read(header, 0, BLOCK, position);
      if (header.every((byte) => byte === 0)) {
        if (position + 2 * BLOCK > fileSize) {
          throw new ArchiveError("the archive is truncated (its end marker is incomplete)");
        }
        return entries;
      }
      const stored = readOctal(header, 148, 8);
      if (stored !== checksum(header)) {
        throw new ArchiveError(`the archive is damaged (bad header at byte ${position})`);
      }
      const type = String.fromCharCode(header[156]!);
      if (type !== "0" && type !== "\0") {
        throw new ArchiveError(`the archive holds an unexpected entry type at byte ${position}`);
      }
      const size = readOctal(header, 124, 12);
      const prefix = readString(header, 345, 155);
      const base = readString(header, 0, 100);
      const name = prefix ? `${prefix}/${base}` : base;
      if (!Number.isFinite(size)) throw new ArchiveError(`the archive is damaged (${name})`);
      const offset = position + BLOCK;
      if (offset + size > fileSize) {
        throw new ArchiveError(`the archive is truncated (inside ${name})`);
      }
      entries.push({ name, size, offset });
      position = offset + Math.ceil(size / BLOCK) * BLOCK;
    }
  } finally {
    await handle.close();
  }
}

/** The content of one entry as a stream. */
export function readTarEntry(file: string, entry: TarEntry): Readable {
  if (entry.size === 0) return Readable.from([]);
  return fs.createReadStream(file, { start: entry.offset, end: entry.offset + entry.size - 1 });
}

/** sha256 and size of a stream's bytes. */
export async function hashStream(body: Readable): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash("sha256");
  let bytes = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    bytes += chunk.length;
    hash.update(chunk);
  }
  return { sha256: hash.digest("hex"), bytes };
}
