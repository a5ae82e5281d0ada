// A stop closes the database only after the background work registered with onClose has ended
// (a page warmer's render in progress read it after the close and logged "driver has already
// been destroyed"). The warmer's own wait is in tests/unit/page-rendering.test.ts.
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { startRuntime } from "~/server/http/runtime.server";
import { parseEnv } from "~/server/platform/env.server";
import { tempDirs } from "../support/files";

const temp = tempDirs("wlx-close-");
afterEach(temp.removeAll);

describe("the runtime's close()", () => {
  it("waits for onClose's work, which may still read the database, before closing it", async () => {
    const runtime = await startRuntime(
      parseEnv({ NODE_ENV: "production", DATA_DIR: temp.make(), SEED_DEMO: "false" }),
    );
    const read: number[] = [];
    runtime.onClose(async () => {
      // Work under way when the stop came: a moment later it still reads.
      await new Promise((resolve) => setTimeout(resolve, 50));
      const { rows } = await sql<{ one: number }>`select 1 as one`.execute(runtime.database.db);
      read.push(rows[0]!.one);
    });
    await runtime.close();
    expect(read).toEqual([1]);
  }, 60_000);
});
