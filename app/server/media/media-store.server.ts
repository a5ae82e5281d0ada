import fs from "node:fs";
import { once } from "node:events";
import path from "node:path";
import { Transform, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { randomBytes } from "node:crypto";
import type { S3Client } from "@aws-sdk/client-s3";
import { configureMediaUrls, isSafeKey } from "./media-urls.server";
import type { Env } from "../platform/env.server";
import { createS3Client, s3BucketFromEnv, type S3ClientSettings } from "./s3-client.server";

/** Bytes in memory (small: image variants) or a file on disk (uploads are spooled to a temp file). */
export type MediaBody = Uint8Array | { file: string };

/** One interface, two drivers: the local filesystem (embedded default) and S3. */
export interface MediaStore {
  readonly driver: "local" | "s3";
  /** Base URL under which keys are served. */
  readonly publicBase: string;
  put(key: string, body: MediaBody, contentType: string): Promise<number>;
  /**
   * Streams a body of unknown length to the key (S3: multipart upload; local: temp file + link).
   * When the body errors (a size limit, a dropped request), nothing is left under the key.
   * Resolves to the number of bytes stored.
   */
  putStream(key: string, body: Readable, contentType: string): Promise<number>;
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** The stored bytes, or undefined when nothing is stored under the key. */
  get(key: string): Promise<Uint8Array | undefined>;
}

export type MediaFolder = "packages" | "travel-moments" | "seed";

/** 'packages/1732156800000-3f9a2c1b.webp': timestamp, random part, original extension. */
export function newMediaKey(folder: MediaFolder, extension: string): string {
  const ext =
    extension
      .replace(/^\./, "")
      .toLowerCase()
      .replace(/[^a-z0-9]/g, "") || "bin";
  return `${folder}/${Date.now()}-${randomBytes(6).toString("hex")}.${ext}`;
}

function assertKey(key: string): void {
  if (!isSafeKey(key)) throw new Error(`Invalid media key: ${key}`);
}

export class LocalMediaStore implements MediaStore {
  readonly driver = "local" as const;
  readonly publicBase = "/media/";
  constructor(readonly root: string) {}

  pathFor(key: string): string {
    assertKey(key);
    return path.join(this.root, ...key.split("/"));
  }

  async put(key: string, body: MediaBody, _contentType: string): Promise<number> {
    const target = this.pathFor(key);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    // Write to a temp name and rename, so a failed upload never leaves a partial file behind.
    const temp = `${target}.${randomBytes(4).toString("hex")}.part`;
    try {
      if (body instanceof Uint8Array) {
        const out = fs.createWriteStream(temp, { flags: "wx" });
        out.end(body);
        await once(out, "finish");
      } else {
        // Copied by the kernel (a clone where the filesystem can): a 60 MB video passes through
        // no buffer of ours (decision 129).
        await fs.promises.copyFile(
          body.file,
          temp,
          fs.constants.COPYFILE_EXCL | fs.constants.COPYFILE_FICLONE,
        );
      }
      return await this.publish(temp, target);
    } finally {
      await fs.promises.rm(temp, { force: true });
    }
  }

  async putStream(key: string, body: Readable, _contentType: string): Promise<number> {
    const target = this.pathFor(key);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    const temp = `${target}.${randomBytes(4).toString("hex")}.part`;
    try {
      await pipeline(body, fs.createWriteStream(temp, { flags: "wx" }));
      return await this.publish(temp, target);
    } finally {
      await fs.promises.rm(temp, { force: true });
    }
  }

  /** link() fails when the target exists, so a stored object is never overwritten. */
  private async publish(temp: string, target: string): Promise<number> {
    await fs.promises.link(temp, target);
    return (await fs.promises.stat(target)).size;
  }

  async delete(key: string): Promise<void> {
    await fs.promises.rm(this.pathFor(key), { force: true });
  }

  async exists(key: string): Promise<boolean> {
    try {
      await fs.promises.access(this.pathFor(key));
      return true;
    } catch {
      return false;
    }
  }

  async get(key: string): Promise<Uint8Array | undefined> {
    try {
      return await fs.promises.readFile(this.pathFor(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw error;
    }
  }
}

export interface S3Options extends S3ClientSettings {
  bucket: string;
  publicUrl?: string;
}

export class S3MediaStore implements MediaStore {
  readonly driver = "s3" as const;
  readonly publicBase: string;
  private clientPromise: Promise<S3Client>;

  constructor(private readonly options: S3Options) {
    const base =
      options.publicUrl ??
      (options.endpoint
        ? `${options.endpoint.replace(/\/$/, "")}/${options.bucket}`
        : `https://${options.bucket}.s3.${options.region}.amazonaws.com`);
    this.publicBase = base.endsWith("/") ? base : `${base}/`;
    this.clientPromise = createS3Client(options);
  }

  async put(key: string, body: MediaBody, contentType: string): Promise<number> {
    assertKey(key);
    const [{ PutObjectCommand }, client] = await Promise.all([
      import("@aws-sdk/client-s3"),
      this.clientPromise,
    ]);
    // Files stream from disk with a known length, so a 60 MB video never sits in memory.
    const size =
      body instanceof Uint8Array ? body.byteLength : (await fs.promises.stat(body.file)).size;
    await client.send(
      new PutObjectCommand({
        Bucket: this.options.bucket,
        Key: key,
        Body: body instanceof Uint8Array ? body : fs.createReadStream(body.file),
        ContentLength: size,
        ContentType: contentType,
        CacheControl: "public, max-age=31536000, immutable",
        IfNoneMatch: "*",
      }),
    );
    return size;
  }

  async putStream(key: string, body: Readable, contentType: string): Promise<number> {
    assertKey(key);
    const [{ Upload }, client] = await Promise.all([
      import("@aws-sdk/lib-storage"),
      this.clientPromise,
    ]);
    let bytes = 0;
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        bytes += chunk.length;
        callback(null, chunk);
      },
    });
    body.once("error", (error) => counted.destroy(error));
    body.pipe(counted);
    // Parts of 5 MB, one in flight: memory stays around 10 MB whatever the file's size.
    const upload = new Upload({
      client,
      queueSize: 1,
      partSize: 5 * 1024 * 1024,
      leavePartsOnError: false,
      params: {
        Bucket: this.options.bucket,
        Key: key,
        Body: counted,
        ContentType: contentType,
        CacheControl: "public, max-age=31536000, immutable",
        // Never overwrite (sent with the PutObject, or with CompleteMultipartUpload).
        IfNoneMatch: "*",
      },
    });
    await upload.done();
    return bytes;
  }

  async delete(key: string): Promise<void> {
    assertKey(key);
    const [{ DeleteObjectCommand }, client] = await Promise.all([
      import("@aws-sdk/client-s3"),
      this.clientPromise,
    ]);
    await client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: key }));
  }

  async exists(key: string): Promise<boolean> {
    assertKey(key);
    const [{ HeadObjectCommand }, client] = await Promise.all([
      import("@aws-sdk/client-s3"),
      this.clientPromise,
    ]);
    try {
      await client.send(new HeadObjectCommand({ Bucket: this.options.bucket, Key: key }));
      return true;
    } catch {
      return false;
    }
  }

  async get(key: string): Promise<Uint8Array | undefined> {
    assertKey(key);
    const [{ GetObjectCommand, NoSuchKey }, client] = await Promise.all([
      import("@aws-sdk/client-s3"),
      this.clientPromise,
    ]);
    try {
      const out = await client.send(
        new GetObjectCommand({ Bucket: this.options.bucket, Key: key }),
      );
      return out.Body ? await out.Body.transformToByteArray() : new Uint8Array();
    } catch (error) {
      if (error instanceof NoSuchKey) return undefined;
      if ((error as { name?: string }).name === "NoSuchKey") return undefined;
      throw error;
    }
  }
}

/**
 * The store the environment names (the S3 bucket, S3_BUCKET, else DATA_DIR/media on disk), with
 * the media URLs this thread writes pointing at it: the runtime and the seeding worker start so.
 */
export function openMediaStore(env: Env): MediaStore {
  const bucket = s3BucketFromEnv(env);
  const store = bucket
    ? new S3MediaStore(bucket)
    : new LocalMediaStore(path.resolve(env.DATA_DIR, "media"));
  configureMediaUrls(store.publicBase);
  return store;
}
