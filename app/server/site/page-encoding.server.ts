import { createHash, randomBytes } from "node:crypto";
import {
  brotliDecompressSync,
  constants,
  crc32,
  createBrotliCompress,
  createDeflateRaw,
  deflateRawSync,
  gunzipSync,
  type BrotliCompress,
  type DeflateRaw,
} from "node:zlib";

/*
 * A cached page is stored compressed once, yet every response carries its own CSP nonce. The page
 * is rendered with a placeholder nonce; the varying part of a nonce (22 base64 characters, the
 * "==" after them stays page text) becomes a hole in the stored bodies:
 *
 * - identity: the text between holes;
 * - brotli and gzip: one compressor runs over the page with each hole filled by distinct random
 *   bytes, flushed (byte-aligned) just before and just after every hole. The hole's compressed
 *   output is dropped; when serving, an uncompressed block holding the real nonce takes its place
 *   (a brotli uncompressed meta-block, a deflate stored block) and the gzip trailer's CRC is
 *   computed for that response. Brotli literal context modelling is off, so what a decoder sees
 *   just before a hole cannot change how the following literals decode.
 * - A later back-reference into a hole would copy the wrong bytes. The random filler makes that
 *   unlikely, and it is checked, not assumed: every stored encoding is decoded with two nonces that
 *   differ in every character and must give exactly the page with each nonce. The decoder's state
 *   depends on the hole's bytes only through such copies, so passing with both proves it for any
 *   nonce. An encoding that fails the check is not stored (the page is then compressed per request).
 *
 * Serving is a concatenation of stored buffers and a 25-byte block per hole, plus one CRC for gzip.
 */

/** A nonce as the security headers make it: base64 of 16 random bytes, 22 characters + "==". */
export const NONCE_HOLE = 22;
/** What a cacheable page is rendered with instead of the request's nonce. */
export const NONCE_PLACEHOLDER = "wlxNonceHolePlaceholdr==";

export interface SplicedBody {
  /** Compressed (or plain) bytes between holes: holes.length + 1 parts. */
  parts: Buffer[];
}

export interface EncodedPage {
  identity: Buffer[];
  br?: Buffer[];
  gzip?: Buffer[];
  /** Weak validator of the page without its nonce. */
  etag: string;
  /** Uncompressed length of the page (nonces included). */
  length: number;
  holes: number;
}

function holeStarts(page: Buffer): number[] {
  const starts: number[] = [];
  for (let at = page.indexOf(NONCE_PLACEHOLDER); at !== -1;) {
    starts.push(at);
    at = page.indexOf(NONCE_PLACEHOLDER, at + NONCE_PLACEHOLDER.length);
  }
  return starts;
}

function identityParts(page: Buffer, starts: number[]): Buffer[] {
  const parts: Buffer[] = [];
  let from = 0;
  for (const start of starts) {
    parts.push(page.subarray(from, start));
    from = start + NONCE_HOLE;
  }
  parts.push(page.subarray(from));
  return parts;
}

/** 22 bytes above ASCII, different in each hole, so the compressor finds nothing to match. */
function filler(): Buffer {
  const bytes = randomBytes(NONCE_HOLE);
  for (let i = 0; i < bytes.length; i++) bytes[i] = 0x80 | bytes[i]!;
  return bytes;
}

type Compressor = BrotliCompress | DeflateRaw;

async function flushed(stream: Compressor, input: Buffer, flushKind: number): Promise<Buffer> {
  if (input.length) stream.write(input);
  await new Promise<void>((resolve) => stream.flush(flushKind, () => resolve()));
  const chunks: Buffer[] = [];
  for (let chunk: Buffer | null; (chunk = stream.read() as Buffer | null) !== null;)
    chunks.push(chunk);
  return Buffer.concat(chunks);
}

async function finished(stream: Compressor, input: Buffer): Promise<Buffer> {
  const chunks: Buffer[] = [];
  stream.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    stream.once("end", resolve);
    stream.once("error", reject);
  });
  stream.end(input);
  await done;
  return Buffer.concat(chunks);
}

/** Compresses `parts` with a hole of random bytes between each two; returns the parts' outputs. */
async function compressAroundHoles(
  stream: Compressor,
  parts: Buffer[],
  flushKind: number,
): Promise<Buffer[]> {
  const out: Buffer[] = [];
  for (let i = 0; i < parts.length - 1; i++) {
    out.push(await flushed(stream, parts[i]!, flushKind));
    await flushed(stream, filler(), flushKind); // the hole's own output is dropped
  }
  out.push(await finished(stream, parts[parts.length - 1]!));
  return out;
}

function brotliHoleHeader(length: number): Buffer {
  // ISLAST=0, MNIBBLES=4 (code 0), MLEN-1 in 16 bits, ISUNCOMPRESSED=1, then pad to a byte.
  const bits = ((length - 1) << 3) | (1 << 19);
  return Buffer.from([bits & 0xff, (bits >> 8) & 0xff, (bits >> 16) & 0xff]);
}

function deflateHoleHeader(length: number): Buffer {
  // A non-final stored block: BFINAL=0, BTYPE=00, byte-aligned; LEN and its complement.
  return Buffer.from([0, length & 0xff, length >> 8, ~length & 0xff, (~length >> 8) & 0xff]);
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);

function checkNonce(nonce: string): void {
  // latin1: one byte per character, so the hole takes the nonce's first NONCE_HOLE characters.
  if (nonce.length < NONCE_HOLE || !nonce.endsWith("=="))
    throw new Error("nonce must be base64 of 16 bytes");
}

function nonceHole(nonce: string): Buffer {
  checkNonce(nonce);
  return Buffer.from(nonce, "latin1").subarray(0, NONCE_HOLE);
}

const BROTLI_HOLE_HEADER = brotliHoleHeader(NONCE_HOLE);
const DEFLATE_HOLE_HEADER = deflateHoleHeader(NONCE_HOLE);
const NO_BYTES = Buffer.alloc(0);

/**
 * Where a body of `length` bytes is written: a new buffer, or one the caller reuses (the fast
 * path's body pool, page-cache-fast-path.server.ts). Every byte of it is overwritten.
 */
export type BodyBuffer = (length: number) => Buffer;

const allocate: BodyBuffer = (length) => Buffer.allocUnsafe(length);

/**
 * `head`, then the parts with `holeHeader` and the nonce's hole bytes between each two, then
 * `tail`, written into one buffer (a cache hit's body: no intermediate buffers or arrays).
 */
function spliced(
  head: Buffer,
  parts: readonly Buffer[],
  holeHeader: Buffer,
  nonce: string,
  tail: Buffer,
  into: BodyBuffer = allocate,
): Buffer {
  checkNonce(nonce);
  // The hole (its header and the nonce's bytes) made once per response; every copy is a
  // TypedArray set (a memmove, without Buffer#copy's argument handling).
  const hole = Buffer.allocUnsafe(holeHeader.length + NONCE_HOLE);
  hole.set(holeHeader, 0);
  hole.write(nonce, holeHeader.length, NONCE_HOLE, "latin1");
  let length = head.length + tail.length + Math.max(0, parts.length - 1) * hole.length;
  for (const part of parts) length += part.length;
  const out = into(length);
  out.set(head, 0);
  let at = head.length;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    if (i > 0) {
      out.set(hole, at);
      at += hole.length;
    }
    out.set(part, at);
    at += part.length;
  }
  out.set(tail, at);
  return out;
}

export function identityBody(page: EncodedPage, nonce: string, into?: BodyBuffer): Buffer {
  return spliced(NO_BYTES, page.identity, NO_BYTES, nonce, NO_BYTES, into);
}

export function brotliBody(parts: Buffer[], nonce: string, into?: BodyBuffer): Buffer {
  return spliced(NO_BYTES, parts, BROTLI_HOLE_HEADER, nonce, NO_BYTES, into);
}

export function gzipBody(
  page: EncodedPage,
  parts: Buffer[],
  nonce: string,
  into?: BodyBuffer,
): Buffer {
  const bytes = nonceHole(nonce);
  let crc = 0;
  page.identity.forEach((part, i) => {
    if (i > 0) crc = crc32(bytes, crc);
    crc = crc32(part, crc);
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(page.length >>> 0, 4);
  return spliced(GZIP_HEADER, parts, DEFLATE_HOLE_HEADER, nonce, trailer, into);
}

const PROBES = ["A".repeat(NONCE_HOLE) + "==", "b".repeat(NONCE_HOLE) + "=="];

function verified(
  page: EncodedPage,
  decode: (nonce: string) => Buffer,
  label: string,
  onReject: (label: string) => void,
): boolean {
  try {
    if (PROBES.every((nonce) => decode(nonce).equals(identityBody(page, nonce)))) return true;
  } catch {
    // a corrupt stream is a failed check too
  }
  onReject(label);
  return false;
}

/**
 * zlib streams take stream options too (not in their types): the whole output stays readable
 * without backpressure, so a flush completes before anything is read.
 */
const BUFFER_ALL = { readableHighWaterMark: 1 << 30 };

export interface EncodeOptions {
  /** Brotli quality for stored pages (compressed once per page per content change). */
  brotliQuality?: number;
  /** Deflate level of the gzip form (default 9). */
  gzipLevel?: number;
  onReject?: (encoding: string) => void;
}

/** The page's plain parts and validator, without compressed forms. */
export function splitPage(page: Buffer): EncodedPage {
  const starts = holeStarts(page);
  return {
    identity: identityParts(page, starts),
    etag: `W/"${createHash("sha256").update(page).digest("base64url").slice(0, 27)}"`,
    length: page.length,
    holes: starts.length,
  };
}

/** Adds one compressed form to a split page, if it passes its check (see the top of this file). */
export async function addEncoding(
  encoded: EncodedPage,
  encoding: "br" | "gzip",
  options: EncodeOptions = {},
): Promise<void> {
  const onReject = options.onReject ?? (() => {});
  if (encoding === "br") {
    const br = await compressAroundHoles(
      createBrotliCompress({
        params: {
          [constants.BROTLI_PARAM_QUALITY]: options.brotliQuality ?? 9,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_DISABLE_LITERAL_CONTEXT_MODELING]: 1,
          [constants.BROTLI_PARAM_SIZE_HINT]: encoded.length,
        },
        ...BUFFER_ALL,
      }),
      encoded.identity,
      constants.BROTLI_OPERATION_FLUSH,
    );
    if (verified(encoded, (n) => brotliDecompressSync(brotliBody(br, n)), "br", onReject))
      encoded.br = br;
    return;
  }
  const gzip = await compressAroundHoles(
    createDeflateRaw({ level: options.gzipLevel ?? 9, ...BUFFER_ALL }),
    encoded.identity,
    constants.Z_SYNC_FLUSH,
  );
  if (verified(encoded, (n) => gunzipSync(gzipBody(encoded, gzip, n)), "gzip", onReject))
    encoded.gzip = gzip;
}

/**
 * The gzip form made at once, on the calling thread, for a page that is about to be sent (a cache
 * miss without a cache, decision 106). Each part is its own raw deflate stream, flushed to a byte
 * boundary and, but for the last, not final: deflate has no stream header and its blocks only look
 * back at what the same compressor saw, so the parts joined around stored blocks are one valid
 * stream by construction (and checked like the others). The streamed forms above cost two thread
 * pool round trips per hole, each waiting for a busy event loop: 20+ ms for the home page's 22
 * holes under load, against about 1 ms here.
 */
export function addGzipNow(
  encoded: EncodedPage,
  options: Pick<EncodeOptions, "gzipLevel" | "onReject"> = {},
): void {
  const last = encoded.identity.length - 1;
  const gzip = encoded.identity.map((part, i) =>
    deflateRawSync(part, {
      level: options.gzipLevel ?? 6,
      finishFlush: i === last ? constants.Z_FINISH : constants.Z_SYNC_FLUSH,
    }),
  );
  const onReject = options.onReject ?? (() => {});
  if (verified(encoded, (n) => gunzipSync(gzipBody(encoded, gzip, n)), "gzip", onReject))
    encoded.gzip = gzip;
}

/** Builds the stored form of a page rendered with NONCE_PLACEHOLDER: identity, brotli and gzip. */
export async function encodePage(page: Buffer, options: EncodeOptions = {}): Promise<EncodedPage> {
  const encoded = splitPage(page);
  await Promise.all([addEncoding(encoded, "br", options), addEncoding(encoded, "gzip", options)]);
  return encoded;
}

export function encodedBytes(page: EncodedPage): number {
  const sum = (parts: Buffer[] | undefined) => (parts ?? []).reduce((n, p) => n + p.length, 0);
  return sum(page.identity) + sum(page.br) + sum(page.gzip);
}
