import type { S3Client } from "@aws-sdk/client-s3";
import type { Env } from "../platform/env.server";

/** Where an S3 (or S3-compatible) bucket's server is and how to sign in to it. */
export interface S3ClientSettings {
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

/**
 * The one way the app builds an S3 client (the media store and backups), loading the SDK only
 * when S3 is used. Credentials go in only as a pair; without them the SDK's default chain applies.
 */
export async function createS3Client(settings: S3ClientSettings): Promise<S3Client> {
  const { S3Client } = await import("@aws-sdk/client-s3");
  return new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    // Plain signed bodies, not aws-chunked with trailing checksums: S3-compatible servers that do
    // not decode aws-chunked (s3rver, older MinIO) would store the chunk framing.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
  });
}

/** The bucket of `S3_BUCKET` with its connection settings from the environment, or undefined. */
export function s3BucketFromEnv(env: Env) {
  if (!env.S3_BUCKET) return undefined;
  return {
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    publicUrl: env.S3_PUBLIC_URL,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
  };
}
