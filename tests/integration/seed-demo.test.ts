import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { seedDemo } from "~/server/catalogue/seed.server";
import { LocalMediaStore, type MediaStore } from "~/server/media/media-store.server";
import { BACKENDS, createTestDatabase } from "../support/db";
import { tempDirs } from "../support/files";

// The demo seed stores its images several at a time (decision 163). A store that fails part-way
// must still leave nothing: no rows (one transaction) and no files, including those of the images
// that were still being encoded when the failure came.
const temp = tempDirs("wlx-seed-");
afterAll(() => temp.removeAll());

/** The local store, failing its `failAt`-th write; counts every write that reached the disk. */
function failingStore(dir: string, failAt: number) {
  const local = new LocalMediaStore(dir);
  let puts = 0;
  const stored: string[] = [];
  const store: MediaStore = {
    driver: local.driver,
    publicBase: local.publicBase,
    exists: (key) => local.exists(key),
    get: (key) => local.get(key),
    delete: (key) => local.delete(key),
    putStream: (key, body, type) => local.putStream(key, body, type),
    async put(key, body, type) {
      if (++puts === failAt) throw new Error("disk full");
      const size = await local.put(key, body, type);
      stored.push(key);
      return size;
    },
  };
  return { store, stored };
}

const filesUnder = (dir: string): string[] =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => path.join(e.parentPath, e.name))
    : [];

describe.each(BACKENDS)("the demo seed on %s", (backend) => {
  it("fails as a whole when a write fails part-way: no row and no file is left", async () => {
    const database = await createTestDatabase(backend);
    try {
      const dir = path.join(temp.make(), "media");
      const { store, stored } = failingStore(dir, 20);
      await expect(seedDemo(database.db, store)).rejects.toThrow("disk full");
      // Images were written before the failure and alongside it; no new one started after it (the
      // at most four images being encoded then add three files each), and all are gone again.
      expect(stored.length).toBeGreaterThanOrEqual(18);
      expect(stored.length).toBeLessThanOrEqual(19 + 3 * 4);
      expect(filesUnder(dir)).toEqual([]);
      for (const table of ["packages", "media_objects", "travel_moments"] as const) {
        const { count } = await database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as("count"))
          .executeTakeFirstOrThrow();
        expect(Number(count), table).toBe(0);
      }
    } finally {
      await database.close();
    }
  });
});
