// Decision 108: a first start of the embedded database copies the template `npm run build` made
// instead of running initdb inside the server (two PostgreSQL heaps and a copy of one: the start's
// memory peak). The footprint is measured by `npm run bench`; these tests prove the mechanism.
import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/server/platform/db.server";
import {
  buildPgliteTemplate,
  holdsDatabase,
  makePgliteTemplate,
  pgliteTemplatePath,
  seedDataDirFromTemplate,
} from "~/server/platform/pglite-template.server";
import { tempDirs } from "../support/files";

const temp = tempDirs("wlx-template-");
const tempDir = temp.make;
afterAll(temp.removeAll);

/** PostgreSQL's system identifier (the first 8 bytes of pg_control): initdb draws a new one. */
const systemIdentifier = (pgDir: string) =>
  fs
    .readFileSync(path.join(pgDir, "global", "pg_control"))
    .subarray(0, 8)
    .toString("hex");

/** Every file and directory under `root` with its mode bits. */
function modes(root: string): Map<string, number> {
  const found = new Map<string, number>();
  for (const name of fs.readdirSync(root, { recursive: true }) as string[]) {
    found.set(name, fs.statSync(path.join(root, name)).mode & 0o777);
  }
  return found;
}

describe("the embedded database's template", () => {
  let buildDir: string;
  let template: string;
  const buildDirBefore = process.env.BUILD_DIR;

  beforeAll(async () => {
    // The build's template when there is one (npm run build), else one made here the same way.
    buildDir = path.resolve(buildDirBefore ?? "build");
    if (!holdsDatabase(pgliteTemplatePath(buildDir))) {
      buildDir = tempDir();
      await buildPgliteTemplate(tempDir(), buildDir);
    }
    template = pgliteTemplatePath(buildDir);
  }, 120_000);
  afterEach(() => {
    if (buildDirBefore === undefined) delete process.env.BUILD_DIR;
    else process.env.BUILD_DIR = buildDirBefore;
  });

  it("gives a first start a copy of the template, not a new initdb, and leaves the template as it was", async () => {
    process.env.BUILD_DIR = buildDir;
    const before = modes(template);
    const templateId = systemIdentifier(template);
    const dataDir = tempDir();
    const database = await openDatabase({ dataDir });
    try {
      const { rows } = await sql<{ ok: number }>`select 1 as ok`.execute(database.db);
      expect(rows).toEqual([{ ok: 1 }]);
    } finally {
      await database.close();
    }
    const pgDir = path.join(dataDir, "pglite");
    // The same cluster as the template: initdb did not run.
    expect(systemIdentifier(pgDir)).toBe(templateId);
    expect(modes(template)).toEqual(before);
    expect(systemIdentifier(template)).toBe(templateId);
    expect(fs.readdirSync(dataDir).filter((f) => f.includes(".partial-"))).toEqual([]);
  });

  it("runs initdb as before when there is no template (no build)", async () => {
    process.env.BUILD_DIR = tempDir();
    const dataDir = tempDir();
    const database = await openDatabase({ dataDir });
    await database.close();
    const pgDir = path.join(dataDir, "pglite");
    expect(holdsDatabase(pgDir)).toBe(true);
    expect(systemIdentifier(pgDir)).not.toBe(systemIdentifier(template));
  }, 60_000);

  it("never copies over a data directory that has files, nor reopens a copied one", () => {
    const pgDir = path.join(tempDir(), "pglite");
    fs.mkdirSync(pgDir);
    fs.writeFileSync(path.join(pgDir, "someone's file"), "kept");
    expect(seedDataDirFromTemplate(pgDir, template)).toBe(false);
    expect(fs.readdirSync(pgDir)).toEqual(["someone's file"]);

    const fresh = path.join(tempDir(), "pglite");
    fs.mkdirSync(fresh); // an empty directory (a start that stopped before initdb) is filled
    expect(seedDataDirFromTemplate(fresh, template)).toBe(true);
    expect(systemIdentifier(fresh)).toBe(systemIdentifier(template));
    // Private to the server's user, although the template is readable by all (Docker copies it).
    for (const [name, mode] of modes(fresh)) {
      const isDir = fs.statSync(path.join(fresh, name)).isDirectory();
      expect({ name, mode: mode.toString(8) }).toEqual({ name, mode: isDir ? "700" : "600" });
    }
    expect(fs.statSync(fresh).mode & 0o777).toBe(0o700);
    expect(seedDataDirFromTemplate(fresh, template)).toBe(false);
  });

  it("is not used when it is incomplete (no PG_VERSION), and is made whole or not at all", async () => {
    const half = tempDir();
    fs.writeFileSync(path.join(half, "postgresql.conf"), "");
    const pgDir = path.join(tempDir(), "pglite");
    expect(seedDataDirFromTemplate(pgDir, half)).toBe(false);
    expect(fs.existsSync(pgDir)).toBe(false);

    const target = path.join(tempDir(), "template");
    await expect(
      makePgliteTemplate(target, async (dir) => {
        fs.mkdirSync(dir);
        fs.writeFileSync(path.join(dir, "postgresql.conf"), "");
        throw new Error("initdb failed");
      }),
    ).rejects.toThrow("initdb failed");
    expect(fs.readdirSync(path.dirname(target))).toEqual([]);

    const made = await makePgliteTemplate(target, async (dir) => {
      fs.mkdirSync(path.join(dir, "global"), { recursive: true, mode: 0o700 });
      fs.writeFileSync(path.join(dir, "PG_VERSION"), "17\n", { mode: 0o600 });
    });
    expect(made).toBe("made");
    expect(Object.fromEntries([...modes(target)].map(([n, m]) => [n, m.toString(8)]))).toEqual({
      PG_VERSION: "644",
      global: "755",
    });
    expect(fs.readdirSync(path.dirname(target))).toEqual(["template"]);
    expect(await makePgliteTemplate(target, () => Promise.reject(new Error("not again")))).toBe(
      "exists",
    );
  });
});
