// A local S3 (s3rver) for the media suites: one bucket on loopback, in a scratch folder.
import path from "node:path";
import S3rver from "s3rver";
import { afterAll, beforeAll } from "vitest";
import { S3MediaStore } from "~/server/media/media-store.server";
import { tempDirs } from "./files";

export interface S3Suite {
  /** The suite's scratch folder (s3rver keeps its files in `s3/` inside); removed after it. */
  tmp: string;
  /** The running s3rver, e.g. `http://127.0.0.1:PORT`; set once the suite has started. */
  url: string;
  /** A media store on the bucket, through `endpoint` (the running s3rver unless told). */
  store(endpoint?: string): S3MediaStore;
}

/**
 * Registers a suite's lifecycle: a scratch folder named from `prefix` and an s3rver with
 * `bucket`, closed and removed after the suite.
 */
export function registerS3rver(prefix: string, bucket: string): S3Suite {
  const temp = tempDirs(prefix);
  const tmp = temp.make();
  let s3: S3rver | undefined;
  const suite: S3Suite = {
    tmp,
    url: "",
    store: (endpoint = suite.url) =>
      new S3MediaStore({
        bucket,
        region: "us-east-1",
        endpoint,
        accessKeyId: "S3RVER",
        secretAccessKey: "S3RVER",
        forcePathStyle: true,
      }),
  };
  beforeAll(async () => {
    s3 = new S3rver({
      address: "127.0.0.1",
      port: 0,
      silent: true,
      directory: path.join(tmp, "s3"),
      configureBuckets: [{ name: bucket }],
    });
    suite.url = `http://127.0.0.1:${(await s3.run()).port}`;
  });
  afterAll(async () => {
    await s3?.close();
    temp.removeAll();
  });
  return suite;
}
