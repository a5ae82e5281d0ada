import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { S3Client } from "@aws-sdk/client-s3";
import type { S3Options } from "../media/media-store.server";
import { createS3Client, s3BucketFromEnv } from "../media/s3-client.server";
import { isSafeKey } from "../media/media-urls.server";
import type { Env } from "../platform/env.server";

/**
 * What backup and restore need from media storage, beyond the app's MediaStore: list every
 * object, read one, and write one whatever is there (a forced restore replaces objects).
 */
export interface BackupMedia {
  readonly driver: "local" | "s3";
  /** Where the objects are, for messages. */
  readonly location: string;
  list(): AsyncIterable<string>;
  /** True when at least one object is stored. */
  hasAny(): Promise<boolean>;
  read(key: string): Promise<{ body: Readable; bytes: number; contentType: string }>;
  write(key: string, body: Readable, bytes: number, contentType: string): Promise<void>;
  delete(key: string): Promise<void>;
}

const TYPES: Record<string, string> = {
  webp: "image/webp",
  avif: "image/avif",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  svg: "image/svg+xml",
  mp4: "video/mp4",
  mov: "video/quicktime",
  webm: "video/webm",
  avi: "video/x-msvideo",
  wmv: "video/x-ms-wmv",
  flv: "video/x-flv",
};

/** The content type the app stored an object with, from its extension (local files have none). */
export function contentTypeOfKey(key: string): string {
  return TYPES[key.slice(key.lastIndexOf(".") + 1).toLowerCase()] ?? "application/octet-stream";
}

export function openBackupMedia(env: Env): BackupMedia {
  const bucket = s3BucketFromEnv(env);
  if (bucket) return s3BackupMedia(bucket);
  return localBackupMedia(path.resolve(env.DATA_DIR, "media"));
}

export function localBackupMedia(root: string): BackupMedia {
  const pathFor = (key: string) => {
    if (!isSafeKey(key)) throw new Error(`Invalid media key: ${key}`);
    return path.join(root, ...key.split("/"));
  };
  async function* walk(dir: string, prefix: string): AsyncGenerator<string> {
    let entries: fs.Dirent[];
    try {
      entries = await fs.promises.readdir(dir, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
      throw error;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const key = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (entry.isDirectory()) yield* walk(path.join(dir, entry.name), key);
      // Upload temp files (`*.part`) are never objects: the store renames them when complete.
      else if (entry.isFile() && isSafeKey(key) && !entry.name.endsWith(".part")) yield key;
    }
  }
  return {
    driver: "local",
    location: root,
    list: () => walk(root, ""),
    async hasAny() {
      for await (const _key of walk(root, "")) return true;
      return false;
    },
    async read(key) {
      const file = pathFor(key);
      const { size } = await fs.promises.stat(file);
      return { body: fs.createReadStream(file), bytes: size, contentType: contentTypeOfKey(key) };
    },
    async write(key, body) {
      const target = pathFor(key);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      const temp = `${target}.${randomBytes(4).toString("hex")}.part`;
      try {
        await pipeline(body, fs.createWriteStream(temp, { flags: "wx" }));
        await fs.promises.rename(temp, target);
      } finally {
        await fs.promises.rm(temp, { force: true });
      }
    },
    async delete(key) {
      await fs.promises.rm(pathFor(key), { force: true });
    },
  };
}

export function s3BackupMedia(options: S3Options): BackupMedia {
  const sdk = import("@aws-sdk/client-s3");
  let client: Promise<S3Client> | undefined;
  // Plain signed bodies (see createS3Client): restore reads every object back and compares its
  // sha256 anyway.
  const getClient = () => (client ??= createS3Client(options));
  async function* list(max?: number): AsyncGenerator<string> {
    const [{ ListObjectsV2Command }, s3] = await Promise.all([sdk, getClient()]);
    let token: string | undefined;
    do {
      const page = await s3.send(
        new ListObjectsV2Command({
          Bucket: options.bucket,
          ContinuationToken: token,
          MaxKeys: max,
        }),
      );
      // Only keys the app makes (a folder marker or a foreign object is not media).
      for (const object of page.Contents ?? [])
        if (object.Key && isSafeKey(object.Key)) yield object.Key;
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token && max === undefined);
  }
  return {
    driver: "s3",
    location: `s3://${options.bucket}`,
    list: () => list(),
    async hasAny() {
      for await (const _key of list(1)) return true;
      return false;
    },
    async read(key) {
      const [{ GetObjectCommand }, s3] = await Promise.all([sdk, getClient()]);
      const answer = await s3.send(new GetObjectCommand({ Bucket: options.bucket, Key: key }));
      if (!(answer.Body instanceof Readable) || answer.ContentLength === undefined) {
        throw new Error(`S3 gave no readable body for ${key}`);
      }
      return {
        body: answer.Body,
        bytes: answer.ContentLength,
        contentType: answer.ContentType ?? contentTypeOfKey(key),
      };
    },
    async write(key, body, bytes, contentType) {
      const [{ PutObjectCommand }, s3] = await Promise.all([sdk, getClient()]);
      await s3.send(
        new PutObjectCommand({
          Bucket: options.bucket,
          Key: key,
          Body: body,
          ContentLength: bytes,
          ContentType: contentType,
          CacheControl: "public, max-age=31536000, immutable",
        }),
      );
    },
    async delete(key) {
      const [{ DeleteObjectCommand }, s3] = await Promise.all([sdk, getClient()]);
      await s3.send(new DeleteObjectCommand({ Bucket: options.bucket, Key: key }));
    },
  };
}
