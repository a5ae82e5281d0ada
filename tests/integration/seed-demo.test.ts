import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { seedDemo } from "~/server/catalogue/seed.server";
import { LocalMediaStore, type MediaBody } from "~/server/media/media-store.server";
import { BACKENDS, createTestDatabase } from "../support/db";
import { tempDirs } from "../support/files";

// The demo seed stores its images several at a time (decision 163). A store that fails part-way
// must still leave nothing: no rows (one transaction) and no files, including those of the images
// that were still being encoded when the failure came.
const temp = tempDirs("wlx-seed-");
afterAll(() => temp.removeAll());

/** The local store, failing its `failAt`-th write; keeps every key that reached the disk. */
class FailingStore extends LocalMediaStore {
  readonly stored: string[] = [];
  private puts = 0;
  constructor(
    root: string,
    private readonly failAt: number,
  ) {
    super(root);
  }
  override async put(key: string, body: MediaBody, type: string): Promise<number> {
    if (++this.puts === this.failAt) throw new Error("disk full");
    const size = await super.put(key, body, type);
    this.stored.push(key);
    return size;
  }
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
      const store = new FailingStore(dir, 20);
      await expect(seedDemo(database.db, store)).rejects.toThrow("disk full");
      const { stored } = store;
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
