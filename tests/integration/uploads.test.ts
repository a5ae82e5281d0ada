import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { LIMITS } from "~/domain/schemas";
import {
  LocalMediaStore,
  type MediaBody,
  type MediaStore,
} from "~/server/media/media-store.server";
import { configureMediaUrls } from "~/server/media/media-urls.server";
import {
  parseUploadForm,
  UPLOAD_MESSAGES,
  UploadError,
  type ParseUploadOptions,
} from "~/server/media/uploads.server";
import { createTestDatabase, resetDatabase, type TestDatabase } from "../support/db";
import { tempDirs } from "../support/files";
import { registerS3rver } from "../support/s3-server";

const s3 = registerS3rver("wlx-uploads-", "uploads-test");
const { tmp } = s3;
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase("postgres");
});
afterAll(async () => {
  await database?.close();
});
beforeEach(async () => {
  await resetDatabase(database);
});

/** Counts what reaches the driver, so a test can tell a refused file was never stored whole. */
class CountingStore implements MediaStore {
  streamed = 0;
  constructor(readonly inner: MediaStore) {}
  get driver() {
    return this.inner.driver;
  }
  get publicBase() {
    return this.inner.publicBase;
  }
  put(key: string, body: MediaBody, type: string) {
    return this.inner.put(key, body, type);
  }
  putStream(key: string, body: Readable, type: string) {
    body.on("data", (chunk: Buffer) => (this.streamed += chunk.length));
    return this.inner.putStream(key, body, type);
  }
  delete(key: string) {
    return this.inner.delete(key);
  }
  exists(key: string) {
    return this.inner.exists(key);
  }
  get(key: string) {
    return this.inner.get(key);
  }
}

/** Reads a stored object back, from disk or over HTTP from the bucket's public URL. */
async function readStored(store: MediaStore, key: string): Promise<Buffer> {
  if (store instanceof LocalMediaStore) return fs.promises.readFile(store.pathFor(key));
  const response = await fetch(`${store.publicBase}${key}`);
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

async function storedKeys(store: MediaStore): Promise<string[]> {
  if (store instanceof LocalMediaStore) {
    if (!fs.existsSync(store.root)) return [];
    return (fs.readdirSync(store.root, { recursive: true }) as string[])
      .map((p) => p.split(path.sep).join("/"))
      .filter((p) => fs.statSync(path.join(store.root, p)).isFile());
  }
  const listing = await (await fetch(`${s3.url}/uploads-test?list-type=2`)).text();
  return [...listing.matchAll(/<Key>([^<]+)<\/Key>/g)].map((m) => m[1]!);
}

function tempUploadFiles(): string[] {
  return fs.readdirSync(os.tmpdir()).filter((f) => f.startsWith(`wlx-upload-${process.pid}-`));
}

/** A copy typed for the File constructor (Buffer's ArrayBufferLike is not a BlobPart). */
const bytesOf = (data: Uint8Array) => new Uint8Array(data);

const png = (width = 800, height = 600) =>
  sharp({ create: { width, height, channels: 3, background: "#2a6" } })
    .png()
    .toBuffer();

/** The head of an MP4 (ftyp box, brand isom) followed by filler: file-type calls it video/mp4. */
function mp4(bytes: number): Buffer {
  const data = Buffer.alloc(bytes, 0);
  Buffer.from("00000018667479706973736f0000020069736f6d6d703432", "hex").copy(data);
  return data;
}

function formRequest(form: FormData): Request {
  return new Request("http://localhost/upload", { method: "POST", body: form });
}

/** A multipart body of one file generated as it is read: never held in memory by the test. */
function streamingRequest(field: string, fileName: string, head: Buffer, total: number): Request {
  const boundary = "----wlx-test-boundary";
  const encoder = new TextEncoder();
  let sent = 0;
  let phase: "start" | "body" | "end" | "done" = "start";
  const filler = Buffer.alloc(1024 * 1024, 0);
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (phase === "start") {
        controller.enqueue(
          encoder.encode(
            `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nBig one\r\n` +
              `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\n` +
              `Content-Type: video/mp4\r\n\r\n`,
          ),
        );
        controller.enqueue(head);
        sent = head.length;
        phase = "body";
      } else if (phase === "body") {
        const size = Math.min(filler.length, total - sent);
        controller.enqueue(filler.subarray(0, size));
        sent += size;
        if (sent >= total) phase = "end";
      } else if (phase === "end") {
        controller.enqueue(encoder.encode(`\r\n--${boundary}--\r\n`));
        phase = "done";
      } else {
        controller.close();
      }
    },
  });
  return new Request("http://localhost/upload", {
    method: "POST",
    body,
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
    duplex: "half",
  } as RequestInit);
}

async function mediaRows() {
  return database.db.selectFrom("media_objects").selectAll().orderBy("created_at").execute();
}

const localDirs = tempDirs("wlx-uploads-local-");
afterAll(localDirs.removeAll);
const drivers: [string, () => MediaStore][] = [
  ["local", () => new LocalMediaStore(localDirs.make())],
  ["s3", () => s3.store()],
];

describe.each(drivers)("parseUploadForm on the %s driver", (_name, make) => {
  let store: MediaStore;
  const options = (extra: Partial<ParseUploadOptions> = {}): ParseUploadOptions => ({
    folder: "packages",
    files: { "images.new": "image", "videos[*].file": "video" },
    db: database.db,
    store,
    ...extra,
  });

  beforeEach(async () => {
    store = make();
    configureMediaUrls(store.publicBase);
    for (const key of await storedKeys(store)) await store.delete(key);
  });

  it("stores images as WebP with variants and videos as sent, and replaces the fields by URLs", async () => {
    const form = new FormData();
    form.append("title", "Lagoon");
    form.append("images.new", new File([bytesOf(await png(2000, 1000))], "lagoon.png"));
    form.append("images.new", new File([bytesOf(await png(640, 480))], "beach.JPG.png"));
    form.append(
      "videos[2].file",
      new File([bytesOf(mp4(200_000))], "clip.mov", { type: "video/quicktime" }),
    );
    form.append("videos[2].title", "Clip");
    form.append("images.new", new File([], ""));

    const parsed = await parseUploadForm(formRequest(form), options());

    expect(parsed.formData.get("title")).toBe("Lagoon");
    expect(parsed.formData.get("videos[2].title")).toBe("Clip");
    const images = parsed.formData.getAll("images.new");
    expect(images).toHaveLength(2);
    expect(parsed.stored.map((s) => s.url).sort()).toEqual(
      [...images, parsed.formData.get("videos[2].file")].sort(),
    );
    const [big, small] = images.map((url) => parsed.stored.find((s) => s.url === url)!);
    expect(big).toMatchObject({ kind: "image", fileName: "lagoon.png", width: 1600, height: 800 });
    expect(small).toMatchObject({ width: 640, height: 480 });
    for (const media of parsed.stored) {
      expect(media.url).toBe(`${store.publicBase}${media.key}`);
      expect(media.key).toMatch(/^packages\/\d{13}-[0-9a-f]{12}\.(webp|mp4)$/);
    }
    const video = parsed.stored.find((s) => s.kind === "video")!;
    // Named .mov by the browser, but the bytes are MP4: the bytes decide.
    expect(video).toMatchObject({ contentType: "video/mp4", bytes: 200_000 });
    expect(video.key).toMatch(/\.mp4$/);
    expect((await readStored(store, video.key)).equals(mp4(200_000))).toBe(true);

    const rows = await mediaRows();
    expect(rows).toHaveLength(3);
    const bigRow = rows.find((r) => r.id === big!.mediaId)!;
    expect(bigRow.variants.map((v) => [v.width, v.height])).toEqual([
      [480, 240],
      [960, 480],
    ]);
    for (const variant of bigRow.variants) {
      const meta = await sharp(await readStored(store, variant.key)).metadata();
      expect([meta.format, meta.width]).toEqual(["webp", variant.width]);
    }
    expect(tempUploadFiles()).toEqual([]);
  });

  it("strips EXIF and GPS and applies the orientation", async () => {
    const jpeg = await sharp({
      create: { width: 600, height: 300, channels: 3, background: "#c84" },
    })
      .jpeg()
      .withExif({
        IFD0: { Copyright: "Uploader Name", Make: "PhoneCo" },
        IFD3: { GPSLatitudeRef: "N", GPSLatitude: "48/1 51/1 2400/100" },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const source = await sharp(jpeg).metadata();
    expect(source.exif).toBeDefined();
    expect(source.orientation).toBe(6);
    expect(jpeg.includes(Buffer.from("PhoneCo"))).toBe(true);

    const form = new FormData();
    form.append("images.new", new File([bytesOf(jpeg)], "holiday.jpg"));
    const parsed = await parseUploadForm(formRequest(form), options());
    const [media] = parsed.stored;
    const row = (await mediaRows())[0]!;
    for (const key of [media!.key, ...row.variants.map((v) => v.key)]) {
      const bytes = await readStored(store, key);
      const meta = await sharp(bytes).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.iptc).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(bytes.includes(Buffer.from("Uploader Name"))).toBe(false);
      expect(bytes.includes(Buffer.from("PhoneCo"))).toBe(false);
    }
    // Orientation 6 turns the 600x300 pixels upright: 300 wide, 600 high.
    expect([media!.width, media!.height]).toEqual([300, 600]);
  });

  it.each([
    ["a PNG renamed .mp4 in a video field", "videos[0].file", "clip.mp4", () => png(), 415],
    [
      "an SVG in an image field",
      "images.new",
      "logo.svg",
      async () =>
        Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
        ),
      415,
    ],
    ["a text file named .jpg", "images.new", "notes.jpg", async () => Buffer.from("hello\n"), 415],
    ["an MP4 in an image field", "images.new", "photo.jpg", async () => mp4(50_000), 415],
    [
      "bytes that only start like a PNG",
      "images.new",
      "broken.png",
      async () => Buffer.concat([(await png()).subarray(0, 64), Buffer.alloc(4096, 1)]),
      415,
    ],
  ])("refuses %s and stores nothing", async (_label, field, name, bytes, status) => {
    const form = new FormData();
    form.append("images.new", new File([bytesOf(await png())], "fine.png"));
    form.append(field, new File([bytesOf(await bytes())], name));
    const error = await parseUploadForm(formRequest(form), options()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UploadError);
    expect((error as UploadError).status).toBe(status);
    expect((error as UploadError).message).toContain(name);
    // The refusal names the part it refused, so a form can put the message on that field.
    expect((error as UploadError).field).toBe(field);
    expect(await mediaRows()).toEqual([]);
    expect(await storedKeys(store)).toEqual([]);
    expect(tempUploadFiles()).toEqual([]);
  });

  it("uses the caller's messages", async () => {
    const form = new FormData();
    form.append("videos[0].file", new File(["plain text"], "a.mp4"));
    await expect(
      parseUploadForm(
        formRequest(form),
        options({ messages: { wrongType: "Please upload a valid video file" } }),
      ),
    ).rejects.toMatchObject({ status: 415, message: "Please upload a valid video file" });
  });

  it("refuses a 61 MB video while it streams, with 413, and keeps nothing", async () => {
    const counting = new CountingStore(store);
    const request = streamingRequest("videos[0].file", "huge.mp4", mp4(4100), 61 * 1024 * 1024);
    const error = await parseUploadForm(request, options({ store: counting })).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(UploadError);
    expect(error).toMatchObject({
      status: 413,
      message: 'File "huge.mp4" is too large. Maximum size is 60MB.',
      field: "videos[0].file",
    });
    // The store saw no more than the limit: the file was cut off as it streamed.
    expect(counting.streamed).toBeLessThanOrEqual(LIMITS.videoBytes);
    expect(await mediaRows()).toEqual([]);
    expect(await storedKeys(store)).toEqual([]);
    expect(tempUploadFiles()).toEqual([]);
  });

  it("accepts a video of exactly 60 MB", async () => {
    const request = streamingRequest("videos[0].file", "max.mp4", mp4(4100), LIMITS.videoBytes);
    const parsed = await parseUploadForm(request, options());
    expect(parsed.formData.get("title")).toBe("Big one");
    expect(parsed.stored[0]).toMatchObject({ bytes: LIMITS.videoBytes, kind: "video" });
    await parsed.release();
  });

  it("release() removes what the request stored, rows and objects", async () => {
    const form = new FormData();
    form.append("images.new", new File([bytesOf(await png(1200, 900))], "a.png"));
    form.append("videos[0].file", new File([bytesOf(mp4(10_000))], "b.mp4"));
    const parsed = await parseUploadForm(formRequest(form), options());
    expect(await storedKeys(store)).toHaveLength(4);
    await parsed.release();
    expect(await mediaRows()).toEqual([]);
    expect(await storedKeys(store)).toEqual([]);
  });

  it("ignores file parts in fields it was not asked to take", async () => {
    const form = new FormData();
    form.append("avatar", new File([bytesOf(await png())], "me.png"));
    form.append("note", "kept");
    const parsed = await parseUploadForm(formRequest(form), options());
    expect(parsed.formData.get("avatar")).toBeNull();
    expect(parsed.formData.get("note")).toBe("kept");
    expect(parsed.stored).toEqual([]);
  });

  it("stores travel-moment uploads under their own folder", async () => {
    const form = new FormData();
    form.append("video", new File([bytesOf(mp4(5000))], "moment.mp4"));
    const parsed = await parseUploadForm(
      formRequest(form),
      options({ folder: "travel-moments", files: { video: "video" } }),
    );
    expect(parsed.stored[0]!.key).toMatch(/^travel-moments\/\d{13}-[0-9a-f]{12}\.mp4$/);
  });
});

describe("parseUploadForm input checks", () => {
  const store = new LocalMediaStore(path.join(tmp, "checks"));
  const options: Omit<ParseUploadOptions, "db"> = {
    folder: "packages",
    files: { file: "image" },
    store,
  };

  it("reads url-encoded bodies like request.formData()", async () => {
    const request = new Request("http://localhost/", {
      method: "POST",
      body: new URLSearchParams({ a: "1", b: "two" }),
    });
    const parsed = await parseUploadForm(request, { ...options, db: database.db });
    expect(Object.fromEntries(parsed.formData)).toEqual({ a: "1", b: "two" });
  });

  it("answers 400 for a multipart body that is cut off or malformed", async () => {
    const request = new Request("http://localhost/", {
      method: "POST",
      body: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc',
      headers: { "content-type": "multipart/form-data; boundary=x" },
    });
    await expect(parseUploadForm(request, { ...options, db: database.db })).rejects.toMatchObject({
      status: 400,
      message: UPLOAD_MESSAGES.unreadable,
    });
  });
});

describe("when S3 is unreachable", () => {
  let deadEndpoint: string;
  beforeAll(async () => {
    // A port that was free a moment ago: connections to it are refused.
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as net.AddressInfo;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    deadEndpoint = `http://127.0.0.1:${port}`;
  });

  it.each([
    ["an image", "images.new", async () => new File([bytesOf(await png())], "a.png")],
    ["a video", "videos[0].file", async () => new File([bytesOf(mp4(300_000))], "a.mp4")],
  ])("refuses %s with 503 and a clear message, writing no row", async (_label, field, file) => {
    const store = s3.store(deadEndpoint);
    const form = new FormData();
    form.append("title", "x");
    form.append(field, await file());
    const error = await parseUploadForm(formRequest(form), {
      folder: "packages",
      files: { "images.new": "image", "videos[*].file": "video" },
      db: database.db,
      store,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UploadError);
    expect(error).toMatchObject({ status: 503, message: UPLOAD_MESSAGES.storageDown });
    expect(await mediaRows()).toEqual([]);
    expect(tempUploadFiles()).toEqual([]);
  });
});
