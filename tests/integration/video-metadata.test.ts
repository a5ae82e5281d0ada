import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ExifTool } from "exiftool-vendored";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LocalMediaStore } from "~/server/media/media-store.server";
import { configureMediaUrls } from "~/server/media/media-urls.server";
import { parseUploadForm } from "~/server/media/uploads.server";
import { createTestDatabase, type TestDatabase } from "../support/db";
import { tempDirs } from "../support/files";

// Decision 085: the location a phone records in an MP4 or MOV (`©xyz`) is
// not published: container metadata is deleted on upload, without re-encoding (the media data
// stays byte for byte).
const temp = tempDirs("wlx-video-meta-");
const tmp = temp.make();
let database: TestDatabase;
let store: LocalMediaStore;
const exiftool = new ExifTool({ maxProcs: 1 });

beforeAll(async () => {
  database = await createTestDatabase("postgres");
  store = new LocalMediaStore(path.join(tmp, "media"));
  configureMediaUrls(store.publicBase);
});
afterAll(async () => {
  await exiftool.end();
  await database?.close();
  temp.removeAll();
});

const box = (type: string, ...parts: Buffer[]) => {
  const body = Buffer.concat(parts);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length);
  head.write(type, 4, "latin1");
  return Buffer.concat([head, body]);
};

const LOCATION = Buffer.from("+37.7749-122.4194/");
const MEDIA = Buffer.alloc(4000, 7);

/** A small movie as a phone writes it: ftyp, moov (mvhd + udta with ©xyz), mdat. */
function phoneVideo(brand: "isom" | "qt  "): Buffer {
  const mvhd = Buffer.alloc(100);
  mvhd.writeUInt32BE(1000, 12);
  mvhd.writeUInt32BE(1000, 16);
  mvhd.writeUInt32BE(0x00010000, 20);
  mvhd.writeUInt16BE(0x0100, 24);
  mvhd.writeUInt32BE(0x00010000, 36);
  mvhd.writeUInt32BE(0x00010000, 52);
  mvhd.writeUInt32BE(0x40000000, 68);
  mvhd.writeUInt32BE(2, 96);
  const xyzHead = Buffer.alloc(4);
  xyzHead.writeUInt16BE(LOCATION.length, 0);
  xyzHead.writeUInt16BE(0x15c7, 2);
  return Buffer.concat([
    box(
      "ftyp",
      Buffer.from(brand, "latin1"),
      Buffer.from([0, 0, 2, 0]),
      Buffer.from(`${brand}mp42`, "latin1"),
    ),
    box("moov", box("mvhd", mvhd), box("udta", box("\u00a9xyz", xyzHead, LOCATION))),
    box("mdat", MEDIA),
  ]);
}

async function upload(bytes: Buffer, name: string) {
  const form = new FormData();
  form.append("video", new File([new Uint8Array(bytes)], name));
  const { stored } = await parseUploadForm(
    new Request("http://localhost/", { method: "POST", body: form }),
    { folder: "travel-moments", files: { video: "video" }, db: database.db, store },
  );
  return stored[0]!;
}

const tempUploads = () =>
  fs.readdirSync(os.tmpdir()).filter((f) => f.startsWith(`wlx-upload-${process.pid}-`));

describe("uploaded videos", () => {
  for (const [brand, name, contentType] of [
    ["isom", "phone.mp4", "video/mp4"],
    ["qt  ", "phone.mov", "video/quicktime"],
  ] as const) {
    it(`lose the location recorded in a ${name.split(".")[1]!.toUpperCase()}, keeping the media data`, async () => {
      const original = phoneVideo(brand);
      const input = path.join(tmp, name);
      fs.writeFileSync(input, original);
      // The fixture does carry a location ExifTool reads.
      expect((await exiftool.read(input)).GPSLatitude).toBeCloseTo(37.7749, 3);

      const media = await upload(original, name);
      expect(media.contentType).toBe(contentType);
      const kept = fs.readFileSync(store.pathFor(media.key));
      expect(kept.includes(LOCATION)).toBe(false);
      expect(kept.includes(MEDIA)).toBe(true);
      expect(media.bytes).toBe(kept.length);
      const tags = await exiftool.read(store.pathFor(media.key));
      expect(tags.GPSLatitude).toBeUndefined();
      expect(tags.GPSPosition).toBeUndefined();
      expect(tempUploads()).toEqual([]);
    });
  }

  it("other containers (WebM) are stored as uploaded, as the upload screens say", async () => {
    const webm = Buffer.concat([Buffer.from("1a45dfa3", "hex"), Buffer.alloc(3000, 1)]);
    webm.set(Buffer.from("1a45dfa39f4282847765626d", "hex"));
    const media = await upload(webm, "clip.webm");
    expect(fs.readFileSync(store.pathFor(media.key)).equals(webm)).toBe(true);
  });
});
