// Decision 088: the embedded database's PostgreSQL settings and sharp's cache are what keep the
// process inside a 1 GB machine. The footprint itself is measured by `npm run bench`; these tests
// fail when a setting stops being applied.
import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "~/server/platform/db.server";
import { parseEnv } from "~/server/platform/env.server";
import { EMBEDDED_POSTGRES_SETTINGS } from "~/server/platform/pglite-options.server";
import { startRuntime } from "~/server/http/runtime.server";
import { tempDirs } from "../support/files";

const temp = tempDirs("wlx-memory-");
const tempDir = temp.make;
afterEach(temp.removeAll);

describe("embedded database memory settings", () => {
  it("gives initdb the settings (postgresql.conf) and applies them to data dirs made before", async () => {
    const dataDir = tempDir();
    const confPath = path.join(dataDir, "pglite", "postgresql.conf");
    const first = await openDatabase({ dataDir });
    await first.close();
    const conf = fs.readFileSync(confPath, "utf8");
    for (const [name, value] of Object.entries(EMBEDDED_POSTGRES_SETTINGS)) {
      expect(conf).toMatch(new RegExp(`^${name} = '?${value}'?`, "m"));
    }
    // A data directory from before decision 088 has PostgreSQL's defaults in its postgresql.conf.
    const before: Record<string, string> = {
      shared_buffers: "128MB",
      maintenance_work_mem: "64MB",
      work_mem: "4MB",
      temp_buffers: "8MB",
    };
    const names = Object.keys(EMBEDDED_POSTGRES_SETTINGS).join("|");
    fs.writeFileSync(
      confPath,
      conf.replace(new RegExp(`^(${names}) = .*$`, "gm"), (_, name: string) => {
        return `${name} = ${before[name]}`;
      }),
    );
    const again = await openDatabase({ dataDir });
    try {
      for (const [name, value] of Object.entries(EMBEDDED_POSTGRES_SETTINGS)) {
        const { rows } = await sql<Record<string, string>>`show ${sql.raw(name)}`.execute(again.db);
        expect({ name, value: rows[0]?.[name] }).toEqual({ name, value });
      }
    } finally {
      await again.close();
    }
    expect(EMBEDDED_POSTGRES_SETTINGS.shared_buffers).toBe("16MB");
  });
});

describe("sharp", () => {
  it("has libvips' operation cache turned off once the runtime starts", async () => {
    sharp.cache({ memory: 50, files: 20, items: 100 });
    const runtime = await startRuntime(
      parseEnv({ NODE_ENV: "production", DATA_DIR: tempDir(), SEED_DEMO: "false" }),
    );
    try {
      const cache = sharp.cache();
      expect([cache.memory.max, cache.files.max, cache.items.max]).toEqual([0, 0, 0]);
    } finally {
      await runtime.close();
    }
  });
});
