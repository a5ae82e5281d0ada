import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeWebReadableStream } from "node:stream/web";
import Busboy from "busboy";
import { fileTypeFromBuffer } from "file-type";
import { DatabaseError } from "pg";
import { LIMITS, MESSAGES } from "~/domain/schemas";
import type { Db } from "../platform/db.server";
import { log } from "../platform/log.server";
import { ImageTooLarge, MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE, storeImage } from "./images.server";
import { releaseMedia } from "./references.server";
import { newMediaKey, type MediaBody, type MediaStore } from "./media-store.server";
import { mediaUrlForKey } from "./media-urls.server";
import { STRIPPED_VIDEO_EXTENSIONS, stripVideoMetadata } from "./video-metadata.server";

/*
 * Multipart uploads, streamed: a file part is never held whole in memory. Its first bytes decide
 * its type (file-type), the rest streams through a byte counter that stops it at the size limit.
 * Videos stream straight to the store (S3: lib-storage multipart; local: temp file + link). Images
 * are spooled to a temp file, decoded by sharp (EXIF orientation applied, every metadata block
 * dropped) and stored as WebP plus srcset variants. Every stored object gets a media_objects row;
 * one that nothing ever references is swept later (see references.server.ts).
 *
 * Why busboy and not @mjackson/form-data-parser: its 0.9 release (on multipart-parser 0.10) buffers
 * each part's bytes in memory before the upload handler sees them (decision 020).
 */

export type UploadKind = "image" | "video";

/** A refusal the admin sees; `message` is user-facing. */
export class UploadError extends Error {
  readonly status: 400 | 413 | 415 | 503;
  /** The file field whose part was refused (too large, wrong type); unset for the whole body. */
  readonly field?: string;
  /** The text fields of the refused request (files left out), so a form can come back as typed. */
  formData?: FormData;
  constructor(message: string, status: 400 | 413 | 415 | 503, field?: string) {
    super(message);
    this.name = "UploadError";
    this.status = status;
    if (field !== undefined) this.field = field;
  }
}

export const UPLOAD_MESSAGES = {
  storageDown:
    "Media storage is unavailable, so the file was not saved. Please try again in a moment.",
  unreadable: "The upload could not be read. Please try again.",
  tooManyFiles: `Too many files in one request (at most ${20}).`,
  fieldTooLarge: "A form field is too long.",
  wrongImage: (file: string) =>
    `"${file}" is not a supported image. Please choose a JPEG, PNG, WebP, AVIF or GIF file.`,
  imageTooLarge: (file: string, width: number, height: number) =>
    `"${file}" is too large an image (${width.toLocaleString("en-US")} × ${height.toLocaleString("en-US")} pixels). Please choose one at most ${MAX_IMAGE_SIDE.toLocaleString("en-US")} pixels on a side and ${MAX_IMAGE_PIXELS / 1_000_000} megapixels in all.`,
  wrongVideo: (file: string) =>
    `"${file}" is not a supported video. Please upload a valid video file (MP4, AVI, MOV, WMV, FLV, WebM).`,
} as const;

export interface StoredMedia {
  /** The form field the file came in. */
  field: string;
  /** The file name the browser sent (display only; never used for the key). */
  fileName: string;
  kind: UploadKind;
  mediaId: string;
  key: string;
  url: string;
  contentType: string;
  bytes: number;
  width: number | null;
  height: number | null;
}

export interface ParsedUploadForm {
  formData: FormData;
  stored: StoredMedia[];
  /** Deletes everything this request stored (rows and objects) that nothing references yet. */
  release(): Promise<void>;
}

/**
 * What the parser reads of a post: its headers (the content type) and its body, as a stream that
 * is read as it arrives. A `Request` has this shape; so does `{ headers, body }` taken from one.
 */
export interface UploadBody {
  headers: Headers;
  body: ReadableStream<Uint8Array> | null;
}

export interface ParseUploadOptions {
  folder: "packages" | "travel-moments";
  /**
   * Which file fields to accept and as what. A key is a field name, where `*` stands for one
   * name segment or index (letters, digits, `_`, `-`): `"images.new": "image"` takes every file
   * sent as images.new (a multiple input), `"videos[*].file": "video"` takes videos[0].file,
   * videos[3].file and so on. File parts in other fields are read past and ignored.
   */
  files: Record<string, UploadKind>;
  messages?: { tooLarge?: (file: string) => string; wrongType?: string };
  /**
   * At most this many files (chosen files: an empty file input does not count). One more refuses
   * the request with 400 and `tooManyFilesMessage`, and nothing it sent is kept.
   */
  maxFiles?: number;
  tooManyFilesMessage?: string;
  /** Where the media rows are recorded and the files stored (the caller's runtime). */
  db: Db;
  store: MediaStore;
}

const MAX_FILES = 20;
const SNIFF_BYTES = 4100;

interface SniffedType {
  ext: string;
  contentType: string;
}

const IMAGE_TYPES: Record<string, string> = {
  jpg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  avif: "image/avif",
  gif: "image/gif",
};

/** file-type's name → the extension and type we store it under (spec §5: MP4 MOV WebM AVI WMV FLV). */
const VIDEO_TYPES: Record<string, SniffedType> = {
  mp4: { ext: "mp4", contentType: "video/mp4" },
  m4v: { ext: "mp4", contentType: "video/mp4" },
  mov: { ext: "mov", contentType: "video/quicktime" },
  webm: { ext: "webm", contentType: "video/webm" },
  avi: { ext: "avi", contentType: "video/x-msvideo" },
  asf: { ext: "wmv", contentType: "video/x-ms-wmv" },
  flv: { ext: "flv", contentType: "video/x-flv" },
};

/** Decides the type by the bytes alone; undefined when it is not one we accept for the kind. */
export async function sniffUpload(
  head: Uint8Array,
  kind: UploadKind,
): Promise<SniffedType | undefined> {
  const found = await fileTypeFromBuffer(head);
  if (!found) return undefined;
  if (kind === "image") {
    const contentType = IMAGE_TYPES[found.ext];
    return contentType ? { ext: found.ext, contentType } : undefined;
  }
  return VIDEO_TYPES[found.ext];
}

function fieldMatcher(
  files: Record<string, UploadKind>,
): (field: string) => UploadKind | undefined {
  const patterns = Object.entries(files).map(([pattern, kind]) => {
    const source = pattern
      .split("*")
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
      .join("[A-Za-z0-9_-]+");
    return { test: new RegExp(`^${source}$`), kind };
  });
  return (field) => patterns.find((p) => p.test.test(field))?.kind;
}

/** A store whose write failures are marked, so they answer 503 rather than 415 or 500. */
class StorageFailure extends Error {
  constructor(readonly reason: unknown) {
    super(String(reason));
  }
}

function guarded(store: MediaStore): MediaStore {
  const wrap = <T>(work: Promise<T>) =>
    work.catch((error: unknown) => {
      throw error instanceof UploadError ? error : new StorageFailure(error);
    });
  return {
    driver: store.driver,
    publicBase: store.publicBase,
    put: (key: string, body: MediaBody, type: string) => wrap(store.put(key, body, type)),
    putStream: (key: string, body: Readable, type: string) =>
      wrap(store.putStream(key, body, type)),
    delete: (key: string) => store.delete(key),
    exists: (key: string) => store.exists(key),
    get: (key: string) => store.get(key),
  };
}

/** Reads at least `size` bytes (or to the end) and leaves the stream paused after them. */
function readHead(stream: Readable, size: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    const cleanup = () => {
      stream.off("data", onData);
      stream.off("end", onEnd);
      stream.off("error", onError);
      stream.off("close", onClose);
    };
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      length += chunk.length;
      if (length >= size) {
        stream.pause();
        cleanup();
        resolve(Buffer.concat(chunks));
      }
    };
    const onEnd = () => {
      cleanup();
      resolve(Buffer.concat(chunks));
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    // Destroyed without an end: the request was cut off.
    const onClose = () => onError(new UploadError(UPLOAD_MESSAGES.unreadable, 400));
    stream.on("data", onData);
    stream.once("end", onEnd);
    stream.once("error", onError);
    stream.once("close", onClose);
  });
}

/**
 * The head followed by the rest of the part, failing with 413 as soon as it passes the limit.
 * `refusal()` tells the limit apart from whatever error the store then reports for it.
 */
function limitedBody(
  head: Buffer,
  rest: Readable,
  tooLarge: string,
  field: string,
): { body: Readable; refusal: () => UploadError | undefined } {
  let total = 0;
  let refusal: UploadError | undefined;
  const limiter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      total += chunk.length;
      if (total > LIMITS.videoBytes) {
        refusal ??= new UploadError(tooLarge, 413, field);
        callback(refusal);
      } else callback(null, chunk);
    },
  });
  // The consumer (a store) reports the failure; this keeps it from also being an uncaught error.
  limiter.on("error", () => undefined);
  limiter.write(head);
  rest.on("error", (error) => limiter.destroy(error));
  rest.once("close", () => {
    if (!rest.readableEnded) limiter.destroy(new UploadError(UPLOAD_MESSAGES.unreadable, 400));
  });
  rest.pipe(limiter);
  return { body: limiter, refusal: () => refusal };
}

/** ExifTool failed on a video: the bytes are not the container they claimed to be. */
class VideoMetadataFailure extends Error {}

/**
 * Stores a video: MP4 and MOV are spooled to a temp file, their container metadata deleted
 * (video-metadata.server.ts), then stored; other containers stream straight to the store.
 */
async function storeVideo(
  key: string,
  body: Readable,
  type: SniffedType,
  store: MediaStore,
  refusal: () => UploadError | undefined,
): Promise<number> {
  if (!STRIPPED_VIDEO_EXTENSIONS.has(type.ext)) return store.putStream(key, body, type.contentType);
  // With its extension: ExifTool decides how to write a file partly by its name.
  const spool = `${tempPath()}.${type.ext}`;
  try {
    await pipeline(body, fs.createWriteStream(spool, { flags: "wx" })).catch((error: unknown) => {
      throw refusal() ?? error;
    });
    try {
      await stripVideoMetadata(spool);
    } catch (error) {
      log("warn", "video metadata not stripped", { error: String(error) });
      throw new VideoMetadataFailure(String(error));
    }
    // From the file, not a stream of it: the local store copies it in the kernel.
    return await store.put(key, { file: spool }, type.contentType);
  } finally {
    await fs.promises.rm(spool, { force: true });
  }
}

function tempPath(): string {
  return path.join(
    os.tmpdir(),
    `wlx-upload-${process.pid}-${Date.now()}-${randomBytes(6).toString("hex")}`,
  );
}

interface FilePart {
  field: string;
  fileName: string;
  stream: Readable;
}

async function storePart(
  part: FilePart,
  kind: UploadKind,
  options: ParseUploadOptions,
  db: Db,
  store: MediaStore,
): Promise<StoredMedia | null> {
  const { field, fileName, stream } = part;
  const head = await readHead(stream, SNIFF_BYTES);
  // An empty file input still sends a part, with no name and no bytes.
  if (head.length === 0 && fileName === "") return null;
  const wrongType =
    options.messages?.wrongType ??
    (kind === "image"
      ? UPLOAD_MESSAGES.wrongImage(fileName)
      : UPLOAD_MESSAGES.wrongVideo(fileName));
  const type = await sniffUpload(head, kind);
  if (!type) throw new UploadError(wrongType, 415, field);
  const tooLarge = (options.messages?.tooLarge ?? MESSAGES.packageVideoTooLarge)(fileName);
  const { body, refusal } = limitedBody(head, stream, tooLarge, field);

  if (kind === "video") {
    const key = newMediaKey(options.folder, type.ext);
    const bytes = await storeVideo(key, body, type, store, refusal).catch((error: unknown) => {
      const refused = refusal();
      if (refused) throw refused;
      // ExifTool could not read the file as the container its first bytes claimed.
      if (error instanceof VideoMetadataFailure) throw new UploadError(wrongType, 415, field);
      throw error;
    });
    try {
      const row = await db
        .insertInto("media_objects")
        .values({ storage_key: key, content_type: type.contentType, bytes })
        .returning("id")
        .executeTakeFirstOrThrow();
      return {
        field,
        fileName,
        kind,
        mediaId: row.id,
        key,
        url: mediaUrlForKey(key),
        contentType: type.contentType,
        bytes,
        width: null,
        height: null,
      };
    } catch (error) {
      await store.delete(key).catch(() => undefined);
      throw error;
    }
  }

  const spool = tempPath();
  try {
    await pipeline(body, fs.createWriteStream(spool, { flags: "wx" })).catch((error: unknown) => {
      throw refusal() ?? error;
    });
    let row;
    try {
      row = await storeImage(db, store, { file: spool }, options.folder, {
        animated: type.ext === "gif" || type.ext === "webp",
      });
    } catch (error) {
      if (error instanceof StorageFailure || error instanceof DatabaseError) throw error;
      if (error instanceof ImageTooLarge)
        throw new UploadError(
          UPLOAD_MESSAGES.imageTooLarge(fileName, error.width, error.height),
          413,
          field,
        );
      // Anything else is sharp failing to decode: the bytes only looked like an image.
      throw new UploadError(wrongType, 415, field);
    }
    return {
      field,
      fileName,
      kind,
      mediaId: row.id,
      key: row.storage_key,
      url: mediaUrlForKey(row.storage_key),
      contentType: row.content_type,
      bytes: row.bytes,
      width: row.width,
      height: row.height,
    };
  } finally {
    await fs.promises.rm(spool, { force: true });
  }
}

/**
 * Streams a multipart body: each file field named in `files` is sniffed, size-limited while it
 * streams, stored under `${folder}/` (timestamp, random part, extension; never overwriting) and
 * recorded in media_objects. In `formData` each stored file is replaced by its public URL (same
 * field name, same place); empty file inputs are dropped; other fields are as request.formData()
 * gives them (a body that is not multipart is read as request.formData() reads it). On any
 * refusal nothing this request stored is kept and an UploadError is thrown.
 * Call `release()` when the later database write fails.
 */
export async function parseUploadForm(
  upload: UploadBody,
  options: ParseUploadOptions,
): Promise<ParsedUploadForm> {
  const { db } = options;
  const store = guarded(options.store);
  const stored: StoredMedia[] = [];
  const release = async () => {
    if (stored.length === 0) return;
    try {
      await releaseMedia(
        db,
        options.store,
        stored.map((s) => s.mediaId),
      );
    } catch (error) {
      log("warn", "upload release failed", {
        keys: stored.map((s) => s.key),
        error: String(error),
      });
    }
  };

  const contentType = upload.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data/i.test(contentType)) {
    try {
      // A Response reads the body as a Request's formData() would (url-encoded, or a refusal).
      const formData = await new Response(upload.body, {
        headers: { "content-type": contentType },
      }).formData();
      return { formData, stored, release };
    } catch {
      throw new UploadError(UPLOAD_MESSAGES.unreadable, 400);
    }
  }
  if (!upload.body) throw new UploadError(UPLOAD_MESSAGES.unreadable, 400);

  const kindOf = fieldMatcher(options.files);
  // Entries keep their order in the body; a file's URL is filled in when its store finishes.
  const entries: { name: string; value: string | Promise<StoredMedia | null> }[] = [];
  let failure: unknown;
  const fail = (error: unknown) => {
    failure ??= error;
  };

  let parser: Busboy.Busboy;
  try {
    parser = Busboy({
      headers: { "content-type": contentType },
      defParamCharset: "utf8",
      limits: { files: MAX_FILES, fields: 2000, parts: 2100, fieldSize: 1024 * 1024 },
    });
  } catch {
    throw new UploadError(UPLOAD_MESSAGES.unreadable, 400);
  }
  parser.on("field", (name, value, info) => {
    if (info.valueTruncated) fail(new UploadError(UPLOAD_MESSAGES.fieldTooLarge, 400));
    else entries.push({ name, value });
  });
  parser.on("filesLimit", () => fail(new UploadError(UPLOAD_MESSAGES.tooManyFiles, 400)));
  // Every stream of this path keeps an error listener for as long as it lives: busboy raises one
  // error per malformed part (several for one body, some after pipeline() has let go of it), and
  // an 'error' nobody listens to ends the process. The first one decides the answer (400).
  const unreadable = () => fail(new UploadError(UPLOAD_MESSAGES.unreadable, 400));
  parser.on("error", unreadable);
  let chosenFiles = 0;
  parser.on("file", (field, stream, info) => {
    // A part cut short errors its stream; storePart sees that through its own listeners.
    stream.on("error", unreadable);
    const kind = kindOf(field);
    if (kind && info.filename && ++chosenFiles > (options.maxFiles ?? MAX_FILES))
      fail(new UploadError(options.tooManyFilesMessage ?? UPLOAD_MESSAGES.tooManyFiles, 400));
    if (!kind || failure) {
      stream.resume();
      return;
    }
    const task = storePart(
      { field, fileName: info.filename ?? "", stream },
      kind,
      options,
      db,
      store,
    )
      .then((media) => {
        if (media) stored.push(media);
        return media;
      })
      .catch((error: unknown) => {
        // Read past the rest of this part so the parser (and the client) can finish the request.
        stream.unpipe();
        stream.resume();
        fail(error);
        return null;
      });
    entries.push({ name: field, value: task });
  });

  const source = Readable.fromWeb(upload.body as NodeWebReadableStream<Uint8Array>);
  source.on("error", unreadable);
  try {
    await pipeline(source, parser);
  } catch (error) {
    fail(error instanceof UploadError ? error : new UploadError(UPLOAD_MESSAGES.unreadable, 400));
  }
  const formData = new FormData();
  for (const entry of entries) {
    const value = await entry.value;
    if (typeof value === "string") formData.append(entry.name, value);
    else if (value) formData.append(entry.name, value.url);
  }

  if (failure) {
    await release();
    let refusal = failure;
    if (failure instanceof StorageFailure) {
      log("error", "media storage failed", { error: String(failure.reason) });
      refusal = new UploadError(UPLOAD_MESSAGES.storageDown, 503);
    }
    if (refusal instanceof UploadError) {
      const fields = new FormData();
      for (const entry of entries)
        if (typeof entry.value === "string") fields.append(entry.name, entry.value);
      refusal.formData = fields;
    }
    throw refusal;
  }
  return { formData, stored, release };
}
