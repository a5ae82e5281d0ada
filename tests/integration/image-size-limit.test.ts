import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE } from "~/server/media/images.server";
import { UPLOAD_MESSAGES } from "~/server/media/uploads.server";
import { filesUnder, tempDirs } from "../support/files";
import { useSignedInServer } from "../support/auth-support";

// A one-byte change to a PNG header (found by the multipart fuzzer, FUZZ_SEED=444275 run 388)
// made a 16 × 12 image claim 8,388,624 × 12 pixels; sharp spent ten seconds on it before failing,
// and the request had no answer in time. Images are now measured by their header first.
const temp = tempDirs("wlx-image-limit-");
const dataDir = temp.make();
afterAll(temp.removeAll);

const png = async (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#3a7" } })
    .png({ compressionLevel: 1 })
    .toBuffer();

/** A valid 16 × 12 PNG whose IHDR width is rewritten (the CRC left as it was). */
async function lyingPng(width: number): Promise<Buffer> {
  const bytes = await png(16, 12);
  const ihdr = bytes.indexOf("IHDR");
  bytes.writeUInt32BE(width, ihdr + 4);
  return bytes;
}

describe("image size limit", () => {
  const suite = useSignedInServer({ DATA_DIR: dataDir });
  const upload = (bytes: Buffer, name: string) => {
    const form = new FormData();
    form.append("file", new File([new Uint8Array(bytes)], name, { type: "image/png" }));
    return suite.server.fetch(`/admin/uploads?kind=image&folder=packages`, {
      method: "POST",
      body: form,
      headers: { Cookie: suite.cookie, Origin: suite.server.url },
    });
  };
  const mediaRows = () => suite.database.db.selectFrom("media_objects").select("id").execute();

  it("refuses a header claiming 8,388,624 × 12 pixels with 413 and its size, storing nothing", async () => {
    const response = await upload(await lyingPng(8_388_624), "wide.png");
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      error: UPLOAD_MESSAGES.imageTooLarge("wide.png", 8_388_624, 12),
    });
    expect(UPLOAD_MESSAGES.imageTooLarge("wide.png", 8_388_624, 12)).toBe(
      '"wide.png" is too large an image (8,388,624 × 12 pixels). Please choose one at most 20,000 pixels on a side and 80 megapixels in all.',
    );
    expect(await mediaRows()).toEqual([]);
    expect(filesUnder(path.join(dataDir, "media"))).toEqual([]);
  });

  it("refuses a real image one pixel wider than the side limit, and one over the pixel count", async () => {
    const wide = await upload(await png(MAX_IMAGE_SIDE + 1, 8), "pano.png");
    expect(wide.status).toBe(413);
    // 9,000 × 9,000 is 81 MP: under the side limit, over the pixel count.
    expect(9_000 * 9_000).toBeGreaterThan(MAX_IMAGE_PIXELS);
    const square = await upload(await png(9_000, 9_000), "square.png");
    expect(square.status).toBe(413);
    expect(await mediaRows()).toEqual([]);
  });

  it("stores an image exactly at the side limit", async () => {
    const response = await upload(await png(MAX_IMAGE_SIDE, 8), "edge.png");
    expect(response.status).toBe(200);
    expect(await mediaRows()).toHaveLength(1);
  });
});
