import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { lockDataDir } from "~/server/platform/data-dir-lock.server";
import { openDatabase } from "~/server/platform/db.server";
import { tempDirs } from "../support/files";

const temp = tempDirs("wlx-lock-");
const tempDir = temp.make;
afterEach(temp.removeAll);

describe("DATA_DIR lock", () => {
  it("refuses a second holder while another live process holds it", async () => {
    const dir = tempDir();
    const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 20000)"]);
    try {
      fs.writeFileSync(path.join(dir, ".lock"), String(child.pid));
      expect(() => lockDataDir(dir)).toThrow(/is in use by another process \(PID \d+\)/);
    } finally {
      child.kill();
    }
  });

  it("takes over a lock left by a dead process and releases it", () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, ".lock"), "999999999");
    const release = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, ".lock"), "utf8")).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, ".lock"))).toBe(false);
  });

  it("creates missing parent directories (PGlite does not)", async () => {
    const dir = path.join(tempDir(), "a", "b");
    const database = await openDatabase({ dataDir: dir });
    try {
      expect(fs.existsSync(path.join(dir, ".lock"))).toBe(true);
    } finally {
      await database.close();
    }
    expect(fs.existsSync(path.join(dir, ".lock"))).toBe(false);
  });
});
