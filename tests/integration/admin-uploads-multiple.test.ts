import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { INSTANT_UPLOAD_MESSAGES } from "~/server/media/instant-upload.server";
import { filesUnder, tempDirs } from "../support/files";
import { useSignedInServer } from "../support/auth-support";

// POST /admin/uploads answers for one file, so a request with several
// `file` parts is refused (400) and stores none of them: no object waits 24 h for the sweep.
const temp = tempDirs("wlx-uploads-multiple-");
const dataDir = temp.make();
afterAll(temp.removeAll);

describe("POST /admin/uploads with several files", () => {
  const suite = useSignedInServer({ DATA_DIR: dataDir });
  const png = async (background: string) =>
    new Uint8Array(
      await sharp({ create: { width: 40, height: 30, channels: 3, background } })
        .png()
        .toBuffer(),
    );
  const mp4 = () => {
    const data = new Uint8Array(8_000);
    data.set(Buffer.from("00000018667479706973736f0000020069736f6d6d703432", "hex"));
    return data;
  };
  const post = (query: string, files: File[]) => {
    const form = new FormData();
    for (const file of files) form.append("file", file);
    return suite.server.fetch(`/admin/uploads?${query}`, {
      method: "POST",
      body: form,
      headers: { Cookie: suite.cookie, Origin: suite.server.url },
    });
  };
  const mediaRows = () => suite.database.db.selectFrom("media_objects").select("id").execute();

  it("refuses two or three images with 400 and stores none", async () => {
    for (const count of [2, 3]) {
      const files = await Promise.all(
        ["#a33", "#3a3", "#33a"]
          .slice(0, count)
          .map(async (c, i) => new File([await png(c)], `${i}.png`)),
      );
      const response = await post("kind=image&folder=packages", files);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: INSTANT_UPLOAD_MESSAGES.oneFile });
    }
    expect(await mediaRows()).toEqual([]);
    expect(filesUnder(path.join(dataDir, "media"))).toEqual([]);
  });

  it("refuses two videos with 400 and stores none", async () => {
    const response = await post("kind=video&folder=travel-moments", [
      new File([mp4()], "a.mp4"),
      new File([mp4()], "b.mp4"),
    ]);
    expect(response.status).toBe(400);
    expect(await mediaRows()).toEqual([]);
    expect(filesUnder(path.join(dataDir, "media"))).toEqual([]);
  });

  it("still stores one file", async () => {
    const response = await post("kind=image&folder=packages", [
      new File([await png("#abc")], "one.png"),
    ]);
    expect(response.status).toBe(200);
    expect(await mediaRows()).toHaveLength(1);
  });
});
